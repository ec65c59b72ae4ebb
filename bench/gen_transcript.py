"""Generate large, realistic Claude Code transcripts plus the ground truth of their end state.

Every record is cloned from a record of the same kind in the real transcripts under
tests/fixtures (Claude Code 2.1.330), then given fresh uuids, a linear parentUuid chain,
realistic message/request ids, climbing usage and timestamps. Content is scripted: user
prompts (episodes), tasks (TaskCreate/TaskUpdate/TaskList, or TodoWrite, or none), edits
of many distinct files, Bash commands and test runs that fail and get fixed (or not),
decision sentences, big Read outputs and api-request-blob noise, compactions.

The writer streams to disk and keeps only the small end-state bookkeeping in memory, so
300 MB takes a few seconds and flat memory. Same spec + seed -> byte-identical output.

    python bench/gen_transcript.py --size 100MB --seed 1 --out /tmp/ck-bench
    -> /tmp/ck-bench/gen-100MB-s1.jsonl and /tmp/ck-bench/gen-100MB-s1.truth.json
"""

from __future__ import annotations

import argparse
import io
import random
import re
import sys
import time
import uuid
from collections import deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO

import orjson

REPO = Path(__file__).resolve().parent.parent
DEFAULT_FIXTURES = REPO / "tests" / "fixtures"
FIXTURE_CWD = "/home/dev/project"
TRUTH_SCHEMA = 1
# Claude Code 2.1.330 auto-compacts the 1M window at 967,000 tokens of context.
AUTO_COMPACT_AT = 967_000
TIME_START_MS = 1_795_000_000_000  # late 2026, like the fixtures

# --------------------------------------------------------------------------------------
# spec


@dataclass(frozen=True)
class SessionSpec:
    """What to generate. None means: derive from target_bytes."""

    name: str
    target_bytes: int
    seed: int = 1
    task_mode: str = "tasks"  # "tasks" (TaskCreate/TaskUpdate), "todowrite", "none"
    episodes: int | None = None
    actions: int | None = None  # work steps (tool calls) over the whole session
    files: int | None = None  # distinct files modified
    failing_commands: int | None = None  # distinct commands that fail at least once
    unresolved_share: float = 0.35  # of failing commands, never fixed
    decisions: int | None = None
    compactions: int | None = None
    code_bytes: tuple[int, int] = (400, 3000)  # size of written/edited file contents
    big_line: tuple[int, int] = (50_000, 500_000)  # bounds for big Read/blob lines
    cwd: str = FIXTURE_CWD


@dataclass(frozen=True)
class Plan:
    episodes: int
    actions: int
    files: int
    failing_commands: int
    decisions: int
    compactions: int
    reads: int


def derive_plan(spec: SessionSpec) -> Plan:
    """Counts that scale with size: facts take roughly a quarter of the bytes."""
    t = spec.target_bytes
    # Small sessions are mostly tool calls; big ones mostly big outputs.
    actions = spec.actions or _clamp(min(t / 12_000, 60 + t / 20_000), 4, 15_000)
    episodes = spec.episodes or _clamp(actions // 25, 2, 400)
    files = spec.files or _clamp(actions // 12, 6, 800)
    failing = spec.failing_commands if spec.failing_commands is not None else _clamp(actions // 90, 2, 150)
    decisions = spec.decisions if spec.decisions is not None else _clamp(actions // 60, 2, 250)
    if spec.compactions is not None:
        compactions = spec.compactions
    else:
        compactions = 0 if t < 8_000_000 else 1 if t < 60_000_000 else 2 if t < 250_000_000 else 3
    # Reads carry most of the filler bytes: enough of them that each stays under big_line.
    reads = max(3, min(actions // 7, int(t * 0.7 / 150_000)))
    return Plan(episodes, actions, files, failing, decisions, compactions, reads)


def _clamp(value: int, low: int, high: int) -> int:
    return max(low, min(high, int(value)))


def parse_size(text: str) -> int:
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([KMG]i?B?|B)?\s*", text, re.IGNORECASE)
    if not m:
        raise ValueError(f"bad size: {text!r}")
    unit = (m.group(2) or "B").upper().rstrip("B") or "B"
    mult = {"B": 1, "K": 10**3, "M": 10**6, "G": 10**9, "KI": 2**10, "MI": 2**20, "GI": 2**30}[unit]
    return int(float(m.group(1)) * mult)


# --------------------------------------------------------------------------------------
# templates: real records from the fixtures


class Templates:
    """One real record per kind, picked from the fixture transcripts by shape."""

    def __init__(self, fixtures: Path = DEFAULT_FIXTURES, cwd: str = FIXTURE_CWD) -> None:
        records: dict[str, list[dict[str, Any]]] = {}
        for path in sorted(fixtures.glob("*.jsonl")):
            text = path.read_text()
            if cwd != FIXTURE_CWD:
                # Attachments render the working directory in prose: keep them consistent.
                text = text.replace(FIXTURE_CWD, cwd).replace(
                    _project_slug(FIXTURE_CWD), _project_slug(cwd)
                )
            records[path.stem] = [orjson.loads(line) for line in text.splitlines() if line.strip()]
        self.by_kind: dict[str, dict[str, Any]] = {}
        self.attachments: dict[str, dict[str, Any]] = {}
        self.prompt_snapshots: list[dict[str, Any]] = []
        order = ["tools_and_tasks", "bash_failure", "todowrite_variant", "auto_compact", "manual_compact"]
        for stem in order + sorted(set(records) - set(order)):
            for rec in records.get(stem, ()):
                self._classify(rec)
        missing = [k for k in REQUIRED_KINDS if k not in self.by_kind]
        if missing:
            raise RuntimeError(f"fixtures lack record kinds: {missing}")

    def _classify(self, rec: dict[str, Any]) -> None:
        kind = _kind_of(rec)
        if kind == "attachment:prompt_snapshot":
            self.prompt_snapshots.append(rec)
        if kind.startswith("attachment:"):
            self.attachments.setdefault(kind.split(":", 1)[1], rec)
        self.by_kind.setdefault(kind, rec)

    def get(self, kind: str) -> dict[str, Any]:
        return self.by_kind[kind]


REQUIRED_KINDS = (
    "user:prompt", "user:tool_result:bash", "user:tool_result:error", "user:tool_result",
    "user:compact_summary", "user:meta", "user:command", "user:command_stdout",
    "assistant:text", "assistant:tool_use", "system:compact_boundary:auto",
    "system:compact_boundary:manual", "system:stop_hook_summary", "api-request-blob",
    "api-request:based", "api-request-shape", "tools-used", "atis-latch", "last-prompt",
    "cost-state", "queue-operation:enqueue", "queue-operation:dequeue", "mode",
    "attachment:hook_success", "attachment:environment",
)


def _kind_of(rec: dict[str, Any]) -> str:
    t = rec.get("type")
    if t == "attachment":
        return f"attachment:{rec['attachment'].get('type')}"
    if t == "system":
        sub = rec.get("subtype")
        if sub == "compact_boundary":
            return f"system:compact_boundary:{rec['compactMetadata']['trigger']}"
        return f"system:{sub}"
    if t == "queue-operation":
        return f"queue-operation:{rec.get('operation')}"
    if t == "api-request":
        return "api-request:based" if "base" in rec else "api-request:first"
    if t == "assistant":
        blocks = rec["message"]["content"]
        return f"assistant:{blocks[0]['type']}"
    if t == "user":
        content = rec["message"]["content"]
        if rec.get("isCompactSummary"):
            return "user:compact_summary"
        if rec.get("isMeta"):
            return "user:meta"
        if isinstance(content, str):
            if content.startswith("<command-name>"):
                return "user:command"
            if content.startswith("<local-command-stdout>"):
                return "user:command_stdout"
            return "user:prompt"
        block = content[0]
        if block.get("type") == "tool_result":
            if block.get("is_error"):
                return "user:tool_result:error"
            if isinstance(rec.get("toolUseResult"), dict) and "stdout" in rec["toolUseResult"]:
                return "user:tool_result:bash"
            return "user:tool_result"
        return "user:other"
    return str(t)


def _project_slug(cwd: str) -> str:
    return re.sub(r"[^A-Za-z0-9]", "-", cwd)


# --------------------------------------------------------------------------------------
# content: code, project layout, outputs, prose

NOUNS = (
    "orders payments invoices customers carts shipping inventory pricing discounts refunds "
    "users sessions auth tokens webhooks notifications emails reports exports imports search "
    "catalog products reviews ratings tax currency ledger audit billing subscriptions plans "
    "coupons warehouses suppliers returns checkout fulfillment tracking analytics metrics "
    "alerts schedules jobs queues cache config flags migrations storage"
).split()
PY_KINDS = "models service routes schemas repository validators tasks serializers errors utils".split()
TS_KINDS = "List Detail Form api hooks store types".split()
GO_KINDS = "handler client store types cmd".split()
RS_KINDS = "mod model calc".split()
IDENTS = (
    "total amount cursor limit offset items status created_at updated_at owner_id region "
    "currency_code quantity sku price_cents discount_pct retries timeout_ms payload checksum "
    "version etag page_size next_cursor batch tenant_id locale due_date"
).split()
CODE_LINES = (
    "def {f}_{n}(self, {a}: {T}) -> {T2}:",
    "    return self._{n}.get({a}, None)",
    "    if {a} is None:",
    '        raise ValueError("{n}: {a} must not be empty")',
    "from app.{n}.{k} import {C}{K}",
    "class {C}{K}(Base):",
    "    {a}: Mapped[{T}] = mapped_column(nullable=False)",
    "    for row in session.scalars(select({C}).where({C}.{a} > {i})):",
    "        yield {C}Out.model_validate(row)",
    "export function use{C}{K}({a}: {C}Props) {{",
    "  const [{a}, set{A}] = useState<{T}>(null);",
    "  return <{C}{K} {a}={{{a}}} onChange={{handle{A}}} />;",
    "func (s *{C}Store) Get{C}(ctx context.Context, id string) (*{C}, error) {{",
    '\tif err != nil {{ return nil, fmt.Errorf("{n}: load %s: %w", id, err) }}',
    "\trows, err := s.db.QueryContext(ctx, query{C}, id, {i})",
    "pub fn {f}_{n}(&self, {a}: &{C}) -> Result<{C}{K}, Error> {{",
    "    let {a} = self.{n}.iter().map(|x| x.{a}).sum::<i64>();",
    "    # keep {a} stable across retries ({i})",
    "",
    "    }}",
    "}}",
)
FUNCS = "get set load save build parse render apply compute merge split validate".split()
TYPES = "int str bool Decimal datetime list[str] dict[str, int] bytes".split()


def build_code_pool(seed: int, lines: int = 40_000) -> list[str]:
    rng = random.Random(seed ^ 0xC0DE)
    out = []
    for _ in range(lines):
        n = rng.choice(NOUNS)
        a = rng.choice(IDENTS)
        out.append(
            rng.choice(CODE_LINES).format(
                f=rng.choice(FUNCS), n=n, a=a, A=a.title().replace("_", ""), T=rng.choice(TYPES),
                T2=rng.choice(TYPES), C=n.title(), K=rng.choice(PY_KINDS).title(),
                k=rng.choice(PY_KINDS), i=rng.randint(0, 999),
            )
        )
    return out


@dataclass(frozen=True)
class Component:
    """A part of the monorepo: where its files live and how it is tested/built."""

    lang: str
    test_cmd: str  # format with {n}
    check_cmds: tuple[str, ...]  # non-test commands that can fail
    exit_code: int


COMPONENTS = (
    Component("py", "pytest services/api/tests/test_{n}.py -q", ("ruff check services/api/app/{n}", "mypy services/api/app/{n}"), 1),
    Component("ts", "cd web && npm test -- src/{n}", ("cd web && npm run build",), 1),
    Component("go", "go test ./cli/internal/{n}/...", ("go vet ./cli/internal/{n}/...",), 1),
    Component("rs", "cargo test -p engine {n}::", ("cargo build -p engine",), 101),
)
MAKE_TESTS = ("make test", "make test-integration", "make check")


def all_paths(cwd: str) -> list[tuple[str, str, str]]:
    """(absolute path, lang, noun) for every file the scripted project has."""
    out = []
    for n in NOUNS:
        out += [(f"{cwd}/services/api/app/{n}/{k}.py", "py", n) for k in PY_KINDS]
        out.append((f"{cwd}/services/api/tests/test_{n}.py", "py", n))
        out += [(f"{cwd}/web/src/{n}/{n.title()}{k}.tsx", "ts", n) for k in TS_KINDS]
        out += [(f"{cwd}/cli/internal/{n}/{k}.go", "go", n) for k in GO_KINDS]
        out += [(f"{cwd}/engine/src/{n}/{k}.rs", "rs", n) for k in RS_KINDS]
    return out


@dataclass(frozen=True)
class Failure:
    output: str  # tool_result content after the "Exit code N" line
    error_line: str  # the line that says what went wrong (verbatim in output)


def _pytest_failure(rng: random.Random, cwd: str, n: str, err: str) -> Failure:
    test = f"test_{n}_{rng.choice(FUNCS)}_{rng.choice(IDENTS)}"
    other = rng.choice(NOUNS)
    passed = rng.randint(8, 60)
    dots = "." * rng.randint(3, 12)
    out = (
        "============================= test session starts ==============================\n"
        "platform linux -- Python 3.12.7, pytest-8.3.3, pluggy-1.5.0\n"
        f"rootdir: {cwd}/services/api\nconfigfile: pyproject.toml\ncollected {passed + 1} items\n\n"
        f"tests/test_{n}.py {dots}F{'.' * rng.randint(0, 9)}{' ' * 20}[ {rng.randint(30, 70)}%]\n"
        f"tests/test_{other}.py {'.' * rng.randint(4, 14)}{' ' * 20}[100%]\n\n"
        "=================================== FAILURES ===================================\n"
        f"_{'_' * 20} {test} {'_' * 20}\n\n"
        f"    def {test}(client):\n        resp = client.get('/{n}?limit=10')\n"
        f">       assert resp.json()['{rng.choice(IDENTS)}'] == {rng.randint(1, 99)}\n"
        f"E       {err}\n\n"
        f"tests/test_{n}.py:{rng.randint(20, 300)}: {err.split(':')[0]}\n"
        "=========================== short test summary info ============================\n"
        f"FAILED tests/test_{n}.py::{test} - {err}\n"
        f"========================= 1 failed, {passed} passed in {rng.uniform(0.2, 9):.2f}s ========================="
    )
    return Failure(out, err)


def _pytest_error(rng: random.Random, n: str) -> str:
    a, b = rng.choice(IDENTS), rng.choice(IDENTS)
    return rng.choice((
        f"AssertionError: assert {rng.randint(100, 9999)} == {rng.randint(100, 9999)}",
        f"KeyError: '{a}_{rng.randint(2, 99)}'",
        f"TypeError: {rng.choice(FUNCS)}_{n}() got an unexpected keyword argument '{a}'",
        f"AttributeError: 'NoneType' object has no attribute '{b}_{rng.randint(2, 99)}'",
        f"ValueError: invalid literal for int() with base 10: '{a}-{rng.randint(10, 999)}'",
    ))


def test_failure(rng: random.Random, cwd: str, comp: Component | None, n: str) -> Failure:
    """A failing test run: progress lines first, the assertion/exception line later."""
    if comp is None:  # make test: pytest under make
        err = f"ModuleNotFoundError: No module named 'app.{n}.{rng.choice(PY_KINDS)}_{rng.randint(2, 99)}'"
        inner = _pytest_failure(rng, cwd, n, err)
        return Failure(f"python -m pytest -q tests\n{inner.output}\nmake: *** [Makefile:{rng.randint(8, 40)}: test] Error 1", err)
    if comp.lang == "py":
        return _pytest_failure(rng, cwd, n, _pytest_error(rng, n))
    if comp.lang == "ts":
        prop = f"{rng.choice(IDENTS)}{rng.randint(2, 99)}"
        err = rng.choice((
            f"TypeError: Cannot read properties of undefined (reading '{prop}')",
            f"ReferenceError: {prop} is not defined",
        ))
        comp_name = f"{n.title()}{rng.choice(TS_KINDS)}"
        out = (
            f"\n> web@1.{rng.randint(0, 9)}.0 test\n> vitest run src/{n}\n\n"
            f" RUN  v2.1.4 {cwd}/web\n\n"
            f" ✓ src/{rng.choice(NOUNS)}/api.test.ts ({rng.randint(3, 20)} tests) {rng.randint(5, 90)}ms\n"
            f" ❯ src/{n}/{comp_name}.test.tsx ({rng.randint(2, 12)} tests | 1 failed) {rng.randint(5, 90)}ms\n"
            f"   × {comp_name} > renders {rng.choice(IDENTS)} {rng.randint(5, 60)}ms\n\n"
            f"⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\n\n FAIL  src/{n}/{comp_name}.test.tsx > {comp_name} > renders\n"
            f"{err}\n ❯ {comp_name} src/{n}/{comp_name}.tsx:{rng.randint(10, 200)}:{rng.randint(2, 40)}\n\n"
            f" Test Files  1 failed | {rng.randint(3, 30)} passed\n      Tests  1 failed | {rng.randint(10, 200)} passed\n"
        )
        return Failure(out, err)
    if comp.lang == "go":
        test = f"Test{n.title()}{rng.choice(FUNCS).title()}"
        err = rng.choice((
            f"{rng.choice(GO_KINDS)}_test.go:{rng.randint(20, 400)}: expected {rng.choice(IDENTS)} {rng.randint(1, 500)}, got {rng.randint(501, 999)}",
            f"panic: runtime error: index out of range [{rng.randint(3, 40)}] with length {rng.randint(0, 2)}",
        ))
        out = (
            f"=== RUN   {test}\n--- FAIL: {test} ({rng.uniform(0, 0.5):.2f}s)\n    {err}\nFAIL\n"
            f"FAIL\tgithub.com/acme/shop/cli/internal/{n}\t{rng.uniform(0, 2):.3f}s\n"
            f"ok  \tgithub.com/acme/shop/cli/internal/{rng.choice(NOUNS)}\t(cached)\nFAIL"
        )
        return Failure(out, err)
    name = f"{n}::tests::{rng.choice(FUNCS)}_{rng.choice(IDENTS)}"
    err = f"assertion `left == right` failed: {n} {rng.choice(IDENTS)} must round half-even ({rng.randint(100, 9999)})"
    out = (
        f"   Compiling engine v0.{rng.randint(1, 9)}.0 ({cwd}/engine)\n"
        f"    Finished `test` profile [unoptimized + debuginfo] target(s) in {rng.uniform(1, 30):.2f}s\n"
        f"     Running unittests src/lib.rs (target/debug/deps/engine-{rng.getrandbits(64):016x})\n\n"
        f"running {rng.randint(4, 40)} tests\ntest {name} ... FAILED\n\nfailures:\n\n---- {name} stdout ----\n"
        f"thread '{name}' panicked at src/{n}/calc.rs:{rng.randint(10, 300)}:{rng.randint(5, 30)}:\n{err}\n"
        f"  left: {rng.randint(1, 9999)}\n right: {rng.randint(1, 9999)}\n\nfailures:\n    {name}\n\n"
        f"test result: FAILED. {rng.randint(3, 39)} passed; 1 failed; 0 ignored; 0 measured; 0 filtered out\n\n"
        "error: test failed, to rerun pass `-p engine --lib`"
    )
    return Failure(out, err)


def check_failure(rng: random.Random, cwd: str, comp: Component, n: str) -> Failure:
    line, col = rng.randint(3, 400), rng.randint(1, 60)
    a = f"{rng.choice(IDENTS)}_{rng.randint(2, 99)}"
    if comp.lang == "py" and rng.random() < 0.5:
        err = f"services/api/app/{n}/{rng.choice(PY_KINDS)}.py:{line}:{col}: F821 Undefined name `{a}`"
        return Failure(f"{err}\nFound 1 error.", err)
    if comp.lang == "py":
        err = (
            f'services/api/app/{n}/{rng.choice(PY_KINDS)}.py:{line}: error: Incompatible return value type '
            f'(got "{rng.choice(TYPES)}", expected "{rng.choice(TYPES)}")  [return-value]'
        )
        return Failure(f"{err}\nFound 1 error in 1 file (checked {rng.randint(5, 80)} source files)", err)
    if comp.lang == "ts":
        err = f"src/{n}/{n.title()}{rng.choice(TS_KINDS)}.tsx({line},{col}): error TS2322: Type 'string' is not assignable to type '{a}'."
        return Failure(f"\n> web@1.4.0 build\n> tsc -b && vite build\n\n{err}\n\nFound 1 error.", err)
    if comp.lang == "go":
        err = f"cli/internal/{n}/{rng.choice(GO_KINDS)}.go:{line}:{col}: fmt.Sprintf format %d has arg {a} of wrong type string"
        return Failure(f"# github.com/acme/shop/cli/internal/{n}\n{err}", err)
    err = f"error[E0425]: cannot find value `{a}` in this scope"
    return Failure(
        f"   Compiling engine v0.4.0 ({cwd}/engine)\n{err}\n  --> src/{n}/model.rs:{line}:{col}\n"
        f"   |\n{line} |     let total = {a} + 1;\n   |             ^ not found in this scope\n\n"
        "error: could not compile `engine` (lib) due to 1 previous error",
        err,
    )


def test_pass(rng: random.Random, comp: Component | None, n: str, cwd: str) -> str:
    if comp is None or comp.lang == "py":
        k = rng.randint(5, 80)
        head = "python -m pytest -q tests\n" if comp is None else ""
        return f"{head}{'.' * min(k, 60)}{' ' * 10}[100%]\n{k} passed in {rng.uniform(0.2, 9):.2f}s"
    if comp.lang == "ts":
        return f"\n> web@1.4.0 test\n> vitest run src/{n}\n\n Test Files  {rng.randint(1, 9)} passed\n      Tests  {rng.randint(4, 90)} passed\n"
    if comp.lang == "go":
        return f"ok  \tgithub.com/acme/shop/cli/internal/{n}\t{rng.uniform(0, 2):.3f}s"
    return f"running {rng.randint(4, 40)} tests\n{'.' * rng.randint(4, 40)}\ntest result: ok. {rng.randint(4, 40)} passed; 0 failed; 0 ignored"


VERBS = "add fix refactor speed up harden document clean up migrate".split()
PROMPTS = (
    "{v} the {n} {k} so that {a} is validated before saving, and make sure the tests pass.",
    "The {n} endpoint returns the wrong {a} when the page is empty. Can you look into it?",
    "Please {v} {n}: split the {k} into smaller functions and keep the behaviour identical.",
    "Next: wire the {n} {k} into the web UI ({n2} page too) and add tests for both.",
    "CI is red on {n}. Find out why and fix it without skipping tests.",
    "Let's {v} the {n} flow end to end; start with the {k}, then the CLI command.",
)
DECISIONS = (
    "I decided to {x} rather than {y}, because {r}.",
    "We'll {x} instead of trying to {y}, because {r}.",
    "I chose to {x} rather than {y}: {r}.",
    "Going with the option to {x}: {r}, which matters more here than the extra code.",
    "The root cause is that {c}, so the fix is to {x}.",
)
CHOICES = (
    ("keep a keyset cursor on (created_at, id) for {n}", "use OFFSET pagination", "offsets skip rows when new {n} arrive"),
    ("store {n} amounts as integer cents", "keep floats", "floats drift by a cent on {n} refunds"),
    ("validate {a} in the {n} schema layer", "check it in every route", "one place is easier to test"),
    ("retry {n} webhooks with jittered backoff", "retry immediately", "the provider rate-limits bursts of {n}"),
    ("cache {n} lookups per request", "add a global cache for {n}", "a global cache would serve stale {a}"),
    ("move the {n} parsing into the engine crate", "duplicate it in the CLI", "both sides must agree on {a}"),
    ("make {a} required on {n}", "default it silently", "silent defaults hid the {n} bug last time"),
    ("run the {n} migration in batches of 500", "migrate in one transaction", "a single transaction locks the {n} table"),
)
CAUSES = (
    "the {n} serializer drops {a} when it is zero",
    "the {n} cursor is compared as a string",
    "{n} tests share one database and leak {a}",
    "the {n} client retries on 4xx responses",
)
TASK_SUBJECTS = (
    "{V} {n} {k} validation", "Write tests for {n} {k}", "{V} the {n} {a} handling",
    "Fix {n} {a} rounding", "Wire {n} into the web {k}", "Document the {n} {k} API",
    "Make {n} {a} optional in the {k}", "Backfill {a} for existing {n}",
)
FILLER_TEXT = (
    "Let me look at {p} first.",
    "Now I'll update {p}.",
    "Running the {n} tests again.",
    "The {n} change is in place; checking the build next.",
    "Reading the rest of {p} to see how {a} flows through.",
    "That passes now. Moving on to the next part.",
)


# --------------------------------------------------------------------------------------
# output


class Emitter:
    """Writes records, keeps the parentUuid chain, the clock and the byte count."""

    def __init__(self, out: BinaryIO, rng: random.Random, session_id: str, tpl: Templates) -> None:
        self.out = out
        self.rng = rng
        self.session_id = session_id
        self.tpl = tpl
        self.bytes = 0
        self.records = 0
        self.parent: str | None = None
        self.clock = TIME_START_MS + rng.randint(0, 10**9)
        self.chain_tail: deque[tuple[str, str]] = deque(maxlen=16)  # (uuid, type)

    def uuid(self) -> str:
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def hexid(self, n: int = 64) -> str:
        return f"{self.rng.getrandbits(n * 4):0{n}x}"

    def tick(self, low: int = 3, high: int = 400) -> str:
        self.clock += self.rng.randint(low, high)
        dt = datetime.fromtimestamp(self.clock / 1000, tz=UTC)
        return f"{dt:%Y-%m-%dT%H:%M:%S}.{self.clock % 1000:03d}Z"

    def write(self, rec: dict[str, Any]) -> None:
        line = orjson.dumps(rec) + b"\n"
        self.out.write(line)
        self.bytes += len(line)
        self.records += 1

    def noise(self, kind: str, **fields: Any) -> dict[str, Any]:
        """A record outside the conversation chain (no uuid)."""
        rec = dict(self.tpl.get(kind))
        if "sessionId" in rec:
            rec["sessionId"] = self.session_id
        if "timestamp" in rec:
            rec["timestamp"] = self.tick(0, 5)
        rec.update(fields)
        self.write(rec)
        return rec

    def chain(self, base: dict[str, Any], **fields: Any) -> str:
        """A conversation record: fresh uuid, parentUuid = the previous chain record."""
        rec = dict(base)
        rec["parentUuid"] = self.parent
        rec["uuid"] = uid = self.uuid()
        rec["timestamp"] = self.tick()
        rec["sessionId"] = self.session_id
        rec.update(fields)
        self.write(rec)
        self.parent = uid
        self.chain_tail.append((uid, rec["type"]))
        return uid


# --------------------------------------------------------------------------------------
# the end state (ground truth)


@dataclass
class Truth:
    session_id: str
    cwd: str
    task_mode: str
    tasks: dict[str, dict[str, str]] = field(default_factory=dict)  # id -> {subject,status}
    todos: list[dict[str, str]] = field(default_factory=list)
    todo_done: dict[str, None] = field(default_factory=dict)
    files: dict[str, None] = field(default_factory=dict)  # insertion order = last modification
    errors: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    decisions: list[str] = field(default_factory=list)
    tests: dict[str, str] = field(default_factory=dict)
    last_user_prompt: str = ""

    def modified(self, path: str) -> None:
        self.files.pop(path, None)
        self.files[path] = None

    def ran(self, tool: str, command: str, ok: bool, error_line: str = "", exit_code: int | None = None,
            is_test: bool = False) -> None:
        key = (tool, command)
        if ok:
            if key in self.errors:
                self.errors[key]["resolved"] = True
        else:
            self.errors.pop(key, None)  # re-insert: order = latest failure
            self.errors[key] = {"tool": tool, "command": command, "error_line": error_line,
                                "exit_code": exit_code, "resolved": False}
        if is_test:
            self.tests.pop(command, None)
            self.tests[command] = "pass" if ok else "fail"

    def to_json(self, extra: dict[str, Any]) -> dict[str, Any]:
        if self.task_mode == "todowrite":
            active = [{"id": None, "subject": t["content"], "status": t["status"]}
                      for t in self.todos if t["status"] in ("pending", "in_progress")]
            done = [{"id": None, "subject": s, "status": "completed"} for s in self.todo_done]
        else:
            active = [{"id": i, **t} for i, t in self.tasks.items() if t["status"] in ("pending", "in_progress")]
            done = [{"id": i, **t} for i, t in self.tasks.items() if t["status"] == "completed"]

        def err(e: dict[str, Any]) -> dict[str, Any]:
            return {k: e[k] for k in ("tool", "command", "error_line", "exit_code")}

        errors = list(self.errors.values())
        return {
            "schema": TRUTH_SCHEMA,
            **extra,
            "session_id": self.session_id,
            "cwd": self.cwd,
            "task_tool": self.task_mode,
            "last_user_prompt": self.last_user_prompt,
            "active_tasks": active,
            "completed_tasks": done,
            "files_modified": list(self.files),
            "unresolved_errors": [err(e) for e in errors if not e["resolved"]],
            "resolved_errors": [err(e) for e in errors if e["resolved"]],
            "decisions": list(self.decisions),
            "test_commands": [{"command": c, "result": r} for c, r in self.tests.items()],
        }


# --------------------------------------------------------------------------------------
# the scripted session


@dataclass
class FailingCommand:
    command: str
    comp: Component | None
    noun: str
    is_test: bool
    fix: bool  # fixed later, or left failing at the end
    fixed: bool = False


class SessionWriter:
    """Plays a scripted session into an Emitter while keeping the Truth up to date."""

    def __init__(self, spec: SessionSpec, out: BinaryIO, tpl: Templates, pool: list[str]) -> None:
        self.spec = spec
        self.plan = derive_plan(spec)
        self.rng = random.Random(f"{spec.seed}:{spec.name}")
        session_id = str(uuid.UUID(int=self.rng.getrandbits(128), version=4))
        self.em = Emitter(out, self.rng, session_id, tpl)
        self.tpl = tpl
        self.pool = pool
        self.cwd = spec.cwd
        self.truth = Truth(session_id, spec.cwd, spec.task_mode)
        paths = all_paths(spec.cwd)
        self.rng.shuffle(paths)
        self.fresh_paths = paths
        self.touched: list[tuple[str, str, str]] = []
        self.file_text: dict[str, str] = {}  # path -> current content (bounded: a few KB each)
        self.prompt_id = ""
        self.prompt_uuids: list[str] = []
        self.request_id: str | None = None
        self.pending_blobs: list[dict[str, Any]] = []
        self.tools_used: list[str] = []
        self.next_task = 1
        self.ctx = 20_000
        self.seg_start_bytes = 0
        self.seg_start_ctx = 20_000
        self.compactions_done = 0
        self.turn = 0
        self.actions_done = 0
        self.reads_done = 0
        self.failing: list[FailingCommand] = []
        self.used_lines: set[str] = set()
        self.used_decisions: set[str] = set()
        self.decisions_left = self.plan.decisions
        self.subjects: set[str] = set()
        self.read_bytes = 0
        self.failing_left = self.plan.failing_commands
        self.files_left = self.plan.files

    # -- budget ----------------------------------------------------------------------

    def reserve(self) -> int:
        """Bytes kept back for the end of the session and the final padding."""
        return 4_000 + self.spec.target_bytes // 200

    def out_of_budget(self) -> bool:
        # Room left for closing the episode (task updates, final turn) and one more step.
        return self.em.bytes > self.spec.target_bytes - self.reserve() - 12_000

    def read_size(self) -> int:
        """Content size for the next Read so the file lands near target_bytes."""
        left_actions = max(1, self.plan.actions - self.actions_done)
        # Everything but Reads counts as fact bytes; estimate the rest from the rate so far.
        per_action = (self.em.bytes - self.read_bytes) / self.actions_done if self.actions_done else 5_000
        avail = self.spec.target_bytes - self.em.bytes - self.reserve() - per_action * left_actions
        left_reads = max(1, self.plan.reads - self.reads_done)
        share = avail / left_reads * self.rng.uniform(0.3, 1.7)
        # A Read costs ~3x its content: tool_result, toolUseResult copy, api-request-blob copy.
        size = int(share / 3)
        return max(120, min(size, int(self.spec.big_line[1] / 2.2)))

    # -- context usage ---------------------------------------------------------------

    def segment_bytes(self) -> int:
        return self.spec.target_bytes // (self.plan.compactions + 1)

    def usage(self) -> dict[str, Any]:
        seg = self.segment_bytes()
        if self.compactions_done < self.plan.compactions:
            end = AUTO_COMPACT_AT + 8_000
        else:
            end = min(int(AUTO_COMPACT_AT * 0.93), self.seg_start_ctx + seg // 4)
        progress = min(1.0, (self.em.bytes - self.seg_start_bytes) / seg)
        self.ctx = max(self.ctx + self.rng.randint(0, 300), int(self.seg_start_ctx + (end - self.seg_start_ctx) * progress))
        u = dict(self.tpl.get("assistant:text")["message"]["usage"])
        inp, out = self.rng.randint(1, 12), self.rng.randint(40, 1_800)
        cc = self.rng.randint(200, 6_000)
        u.update(input_tokens=inp, cache_creation_input_tokens=cc,
                 cache_read_input_tokens=max(0, self.ctx - inp - cc - out), output_tokens=out,
                 cache_creation={"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": cc})
        return u

    # -- request/response plumbing ---------------------------------------------------

    def _blob(self, message: dict[str, Any]) -> str:
        h = self.em.hexid()
        self.em.noise("api-request-blob", hash=h, message=message)
        return h

    def _request(self) -> str:
        tail = [self._blob(m) for m in self.pending_blobs]
        self.pending_blobs = []
        rid = self.em.uuid()
        base = self.tpl.get("api-request:based")
        fields: dict[str, Any] = {"id": rid, "keep": self.turn * 2, "tail": tail,
                                  "requestDigest": self.em.hexid()}
        if self.request_id:
            fields["base"] = self.request_id
        rec = dict(base)
        if not self.request_id:
            rec.pop("base", None)
        rec.update(sessionId=self.em.session_id, timestamp=self.em.tick(1, 40), **fields)
        self.em.write(rec)
        self.request_id = rid
        self.em.noise("tools-used", tools=list(self.tools_used))
        return rid

    def respond(self, blocks: list[dict[str, Any]]) -> list[tuple[str, str]]:
        """One API response: a record per content block, all sharing message.id/requestId."""
        self.maybe_auto_compact()
        self.turn += 1
        rid = self._request()
        msg_id = "msg_01" + _b62(self.rng, 22)
        req = "req_011C" + _b62(self.rng, 18)
        usage = self.usage()
        has_tool = any(b["type"] == "tool_use" for b in blocks)
        out = []
        for i, block in enumerate(blocks):
            kind = "assistant:tool_use" if block["type"] == "tool_use" else "assistant:text"
            base = self.tpl.get(kind)
            msg = dict(base["message"])
            msg.update(id=msg_id, content=[block], usage=usage, stop_reason="tool_use" if has_tool else "end_turn")
            uid = self.em.chain(base, message=msg, requestId=req, requestRef=rid, apiBlockIndex=i)
            if block["type"] == "tool_use":
                out.append((block["id"], uid))
                if block["name"] not in self.tools_used:
                    self.tools_used.append(block["name"])
        self.pending_blobs.append({"role": "assistant", "content": blocks})
        self.em.noise("last-prompt", lastPrompt=self.truth.last_user_prompt[:200], leafUuid=self.em.parent)
        self.em.noise("atis-latch")
        return out

    def tool_use(self, name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
        return {"type": "tool_use", "id": "toolu_01" + _b62(self.rng, 22), "name": name, "input": tool_input}

    def result(self, call: tuple[str, str], content: Any, tool_use_result: Any, *, is_error: bool | None = None,
               bash: bool = False) -> None:
        tool_use_id, asst_uuid = call
        if is_error:
            base = self.tpl.get("user:tool_result:error")
            if not bash:  # failed Edits carry no sandbox flag
                base = {k: v for k, v in base.items() if k != "sandboxed"}
        else:
            base = self.tpl.get("user:tool_result:bash" if bash else "user:tool_result")
        block: dict[str, Any] = {"tool_use_id": tool_use_id, "type": "tool_result", "content": content}
        if is_error is not None:
            block["is_error"] = is_error
        msg = {"role": "user", "content": [block]}
        self.em.chain(base, message=msg, toolUseResult=tool_use_result, sourceToolAssistantUUID=asst_uuid,
                      promptId=self.prompt_id)
        self.pending_blobs.append(msg)
        if self.rng.random() < 0.02:
            self.attach("silent_turn_reminder")

    def call(self, name: str, tool_input: dict[str, Any], text: str | None = None) -> tuple[str, str]:
        blocks = ([{"type": "text", "text": text}] if text else []) + [self.tool_use(name, tool_input)]
        return self.respond(blocks)[0]

    # -- episodes --------------------------------------------------------------------

    def user_prompt(self, text: str) -> None:
        self.em.noise("queue-operation:enqueue", content=text)
        self.em.noise("queue-operation:dequeue")
        self.prompt_id = self.em.uuid()
        base = self.tpl.get("user:prompt")
        uid = self.em.chain(base, message={"role": "user", "content": text}, promptId=self.prompt_id,
                            turnPosition={"promptIndex": 0, "turnIndex": len(self.prompt_uuids) + 1})
        self.prompt_uuids.append(uid)
        self.truth.last_user_prompt = text
        self.pending_blobs.append({"role": "user", "content": [{"type": "text", "text": text}]})
        if len(self.prompt_uuids) == 1:
            # The real intro costs ~75 KB (tool schemas, skills, system prompt); tiny
            # sessions keep only the light part of it so they can stay tiny.
            heavy = self.spec.target_bytes >= 400_000
            kinds = ("environment", "model", "deferred_tools_delta", "agent_listing_delta", "skill_listing", "auto_mode")
            for kind in kinds if heavy else ("environment", "model", "auto_mode"):
                self.attach(kind)
            self.em.noise("atis-latch")
            for kind in ("session_context", "date", "remote_session_change"):
                self.attach(kind)
            if heavy:
                self.em.chain(self.tpl.prompt_snapshots[0])
                self.em.noise("api-request-shape", shapeHash=self.em.hexid())
        elif self.rng.random() < 0.3:
            self.attach(self.rng.choice(("date", "auto_mode", "remote_session_change")))

    def attach(self, kind: str) -> None:
        if kind in self.tpl.attachments:
            self.em.chain(self.tpl.attachments[kind])

    def end_turn(self, text: str) -> None:
        self.respond([{"type": "text", "text": text}])
        base = self.tpl.get("system:stop_hook_summary")
        self.em.chain(base, toolUseID=self.em.uuid())
        self.em.noise("last-prompt", lastPrompt=self.truth.last_user_prompt[:200], leafUuid=self.em.parent)
        self.em.noise("cost-state")

    def run(self) -> None:
        plan = self.plan
        for ep in range(plan.episodes):
            # Facts can outrun the byte budget (tiny sizes): then this episode is the last.
            fact_bytes_per_episode = (self.em.bytes - self.read_bytes) / ep if ep else 0
            left = self.spec.target_bytes - self.em.bytes - self.reserve()
            last = ep == plan.episodes - 1 or left < 1.3 * fact_bytes_per_episode
            self.maybe_manual_compact()
            self.episode(ep, last)
            if last:
                break

    def episode(self, ep: int, last: bool) -> None:
        rng = self.rng
        n, n2 = rng.choice(NOUNS), rng.choice(NOUNS)
        prompt = rng.choice(PROMPTS).format(v=rng.choice(VERBS), n=n, n2=n2, k=rng.choice(PY_KINDS), a=rng.choice(IDENTS))
        prompt = prompt[0].upper() + prompt[1:]
        if last:
            prompt = f"{prompt} (session step {ep + 1})"
        self.user_prompt(prompt)
        left_eps = max(1, self.plan.episodes - ep)
        actions = max(3, round((self.plan.actions - self.actions_done) / left_eps * rng.uniform(0.6, 1.4)))
        if last:
            actions = max(3, self.plan.actions - self.actions_done)
        # Each task costs 3+ tool calls (~4 KB each): tiny sessions get fewer per episode.
        n_tasks = rng.randint(1, _clamp(self.spec.target_bytes / (self.plan.episodes * 40_000), 1, 4))
        subjects = [self.task_subject(n) for _ in range(n_tasks)]
        if ep == 0 and self.spec.task_mode == "tasks":
            call = self.call("ToolSearch", {"query": "select:TaskCreate,TaskUpdate,TaskList,TaskGet", "max_results": 5})
            names = ["TaskCreate", "TaskUpdate", "TaskList", "TaskGet"]
            self.result(call, [{"type": "tool_reference", "tool_name": x} for x in names],
                        {"matches": names, "query": "select:TaskCreate,TaskUpdate,TaskList,TaskGet", "total_deferred_tools": 15})
        ids = self.create_tasks(subjects)
        per_task = max(1, actions // n_tasks)
        for i in range(len(subjects)):
            # The last episode ends mid-work: its last task (and often the one before) stays open.
            open_at_end = last and (i == n_tasks - 1 or (i == n_tasks - 2 and rng.random() < 0.6))
            finishing = not open_at_end and rng.random() > 0.05
            started = finishing or rng.random() < 0.6 or (last and i == 0)
            if started:
                self.set_status(ids, i, "in_progress")
                self.work(n if i == 0 else rng.choice(NOUNS), per_task)
                if finishing:
                    self.set_status(ids, i, "completed")
            elif rng.random() < 0.15 and self.spec.task_mode == "tasks":
                self.set_status(ids, i, "deleted")
        if self.spec.task_mode == "tasks" and rng.random() < 0.25:
            self.task_list()
        if not last:
            self.end_turn(self.closing_text(n))
            return
        # Render the closing turn aside, pad with blob noise to the target, then append it:
        # the file then ends the way real ones do (stop summary, last-prompt, cost-state).
        real, buf = self.em.out, io.BytesIO()
        self.em.out = buf
        self.end_turn(self.closing_text(n))
        self.em.out = real
        self.pad_to_target()
        real.write(buf.getvalue())

    # -- tasks -----------------------------------------------------------------------

    def task_subject(self, n: str) -> str:
        # Subjects are unique within a session so recall can be scored by exact string.
        r = self.rng
        for attempt in range(30):
            subject = r.choice(TASK_SUBJECTS).format(
                V=r.choice(VERBS).capitalize(), n=n if attempt < 10 else r.choice(NOUNS),
                k=r.choice(PY_KINDS), a=r.choice(IDENTS))
            if subject not in self.subjects:
                break
        else:
            subject = f"{subject} (part {len(self.subjects)})"
        self.subjects.add(subject)
        return subject

    def create_tasks(self, subjects: list[str]) -> list[str]:
        mode = self.spec.task_mode
        if mode == "none":
            return []
        if mode == "todowrite":
            keep = [t for t in self.truth.todos if t["status"] != "completed"]
            new = keep + [{"content": s, "status": "pending", "activeForm": _active(s)} for s in subjects]
            self.todo_write(new)
            return [str(i) for i in range(len(keep), len(new))]
        blocks = [self.tool_use("TaskCreate", {"subject": s, "description": f"{s}. Keep the existing behaviour covered by tests.",
                                               "activeForm": _active(s)}) for s in subjects]
        calls = self.respond(blocks)
        ids = []
        for call, s in zip(calls, subjects, strict=False):
            tid = str(self.next_task)
            self.next_task += 1
            ids.append(tid)
            self.truth.tasks[tid] = {"subject": s, "status": "pending"}
            self.result(call, f"Task #{tid} created successfully: {s}",
                        {"task": {"id": tid, "subject": s, "description": f"{s}. Keep the existing behaviour covered by tests."}})
        return ids

    def set_status(self, ids: list[str], i: int, status: str) -> None:
        mode = self.spec.task_mode
        if mode == "none" or i >= len(ids):
            return
        if mode == "todowrite":
            todos = [dict(t) for t in self.truth.todos]
            todos[int(ids[i])]["status"] = status
            self.todo_write(todos)
            return
        tid = ids[i]
        old = self.truth.tasks[tid]["status"]
        call = self.call("TaskUpdate", {"taskId": tid, "status": status})
        if status == "deleted":
            self.result(call, f"Updated task #{tid} deleted", {"success": True, "taskId": tid, "updatedFields": ["deleted"],
                                                                "statusChange": {"from": old, "to": "deleted"}})
            del self.truth.tasks[tid]
            return
        self.result(call, f"Updated task #{tid} status", {"success": True, "taskId": tid, "updatedFields": ["status"],
                                                          "statusChange": {"from": old, "to": status}})
        self.truth.tasks[tid]["status"] = status
        if self.rng.random() < 0.03:  # the model sometimes updates an id that does not exist
            bad = str(self.next_task + 50)
            call = self.call("TaskUpdate", {"taskId": bad, "status": "completed"})
            self.result(call, "Task not found", {"success": False, "taskId": bad, "updatedFields": [], "error": "Task not found"})

    def task_list(self) -> None:
        call = self.call("TaskList", {})
        items = [{"id": i, "subject": t["subject"], "status": t["status"], "blockedBy": []} for i, t in self.truth.tasks.items()]
        text = "\n".join(f"#{t['id']} [{t['status']}] {t['subject']}" for t in items) or "No tasks found"
        self.result(call, text, {"tasks": items})

    def todo_write(self, todos: list[dict[str, str]]) -> None:
        call = self.call("TodoWrite", {"todos": todos})
        self.result(call, "Todos have been modified successfully. Ensure that you continue to use the todo list to track "
                          "your progress. Please proceed with the current tasks if applicable",
                    {"oldTodos": self.truth.todos, "newTodos": todos})
        self.truth.todos = todos
        for t in todos:
            if t["status"] == "completed":
                self.truth.todo_done.setdefault(t["content"], None)

    # -- work steps ------------------------------------------------------------------

    def work(self, noun: str, steps: int) -> None:
        rng = self.rng
        for _ in range(steps):
            if self.out_of_budget():
                return
            r = rng.random()
            left = max(1, self.plan.actions - self.actions_done)
            if self.files_left > 0 and rng.random() < self.files_left / left - 0.25:
                self.modify_file(noun, fresh=True)  # behind on distinct files: catch up
            elif self.failing_left > 0 and r < self.failing_left / left * 3:
                self.failing_command(noun)
            elif r < 0.16:
                self.read_file(noun)
            elif r < 0.50:
                self.modify_file(noun)
            elif r < 0.62:
                self.run_tests(noun)
            elif r < 0.72:
                self.fix_old_failure()
            elif r < 0.80:
                self.search(noun)
            elif r < 0.86 and self.decisions_left > 0:
                self.decide(noun)
            elif r < 0.90:
                self.failed_edit()
            else:
                self.modify_file(noun)
            self.actions_done += 1
            if self.decisions_left > 0 and rng.random() < 1.5 * self.decisions_left / max(1, self.plan.actions - self.actions_done):
                self.decide(noun)

    def pick_path(self, noun: str, fresh: bool) -> tuple[str, str, str]:
        if (fresh or not self.touched) and self.fresh_paths and self.files_left > 0:
            # Prefer a file of the current noun so episodes stay on topic.
            for i in range(min(60, len(self.fresh_paths))):
                if self.fresh_paths[-1 - i][2] == noun:
                    return self.fresh_paths.pop(-1 - i)
            return self.fresh_paths.pop()
        if self.touched:
            return self.rng.choice(self.touched[-40:] if self.rng.random() < 0.7 else self.touched)
        return self.fresh_paths[-1]

    def code(self, n_bytes: int) -> str:
        lines, size, i = [], 0, self.rng.randrange(len(self.pool))
        while size < n_bytes:
            line = self.pool[i % len(self.pool)]
            lines.append(line)
            size += len(line) + 1
            i += 1
        return "\n".join(lines) + "\n"

    def modify_file(self, noun: str, fresh: bool = False) -> None:
        rng = self.rng
        want_fresh = fresh or (self.files_left > 0 and rng.random() < max(0.35, self.files_left / max(1, self.plan.actions - self.actions_done) * 2.5))
        path, lang, n = self.pick_path(noun, want_fresh)
        old = self.file_text.get(path)
        text = self.filler_text(path, n)
        if old is None and rng.random() < 0.6:
            content = self.code(rng.randint(*self.spec.code_bytes))
            call = self.call("Write", {"file_path": path, "content": content}, text)
            self.result(call, f"File created successfully at: {path} (file state is current in your context \u2014 no need to Read it back)",
                        {"type": "create", "filePath": path, "content": content, "structuredPatch": [], "originalFile": None, "userModified": False})
        else:
            if old is None:
                old = self.code(rng.randint(*self.spec.code_bytes))
            lines = old.splitlines()
            if rng.random() < 0.15 and len(lines) > 4:
                content = self.multi_edit(path, lines, text)
            else:
                content = self.edit(path, lines, text)
        self.file_text[path] = content[-4000:]  # bounded: only the tail is needed for later edits
        if (path, lang, n) not in self.touched[-200:]:
            self.touched.append((path, lang, n))
            if len(self.touched) > 2_000:
                del self.touched[:1_000]
        if path not in self.truth.files:
            self.files_left -= 1
        self.truth.modified(path)

    def edit(self, path: str, lines: list[str], text: str | None) -> str:
        rng = self.rng
        i = rng.randrange(len(lines))
        old_s = lines[i] or "\n"
        new_s = (lines[i] + f"  # {rng.choice(IDENTS)} {rng.randint(0, 9999)}") if lines[i] else "# added\n"
        original = "\n".join(lines) + "\n"
        new_text = original.replace(old_s, new_s, 1)
        call = self.call("Edit", {"replace_all": False, "file_path": path, "old_string": old_s, "new_string": new_s}, text)
        self.result(call, f"The file {path} has been updated successfully. (file state is current in your context \u2014 no need to Read it back)",
                    {"filePath": path, "oldString": old_s, "newString": new_s, "originalFile": original,
                     "structuredPatch": [{"oldStart": i + 1, "oldLines": 1, "newStart": i + 1, "newLines": 1,
                                          "lines": [f"-{old_s}", f"+{new_s}"]}],
                     "userModified": False, "replaceAll": False})
        return new_text

    def multi_edit(self, path: str, lines: list[str], text: str | None) -> str:
        """MultiEdit is not in the 2.1.330 fixtures: shaped like Edit, as older versions wrote it."""
        rng = self.rng
        picks = sorted(rng.sample(range(len(lines)), min(len(lines), rng.randint(2, 4))))
        edits = [{"old_string": lines[i], "new_string": f"{lines[i]}  # {rng.choice(IDENTS)}", "replace_all": False}
                 for i in picks if lines[i]]
        if not edits:
            return self.edit(path, lines, text)
        original = "\n".join(lines) + "\n"
        new_text = original
        for e in edits:
            new_text = new_text.replace(e["old_string"], e["new_string"], 1)
        call = self.call("MultiEdit", {"file_path": path, "edits": edits}, text)
        summary = "\n".join(f"{k}. Replaced \"{e['old_string'][:40]}\" with \"{e['new_string'][:40]}\"" for k, e in enumerate(edits, 1))
        self.result(call, f"Applied {len(edits)} edits to {path}:\n{summary}",
                    {"filePath": path, "edits": edits, "originalFileContents": original,
                     "structuredPatch": [{"oldStart": i + 1, "oldLines": 1, "newStart": i + 1, "newLines": 1,
                                          "lines": [f"-{lines[i]}", f"+{lines[i]}  #"]} for i in picks],
                     "userModified": False})
        return new_text

    def failed_edit(self) -> None:
        """An Edit whose old_string is not in the file: is_error, then the retry succeeds."""
        if not self.touched:
            return
        path, lang, n = self.rng.choice(self.touched[-20:])
        missing = f"{self.rng.choice(IDENTS)} = {self.rng.randint(0, 999)}"
        call = self.call("Edit", {"replace_all": False, "file_path": path, "old_string": missing, "new_string": missing + "  # fixed"})
        msg = f"String to replace not found in file.\nString: {missing}"
        self.result(call, f"<tool_use_error>{msg}</tool_use_error>", f"Error: {msg}", is_error=True)
        self.truth.ran("Edit", path, False, "String to replace not found in file.")
        old = self.file_text.get(path) or self.code(600)
        self.file_text[path] = self.edit(path, old.splitlines() or ["pass"], "The line moved; editing the current text instead.")[-4000:]
        self.truth.modified(path)
        self.truth.ran("Edit", path, True)

    def read_file(self, noun: str) -> None:
        rng = self.rng
        path, lang, n = self.pick_path(noun, False) if self.touched and rng.random() < 0.5 else self.fresh_or_any()
        size = self.read_size()
        before = self.em.bytes
        start = rng.randrange(len(self.pool))
        lines, total, k = [], 0, 0
        while total < size:
            line = self.pool[(start + k) % len(self.pool)]
            lines.append(line)
            total += len(line) + 1
            k += 1
        body = "\n".join(lines)
        numbered = "\n".join(f"{i}\t{line}" for i, line in enumerate(lines, 1))
        call = self.call("Read", {"file_path": path}, self.filler_text(path, n) if rng.random() < 0.3 else None)
        self.result(call, numbered, {"type": "text", "file": {"filePath": path, "content": body, "numLines": len(lines),
                                                              "startLine": 1, "totalLines": len(lines)}})
        self.reads_done += 1
        self.read_bytes += self.em.bytes - before

    def fresh_or_any(self) -> tuple[str, str, str]:
        # Reading a file the session never modifies (must not count as modified).
        return self.rng.choice(self.fresh_paths) if self.fresh_paths else self.touched[0]

    def search(self, noun: str) -> None:
        rng = self.rng
        ident = rng.choice(IDENTS)
        cmd = f"rg -n '{ident}' services/api/app/{noun} web/src/{noun} | head -{rng.choice((20, 50, 100))}"
        hits = [f"services/api/app/{noun}/{rng.choice(PY_KINDS)}.py:{rng.randint(1, 400)}:{self.pool[rng.randrange(len(self.pool))]}"
                for _ in range(rng.randint(3, 40))]
        self.bash(cmd, "\n".join(hits), rng.choice(FILLER_TEXT).format(p=f"the {noun} code", n=noun, a=ident) if rng.random() < 0.3 else None)

    def bash(self, command: str, stdout: str, text: str | None = None) -> None:
        call = self.call("Bash", {"command": command, "description": _describe(command)}, text)
        self.result(call, stdout, {"stdout": stdout, "stderr": "", "interrupted": False, "isImage": False,
                                   "noOutputExpected": False}, is_error=False, bash=True)

    def bash_fail(self, command: str, exit_code: int, output: str) -> None:
        call = self.call("Bash", {"command": command, "description": _describe(command)})
        content = f"Exit code {exit_code}\n{output}"
        self.result(call, content, f"Error: {content}", is_error=True, bash=True)

    def new_failing(self, noun: str) -> FailingCommand:
        rng = self.rng
        taken = {f.command for f in self.failing}
        for _ in range(50):
            r = rng.random()
            n = noun if rng.random() < 0.5 else rng.choice(NOUNS)
            if r < 0.08:
                cmd, comp, is_test = rng.choice(MAKE_TESTS) + (f" PKG={n}" if rng.random() < 0.7 else ""), None, True
            else:
                comp = rng.choice(COMPONENTS)
                is_test = r < 0.7
                cmd = comp.test_cmd.format(n=n) if is_test else rng.choice(comp.check_cmds).format(n=n)
            if cmd not in taken and cmd not in self.truth.tests:
                break
        fix = rng.random() >= self.spec.unresolved_share
        fc = FailingCommand(cmd, comp, n, is_test, fix)
        self.failing.append(fc)
        self.failing_left -= 1
        return fc

    def failure_for(self, fc: FailingCommand) -> Failure:
        for _ in range(20):
            if fc.is_test:
                f = test_failure(self.rng, self.cwd, fc.comp, fc.noun)
            else:
                f = check_failure(self.rng, self.cwd, fc.comp, fc.noun)  # type: ignore[arg-type]
            if f.error_line not in self.used_lines:
                self.used_lines.add(f.error_line)
                return f
        return f

    def run_failing(self, fc: FailingCommand) -> None:
        f = self.failure_for(fc)
        code = fc.comp.exit_code if fc.comp else 2
        self.bash_fail(fc.command, code, f.output)
        self.truth.ran("Bash", fc.command, False, f.error_line, code, fc.is_test)

    def run_passing(self, fc: FailingCommand) -> None:
        out = test_pass(self.rng, fc.comp, fc.noun, self.cwd) if fc.is_test else ""
        self.bash(fc.command, out, "Re-running it after the change.")
        self.truth.ran("Bash", fc.command, True, is_test=fc.is_test)
        fc.fixed = True

    def failing_command(self, noun: str) -> None:
        fc = self.new_failing(noun)
        self.run_failing(fc)
        if fc.fix and self.rng.random() < 0.7:  # fixed right away; the rest later (fix_old_failure)
            self.modify_file(fc.noun)
            if self.rng.random() < 0.3:  # first fix attempt fails differently
                self.run_failing(fc)
                self.modify_file(fc.noun)
            self.run_passing(fc)
        elif not fc.fix and self.rng.random() < 0.3:
            self.modify_file(fc.noun)
            self.run_failing(fc)  # still failing: the latest error line is the one that counts

    def fix_old_failure(self) -> None:
        todo = [f for f in self.failing if f.fix and not f.fixed]
        if not todo:
            self.run_tests(self.rng.choice(NOUNS))
            return
        fc = todo[0]
        self.modify_file(fc.noun)
        self.run_passing(fc)

    def run_tests(self, noun: str) -> None:
        """A test command that passes (never one of the never-fixed failures)."""
        rng = self.rng
        blocked = {f.command for f in self.failing if not f.fixed}
        for _ in range(10):
            comp = rng.choice(COMPONENTS + (None,))
            noun = noun if rng.random() < 0.6 else rng.choice(NOUNS)
            cmd = rng.choice(MAKE_TESTS) if comp is None else comp.test_cmd.format(n=noun)
            if cmd not in blocked:
                break
        else:
            return
        self.bash(cmd, test_pass(rng, comp, noun, self.cwd), rng.choice(FILLER_TEXT).format(p=noun, n=noun, a="it") if rng.random() < 0.2 else None)
        self.truth.ran("Bash", cmd, True, is_test=True)

    def decide(self, noun: str) -> None:
        rng = self.rng
        for _ in range(20):
            x, y, r = rng.choice(CHOICES)
            a = rng.choice(IDENTS)
            fmt = dict(n=noun, a=a)
            sentence = rng.choice(DECISIONS).format(x=x.format(**fmt), y=y.format(**fmt), r=r.format(**fmt),
                                                    c=rng.choice(CAUSES).format(**fmt))
            if sentence not in self.used_decisions:
                break
        self.used_decisions.add(sentence)
        self.decisions_left -= 1
        before = rng.choice(FILLER_TEXT).format(p=f"the {noun} code", n=noun, a=a)
        text = f"{before} {sentence} Next I'll update the {noun} tests to match."
        self.truth.decisions.append(sentence)
        # The decision is a text block in the same response as the next tool call.
        if rng.random() < 0.5:
            self.bash("git diff --stat", self.diff_stat(), text)
        else:
            path, lang, n = self.pick_path(noun, False)
            call = self.call("Read", {"file_path": path, "limit": 40}, text)
            body = self.code(600)
            numbered = "\n".join(f"{i}\t{line}" for i, line in enumerate(body.splitlines(), 1))
            self.result(call, numbered, {"type": "text", "file": {"filePath": path, "content": body,
                                                                  "numLines": body.count("\n"), "startLine": 1, "totalLines": body.count("\n")}})

    def diff_stat(self) -> str:
        paths = list(self.truth.files)[-self.rng.randint(1, 8):]
        lines = [f" {p[len(self.cwd) + 1:]} | {self.rng.randint(1, 80)} {'+' * self.rng.randint(1, 20)}" for p in paths]
        return "\n".join(lines) + f"\n {len(paths)} files changed"

    def filler_text(self, path: str, noun: str) -> str | None:
        if self.rng.random() < 0.5:
            return None
        rel = path[len(self.cwd) + 1:] if path.startswith(self.cwd + "/") else path
        return self.rng.choice(FILLER_TEXT).format(p=rel, n=noun, a=self.rng.choice(IDENTS))

    def closing_text(self, noun: str) -> str:
        return (f"Done with this step on {noun}. Summary of the changes:\n"
                f"- updated the {noun} code paths and their tests\n- the build is green for the parts I touched")

    # -- compaction ------------------------------------------------------------------

    def compaction_due(self) -> bool:
        k = self.compactions_done
        return k < self.plan.compactions and self.em.bytes >= self.spec.target_bytes * (k + 1) / (self.plan.compactions + 1)

    def maybe_auto_compact(self) -> None:
        if self.compactions_done % 2 == 0 and self.compaction_due() and self.pending_blobs and self.em.parent:
            self.compact("auto")

    def maybe_manual_compact(self) -> None:
        if self.compactions_done % 2 == 1 and self.compaction_due():
            self.compact("manual")

    def compact(self, trigger: str) -> None:
        em, rng = self.em, self.rng
        tail = [u for u, t in em.chain_tail if t in ("user", "assistant", "system")][-rng.randint(2, 6):]
        phantom = em.uuid()
        post = rng.randint(18_000, 45_000)
        pre = max(self.ctx, AUTO_COMPACT_AT + rng.randint(1_000, 20_000)) if trigger == "auto" else self.ctx
        if trigger == "manual":
            instr = "/compact keep the open tasks, failing tests and decisions"
            em.noise("queue-operation:enqueue", content=instr)
            em.noise("queue-operation:dequeue")
            em.noise("mode")
        em.noise("atis-latch")
        boundary_base = self.tpl.get(f"system:compact_boundary:{trigger}")
        meta = dict(boundary_base["compactMetadata"])
        anchor = em.uuid()
        meta.update(trigger=trigger, preTokens=pre, postTokens=post, cumulativeDroppedTokens=pre - post,
                    durationMs=rng.randint(20_000, 120_000),
                    preservedSegment={"headUuid": tail[0], "anchorUuid": anchor, "tailUuid": tail[-1]},
                    preservedMessages={"anchorUuid": anchor, "uuids": tail, "allUuids": tail + [phantom]})
        em.parent = None
        em.chain(boundary_base, compactMetadata=meta, logicalParentUuid=phantom)
        if trigger == "auto":
            self.attach("session_context")
            self.attach("date")
        summary = self.summary_text()
        sbase = self.tpl.get("user:compact_summary")
        fields: dict[str, Any] = {"message": {"role": "user", "content": summary}, "promptId": self.prompt_id}
        rec = dict(sbase)
        if trigger == "auto":
            fields["summarizedTurnPromptUuids"] = self.prompt_uuids[-50:]
        else:
            rec.pop("summarizedTurnPromptUuids", None)
        rec.update(fields)
        # The summary's uuid is the anchor named in the boundary's metadata.
        rec["parentUuid"], rec["uuid"], rec["timestamp"], rec["sessionId"] = em.parent, anchor, em.tick(), em.session_id
        em.write(rec)
        em.parent = anchor
        em.chain_tail.append((anchor, "user"))
        if trigger == "manual":
            em.chain(self.tpl.get("user:meta"), promptId=self.prompt_id)
            em.chain(self.tpl.get("user:command"), promptId=self.prompt_id,
                     message={"role": "user", "content": "<command-name>/compact</command-name>\n            "
                              "<command-message>compact</command-message>\n            "
                              "<command-args>keep the open tasks, failing tests and decisions</command-args>"})
            em.chain(self.tpl.get("user:command_stdout"), promptId=self.prompt_id)
        for kind in ("deferred_tools_delta", "agent_listing_delta", "skill_listing", "environment", "model", "hook_success"):
            self.attach(kind)
        if trigger == "auto":
            self.attach("hook_additional_context")
            self.attach("remote_session_change")
            em.chain(self.tpl.prompt_snapshots[0])
            em.noise("api-request-shape", shapeHash=em.hexid())
        else:
            em.noise("last-prompt", lastPrompt=self.truth.last_user_prompt[:200], leafUuid=em.parent)
            em.noise("cost-state")
        self.pending_blobs.append({"role": "user", "content": [{"type": "text", "text": summary}]})
        self.compactions_done += 1
        self.seg_start_bytes = em.bytes
        self.seg_start_ctx = self.ctx = post + rng.randint(2_000, 12_000)

    def summary_text(self) -> str:
        base = self.tpl.get("user:compact_summary")["message"]["content"]
        head, _, rest = base.partition("Summary:\n")
        body = ("Summary:\n1. Primary Request and Intent: The user is building the shop monorepo step by step; "
                f"the latest request was: {self.truth.last_user_prompt}\n2. Key Technical Concepts: pagination, "
                "integer cents, retries, migrations.\n3. Files and Code Sections: "
                + ", ".join(p[len(self.cwd) + 1:] for p in list(self.truth.files)[-12:])
                + "\n4. Errors and fixes: several test failures were fixed along the way.\n5. Pending Tasks: see the task list.\n")
        tail = rest.split("\n\n", 1)[1] if "\n\n" in rest else ""
        return head + body + ("\n" + tail if tail else "")

    # -- the end ---------------------------------------------------------------------

    def pad_to_target(self) -> None:
        """api-request-blob noise so the file lands on target_bytes (blobs are never read)."""
        left = self.spec.target_bytes - self.em.bytes
        chunk_max = self.spec.big_line[1] - 1_000
        while left > 400:
            size = min(left, chunk_max)
            if left - size < 400 and left > chunk_max:
                size = left // 2
            rec = {"type": "api-request-blob", "hash": self.em.hexid(),
                   "message": {"role": "system", "content": [{"type": "text", "text": ""}]}, "sessionId": self.em.session_id}
            overhead = len(orjson.dumps(rec)) + 1
            text = self.code(max(0, size - overhead))[: max(0, size - overhead)]
            # code() is ASCII but may contain characters that JSON escapes: trim to exact size.
            rec["message"]["content"][0]["text"] = text
            line_len = len(orjson.dumps(rec)) + 1
            while line_len > size and text:
                text = text[: len(text) - (line_len - size)]
                rec["message"]["content"][0]["text"] = text
                line_len = len(orjson.dumps(rec)) + 1
            self.em.write(rec)
            left = self.spec.target_bytes - self.em.bytes

    def truth_json(self) -> dict[str, Any]:
        return self.truth.to_json({
            "name": self.spec.name, "seed": self.spec.seed, "target_bytes": self.spec.target_bytes,
            "bytes": self.em.bytes, "records": self.em.records, "episodes": len(self.prompt_uuids),
            "compactions": self.compactions_done,
        })


def _b62(rng: random.Random, n: int) -> str:
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    return "".join(alphabet[rng.randrange(62)] for _ in range(n))


def _active(subject: str) -> str:
    word, _, rest = subject.partition(" ")
    return (word[:-1] if word.endswith("e") else word) + "ing " + rest


def _describe(command: str) -> str:
    for words, text in (
        (("pytest", "npm test", "go test", "cargo test", "make test"), "Run the tests"),
        (("make check",), "Run the checks"), (("build",), "Build"), (("rg ",), "Search the code"),
        (("git diff",), "Show changed files"), (("ruff", "mypy", "go vet"), "Run the linter"),
    ):
        if any(w in command for w in words):
            return text
    return "Run " + command.split(" ")[0]


# --------------------------------------------------------------------------------------
# entry points

_POOL_CACHE: dict[int, list[str]] = {}
_TPL_CACHE: dict[tuple[str, str], Templates] = {}


def generate(spec: SessionSpec, out_dir: Path, fixtures: Path = DEFAULT_FIXTURES) -> tuple[Path, Path]:
    """Write <name>.jsonl and <name>.truth.json into out_dir; return both paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    key = (str(fixtures), spec.cwd)
    if key not in _TPL_CACHE:
        _TPL_CACHE[key] = Templates(fixtures, spec.cwd)
    if 0 not in _POOL_CACHE:
        _POOL_CACHE[0] = build_code_pool(0)
    jsonl = out_dir / f"{spec.name}.jsonl"
    truth_path = out_dir / f"{spec.name}.truth.json"
    with open(jsonl, "wb", buffering=4 << 20) as fh:
        writer = SessionWriter(spec, fh, _TPL_CACHE[key], _POOL_CACHE[0])
        writer.run()
    truth_path.write_bytes(orjson.dumps(writer.truth_json(), option=orjson.OPT_INDENT_2))
    return jsonl, truth_path


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", default="10MB", help="target size: 1MB, 300MB, 512KiB (MB = 10^6 bytes)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=Path("/tmp/ck-bench"))
    p.add_argument("--name", help="file name stem (default gen-<size>-s<seed>)")
    p.add_argument("--task-mode", choices=("tasks", "todowrite", "none"), default="tasks")
    p.add_argument("--compactions", type=int, help="number of compaction boundaries (default: by size)")
    p.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES)
    args = p.parse_args(argv)
    size = parse_size(args.size)
    name = args.name or f"gen-{args.size}-s{args.seed}"
    spec = SessionSpec(name=name, target_bytes=size, seed=args.seed, task_mode=args.task_mode, compactions=args.compactions)
    t0 = time.perf_counter()
    jsonl, truth = generate(spec, args.out, args.fixtures)
    dt = time.perf_counter() - t0
    actual = jsonl.stat().st_size
    print(f"{jsonl} {actual:,} bytes ({(actual - size) / size:+.2%} vs target) in {dt:.1f}s; truth: {truth}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
