"""The scenarios: context-keeper's real hooks, registered by the real install.sh,
inside the real Claude Code CLI, against a scripted fake API. Every check reads a real
artefact: summary files, archives, compactions.jsonl, and the requests Claude Code sent.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fake_api import Step, context_usage, step, tool
from harness import DEFAULT_TIMEOUT_S, ClaudeSession, RunResult, content_blocks
from keeper import (
    BLOCK_HEADER,
    compaction_instructions,
    hook_errors,
    hook_responses,
    install_hooks,
    keeper_env,
    preservation_block,
    replace_hook,
    restore_note,
    runs_dir,
    slowed_python,
)

from context_keeper.cold.summaries import ColdSummary, load_summaries
from context_keeper.compaction.history import HistoryLine, read_history
from context_keeper.store import RunsDir

pytestmark = pytest.mark.e2e

RUN_TIMEOUT_S = DEFAULT_TIMEOUT_S  # a hang detector (harness.py)
SCENARIO_BUDGET_S = 60.0
PYTHON = sys.executable

# The hooks check every turn, call a completed task cold 3 turns later, and summarise
# from 3% of the 1,000,000-token window (30,000 tokens) on.
KEEPER_SETTINGS = {"check_frequency": 1, "turns_until_cold": 2, "context_threshold": 3}
BELOW_THRESHOLD = 29_000
ABOVE_THRESHOLD = 45_000
AUTO_COMPACT_USAGE = 99_000  # past 98,000: CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=10 (measured: docs/how-it-works.md)
# With that override the product reads its context threshold against the model's window scaled
# to the earlier compaction point (1,000,000 x 98,000 / 967,000 = 101,344 tokens): 30 % of it,
# 30,403 tokens, stands where 3 % of the whole window stands without the override, between
# BELOW_THRESHOLD and ABOVE_THRESHOLD. (At 3 % of the scaled window every turn of the scripted
# session is past the threshold, and whether a summary showed before the probe depended on
# which came first, the async hook or the next request.)
EARLY_COMPACTION = {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10", "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "30"}

TOKENIZER_BUGGY = '''\
def tokenize(text):
    """Split a calc expression into tokens."""
    return [c for c in text if not c.isspace()]
'''
TOKENIZER_FIXED = '''\
import re


def tokenize(text):
    """Split a calc expression into tokens."""
    return re.findall(r"\\d+|[-+*/()]", text)
'''
TEST_TOKENIZER = '''\
from calc.tokenizer import tokenize


def test_numbers():
    assert tokenize("12 + 3") == ["12", "+", "3"]
'''
PARSER = '''\
from calc.tokenizer import tokenize


def parse(text):
    depth = 0
    tokens = tokenize(text)
    for token in tokens:
        depth += {"(": 1, ")": -1}.get(token, 0)
        if depth < 0:
            raise ValueError(f"unbalanced ')' in {text!r}")
    return tokens
'''
TEST_PARSER = '''\
from calc.parser import parse


def test_recovers_after_unbalanced_paren():
    assert parse("1 + 2)") == ["1", "+", "2"]
'''

DECISION_TOKENIZER = "I decided to use re.findall for the scanner because it keeps multi-digit numbers together."
DECISION_PARSER = "Going with a recursive-descent parser rather than a Pratt parser so that error recovery stays simple."
TOKENIZER_ERROR = "FAILED tests/test_tokenizer.py::test_numbers - AssertionError"
PARSER_ERROR = "FAILED tests/test_parser.py::test_recovers_after_unbalanced_paren - ValueError: unbalanced ')'"


def waits_until(condition: str) -> str:
    """A shell command that returns once the shell `condition` holds, or after 60 s: a tool
    that waits for Claude Code's or a hook's writes (a ceiling, not a budget: the checks say
    what is missing). Write `command grep` in it: Claude Code's Bash shadows grep with the
    ugrep inside its own binary, which skips what .gitignore files name and starts that
    binary on each call."""
    return f"for i in $(seq 600); do {condition} && break; sleep 0.1; done"


# Claude Code 2.1.330 writes the transcript behind a short delay: when a tool finishes at
# once (Write, Edit, `ls`), its PostToolUse hook often runs before the tool_use record of the
# current response (and the result of the previous one) is on disk, so the hook's session
# model is a turn behind (measured here, against what was first believed). A real tool or a real API
# round takes longer than the delay. Where a scenario needs a hook to see the latest turn, the
# tool waits until its own tool_use record is on disk (the record holds the command, so a token
# in the command finds it; the result before it was written first), then runs.
TRANSCRIPTS = "$HOME/.claude/projects/*/*.jsonl $HOME/.claude/projects/*/*/subagents/*.jsonl"
_settle_tokens = itertools.count(1)


def settled(command: str) -> str:
    token = f"settle-{os.getpid()}-{next(_settle_tokens)}"
    return f"{waits_until(f'command grep -qsF {token} {TRANSCRIPTS}')} && {command}"


def pytest_command(test_file: str) -> str:
    # The dev interpreter has pytest; `-m pytest` puts the repo on sys.path for `calc`.
    return f"{shlex.quote(PYTHON)} -m pytest {test_file} -q -p no:cacheprovider"


@dataclass
class TaskSession:
    """The scripted long session with tasks (18 turns), and what it saw while running.

    turn  what                                              usage
    1-3   TaskCreate #1 tokenizer, #2 parser, #3 CLI docs    6k-10k
    4     TaskUpdate #1 in_progress                          12k
    5-9   decision; Write tokenizer (buggy) + its test; pytest FAILS; Edit fix; pytest passes
    10    TaskUpdate #1 completed                            24k
    11    TaskUpdate #2 in_progress                          26k
    12-13 decision; Write parser + its test                  27k, 29k: #1 cold by the turn
                                                             rule, but below the 30k threshold
    14    (probe: no summary yet) Edit parser                45k: the check summarises #1
    15    git status (settled, so its hook sees turn 15)     47k: or this one does
    16    wait for that summary (not with `summarised` off)  48k
    17    pytest of the parser FAILS (left unresolved)       `final_usage`
    18    closing text                                       `closing_usage`

    The summary is written by an async hook, which nothing waits for: a slow one (a busy
    machine) is still starting when the run ends and Claude Code kills it, or when the
    compaction's block is made. The session waits for it as a user's would go on.
    """

    repo: Path
    runs: RunsDir
    summaries_before_threshold: list[Path] | None = None
    summarised: bool = True  # False: the PostToolUse hook is swapped out, no summary will come

    def path(self, name: str) -> str:
        return str(self.repo / name)

    def script(self, final_usage: int, closing_usage: int) -> list[Step | Callable[[dict[str, Any]], Step]]:
        def at(tokens: int) -> dict[str, int]:
            return context_usage(tokens)

        def probe(body: dict[str, Any]) -> Step:
            # Requested after turn 13's PostToolUse hook: the tokenizer task is cold by the
            # turn rule by now, but no response so far reported 30k tokens or more.
            self.summaries_before_threshold = sorted(self.runs.summaries.glob("*.json"))
            return step(tool("Edit", file_path=self.path("calc/parser.py"), old_string="    depth = 0\n",
                             new_string="    depth = 0  # nesting level\n"), usage=at(ABOVE_THRESHOLD))

        return [
            step("I'll track this with tasks.",
                 tool("TaskCreate", subject="Write tokenizer module",
                      description="Split calc expressions into number and operator tokens",
                      activeForm="Writing the tokenizer"), usage=at(6_000)),
            step(tool("TaskCreate", subject="Add parser with error recovery",
                      description="Parse token lists; recover after unbalanced parentheses"), usage=at(8_000)),
            step(tool("TaskCreate", subject="Document the CLI flags",
                      description="README section for --precision and --verbose"), usage=at(10_000)),
            step(tool("TaskUpdate", taskId="1", status="in_progress"), usage=at(12_000)),
            step(DECISION_TOKENIZER, tool("Write", file_path=self.path("calc/tokenizer.py"), content=TOKENIZER_BUGGY),
                 usage=at(14_000)),
            step(tool("Write", file_path=self.path("tests/test_tokenizer.py"), content=TEST_TOKENIZER),
                 usage=at(16_000)),
            step(tool("Bash", command=pytest_command("tests/test_tokenizer.py"), description="Run tokenizer tests"),
                 usage=at(18_000)),
            step("Digits are split apart; joining them.",
                 tool("Edit", file_path=self.path("calc/tokenizer.py"), old_string=TOKENIZER_BUGGY,
                      new_string=TOKENIZER_FIXED), usage=at(20_000)),
            step(tool("Bash", command=pytest_command("tests/test_tokenizer.py"), description="Rerun tokenizer tests"),
                 usage=at(22_000)),
            step(tool("TaskUpdate", taskId="1", status="completed"), usage=at(24_000)),
            step(tool("TaskUpdate", taskId="2", status="in_progress"), usage=at(26_000)),
            step(DECISION_PARSER, tool("Write", file_path=self.path("calc/parser.py"), content=PARSER),
                 usage=at(27_000)),
            step(tool("Write", file_path=self.path("tests/test_parser.py"), content=TEST_PARSER),
                 usage=at(BELOW_THRESHOLD)),
            probe,
            step(tool("Bash", command=settled("git status --short"), description="Status"), usage=at(47_000)),
            *([step(tool("Bash", command=wait_for_summaries(self.runs.summaries, 1), description="Wait"),
                    usage=at(48_000))] if self.summarised else []),
            step(tool("Bash", command=pytest_command("tests/test_parser.py"), description="Run parser tests"),
                 usage=at(final_usage)),
            step("The parser test still fails on the unbalanced parenthesis; I'll pick it up next.",
                 usage=at(closing_usage)),
        ]


# -- fixtures and shared checks ------------------------------------------------------------------


@pytest.fixture
def hook_delays() -> dict[str, float]:
    """Hooks started late on purpose (keeper.slowed_python): none unless a test says so."""
    return {}


@pytest.fixture
def keeper(claude: ClaudeSession, tmp_path: Path, hook_delays: dict[str, float]) -> dict[str, str]:
    """The real hooks installed into the session's HOME; returns the env for `claude -p`."""
    install_hooks(claude, slowed_python(tmp_path, hook_delays) if hook_delays else PYTHON)
    return keeper_env(tmp_path / "ck-data", **KEEPER_SETTINGS)


def run_ok(claude: ClaudeSession, prompt: str, env: dict[str, Any], **kwargs: Any) -> RunResult:
    result = claude.run(prompt, extra_env=env, timeout_s=RUN_TIMEOUT_S, **kwargs)
    assert result.ok, result.describe()
    return result


def timed(test: Callable[..., None]) -> Callable[..., None]:
    """Report how long a scenario took against its aim."""
    import functools

    @functools.wraps(test)
    def wrapper(*args: Any, **kwargs: Any) -> None:
        started = time.monotonic()
        test(*args, **kwargs)
        took = time.monotonic() - started
        # Reported, not asserted: wall time depends on the machine's load (CI runs on a busy one).
        print(f"{test.__name__}: {took:.1f}s (aim: under {SCENARIO_BUDGET_S:.0f}s)")

    return wrapper


def failing_line(claude: ClaudeSession, command: str, prefix: str) -> str:
    """The line starting with `prefix` in the last failed result of `command`: the real
    pytest output, as Claude Code recorded it."""
    records = claude.transcript()
    ids = {u["id"] for u in content_blocks(records, "tool_use") if u.get("input", {}).get("command") == command}
    failed = [r for r in content_blocks(records, "tool_result") if r.get("tool_use_id") in ids and r.get("is_error")]
    assert failed, f"no failed Bash call of {command!r} in the transcript"
    output = str(failed[-1]["content"])
    lines = [line.strip() for line in output.splitlines() if line.strip().startswith(prefix)]
    assert lines, f"no line starting with {prefix!r} in:\n{output}"
    return lines[0]


def failure_message(claude: ClaudeSession, command: str) -> str:
    """How the product writes the first failure of the last failed run of `command` since issue
    14 (context_keeper.failures): `<test id>: <the E line's text>`, whitespace collapsed; pytest's
    explanation lines (`; At index 0 diff: ...`) may follow. The test id is from pytest's FAILED
    summary line, the text from the first E line, both as Claude Code recorded them."""
    node = failing_line(claude, command, "FAILED ").split()[1]
    text = " ".join(failing_line(claude, command, "E ").removeprefix("E").split())
    return f"{node}: {text}"


def check_task_summary(runs: RunsDir, session_id: str, session: TaskSession, tokenizer_error: str) -> ColdSummary:
    """The tokenizer task (#1) was summarised once it was cold AND the context was past the
    threshold; nothing else was (the parser task is open, the episode used task tools)."""
    assert session.summaries_before_threshold == [], \
        f"summarised below the context threshold: {session.summaries_before_threshold}"
    summaries = load_summaries(runs, session_id)
    assert [(s.task_id, s.kind) for s in summaries] == [("1", "task")], summaries
    [summary] = summaries
    assert summary.path == runs.summary_path(session_id, "1")
    assert summary.subject == "Write tokenizer module"
    assert summary.status == "completed"
    assert summary.details_recorded
    assert list(summary.files_modified) == [session.path("calc/tokenizer.py"), session.path("tests/test_tokenizer.py")]
    assert list(summary.commands_run) == [pytest_command("tests/test_tokenizer.py")]
    assert DECISION_TOKENIZER in summary.key_outcomes
    [fixed] = summary.errors_resolved
    assert fixed.error.startswith(tokenizer_error) and fixed.target == pytest_command("tests/test_tokenizer.py")
    assert "succeeded" in fixed.fixed_by and "tokenizer.py" in fixed.fixed_by
    assert summary.errors_unresolved == ()
    return summary


def check_history(runs: RunsDir, session_id: str, trigger: str) -> HistoryLine:
    records = [r for r in read_history(runs, session_id) if r.source in ("pre_compact", "session_start")]
    assert [(r.trigger, r.source) for r in records] == [(trigger, "pre_compact")], records
    return records[0]


def check_archive(claude: ClaudeSession, record: HistoryLine) -> bytes:
    """The archive is the transcript exactly as it was when PreCompact ran: a byte-identical
    prefix of today's transcript that holds every conversation record before the boundary."""
    assert record.archive_path, record
    archive = Path(record.archive_path)
    data = archive.read_bytes()
    assert len(data) == record.archive_size
    assert hashlib.sha256(data).hexdigest() == record.archive_sha256
    assert archive.stat().st_mode & 0o777 == 0o600
    transcript = claude.transcript_path().read_bytes()
    assert transcript[: len(data)] == data, "archive is not a byte-identical prefix of the transcript"
    assert data.endswith(b"\n")
    # Between the archive's end and the compact boundary Claude Code writes only bookkeeping
    # records (mode, atis-latch, tools-used ...), never a message of the conversation.
    between = []
    for line in transcript[len(data):].splitlines():
        entry = json.loads(line)
        if entry.get("subtype") == "compact_boundary":
            break
        between.append(entry.get("type"))
    else:
        raise AssertionError("no compact_boundary after the archived prefix")
    assert not {"user", "assistant"} & set(between), between
    return data


def check_block(block: str, session: TaskSession, trigger: str, parser_error: str) -> None:
    """The preservation block, as it reached the compaction prompt, carries the session."""
    assert block.startswith(f"{BLOCK_HEADER} {trigger} compaction"), block[:300]
    assert "ACTIVE TASKS (2 open; in progress first):\n" \
        "- #2 [in_progress] Add parser with error recovery — " \
        "Parse token lists; recover after unbalanced parentheses\n" \
        "- #3 [pending] Document the CLI flags — README section for --precision and --verbose" in block
    assert f"`{pytest_command('tests/test_parser.py')}` → exit 1: {parser_error}" in block
    for name in ("calc/parser.py", "tests/test_parser.py", "calc/tokenizer.py", "tests/test_tokenizer.py"):
        assert f"\n- {name}\n" in block, name
    assert DECISION_PARSER in block and DECISION_TOKENIZER in block
    # The cold task's summary is in it too, and the resolved tokenizer failure is not an
    # unresolved error.
    assert 'task #1 "Write tokenizer module" [completed]' in block
    errors = block.split("UNRESOLVED ERRORS", 1)[1].split("\n\n", 1)[0]
    assert "test_tokenizer" not in errors


def check_restore(note: str, trigger: str, parser_error: str) -> None:
    """The restore note reached the model in the first request after the compaction."""
    assert note.startswith(f"[context-keeper restored state] As recorded just before the {trigger} compaction"), \
        note[:300]
    assert "- #2 [in_progress] Add parser with error recovery" in note
    assert "- #3 [pending] Document the CLI flags" in note
    assert parser_error in note
    assert "- calc/parser.py" in note


def check_no_hook_errors(claude: ClaudeSession) -> None:
    errors = hook_errors(claude.runs, claude.transcript())
    assert errors == [], "\n".join(errors)


def check_data_root(claude: ClaudeSession, env: dict[str, str]) -> None:
    """The hooks got CONTEXT_KEEPER_HOME from `claude -p`'s environment: nothing went to the
    default data dir under the temp HOME."""
    assert Path(env["CONTEXT_KEEPER_HOME"], "runs").is_dir()
    assert not (claude.home / ".local" / "share" / "context-keeper" / "runs").exists()


# -- 1. manual compaction of a long session with tasks ---------------------------------------------


@timed
# Every PostToolUse hook started 6 s late, as on a busy machine: the cold summary comes after
# the turns that follow it, and nothing but the session itself waits for it.
@pytest.mark.parametrize("hook_delays", [{}, {"auto_context_manager": 6.0}], ids=["hooks at once", "PostToolUse late"])
def test_long_task_session_then_manual_compact(claude: ClaudeSession, keeper: dict[str, str]) -> None:
    runs = runs_dir(keeper, claude.repo)
    session = TaskSession(claude.repo, runs)
    claude.api.set_script([*session.script(final_usage=50_000, closing_usage=52_000),
                           step("Continuing with the parser.")])

    first = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.", keeper)
    assert claude.api.steps_left == 1, "the whole scripted session ran"
    session_id = first.session_id
    assert session_id
    tokenizer_error = failure_message(claude, pytest_command("tests/test_tokenizer.py"))
    parser_error = failure_message(claude, pytest_command("tests/test_parser.py"))
    summary = check_task_summary(runs, session_id, session, tokenizer_error)

    instructions = "Focus on the parser work; keep test names."
    compact = run_ok(claude, f"/compact {instructions}", keeper, continue_session=True)
    assert [e["compact_metadata"]["trigger"] for e in compact.system_events("compact_boundary")] == ["manual"]
    after = run_ok(claude, "Continue with the parser fix.", keeper, continue_session=True)
    assert first.session_id == compact.session_id == after.session_id

    record = check_history(runs, session_id, "manual")
    check_archive(claude, record)
    [request] = claude.api.compaction_requests()
    text = compaction_instructions(request)
    block = preservation_block(request)
    assert text.index(instructions) < text.index(BLOCK_HEADER), "the block comes after the user's text"
    check_block(block, session, "manual", parser_error)
    assert f"Full pre-compaction transcript archived at: {record.archive_path}" in block
    assert summary.path and summary.path.is_file()
    assert runs.preserved_path(session_id).read_text() in text
    check_restore(restore_note(claude.api.requests_after_compaction()[0]), "manual", parser_error)
    check_no_hook_errors(claude)
    check_data_root(claude, keeper)


# -- 2. auto-compaction in the middle of a turn ----------------------------------------------------


@timed
def test_long_task_session_auto_compacts(claude: ClaudeSession, keeper: dict[str, str]) -> None:
    runs = runs_dir(keeper, claude.repo)
    session = TaskSession(claude.repo, runs)
    # The failing parser test run reports 99,000 tokens: Claude Code compacts right after
    # its result, then asks for the closing text with the restore note in context.
    claude.api.set_script(session.script(final_usage=AUTO_COMPACT_USAGE, closing_usage=3_000))
    env = keeper | EARLY_COMPACTION

    result = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.", env)
    assert claude.api.steps_left == 0
    [status] = [e for e in result.system_events("status") if "compact_result" in e]
    assert status["compact_result"] == "success", status
    assert [e["compact_metadata"]["trigger"] for e in result.system_events("compact_boundary")] == ["auto"]
    session_id = result.session_id
    assert session_id
    tokenizer_error = failure_message(claude, pytest_command("tests/test_tokenizer.py"))
    parser_error = failure_message(claude, pytest_command("tests/test_parser.py"))
    check_task_summary(runs, session_id, session, tokenizer_error)

    record = check_history(runs, session_id, "auto")
    check_archive(claude, record)
    [request] = claude.api.compaction_requests()
    block = preservation_block(request)
    check_block(block, session, "auto", parser_error)
    first_after = claude.api.requests_after_compaction()[0]
    check_restore(restore_note(first_after), "auto", parser_error)
    check_no_hook_errors(claude)
    check_data_root(claude, env)


# -- 3. no task tools: prompt episodes are the units -----------------------------------------------

SLUG = '''\
import re


def slugify(text):
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
'''
LOADER_BUGGY = '''\
import tomllib


def load(path):
    with open(path) as handle:
        return tomllib.load(handle)
'''
TEST_LOADER = '''\
from confload.loader import load


def test_load(tmp_path):
    path = tmp_path / "settings.toml"
    path.write_text("precision = 3\\n")
    assert load(path) == {"precision": 3}
'''
DECISION_SLUG = "I chose to lowercase before replacing so that the slugs are stable."
DECISION_LOADER = "The fix is opening the file in binary mode because tomllib.load needs bytes."
EPISODE_PROMPTS = (
    "Add a slugify helper to the text utilities.",
    "Write a CHANGELOG entry for release 0.2.",
    "Add a config loader that reads settings.toml.",
    "Now run the whole test suite once.",
)


def episode_script(repo: Path, summaries: Path) -> list[list[Step]]:
    """Four prompts' worth of steps (3 + 3 + 6 + 4 turns), every response past the threshold.

    Episode n is cold for a check that sees a turn more than 2 after its last turn (3, 6,
    12): prompt-1 and prompt-2 by turn 10, prompt-3 only at turn 15 (its tool is settled) and
    written to `summaries` by that hook, which turn 16 waits for."""
    tokens = iter(range(40_000, 80_000, 2_000))

    def s(*blocks: Any) -> Step:
        return step(*blocks, usage=context_usage(next(tokens)))

    slug, changelog = str(repo / "textutils/slug.py"), str(repo / "CHANGELOG.md")
    loader, test_loader = str(repo / "confload/loader.py"), str(repo / "tests/test_loader.py")
    check_slug = f"{shlex.quote(PYTHON)} -c 'from textutils.slug import slugify; print(slugify(\"Hello World\"))'"
    return [
        [s(tool("Write", file_path=slug, content=SLUG)),
         s(tool("Bash", command=check_slug, description="Try slugify")),
         s(f"Added slugify. {DECISION_SLUG}")],
        [s(tool("Write", file_path=changelog, content="# Changelog\n\n## 0.2\n- slugify helper\n")),
         s(tool("Bash", command="git add CHANGELOG.md && git status --short", description="Stage")),
         s("The changelog entry is staged.")],
        [s(tool("Write", file_path=loader, content=LOADER_BUGGY)),
         s(tool("Write", file_path=test_loader, content=TEST_LOADER)),
         s(tool("Bash", command=pytest_command("tests/test_loader.py"), description="Run loader tests")),
         s(DECISION_LOADER, tool("Edit", file_path=loader, old_string="open(path)", new_string='open(path, "rb")')),
         s(tool("Bash", command=pytest_command("tests/test_loader.py"), description="Rerun loader tests")),
         s("The loader reads settings.toml now.")],
        [s(tool("Bash", command=pytest_command("tests"), description="Whole suite")),
         s(tool("Bash", command="git status --short", description="Status")),
         s(tool("Bash", command=settled("ls"), description="List")),  # its hook sees turn 15
         # The fold runs async (measured: docs/how-it-works.md): a -p run that ends right after a tool call kills the
         # hook still folding (SIGTERM). A session goes on; this tool waits for the hook's third summary (a ceiling
         # of 60 s, not a budget: the checks say what is missing).
         s(tool("Bash", command=wait_for_summaries(summaries, 3), description="Wait")),
         s("All tests pass.")],
    ]


def wait_for_summaries(folder: Path, count: int) -> str:
    """A shell command that returns once `folder` holds `count` summaries, or after 60 s."""
    return waits_until(f'set -- {shlex.quote(str(folder))}/*.json; [ -e "$1" ] && [ $# -ge {count} ]')


@timed
def test_session_without_task_tools_gets_episode_summaries(claude: ClaudeSession, keeper: dict[str, str]) -> None:
    env = keeper | {"CLAUDE_CODE_ENABLE_TODO_TOOLS": None}
    runs = runs_dir(keeper, claude.repo)
    results = []
    for n, (prompt, steps) in enumerate(zip(EPISODE_PROMPTS, episode_script(claude.repo, runs.summaries)), start=1):
        claude.api.extend_script(steps)
        results.append(run_ok(claude, prompt, env, continue_session=n > 1))
        assert claude.api.steps_left == 0, f"prompt {n} did not use its steps"
    [init] = results[0].system_events("init")
    assert "TaskCreate" not in init["tools"] and "TodoWrite" not in init["tools"], init["tools"]
    session_id = results[0].session_id
    assert session_id and {r.session_id for r in results} == {session_id}
    loader_error = failure_message(claude, pytest_command("tests/test_loader.py"))

    # Episodes 1-3 ended more than 2 turns before a later check; episode 4 is the current one.
    summaries = {s.task_id: s for s in load_summaries(runs, session_id)}
    assert sorted(summaries) == ["prompt-1", "prompt-2", "prompt-3"], summaries
    for n, summary in enumerate(summaries.values(), start=1):
        assert summary.kind == "episode" and summary.subject == EPISODE_PROMPTS[n - 1]
        assert summary.path == runs.summary_path(session_id, f"prompt-{n}")
    first, second, third = summaries["prompt-1"], summaries["prompt-2"], summaries["prompt-3"]
    assert list(first.files_modified) == [str(claude.repo / "textutils/slug.py")]
    assert first.commands_run and "slugify" in first.commands_run[0]
    assert DECISION_SLUG in first.key_outcomes
    assert list(second.files_modified) == [str(claude.repo / "CHANGELOG.md")]
    assert list(second.commands_run) == ["git add CHANGELOG.md && git status --short"]
    assert list(third.files_modified) == [str(claude.repo / "confload/loader.py"),
                                          str(claude.repo / "tests/test_loader.py")]
    assert list(third.commands_run) == [pytest_command("tests/test_loader.py")]
    assert DECISION_LOADER in third.key_outcomes
    [fixed] = third.errors_resolved
    assert fixed.error.startswith(loader_error) and "loader.py" in fixed.fixed_by

    # The summaries reach the compaction prompt (a /compact without instructions).
    run_ok(claude, "/compact", env, continue_session=True)
    [request] = claude.api.compaction_requests()
    block = preservation_block(request)
    assert block.startswith(f"{BLOCK_HEADER} manual compaction"), block[:300]
    finished = block.split("FINISHED WORK, ALREADY SUMMARISED (keep verbatim):\n", 1)[1]
    for n in (1, 2, 3):
        assert f'- request prompt-{n} "{EPISODE_PROMPTS[n - 1]}"' in finished
    assert "ACTIVE TASKS" not in block
    check_no_hook_errors(claude)


# -- 4. hooks that hit a fault ---------------------------------------------------------------------


def break_data_root(kind: str, data_root: Path, runs: RunsDir) -> Path:
    """Make the hooks' storage unusable (as root, chmod would not stop a write: regular
    files stand where directories must be). Returns the file that must stay untouched."""
    if kind == "home-below-a-file":
        # CONTEXT_KEEPER_HOME=<file>/ck: nothing can be created, not even the fallback log.
        blocker = data_root.parent
    elif kind == "runs-dir-is-a-file":
        blocker = runs.root  # the data root works (fallback log), the repo's runs dir not
    elif kind == "subdirs-are-files":
        blocker = runs.archives  # runs dir fine; archives/ and summaries/ are files
        runs.root.mkdir(parents=True)
        runs.summaries.write_text("not a directory\n")
    else:
        raise ValueError(kind)
    blocker.parent.mkdir(parents=True, exist_ok=True)
    blocker.write_text("not a directory\n")
    return blocker


@timed
@pytest.mark.parametrize("fault", ["home-below-a-file", "runs-dir-is-a-file", "subdirs-are-files"])
def test_hooks_with_unusable_storage_never_hurt_the_session(
    claude: ClaudeSession, tmp_path: Path, fault: str
) -> None:
    install_hooks(claude, PYTHON)
    env = keeper_env(tmp_path / "blocker" / "ck", **KEEPER_SETTINGS)
    runs = runs_dir(env, claude.repo)
    blocker = break_data_root(fault, tmp_path / "blocker" / "ck", runs)
    notes = str(claude.repo / "notes.md")
    claude.api.set_script([
        step(tool("TaskCreate", subject="Write the notes", description="Short notes file"),
             usage=context_usage(40_000)),
        step(tool("Write", file_path=notes, content="alpha\n"), usage=context_usage(42_000)),
        step(tool("Bash", command="grep -q beta notes.md", description="Check"), usage=context_usage(44_000)),
        step("I decided to keep the notes in Markdown because the README is Markdown too.",
             tool("Edit", file_path=notes, old_string="alpha", new_string="beta"), usage=context_usage(46_000)),
        step(tool("Bash", command="cat notes.md", description="Show"), usage=context_usage(48_000)),
        step("Notes written.", usage=context_usage(50_000)),
        step("Carrying on after compaction."),
    ])

    first = run_ok(claude, "Write the notes file.", env)
    compact = run_ok(claude, "/compact keep the notes", env, continue_session=True)
    after = run_ok(claude, "Carry on.", env, continue_session=True)

    assert claude.api.steps_left == 0
    assert first.session_id == compact.session_id == after.session_id
    [status] = [e for e in compact.system_events("status") if "compact_result" in e]
    assert status["compact_result"] == "success", status
    [request] = claude.api.compaction_requests()
    assert "keep the notes" in compaction_instructions(request)
    check_no_hook_errors(claude)
    # ... and the check looked at real reports: Claude Code did report on our SessionStart.
    [restored] = hook_responses(claude.runs, "SessionStart")
    assert restored["outcome"] == "success" and restored["exit_code"] == 0, restored
    assert blocker.read_text() == "not a directory\n"
    # Storage is optional to the block and the note: they still carry the session.
    block = preservation_block(request)
    assert block.startswith(f"{BLOCK_HEADER} manual compaction"), block[:300]
    assert "- #1 [pending] Write the notes — Short notes file" in block
    assert "\n- notes.md\n" in block
    assert "I decided to keep the notes in Markdown because the README is Markdown too." in block
    assert "archived at" not in block
    note = restore_note(claude.api.requests_after_compaction()[0])
    assert "- #1 [pending] Write the notes" in note and "- notes.md" in note


# -- the suite has teeth: each broken hook fails the checks above ----------------------------------

SILENT = "true"  # a hook that does nothing and prints nothing
FAILING = "echo context-keeper-broken >&2; exit 1"


@timed
@pytest.mark.parametrize("broken", ["PreCompact", "SessionStart", "PostToolUse"])
def test_a_broken_hook_fails_the_scenario_checks(claude: ClaudeSession, keeper: dict[str, str], broken: str) -> None:
    """Scenario 1 with one hook swapped out: PreCompact or PostToolUse replaced by one that
    prints nothing, SessionStart by one that fails. The same checks must then fail."""
    replace_hook(claude, broken, FAILING if broken == "SessionStart" else SILENT)
    runs = runs_dir(keeper, claude.repo)
    session = TaskSession(claude.repo, runs, summarised=broken != "PostToolUse")
    claude.api.set_script([*session.script(final_usage=50_000, closing_usage=52_000), step("Continuing.")])
    first = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.", keeper)
    run_ok(claude, "/compact Focus on the parser work.", keeper, continue_session=True)
    run_ok(claude, "Continue with the parser fix.", keeper, continue_session=True)
    session_id = first.session_id
    assert session_id
    tokenizer_error = failure_message(claude, pytest_command("tests/test_tokenizer.py"))
    parser_error = failure_message(claude, pytest_command("tests/test_parser.py"))
    [request] = claude.api.compaction_requests()
    first_after = claude.api.requests_after_compaction()[0]

    def fails(check: Callable[..., Any], *args: Any) -> None:
        with pytest.raises(AssertionError):
            check(*args)

    if broken == "PreCompact":
        assert preservation_block(request) == ""
        fails(check_block, preservation_block(request), session, "manual", parser_error)
        fails(check_history, runs, session_id, "manual")
    elif broken == "SessionStart":
        assert restore_note(first_after) == ""
        fails(check_restore, restore_note(first_after), "manual", parser_error)
        fails(check_no_hook_errors, claude)
    else:
        fails(check_task_summary, runs, session_id, session, tokenizer_error)
        fails(check_block, preservation_block(request), session, "manual", parser_error)
