"""hooks/auto_context_manager.py run as Claude Code runs it: a subprocess per PostToolUse call,
real stdin shape, the transcript on disk cut right after the tool_use that fired the hook.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from context_keeper.cold.summaries import load_summaries
from context_keeper.session import SessionModel
from context_keeper.store import RunsDir, find_repo_root, repo_key, session_lock

ROOT = Path(__file__).resolve().parents[2]
HOOK = ROOT / "hooks" / "auto_context_manager.py"
FIXTURES = Path(__file__).parents[1] / "fixtures"
SAMPLES = json.loads((FIXTURES / "hook_stdin_samples.json").read_text())["samples"]
SESSION = "5e55a0e1-0000-4000-8000-000000000001"
HOOK_TOOLS = ("Bash", "Write", "Edit")


# -- Claude Code's record shapes, taken from a real transcript --------------------------------------


def _fixture_records(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (FIXTURES / name).read_text().splitlines()]


_REAL = _fixture_records("tools_and_tasks.jsonl")


def _template(pred: Any) -> dict[str, Any]:
    return next(r for r in _REAL if pred(r))


PROMPT_T = _template(lambda r: r["type"] == "user" and isinstance(r["message"]["content"], str))
TEXT_T = _template(lambda r: r["type"] == "assistant" and r["message"]["content"][0]["type"] == "text")
TOOL_USE_T = _template(lambda r: r["type"] == "assistant" and r["message"]["content"][0]["type"] == "tool_use")
RESULT_T = _template(lambda r: r["type"] == "user" and r.get("toolUseResult") is not None)
# Records the model does not read, but which make up most of a real file.
NOISE = [_template(lambda r, t=t: r["type"] == t) for t in ("api-request", "tools-used", "last-prompt", "attachment")]


def dumps(record: dict[str, Any]) -> bytes:
    return json.dumps(record, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


@dataclass(frozen=True)
class Call:
    """One tool_use that fires PostToolUse: the transcript is cut right after `end`."""

    end: int  # byte offset just after the tool_use record
    tool: str
    tool_use_id: str
    tool_input: dict[str, Any]
    tool_response: dict[str, Any]
    label: str


class Transcript:
    """Writes a transcript in Claude Code 2.1.330's record shapes."""

    def __init__(self, session_id: str = SESSION, cwd: str = "/home/dev/project") -> None:
        self.session_id, self.cwd = session_id, cwd
        self.data = bytearray()
        self.calls: list[Call] = []
        self.n = 0
        self.turn = 0
        self.parent: str | None = None
        self.msg_id = ""
        self.deferred: list[tuple[str, str, Any, bool]] = []

    def _id(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n:024x}"

    def _add(self, template: dict[str, Any], message: dict[str, Any], **extra: Any) -> dict[str, Any]:
        record = copy.deepcopy(template)
        record.update(uuid=self._id("uuid-"), parentUuid=self.parent, sessionId=self.session_id, cwd=self.cwd, **extra)
        record["message"] = {**record["message"], **message}
        self.parent = record["uuid"]
        self.data += dumps(record)
        return record

    def noise(self) -> None:
        for record in NOISE:
            self.data += dumps(record)

    def prompt(self, text: str) -> None:
        self._add(PROMPT_T, {"content": text})
        self.noise()

    def _response(self, same_message: bool) -> dict[str, Any]:
        if not same_message:
            self.turn += 1
            self.msg_id = self._id("msg_fake_")
        # Context grows with the session: 10k tokens a turn, so a 1M window is 1 % per 10 turns.
        usage = {**TEXT_T["message"]["usage"], "input_tokens": 10_000 * self.turn,
                 "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 0}
        return {"id": self.msg_id, "usage": usage}

    def say(self, text: str, same_message: bool = False) -> None:
        self._add(TEXT_T, {**self._response(same_message), "content": [{"type": "text", "text": text}]})

    def tool(self, name: str, tool_input: dict[str, Any], result: str, response: Any, *, is_error: bool = False,
             label: str = "", same_message: bool = False, deferred: bool = False) -> str:
        tool_id = self._id("toolu_fake_")
        self._add(TOOL_USE_T, {**self._response(same_message),
                               "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}]})
        # A failing Bash fires PostToolUseFailure and a failing Edit fires nothing (measured: docs/how-it-works.md).
        if name in HOOK_TOOLS and not is_error:
            self.calls.append(Call(len(self.data), name, tool_id, tool_input, response, label or f"T{self.turn} {name}"))
        entry = (tool_id, result, response, is_error)
        if deferred:
            self.deferred.append(entry)
        else:
            self._result(*entry)
        return tool_id

    def flush(self) -> None:
        """Results of parallel calls, after all their tool_use records."""
        for entry in self.deferred:
            self._result(*entry)
        self.deferred = []

    def _result(self, tool_id: str, result: str, response: Any, is_error: bool) -> None:
        self._add(RESULT_T, {"content": [{"tool_use_id": tool_id, "type": "tool_result", "content": result,
                                          "is_error": is_error}]},
                  toolUseResult=response if not is_error else f"Error: {result}")
        self.noise()

    # -- tools -------------------------------------------------------------------------------

    def bash(self, command: str, out: str = "", exit_code: int = 0, **kw: Any) -> str:
        if exit_code:
            return self.tool("Bash", {"command": command, "description": "run"}, f"Exit code {exit_code}\n{out}", None,
                             is_error=True, **kw)
        response = {"stdout": out, "stderr": "", "interrupted": False, "isImage": False, "noOutputExpected": False}
        return self.tool("Bash", {"command": command, "description": "run"}, out, response, **kw)

    def write(self, path: str, content: str = "x\n", **kw: Any) -> str:
        response = {"type": "create", "filePath": path, "content": content, "structuredPatch": [],
                    "originalFile": None, "userModified": False}
        return self.tool("Write", {"file_path": path, "content": content}, f"File created successfully at: {path}",
                         response, **kw)

    def edit(self, path: str, old: str = "a", new: str = "b", **kw: Any) -> str:
        response = {"filePath": path, "oldString": old, "newString": new, "originalFile": "a\n",
                    "structuredPatch": [{"oldStart": 1, "oldLines": 1, "newStart": 1, "newLines": 1,
                                         "lines": [f"-{old}", f"+{new}"]}],
                    "userModified": False, "replaceAll": False}
        return self.tool("Edit", {"file_path": path, "old_string": old, "new_string": new, "replace_all": False},
                         f"The file {path} has been updated successfully.", response, **kw)

    def task_create(self, task_id: str, subject: str) -> None:
        self.tool("TaskCreate", {"subject": subject, "description": f"{subject}, properly"},
                  f"Task #{task_id} created successfully: {subject}",
                  {"task": {"id": task_id, "subject": subject}})

    def task_update(self, task_id: str, status: str) -> None:
        self.tool("TaskUpdate", {"taskId": task_id, "status": status}, f"Updated task #{task_id} status",
                  {"success": True, "taskId": task_id, "updatedFields": ["status"],
                   "statusChange": {"from": "pending", "to": status}})


SECRET = "sk-ant-api03-AbCdEf0123456789xyzQRS"


def scripted_session() -> Transcript:
    """Five prompts: two plain episodes, one with two tasks, two more plain ones.

    Turn numbers are in the comments; they are what the expectations below are checked
    against (turns_until_cold = 2: a unit goes cold when now - end > 2 and now - touched > 2).
    """
    s = Transcript()
    s.prompt("Add a --verbose flag to the CLI")  # episode 1: turns 1-5
    s.say("I'll look at cli.py first.")  # T1
    s.edit("/home/dev/project/cli.py", same_message=True)  # T1  call
    s.bash("pytest tests/test_cli.py", "tests/test_cli.py F\nFAILED tests/test_cli.py::test_verbose - "
           "AssertionError: assert 0 == 1\n1 failed in 0.02s", exit_code=1)  # T2  fails: no hook
    s.edit("/home/dev/project/cli.py", "count", "store_true")  # T3  call
    s.bash("pytest tests/test_cli.py", "3 passed in 0.02s")  # T4  call
    s.say("Added --verbose; I chose argparse's count action because it allows -vv.")  # T5
    s.prompt("Set up the release tooling")  # episode 2 (task tools): turns 6-16
    s.task_create("1", "Write the changelog")  # T6
    s.task_create("2", "Bump the version")  # T7
    s.task_update("1", "in_progress")  # T8
    s.say("Writing the changelog from the git log.")  # T9
    s.write("/home/dev/project/CHANGELOG.md", "## 1.3.0\n", same_message=True)  # T9  call: prompt-1 cold
    s.task_update("1", "completed")  # T10
    s.task_update("2", "in_progress")  # T11
    s.bash("python scripts/bump.py", "Traceback (most recent call last):\n  File \"scripts/bump.py\", line 1\n"
           "ModuleNotFoundError: No module named 'tomlkit'", exit_code=1)  # T12 fails: no hook
    s.edit("/home/dev/project/pyproject.toml", "deps = []", "deps = ['tomlkit']")  # T13 call: task 1 cold
    s.bash("python scripts/bump.py", "1.2.0 -> 1.3.0")  # T14 call
    s.say("Version bumped to 1.3.0 using tomlkit instead of regex edits.")  # T15
    s.task_update("2", "completed")  # T16
    # Names task 2's subject: touches it at turn 17, so it goes cold at 20, not 19.
    s.prompt("Tidy the README and bump the version badge")  # episode 3: turns 17-18
    s.edit("/home/dev/project/README.md", "old badge", "new badge")  # T17 call
    s.say("README tidied: removed the stale badges.")  # T18
    s.prompt("Make the flaky network test deterministic")  # episode 4: turns 19-23
    # Two parallel calls: the failing one fires no hook, the other does, with both on disk.
    s.bash("pytest tests/test_net.py -x", "tests/test_net.py ..F\nE   TimeoutError: timed out\n"
           "FAILED tests/test_net.py::test_retry - TimeoutError: timed out\n1 failed, 2 passed", exit_code=1,
           deferred=True)  # T19
    s.bash("git log --oneline -3", "abc123 fix\n", same_message=True, deferred=True)  # T19 call
    s.flush()
    # Names a file episode 3 modified: touches episode 3 at turn 20 (cold at 24, not 21).
    s.say("Unrelated to README.md: the test now uses a fixed seed")  # T20
    s.edit("/home/dev/project/tests/test_net.py", "sleep(1)", "clock.advance(1)", same_message=True)  # T20 call: task 2
    s.bash("pytest tests/test_net.py -x", "3 passed")  # T21 call
    s.bash(f"curl -fsS -H 'Authorization: Bearer {SECRET}' https://status.example.com/ping", "ok")  # T22 call
    s.say("Network test is deterministic now: I chose a fake clock instead of sleeping.")  # T23
    s.prompt("Update the docs index")  # episode 5: turns 24-27, current to the end
    s.write("/home/dev/project/docs/index.md", "# Docs\n")  # T24 call: prompt-3 cold
    # Two parallel calls in one response: both tool_use records land before either result.
    s.bash("mkdocs build", "built", deferred=True)  # T25 call
    s.bash("git status --short", "M docs/index.md", same_message=True, deferred=True)  # T25 call
    s.flush()
    s.bash("git commit -qm 'docs: index'", "")  # T26 call: prompt-4 cold
    s.say("Docs index updated and committed.")  # T27
    return s


# -- running the hook -------------------------------------------------------------------------------


def hook_env(home: Path, **settings: Any) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
    env.update(CONTEXT_KEEPER_HOME=str(home), CONTEXT_KEEPER_CONFIG=str(home / "no-config.toml"),
               CONTEXT_KEEPER_CHECK_FREQUENCY="1", CONTEXT_KEEPER_CONTEXT_THRESHOLD="0",
               CONTEXT_KEEPER_TURNS_UNTIL_COLD="2")
    env.update({f"CONTEXT_KEEPER_{k.upper()}": str(v) for k, v in settings.items()})
    return env


def stdin_for(call: Call | None, transcript: Path, cwd: Path, session_id: str = SESSION) -> bytes:
    tool = call.tool if call else "Bash"
    payload = copy.deepcopy(SAMPLES[f"PostToolUse:{tool}"]["stdin"])
    payload.update(session_id=session_id, transcript_path=str(transcript), cwd=str(cwd))
    if call is not None:
        payload.update(tool_use_id=call.tool_use_id, tool_input=call.tool_input, tool_response=call.tool_response)
    return json.dumps(payload).encode()


def run_hook(stdin: bytes, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    # A plain interpreter on the script, as Claude Code runs `python3 .../hooks/auto_context_manager.py`.
    done = subprocess.run([sys.executable, str(HOOK)], input=stdin, env=env, capture_output=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    return done


@dataclass
class Setup:
    home: Path
    cwd: Path
    transcript: Path

    @property
    def runs(self) -> RunsDir:
        return RunsDir.at(self.home / "runs" / repo_key(find_repo_root(self.cwd)))

    def state(self, session_id: str = SESSION) -> SessionModel:
        return SessionModel.from_bytes(self.runs.state_path(session_id).read_bytes())

    def summary_files(self) -> dict[str, bytes]:
        if not self.runs.summaries.exists():
            return {}
        return {p.name: p.read_bytes() for p in sorted(self.runs.summaries.iterdir())}

    def log(self) -> str:
        return self.runs.log_path.read_text()


@pytest.fixture
def setup(tmp_path: Path) -> Setup:
    cwd = tmp_path / "project"
    (cwd / ".git").mkdir(parents=True)
    return Setup(tmp_path / "home", cwd, tmp_path / "claude" / f"{SESSION}.jsonl")


def append_to(path: Path, data: bytes) -> None:
    # Claude Code appends to one file: same inode all along.
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "ab") as handle:
        handle.write(data)


def replay(setup: Setup, script: Transcript, env: dict[str, str]) -> list[tuple[str, list[str]]]:
    """Run the hook at each call, the file cut after its tool_use; what appeared at each call."""
    appeared: list[tuple[str, list[str]]] = []
    written = 0
    seen: dict[str, bytes] = {}
    for call in script.calls:
        append_to(setup.transcript, bytes(script.data[written : call.end]))
        written = call.end
        run_hook(stdin_for(call, setup.transcript, setup.cwd), env)
        state = setup.state()
        assert state.offset == call.end == setup.transcript.stat().st_size
        files = setup.summary_files()
        for name, data in seen.items():
            assert files[name] == data  # never rewritten
        new = sorted(s.task_id for s in load_summaries(setup.runs) if s.path is not None and s.path.name not in seen)
        appeared.append((call.label, new))
        seen = files
    return appeared


# -- the replays ------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["tools_and_tasks.jsonl", "manual_compact.jsonl", "auto_compact.jsonl"])
def test_replay_real_transcripts(setup: Setup, name: str) -> None:
    """Real Claude Code transcripts: single-prompt work, or a task finished after the last
    Bash/Write/Edit: nothing is cold at any PostToolUse call, and the cursor follows each cut."""
    data = (FIXTURES / name).read_bytes()
    lines = data.splitlines(keepends=True)
    s = Transcript()
    offset = 0
    for line in lines:
        offset += len(line)
        record = json.loads(line)
        if record.get("type") != "assistant":
            continue
        for block in record["message"]["content"]:
            if block.get("type") == "tool_use" and block["name"] in HOOK_TOOLS:
                response = SAMPLES[f"PostToolUse:{block['name']}"]["stdin"]["tool_response"]
                s.calls.append(Call(offset, block["name"], block["id"], block["input"], response, block["name"]))
    s.data = bytearray(data)
    assert len(s.calls) == {"tools_and_tasks.jsonl": 3, "manual_compact.jsonl": 1, "auto_compact.jsonl": 3}[name]
    env = hook_env(setup.home)
    assert [new for _, new in replay(setup, s, env)] == [[] for _ in s.calls]
    state = setup.state()
    assert state.last_checked_turn == state.turns  # the check ran at every call
    if name == "tools_and_tasks.jsonl":
        assert state.turns == 3 and list(state.files) == ["/home/dev/project/notes.txt"]
        assert [c.command for c in state.commands] == ["echo hello-from-bash && ls"]
    # One log line per call, saying what it did.
    assert state.turns and setup.log().count("checked: summarised nothing") == len(s.calls)


EXPECTED_APPEARANCES = [
    ("T1 Edit", []),
    ("T3 Edit", []),
    ("T4 Bash", []),
    ("T9 Write", ["prompt-1"]),  # ended at turn 5, 9 - 5 > 2
    ("T13 Edit", ["1"]),  # task 1 completed at 10
    ("T14 Bash", []),
    ("T17 Edit", []),  # task 2 completed at 16, named by the prompt at 17
    ("T19 Bash", []),  # so not cold at 19
    ("T20 Edit", ["2"]),
    ("T21 Bash", []),  # episode 3 ended at 18 but README.md was named at 20
    ("T22 Bash", []),
    ("T24 Write", ["prompt-3"]),
    ("T25 Bash", []),
    ("T25 Bash", []),
    ("T26 Bash", ["prompt-4"]),  # ended at 23; episode 2 used task tools: never an episode summary
]


def test_replay_scripted_session_call_by_call(setup: Setup) -> None:
    script = scripted_session()
    assert replay(setup, script, hook_env(setup.home)) == EXPECTED_APPEARANCES
    by_id = {s.task_id: s for s in load_summaries(setup.runs, SESSION)}
    assert list(by_id) == ["prompt-1", "1", "2", "prompt-3", "prompt-4"]  # by start turn

    p1 = by_id["prompt-1"]
    assert (p1.kind, p1.subject, p1.start_turn, p1.end_turn) == ("episode", "Add a --verbose flag to the CLI", 1, 5)
    assert p1.files_modified == ("/home/dev/project/cli.py",)
    assert p1.commands_run == ("pytest tests/test_cli.py",)
    # a plan ("I'll look at cli.py first.") is no outcome; a failure is written as
    # failures/ words it (`<test id>: <message>`).
    assert p1.key_outcomes == ("Added --verbose; I chose argparse's count action because it allows -vv.",)
    assert [(e.error, e.target, e.fixed_by) for e in p1.errors_resolved] == [
        ("tests/test_cli.py::test_verbose: AssertionError: assert 0 == 1", "pytest tests/test_cli.py",
         "`pytest tests/test_cli.py` succeeded after editing cli.py")]

    t1 = by_id["1"]
    assert (t1.kind, t1.subject, t1.status, t1.start_turn, t1.end_turn) == ("task", "Write the changelog", "completed", 8, 10)
    assert t1.description == "Write the changelog, properly"
    assert t1.files_modified == ("/home/dev/project/CHANGELOG.md",)
    assert (t1.commands_run, t1.errors_resolved) == ((), ())
    assert t1.key_outcomes == ("Writing the changelog from the git log.",)

    t2 = by_id["2"]
    assert (t2.subject, t2.start_turn, t2.end_turn) == ("Bump the version", 11, 16)
    assert t2.files_modified == ("/home/dev/project/pyproject.toml",)
    assert t2.commands_run == ("python scripts/bump.py",)
    assert t2.key_outcomes == ("Version bumped to 1.3.0 using tomlkit instead of regex edits.",)
    assert [(e.error, e.fixed_by) for e in t2.errors_resolved] == [
        ("ModuleNotFoundError: No module named 'tomlkit'", "`python scripts/bump.py` succeeded after editing pyproject.toml")]

    p3 = by_id["prompt-3"]
    assert (p3.subject, p3.start_turn, p3.end_turn) == ("Tidy the README and bump the version badge", 17, 18)
    assert (p3.files_modified, p3.commands_run) == (("/home/dev/project/README.md",), ())
    assert p3.key_outcomes == ("README tidied: removed the stale badges.",)

    p4 = by_id["prompt-4"]
    assert (p4.start_turn, p4.end_turn) == (19, 23)
    assert p4.files_modified == ("/home/dev/project/tests/test_net.py",)
    assert p4.commands_run == ("pytest tests/test_net.py -x", "git log --oneline -3",
                               "curl -fsS -H 'Authorization: Bearer [REDACTED]' https://status.example.com/ping")
    assert p4.key_outcomes == ("Network test is deterministic now: I chose a fake clock instead of sleeping.",
                               "Unrelated to README.md: the test now uses a fixed seed")
    assert [(e.error, e.fixed_by) for e in p4.errors_resolved] == [
        ("tests/test_net.py::test_retry: TimeoutError: timed out",
         "`pytest tests/test_net.py -x` succeeded after editing test_net.py")]
    assert all(s.errors_unresolved == () and s.transcript_path == str(setup.transcript) for s in by_id.values())

    # The files themselves: the keys, private, no secret anywhere, no leftovers.
    for name, data in setup.summary_files().items():
        raw = json.loads(data)
        assert {"session_id", "task_id", "subject", "start_turn", "end_turn", "compressed_at", "files_modified",
                "commands_run", "key_outcomes", "errors_resolved"} <= set(raw)
        assert name == hashlib.md5(f"{SESSION}:{raw['task_id']}".encode()).hexdigest() + ".json"
        assert raw["compressed_at"].endswith("Z") and raw["session_id"] == SESSION
        assert stat.S_IMODE((setup.runs.summaries / name).stat().st_mode) == 0o600
    assert SECRET not in "".join(d.decode() for d in setup.summary_files().values())
    assert stat.S_IMODE(setup.runs.summaries.stat().st_mode) == 0o700

    # The state keeps only what is still needed.
    state = setup.state()
    assert set(state.summarized) == {"prompt-1", "task-1", "task-2", "prompt-3", "prompt-4"}
    assert not set(state.facts) & set(state.summarized)


def test_the_saved_state_holds_no_secret(setup: Setup) -> None:
    script = scripted_session()
    append_to(setup.transcript, bytes(script.data))
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), hook_env(setup.home))
    assert SECRET not in setup.runs.state_path(SESSION).read_text()


def test_later_calls_never_rewrite_and_a_replaced_transcript_starts_over(setup: Setup) -> None:
    script = scripted_session()
    env = hook_env(setup.home)
    append_to(setup.transcript, bytes(script.data))
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), env)
    files = setup.summary_files()
    assert len(files) == 5
    mtimes = {p.name: p.stat().st_mtime_ns for p in setup.runs.summaries.iterdir()}
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), env)

    # Replaced by a shorter, different transcript (same path): the model starts over.
    shutil.copy(FIXTURES / "tools_and_tasks.jsonl", setup.transcript)
    run_hook(stdin_for(None, setup.transcript, setup.cwd), env)
    state = setup.state()
    assert (state.turns, state.offset, state.summarized) == (13, setup.transcript.stat().st_size, {})
    assert [t.subject for t in state.tasks.tasks.values()] == ["Write tests", "Run linter"]

    # The old session written back under a new inode: every unit is cold again at once, and
    # finds its summary already there: marked done, file untouched.
    setup.transcript.unlink()
    append_to(setup.transcript, bytes(script.data))
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), env)
    assert setup.summary_files() == files
    assert {p.name: p.stat().st_mtime_ns for p in setup.runs.summaries.iterdir()} == mtimes
    assert set(setup.state().summarized) == {"prompt-1", "task-1", "task-2", "prompt-3", "prompt-4"}
    assert setup.log().count("summarised prompt-1, 1, 2, prompt-3, prompt-4") == 1


def test_no_summary_below_the_threshold(setup: Setup) -> None:
    script = scripted_session()
    append_to(setup.transcript, bytes(script.data))
    # 270k tokens of a 1M window: 27 %.
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), hook_env(setup.home, context_threshold=30))
    assert setup.summary_files() == {}
    # The gate ends the call from the transcript's tail: no model folded, no state written.
    assert not list(setup.runs.state.glob("*.json"))
    assert "usage 27.0% below 30%: nothing to do" in setup.log()
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), hook_env(setup.home, context_threshold=27))
    assert len(setup.summary_files()) == 5
    assert setup.state().last_checked_turn == 27


def test_the_window_override_counts(setup: Setup) -> None:
    script = scripted_session()
    append_to(setup.transcript, bytes(script.data))
    env = hook_env(setup.home, context_threshold=70, context_window=300_000)  # 270k of 300k: 90 %
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), env)
    assert len(setup.summary_files()) == 5


def test_check_frequency_is_respected(setup: Setup) -> None:
    script = scripted_session()
    env = hook_env(setup.home, check_frequency=10)
    checked_at = []
    written = 0
    for call in script.calls:
        append_to(setup.transcript, bytes(script.data[written : call.end]))
        written = call.end
        run_hook(stdin_for(call, setup.transcript, setup.cwd), env)
        state = setup.state()
        if not checked_at or state.last_checked_turn != checked_at[-1]:
            checked_at.append(state.last_checked_turn)
    # Checks at the first call at or past turn 10 (T13), then 10 turns later (T24): what went
    # cold in between (task 2 at 20, episode 3 at 24) is caught there; episode 4 (26) is not.
    assert checked_at == [0, 13, 24]
    assert [s.task_id for s in load_summaries(setup.runs)] == ["prompt-1", "1", "2", "prompt-3"]


# -- robustness -------------------------------------------------------------------------------------


def test_missing_or_absent_transcript_is_logged_not_raised(setup: Setup) -> None:
    env = hook_env(setup.home)
    run_hook(stdin_for(None, setup.transcript, setup.cwd), env)  # path does not exist
    payload = json.loads(stdin_for(None, setup.transcript, setup.cwd))
    del payload["transcript_path"]
    run_hook(json.dumps(payload).encode(), env)
    log = setup.log()
    assert "is not a file; nothing done" in log and "no transcript_path" in log
    assert not setup.runs.state_path(SESSION).exists()


def test_a_busy_session_lock_skips_the_call(setup: Setup) -> None:
    script = scripted_session()
    append_to(setup.transcript, bytes(script.data))
    setup.runs.ensure()
    with session_lock(setup.runs, SESSION, 0) as locked:
        assert locked
        run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), hook_env(setup.home, lock_timeout=0.2))
    assert "session lock busy; skipped" in setup.log()
    assert not setup.runs.state_path(SESSION).exists() and setup.summary_files() == {}
    # The next call catches up with everything.
    run_hook(stdin_for(script.calls[-1], setup.transcript, setup.cwd), hook_env(setup.home))
    assert setup.state().offset == setup.transcript.stat().st_size and len(setup.summary_files()) == 5


@pytest.mark.parametrize("stdin", [b"", b"not json", b"[]", b'{"hook_event_name": "PostToolUse"}'])
def test_junk_stdin_is_silent(setup: Setup, stdin: bytes) -> None:
    run_hook(stdin, hook_env(setup.home))


def test_runs_from_a_checkout_without_install(setup: Setup) -> None:
    """A plugin checkout run by an interpreter where context_keeper is not installed: without
    site (-S) the editable install is invisible; orjson/platformdirs come in by PYTHONPATH."""
    site = next(p for p in sys.path if p.endswith("site-packages") and Path(p, "orjson").exists())
    env = {**hook_env(setup.home), "PYTHONPATH": site}
    probe = subprocess.run([sys.executable, "-S", "-c", "import context_keeper"], env=env, capture_output=True)
    assert probe.returncode == 1 and b"ModuleNotFoundError" in probe.stderr
    script = scripted_session()
    append_to(setup.transcript, bytes(script.data))
    stdin = stdin_for(script.calls[-1], setup.transcript, setup.cwd)
    done = subprocess.run([sys.executable, "-S", str(HOOK)], input=stdin, env=env, capture_output=True, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    assert len(setup.summary_files()) == 5


def test_concurrent_calls_leave_one_consistent_state(setup: Setup) -> None:
    script = scripted_session()
    append_to(setup.transcript, bytes(script.data))
    env = hook_env(setup.home, lock_timeout=60)
    stdins = [stdin_for(call, setup.transcript, setup.cwd) for call in script.calls]
    stdins += stdins[: 16 - len(stdins)]
    assert len(stdins) == 16
    with ThreadPoolExecutor(16) as pool:
        done = list(pool.map(lambda stdin: run_hook(stdin, env), stdins))
    assert len(done) == 16
    state = setup.state()
    assert state.offset == setup.transcript.stat().st_size and state.turns == 27
    assert set(state.summarized) == {"prompt-1", "task-1", "task-2", "prompt-3", "prompt-4"}
    files = setup.summary_files()
    assert len(files) == 5 and sorted(s.task_id for s in load_summaries(setup.runs)) == [
        "1", "2", "prompt-1", "prompt-3", "prompt-4"]
    assert all(json.loads(data)["session_id"] == SESSION for data in files.values())  # whole, parseable
    assert [p.name for p in setup.runs.state.iterdir() if p.name.startswith(".")] == []  # no temp files
    log = setup.log()
    assert log.count("summarised prompt-1, 1, 2, prompt-3, prompt-4") == 1
    assert log.count("PostToolUse session=") == 16 and "ERROR" not in log
