"""Bad input, against all three hooks as Claude Code runs them (subprocesses).

Each case is run through PostToolUse, then PreCompact, then SessionStart(compact) on one temp
data root. Whatever the input: exit 0 within a few seconds, nothing on stderr, PostToolUse
prints nothing, PreCompact/SessionStart print nothing or one valid block within its cap,
nothing is written outside the runs dir (the temp tree is snapshotted before and after), and
the log names the cause.

The cases run in a thread pool once per module (each in its own sandbox); the tests then
check one case each.
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hardening_support import EVENTS, Result, Sandbox, changed_outside, check_output, fixture_lines, snapshot

from context_keeper.store import safe_name

Stdins = dict[str, "bytes | dict[str, Any]"]


@dataclass(frozen=True)
class Case:
    name: str
    prepare: Callable[[Sandbox], Stdins]
    log: str  # regex the logs must match: the cause, named
    mutate: Callable[[Sandbox], None] | None = None  # between a first PostToolUse call and the three
    session_id: str = "sess-1"


@dataclass
class Outcome:
    results: list[Result]
    logs: str
    outside: list[str]
    strays: list[str]
    error: str | None = None


CASES: list[Case] = []


def case(name: str, log: str, **kw: Any) -> Callable[[Callable[[Sandbox], Stdins]], Callable[[Sandbox], Stdins]]:
    def register(prepare: Callable[[Sandbox], Stdins]) -> Callable[[Sandbox], Stdins]:
        CASES.append(Case(name, prepare, log, **kw))
        return prepare

    return register


def raw(data: bytes) -> Callable[[Sandbox], Stdins]:
    return lambda sb: {event: data for event in EVENTS}


def fields(transcript: Callable[[Sandbox], Path | str | None] | None = None, **changes: Any) -> Callable[[Sandbox], Stdins]:
    """Each event's usual payload with `changes` (... removes a key) over a good transcript."""

    def prepare(sb: Sandbox) -> Stdins:
        path = transcript(sb) if transcript else good_transcript(sb)
        out: Stdins = {}
        for event in EVENTS:
            data = sb.payload(event, transcript=path if path is not None else "", **changes)
            if path is None:
                data.pop("transcript_path", None)
            out[event] = data
        return out

    return prepare


def good_transcript(sb: Sandbox, extra: bytes = b"", name: str = "t.jsonl") -> Path:
    path = sb.claude / name
    path.write_bytes(b"".join(fixture_lines()) + extra)
    return path


def with_lines(extra: bytes) -> Callable[[Sandbox], Stdins]:
    return fields(lambda sb: good_transcript(sb, extra))


# -- stdin that is not a hook payload -----------------------------------------------------

case("stdin empty", r"hook input is empty")(raw(b""))
case("stdin whitespace", r"hook input is empty \(only whitespace\)")(raw(b" \n\t\n"))
case("stdin not JSON", r"hook input is not JSON")(raw(b"hello, hook"))
case("stdin JSON array", r"hook input is a JSON array")(raw(b'[{"session_id": "x"}]'))
case("stdin JSON string", r"hook input is a JSON string")(raw(b'"PostToolUse"'))
case("stdin JSON number", r"hook input is a JSON number")(raw(b"42"))
case("stdin JSON null", r"hook input is a JSON null")(raw(b"null"))
case("stdin truncated object", r"hook input is not JSON")(raw(b'{"session_id": "abc", "cwd": "/tm'))
case("stdin invalid UTF-8", r"hook input is not JSON")(raw(b'{"session_id": "\xff\xfe", "cwd": "/"}'))
case("stdin binary", r"hook input is not JSON")(raw(bytes(range(256)) * 8))
case("stdin nested 100k levels", r"hook input is not JSON")(raw(b"[" * 100_000 + b"]" * 100_000))


@case("stdin with a BOM", r" ok \d+ ms")
def _bom(sb: Sandbox) -> Stdins:
    path = good_transcript(sb)
    return {e: b"\xef\xbb\xbf" + json.dumps(sb.payload(e, transcript=path)).encode() for e in EVENTS}


# -- missing or wrong-typed fields ----------------------------------------------------------

case("session_id missing", r"hook input has no 'session_id'")(fields(session_id=...))
case("session_id a number", r"'session_id' is a JSON number")(fields(session_id=12345))
case("session_id null", r"'session_id' is a JSON null")(fields(session_id=None))
case("session_id an object", r"'session_id' is a JSON object")(fields(session_id={"id": "x"}))
case("session_id empty", r"'session_id' is empty")(fields(session_id=""))
case("cwd missing", r"hook input has no 'cwd'")(fields(cwd=...))
case("cwd relative", r"'cwd' is not an absolute path")(fields(cwd="project/sub"))
case("cwd an array", r"'cwd' is a JSON array")(fields(cwd=["/tmp"]))
case("cwd boolean", r"'cwd' is a JSON boolean")(fields(cwd=True))
case("hook_event_name missing", r"hook input has no 'hook_event_name'")(fields(hook_event_name=...))
case("hook_event_name another event", r"received a Stop event")(fields(hook_event_name="Stop"))
case(
    "optional fields wrong types",
    r" ok \d+ ms",
)(fields(tool_name={"x": 1}, tool_input="rm -rf /", tool_response=[1, 2], tool_use_id=7, trigger=5,
         custom_instructions={"a": 1}, source=["compact"], model=False))


@case("cwd does not exist", r" ok \d+ ms")
def _cwd_missing(sb: Sandbox) -> Stdins:
    return fields(cwd=str(sb.tmp / "gone" / "project"))(sb)


# -- transcript_path that is not a readable transcript ----------------------------------------

NOT_FILE = r"(not a file|not a regular file|No such file|Is a directory|Not a directory|Too many levels|too long)"
case("transcript_path missing", r"no transcript_path")(fields(lambda sb: None))
case("transcript_path a number", r"no transcript_path")(fields(transcript_path=42))
case("transcript_path with a NUL", r"no transcript_path")(fields(transcript_path="/tmp/a\0b.jsonl"))
case("transcript does not exist", NOT_FILE)(fields(lambda sb: sb.claude / "none.jsonl"))
case("transcript is a directory", NOT_FILE)(fields(lambda sb: sb.claude))
case("transcript under a regular file", NOT_FILE)(fields(lambda sb: good_transcript(sb) / "sub.jsonl"))
case("transcript /dev/zero", NOT_FILE)(fields(lambda sb: "/dev/zero"))
case("transcript /dev/null", NOT_FILE)(fields(lambda sb: "/dev/null"))
case("transcript name too long", NOT_FILE)(fields(lambda sb: sb.claude / ("x" * 5000)))


@case("transcript a FIFO without writer", NOT_FILE)
def _fifo(sb: Sandbox) -> Stdins:
    path = sb.claude / "fifo.jsonl"
    os.mkfifo(path)
    return fields(lambda sb: path)(sb)


@case("transcript a dangling symlink", NOT_FILE)
def _dangling(sb: Sandbox) -> Stdins:
    path = sb.claude / "dangling.jsonl"
    path.symlink_to(sb.claude / "nowhere.jsonl")
    return fields(lambda sb: path)(sb)


@case("transcript a symlink loop", NOT_FILE)
def _loop(sb: Sandbox) -> Stdins:
    a, b = sb.claude / "a.jsonl", sb.claude / "b.jsonl"
    a.symlink_to(b)
    b.symlink_to(a)
    return fields(lambda sb: a)(sb)


@case("transcript mode 000", r" ok \d+ ms|Permission denied")
def _mode0(sb: Sandbox) -> Stdins:
    # Root reads it anyway (tests run as root here); others get EACCES, logged.
    path = good_transcript(sb)
    path.chmod(0)
    return fields(lambda sb: path)(sb)


# -- transcript contents ----------------------------------------------------------------------

MALFORMED = r"skipped [1-9]\d* malformed line"
case("transcript empty", r" ok \d+ ms")(fields(lambda sb: (sb.claude / "e.jsonl", (sb.claude / "e.jsonl").touch())[0]))
case("transcript partial last line", r" ok \d+ ms")(with_lines(b'{"type":"user","message":{"role":"user","content":"hal'))
case("transcript truncated line mid-file", MALFORMED)(
    fields(lambda sb: good_transcript(sb, b'{"type":"assistant","message":{"id":"m","content":[{"ty\n' + fixture_lines()[5]))
)
case("transcript binary", MALFORMED)(with_lines(os.urandom(4096).replace(b"\n", b"") + b"\n" + bytes(range(256)) + b"\n"))
case("transcript invalid UTF-8", MALFORMED)(
    with_lines(b'{"type":"user","message":{"role":"user","content":"caf\xe9 \xff\xfe"}}\n')
)
case("transcript NUL bytes", MALFORMED)(with_lines(b"\0" * 1000 + b"\n"))
case("transcript nested 100k levels", MALFORMED)(
    with_lines(b'{"type":"user","message":{"content":' + b"[" * 100_000 + b"]" * 100_000 + b"}}\n")
)
case("transcript non-object lines", r"[1-9]\d* line\(s\) that are not JSON objects")(
    with_lines(b'[1,2,3]\n"user"\n42\nnull\ntrue\n')
)
case("transcript lone surrogates", MALFORMED + r"| ok \d+ ms")(
    with_lines(b'{"type":"user","message":{"role":"user","content":"\\udc00 x"}}\n'
               b'{"type":"assistant","message":{"id":"m-s","role":"assistant","content":[{"type":"text",'
               b'"text":"We decided on \\ud800 because of it."}]}}\n')
)
case("transcript CRLF and blank lines", r" ok \d+ ms")(
    fields(lambda sb: (sb.claude / "crlf.jsonl", (sb.claude / "crlf.jsonl").write_bytes(
        b"\r\n\n".join(line.rstrip(b"\n") for line in fixture_lines()) + b"\r\n"))[0])
)

BIG = 50 * 1024 * 1024


@case("transcript 50 MB single line, complete", r" ok \d+ ms")
def _big_line(sb: Sandbox) -> Stdins:
    # A prompt of 50 MB: parsed and folded (bounded digests), within the budget.
    head = b'{"type":"user","message":{"role":"user","content":"'
    path = good_transcript(sb, head + b"word " * ((BIG - len(head)) // 5) + b'"},"uuid":"u-big"}\n')
    return fields(lambda sb: path)(sb)


@case("transcript 50 MB single line, unterminated", r" ok \d+ ms")
def _big_tail(sb: Sandbox) -> Stdins:
    path = good_transcript(sb, b"{" + b"x" * BIG)
    return fields(lambda sb: path)(sb)


def _wrong_types() -> bytes:
    """Records of every parsed shape with each field given other JSON types."""
    bad_values: list[Any] = [None, True, 0, -1, 1.5, "", "x", [], [1, "a"], {}, {"a": None}, 2**70]
    templates = [json.loads(line) for line in fixture_lines() if b'"type":"user"' in line or b'"type":"assistant"' in line]
    templates += [json.loads(line) for name in ("manual_compact.jsonl",) for line in fixture_lines(name)
                  if b"compact_boundary" in line or b"isCompactSummary" in line]
    out = []
    for t_i, template in enumerate(templates[:12]):
        paths: list[tuple[str, ...]] = []

        def walk(obj: Any, prefix: tuple[str, ...]) -> None:
            if isinstance(obj, dict):
                for k, v in obj.items():
                    paths.append(prefix + (k,))
                    if len(prefix) < 4:
                        walk(v, prefix + (k,))
            elif isinstance(obj, list):
                for i, v in enumerate(obj[:3]):
                    walk(v, prefix + (str(i),))

        walk(template, ())
        for p_i, path in enumerate(paths):
            record = json.loads(json.dumps(template))
            target = record
            for key in path[:-1]:
                target = target[int(key)] if isinstance(target, list) else target[key]
            value = bad_values[(t_i + p_i) % len(bad_values)]
            if isinstance(target, list):
                target[int(path[-1])] = value
            else:
                target[path[-1]] = value
            out.append(json.dumps(record).encode() + b"\n")
    return b"".join(out)


case("transcript records with wrong types in every field", r" ok \d+ ms")(with_lines(_wrong_types()))


def _replace(sb: Sandbox) -> None:
    path = sb.claude / "t.jsonl"
    tmp = sb.claude / "t.jsonl.new"
    tmp.write_bytes(b"".join(fixture_lines("bash_failure.jsonl")))
    os.replace(tmp, path)


def _truncate(sb: Sandbox) -> None:
    with open(sb.claude / "t.jsonl", "r+b") as handle:
        handle.truncate(1000)


def _rewrite_head(sb: Sandbox) -> None:
    with open(sb.claude / "t.jsonl", "r+b") as handle:
        handle.write(b'{"type":"summary","summary":"rewritten"}\n' + b" " * 10)


def _corrupt_state(sb: Sandbox) -> None:
    for state in sb.runs.state.glob("*.json"):
        state.write_bytes(b'{"version": 1, "turns": "many", "tasks": []}')


case("transcript replaced between two calls", r"transcript was replaced", mutate=_replace)(fields())
case("transcript truncated between two calls", r"transcript was truncated", mutate=_truncate)(fields())
case("transcript rewritten in place between two calls", r"transcript was rewritten", mutate=_rewrite_head)(fields())
case("saved state corrupt between two calls", r"saved session state is unusable", mutate=_corrupt_state)(fields())

# -- hostile session ids -------------------------------------------------------------------------

HOSTILE_IDS = {
    "dotdot": "../../x",
    "absolute": "/etc/passwd",
    "slash": "a/b",
    "dot": ".",
    "dotdot alone": "..",
    "10 KB": "s" * 10_240,
    "unicode": "séance-日本語-🙂-Ω",
    "newline": "a\nb INFO forged log line",
    "backslash and glob": "..\\..\\*?[x]",
    "dash first": "-rf",
}
for label, sid in HOSTILE_IDS.items():
    case(f"session_id {label}", r" ok \d+ ms", session_id=sid)(fields(session_id=sid))
case("session_id lone surrogate", r"contains a lone surrogate")(fields(session_id="\ud800x"))
case("transcript_path lone surrogate", r"no transcript_path")(fields(transcript_path="/tmp/\udcff.jsonl"))
case("custom_instructions lone surrogate", r" ok \d+ ms")(fields(custom_instructions="keep \ud800 this"))
case("session_id NUL", r"'session_id' contains a NUL byte")(fields(session_id="a\0b"))


# -- running ---------------------------------------------------------------------------------------

ALLOWED = re.compile(
    r"^home(/runs(/[^/]+(/(summaries|archives|state|preserved)(/[^/]+)?|/compactions(/[^/]+(/[^/]+)?)?"
    r"|/compactions\.jsonl|/context-keeper\.log(\.1)?)?)?"
    r"|/refills(/[^/]+)?|/context-keeper\.log(\.1)?)?$"
)


def run_case(c: Case, tmp: Path) -> Outcome:
    sb = Sandbox(tmp)
    etc_passwd = os.stat("/etc/passwd")
    try:
        stdins = c.prepare(sb)
        before = snapshot(tmp)
        results = []
        if c.mutate is not None:
            results.append(sb.run("PostToolUse", stdins["PostToolUse"]))
            c.mutate(sb)
            before = snapshot(tmp)
        for event in EVENTS:
            results.append(sb.run(event, stdins[event]))
        after = snapshot(tmp)
    except BaseException as exc:  # noqa: BLE001 - reported by the test of this case
        return Outcome([], "", [], [], error=f"{type(exc).__name__}: {exc}")
    outside = changed_outside(before, after, ())
    outside = [p for p in outside if not ALLOWED.match(p.replace(os.sep, "/"))]
    strays = [p for p in after if p.rsplit("/", 1)[-1] in ("x", "passwd", "b")]
    if os.stat("/etc/passwd").st_mtime_ns != etc_passwd.st_mtime_ns:
        strays.append("/etc/passwd")
    return Outcome(results, sb.logs(), outside, strays)


@pytest.fixture(scope="module")
def outcomes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Outcome]:
    with ThreadPoolExecutor(max_workers=3) as pool:
        futures = {c.name: pool.submit(run_case, c, tmp_path_factory.mktemp("case")) for c in CASES}
        return {name: future.result() for name, future in futures.items()}


def test_the_corpus_has_at_least_40_cases() -> None:
    assert len(CASES) >= 40
    assert len({c.name for c in CASES}) == len(CASES)


@pytest.mark.parametrize("c", CASES, ids=[c.name for c in CASES])
def test_bad_input(c: Case, outcomes: dict[str, Outcome]) -> None:
    outcome = outcomes[c.name]
    assert outcome.error is None, outcome.error
    for result in outcome.results:
        check_output(result)
    assert outcome.outside == [], "written outside the runs dir"
    assert outcome.strays == []
    assert re.search(c.log, outcome.logs), f"log does not name the cause {c.log!r}:\n{outcome.logs[-3000:]}"
    assert "Traceback" not in outcome.logs, outcome.logs[-3000:]


@pytest.mark.parametrize("label", list(HOSTILE_IDS))
def test_hostile_session_ids_get_one_safe_state_file(label: str, outcomes: dict[str, Outcome],
                                                     tmp_path: Path) -> None:
    # The state of a hostile id lives in state/<safe name>.json, inside the state dir.
    sid = HOSTILE_IDS[label]
    name = safe_name(sid)
    assert "/" not in name and name not in (".", "..") and len(name.encode()) < 200
    outcome = outcomes[f"session_id {label}"]
    assert any(r.event == "PreCompact" and r.out for r in outcome.results), "no block for a hostile id"


def test_a_partial_last_line_is_not_consumed(tmp_path: Path) -> None:
    # Claude Code may be mid-write: the cursor must stay before the partial line, and the
    # line counts once it is complete.
    sb = Sandbox(tmp_path)
    path = good_transcript(sb, b'{"type":"user","message":{"role":"user","content":"finish the parser')
    size_before_tail = len(b"".join(fixture_lines()))
    check_output(sb.run("PostToolUse", sb.payload("PostToolUse", transcript=path)))
    from context_keeper.session import SessionModel

    state = SessionModel.from_bytes(sb.runs.state_path("sess-1").read_bytes())
    assert state.offset == size_before_tail
    with open(path, "ab") as handle:
        handle.write(b' please"},"uuid":"u-tail"}\n')
    # PreCompact always folds (PostToolUse may skip a call that brings no new turn).
    check_output(sb.run("PreCompact", sb.payload("PreCompact", transcript=path)))
    state = SessionModel.from_bytes(sb.runs.state_path("sess-1").read_bytes())
    assert state.offset == path.stat().st_size
    assert state.prompts[-1].text == "finish the parser please"


def test_the_fifo_is_not_opened_blocking(tmp_path: Path) -> None:
    # Guard: transcript.open_regular opens with O_NONBLOCK and checks S_ISREG. Without it the
    # PreCompact hook blocks in open() until its 20 s budget runs out and prints nothing.
    sb = Sandbox(tmp_path)
    fifo = sb.claude / "fifo.jsonl"
    os.mkfifo(fifo)
    result = sb.run("PreCompact", sb.payload("PreCompact", transcript=fifo), timeout=15)
    check_output(result)
    # Without the guard it waits out its 20 s budget and prints nothing: a wide margin under
    # that, so a busy machine cannot fail it.
    assert result.seconds < 15 and result.out, "PreCompact must print its block, not wait on the FIFO"
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("kind", ["error output"])
def test_a_50_mb_text_is_folded_in_bounded_time(tmp_path: Path, kind: str) -> None:
    # Guard: session.SCAN_CHARS. Without it, redaction, mention and error-line scans run over
    # all 50 MB (2.5-4 s here, over the PostToolUse budget once a machine is busy).
    import time

    from context_keeper.session import build_model

    text = "error: the line goes on and on\n" * (BIG // 31)
    if kind == "prompt":
        records = [{"type": "user", "message": {"role": "user", "content": text}}]
    else:
        records = [
            {"type": "assistant", "message": {"id": "m1", "role": "assistant", "content": [
                {"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "pytest -q"}}]}},
            {"type": "user", "message": {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "t1", "content": text, "is_error": True}]}},
        ]
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records))
    started = time.process_time()
    model = build_model(path)
    assert time.process_time() - started < 1.5
    assert model.offset == path.stat().st_size
