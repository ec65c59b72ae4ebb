"""Shared by the tests/test_hardening_*.py files: run the three hooks as Claude Code runs
them (a subprocess of the dev interpreter on hooks/*.py, stdin JSON, a temp data root) and
look at what they left behind."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from context_keeper.store import RunsDir, find_repo_root, repo_key

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable  # the dev venv's interpreter
HOOKS = {  # event -> the hook run for it here (context_refill also serves PostToolUse)
    "PostToolUse": ROOT / "hooks" / "auto_context_manager.py",
    "PreCompact": ROOT / "hooks" / "pre_compact_preserve.py",
    "SessionStart": ROOT / "hooks" / "session_start_restore.py",
    "PostCompact": ROOT / "hooks" / "post_compact_check.py",
    "UserPromptSubmit": ROOT / "hooks" / "context_refill.py",
}
EVENTS = tuple(HOOKS)
FIXTURES = ROOT / "tests" / "fixtures"
BLOCK_HEADER = "[context-keeper] "
RESTORE_HEADER = "[context-keeper restored state] "
CAPS = {"PreCompact": 10_000, "SessionStart": 10_000}


@dataclass(frozen=True)
class Result:
    event: str
    rc: int
    out: str
    err: str
    seconds: float


@dataclass
class Sandbox:
    """tmp/home (CONTEXT_KEEPER_HOME), tmp/project (cwd), tmp/claude (transcripts)."""

    tmp: Path
    env_extra: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.home.mkdir(parents=True, exist_ok=True)
        self.project.mkdir(parents=True, exist_ok=True)
        self.claude.mkdir(parents=True, exist_ok=True)

    @property
    def home(self) -> Path:
        return self.tmp / "home"

    @property
    def project(self) -> Path:
        return self.tmp / "project"

    @property
    def claude(self) -> Path:
        return self.tmp / "claude"

    @property
    def runs(self) -> RunsDir:
        return RunsDir.at(self.home / "runs" / repo_key(find_repo_root(self.project)))

    def env(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
        env.update(
            CONTEXT_KEEPER_HOME=str(self.home),
            CONTEXT_KEEPER_CONFIG=str(self.tmp / "none.toml"),
            # PostToolUse does its whole work on every call (the gate would skip most below
            # the threshold, and the work is what is under test here).
            CONTEXT_KEEPER_CONTEXT_THRESHOLD="0",
            GIT_CONFIG_NOSYSTEM="1",
            GIT_CONFIG_GLOBAL=os.devnull,
        )
        env.update(self.env_extra)
        env.update(extra)
        return env

    def payload(
        self, event: str, session_id: str = "sess-1", transcript: Path | str | None = None, **changes: Any
    ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "session_id": session_id,
            "transcript_path": str(transcript if transcript is not None else self.claude / "t.jsonl"),
            "cwd": str(self.project),
            "hook_event_name": event,
        }
        if event == "PostToolUse":
            data.update(
                tool_name="Bash",
                tool_input={"command": "ls"},
                tool_response={"stdout": "", "stderr": "", "interrupted": False},
                tool_use_id="toolu_01",
            )
        elif event == "PreCompact":
            data.update(trigger="manual", custom_instructions=None)
        elif event == "PostCompact":
            data.update(trigger="manual", compact_summary="<summary>Work on the project.</summary>")
        elif event == "UserPromptSubmit":
            data.update(prompt="Carry on.")
        else:
            data.update(source="compact", model="claude-opus-5-5")
        data.update(changes)
        return {k: v for k, v in data.items() if v is not ...}

    def start(self, event: str, stdin: bytes | dict[str, Any], *, umask: int | None = None,
              **env: str) -> subprocess.Popen[bytes]:
        raw = stdin if isinstance(stdin, bytes) else json.dumps(stdin).encode()
        preexec = (lambda: os.umask(umask)) if umask is not None else None  # noqa: E731
        proc = subprocess.Popen(
            [PYTHON, str(HOOKS[event])],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=self.env(**env),
            cwd=self.project,
            preexec_fn=preexec,
        )
        proc._ck_stdin = raw  # type: ignore[attr-defined]
        proc._ck_event = event  # type: ignore[attr-defined]
        proc._ck_started = time.monotonic()  # type: ignore[attr-defined]
        return proc

    @staticmethod
    def finish(proc: subprocess.Popen[bytes], timeout: float = 30) -> Result:
        try:
            out, err = proc.communicate(proc._ck_stdin, timeout=timeout)  # type: ignore[attr-defined]
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
            raise AssertionError(f"{proc._ck_event} hook did not finish within {timeout} s")  # type: ignore[attr-defined]
        seconds = time.monotonic() - proc._ck_started  # type: ignore[attr-defined]
        return Result(proc._ck_event, proc.returncode, out.decode("utf-8", "replace"),  # type: ignore[attr-defined]
                      err.decode("utf-8", "replace"), seconds)

    def run(self, event: str, stdin: bytes | dict[str, Any], timeout: float = 30, **env: str) -> Result:
        return self.finish(self.start(event, stdin, **env), timeout)

    def run_all(self, stdins: dict[str, bytes | dict[str, Any]], timeout: float = 30, **env: str) -> dict[str, Result]:
        """The hooks one after the other in Claude Code's order, each started after the
        previous one ended (PreCompact, then SessionStart, as a compaction does)."""
        return {event: self.run(event, stdin, timeout, **env) for event, stdin in stdins.items()}

    def logs(self) -> str:
        """Everything logged anywhere under the data root."""
        return "".join(
            p.read_text("utf-8", "replace") for p in sorted(self.home.rglob("context-keeper.log*")) if p.is_file()
        )


def snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    """path -> (mode, size, mtime_ns) of everything under `root` (lstat, no following)."""
    out = {}
    for dirpath, dirnames, filenames in os.walk(root):
        for name in dirnames + filenames:
            path = os.path.join(dirpath, name)
            try:
                st = os.lstat(path)
            except OSError:
                continue
            out[os.path.relpath(path, root)] = (st.st_mode, st.st_size, st.st_mtime_ns)
    return out


def changed_outside(before: dict[str, tuple[int, int, int]], after: dict[str, tuple[int, int, int]],
                    allowed: tuple[str, ...]) -> list[str]:
    """Paths created, changed or removed that do not start with one of `allowed`."""
    keys = set(before) | set(after)
    return sorted(
        k for k in keys if before.get(k) != after.get(k) and not any(k == a or k.startswith(a + os.sep) for a in allowed)
    )


def check_output(result: Result) -> None:
    """Exit 0, nothing on stderr, and stdout empty (PostToolUse) or one valid block."""
    assert result.rc == 0, result
    assert result.err == "", result.err
    # Well inside the hooks' budgets and Claude Code's timeouts, with room for a busy machine.
    assert result.seconds < 30, f"{result.event} took {result.seconds:.1f} s"
    if result.event in ("PostToolUse", "PostCompact"):
        assert result.out == "", result.out[:500]
        return
    if result.event == "UserPromptSubmit":  # nothing, or the refill as hook JSON
        if result.out:
            context = json.loads(result.out)["hookSpecificOutput"]["additionalContext"]
            assert context.startswith(BLOCK_HEADER) and len(context) <= 10_000 and "\0" not in context
        return
    if result.out:
        header = BLOCK_HEADER if result.event == "PreCompact" else RESTORE_HEADER
        assert result.out.startswith(header), result.out[:300]
        assert len(result.out) <= CAPS[result.event], len(result.out)
        assert "\0" not in result.out


def fixture_lines(name: str = "tools_and_tasks.jsonl") -> list[bytes]:
    return (FIXTURES / name).read_bytes().splitlines(keepends=True)


class Script:
    """A small synthetic transcript in Claude Code's record shapes: prompts, tasks that get
    created, started and completed, commands, edits, errors. One assistant message per turn."""

    def __init__(self, session_id: str = "sess-1", cwd: str = "/p") -> None:
        self.session_id, self.cwd = session_id, cwd
        self.lines: list[bytes] = []
        self._n = 0

    def _next(self, prefix: str) -> str:
        self._n += 1
        return f"{prefix}{self._n:04d}"

    def _add(self, obj: dict[str, Any]) -> None:
        obj.update(sessionId=self.session_id, cwd=self.cwd, uuid=self._next("u-"),
                   timestamp=f"2026-11-22T12:{self._n // 60 % 60:02d}:{self._n % 60:02d}.000Z")
        self.lines.append(json.dumps(obj).encode() + b"\n")

    def prompt(self, text: str) -> None:
        self._add({"type": "user", "message": {"role": "user", "content": text}})

    def say(self, text: str, tokens: int = 50_000) -> None:
        self._add({"type": "assistant", "message": {
            "id": self._next("msg_"), "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "text", "text": text}],
            "usage": {"input_tokens": tokens, "output_tokens": 10}}})

    def call(self, name: str, tool_input: dict[str, Any], result: str, *, is_error: bool = False,
             tool_use_result: Any = None, tokens: int = 50_000) -> None:
        tool_id = self._next("toolu_")
        self._add({"type": "assistant", "message": {
            "id": self._next("msg_"), "role": "assistant", "model": "claude-sonnet-4-5",
            "content": [{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}],
            "usage": {"input_tokens": tokens, "output_tokens": 10}}})
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": tool_id, "content": result}
        if is_error:
            block["is_error"] = True
        self._add({"type": "user", "message": {"role": "user", "content": [block]},
                   "toolUseResult": tool_use_result if tool_use_result is not None else {"stdout": result}})

    def task(self, n: int, subject: str, *, command: str = "pytest -q", path: str = "/p/src/mod.py",
             note: str = "Done.", failing: str | None = None) -> None:
        """Create task #n, start it, run a command (failing first if asked), edit a file, complete it."""
        self.call("TaskCreate", {"subject": subject, "description": f"{subject}, carefully"},
                  f"Task #{n} created successfully: {subject}", tool_use_result={"task": {"id": str(n), "subject": subject}})
        self.call("TaskUpdate", {"taskId": str(n), "status": "in_progress"}, f"Updated task #{n} status",
                  tool_use_result={"success": True, "taskId": str(n), "statusChange": {"from": "pending", "to": "in_progress"}})
        if failing is not None:
            self.call("Bash", {"command": command}, f"Exit code 1\n{failing}", is_error=True)
        self.call("Write", {"file_path": path, "content": "x = 1\n"}, f"File created successfully at: {path}")
        self.call("Bash", {"command": command}, "1 passed")
        self.say(note)
        self.call("TaskUpdate", {"taskId": str(n), "status": "completed"}, f"Updated task #{n} status",
                  tool_use_result={"success": True, "taskId": str(n), "statusChange": {"from": "in_progress", "to": "completed"}})

    def data(self) -> bytes:
        return b"".join(self.lines)


def scripted(session_id: str = "sess-1", tasks: int = 6, cwd: str = "/p", filler: int = 0) -> Script:
    """`tasks` tasks done one after the other; `filler` assistant texts of ~4 KB after each
    (folding them takes time: widens the window in which hooks overlap)."""
    s = Script(session_id, cwd)
    s.prompt("Build the thing in small tasks, please.")
    for n in range(1, tasks + 1):
        s.task(n, f"Step {n} of the build", command=f"pytest -q tests/test_{n}.py", path=f"{cwd}/src/mod_{n}.py",
               note=f"We chose plan {n} because it keeps the API stable.")
        for i in range(filler):
            s.say(f"Notes {n}.{i}: " + "the module reads its input, checks it and writes the result. " * 64)
    s.say("All steps are done; waiting for the next request.")
    return s


SUMMARY_SETTINGS = {"CONTEXT_KEEPER_CHECK_FREQUENCY": "1", "CONTEXT_KEEPER_TURNS_UNTIL_COLD": "2"}
