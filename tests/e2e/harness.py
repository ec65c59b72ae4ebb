"""Runs the real Claude Code CLI offline against a FakeApi, in a throwaway HOME and repo.

The environment is built like a bare `env -i ...` run:
nothing from the developer's own environment leaks in except PATH, so a user's real
~/.claude settings, API keys or proxies can never change what a test sees.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fake_api import FakeApi

REPO_ROOT = Path(__file__).resolve().parents[2]
E2E_DIR = Path(__file__).resolve().parent
PINNED_VERSION = "2.1.330"  # the default, for CI; install_claude.sh pins the same
DEFAULT_PREFIX = REPO_ROOT / ".cache" / "claude-code"
BINARY_ENV_VAR = "CONTEXT_KEEPER_CLAUDE_BIN"  # points the tests at another claude build
PREFIX_ENV_VAR = "CONTEXT_KEEPER_CLAUDE_PREFIX"  # where install_claude.sh installed it
VERSION_ENV_VAR = "CLAUDE_VERSION"  # run the suite against another released version
DUMP_HOOK = E2E_DIR / "dump_hook.py"
# A hang detector, not a speed test: on a busy 2-core machine (CI, another suite beside it) a
# run takes several times its quiet time, and the fault tests' hooks use their full timeouts.
DEFAULT_TIMEOUT_S = 300.0


def claude_version() -> str:
    """The Claude Code version the suite runs against: $CLAUDE_VERSION, else the pinned one."""
    return os.environ.get(VERSION_ENV_VAR) or PINNED_VERSION


def claude_prefix(version: str | None = None) -> Path:
    """Where install_claude.sh installs `version`: the pinned one in the prefix itself
    ($CONTEXT_KEEPER_CLAUDE_PREFIX or .cache/claude-code), any other beside it, in
    `<prefix>-<version>`, so switching versions never reinstalls or overwrites one."""
    version = version or claude_version()
    prefix = Path(os.environ.get(PREFIX_ENV_VAR) or DEFAULT_PREFIX)
    return prefix if version == PINNED_VERSION else prefix.with_name(f"{prefix.name}-{version}")


def find_claude_binary() -> Path | None:
    """The CLI install_claude.sh installed for `claude_version()` (or $CONTEXT_KEEPER_CLAUDE_BIN)."""
    override = os.environ.get(BINARY_ENV_VAR)
    candidate = Path(override) if override else claude_prefix() / "node_modules" / ".bin" / "claude"
    return candidate if candidate.is_file() and os.access(candidate, os.X_OK) else None


def installed_version(binary: Path) -> str | None:
    """The version in the npm package.json beside `binary` (None for another kind of build)."""
    package = binary.parent.parent / "@anthropic-ai" / "claude-code" / "package.json"
    try:
        version = json.loads(package.read_text()).get("version")
    except (OSError, ValueError):
        return None
    return version if isinstance(version, str) else None


def mangle_project_dir(path: Path | str) -> str:
    """Claude Code's project folder name: every non-alphanumeric character becomes '-'."""
    return re.sub(r"[^A-Za-z0-9]", "-", str(path))


def base_env(home: Path, api_url: str) -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "IS_SANDBOX": "1",  # as root, --dangerously-skip-permissions needs it
        "ANTHROPIC_BASE_URL": api_url,
        "ANTHROPIC_API_KEY": "sk-test",
        "DISABLE_TELEMETRY": "1",
        "DISABLE_ERROR_REPORTING": "1",
        "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
        "DISABLE_AUTOUPDATER": "1",
        # The Task tools are off by default on the default model since 2.1.233.
        "CLAUDE_CODE_ENABLE_TODO_TOOLS": "1",
        # Claude Code runs Bash calls in $SHELL when it is bash or zsh, and otherwise in zsh
        # where zsh is installed: the tests quote bash's messages, on any machine.
        "SHELL": "/bin/bash",
        # The scripted sessions' Bash calls run the dev interpreter's pytest on two-test files;
        # the plugins it would load (hypothesis, anyio) print nothing under -q and cost more
        # than those tests (0.6-1 s a run on a loaded machine).
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }


@dataclass(frozen=True)
class RunResult:
    """One `claude -p` invocation."""

    args: tuple[str, ...]
    returncode: int | None  # None when killed by the timeout
    events: tuple[dict[str, Any], ...]  # parsed stream-json lines
    stdout: str
    stderr: str
    duration_s: float
    timed_out: bool

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    @property
    def session_id(self) -> str | None:
        for event in self.events:
            if isinstance(event.get("session_id"), str):
                return event["session_id"]
        return None

    @property
    def result(self) -> dict[str, Any] | None:
        """The final `{"type": "result", ...}` event."""
        found = [e for e in self.events if e.get("type") == "result"]
        return found[-1] if found else None

    def system_events(self, subtype: str) -> list[dict[str, Any]]:
        """stream-json `system` events, e.g. "init", "status" (compacting, compact_result,
        compact_error) or "compact_boundary" (compact_metadata.trigger)."""
        return [e for e in self.events if e.get("type") == "system" and e.get("subtype") == subtype]

    def describe(self) -> str:
        """A failure message with enough to debug a CLI run."""
        tail = "\n".join(self.stdout.splitlines()[-15:])
        return (f"claude exited {self.returncode} (timed out: {self.timed_out}) after "
                f"{self.duration_s:.1f}s\nargs: {self.args}\nstderr:\n{self.stderr[-3000:]}\n"
                f"stdout tail:\n{tail[-3000:]}")


def parse_stream_json(stdout: str) -> tuple[dict[str, Any], ...]:
    events = []
    for line in stdout.splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            continue  # a stray non-JSON line must not hide the events around it
        if isinstance(value, dict):
            events.append(value)
    return tuple(events)


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    """Complete JSON lines of a file; a partial trailing line (still being written) is skipped."""
    if not path.exists():
        return []
    records = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            value = json.loads(line)
        except ValueError:
            continue
        if isinstance(value, dict):
            records.append(value)
    return records


def content_blocks(records: Iterable[Mapping[str, Any]], block_type: str) -> list[dict[str, Any]]:
    """Every content block of `block_type` (tool_use, tool_result, text) in transcript records."""
    found = []
    for record in records:
        message = record.get("message")
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            found.extend(b for b in content if isinstance(b, dict) and b.get("type") == block_type)
    return found


def python_command(script: Path, *args: str) -> str:
    """A hook command line running `script` with this interpreter (Claude Code runs hook
    commands through a shell, and PATH's python3 may lack the project's packages)."""
    return shlex.join([sys.executable, str(script), *args])


def dump_hook_command(out: Path, *, stdout_text: str | None = None, exit_code: int = 0) -> str:
    """Shell command for dump_hook.py: appends its stdin to `out`, prints `stdout_text`."""
    args = ["--out", str(out)]
    if stdout_text is not None:
        args += ["--stdout", stdout_text]
    if exit_code:
        args += ["--exit", str(exit_code)]
    return python_command(DUMP_HOOK, *args)


def read_dump(out: Path, event: str | None = None) -> list[dict[str, Any]]:
    """dump_hook.py records ({"event", "stdin", "env"}), optionally of one hook event."""
    records = read_jsonl(out)
    return [r for r in records if event is None or r.get("event") == event]


class ClaudeSession:
    """A temp HOME + git repo in which to run `claude -p` against a FakeApi.

    Mutable on purpose: tests add hooks and run several prompts (`continue_session=True`)
    against the same home and repo.
    """

    def __init__(self, binary: Path, api: FakeApi, root: Path) -> None:
        self.binary = binary
        self.api = api
        self.home = root / "home"
        self.repo = root / "repo"
        self.runs: list[RunResult] = []
        self.home.mkdir(parents=True, exist_ok=True)
        init_git_repo(self.repo)

    # -- settings and hooks ---------------------------------------------------------

    def settings_path(self, scope: str = "user") -> Path:
        """`user` = $HOME/.claude/settings.json, `project` = <repo>/.claude/settings.json."""
        if scope == "user":
            return self.home / ".claude" / "settings.json"
        if scope == "project":
            return self.repo / ".claude" / "settings.json"
        raise ValueError(f"unknown settings scope {scope!r}")

    def read_settings(self, scope: str = "user") -> dict[str, Any]:
        path = self.settings_path(scope)
        return json.loads(path.read_text()) if path.exists() else {}

    def write_settings(self, settings: Mapping[str, Any], scope: str = "user") -> Path:
        path = self.settings_path(scope)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(settings, indent=2) + "\n")
        return path

    def add_hook(self, event: str, command: str, *, matcher: str | None = None,
                 timeout_s: int | None = 30, scope: str = "user") -> None:
        """Append one command hook for `event` (matcher e.g. "compact" or "Bash|Edit")."""
        settings = self.read_settings(scope)
        hook: dict[str, Any] = {"type": "command", "command": command}
        if timeout_s is not None:
            hook["timeout"] = timeout_s
        group: dict[str, Any] = {"hooks": [hook]}
        if matcher is not None:
            group["matcher"] = matcher
        settings.setdefault("hooks", {}).setdefault(event, []).append(group)
        self.write_settings(settings, scope)

    # -- running --------------------------------------------------------------------

    def env(self, extra_env: Mapping[str, str | None] | None = None) -> dict[str, str]:
        """The run's environment; an `extra_env` value of None removes that variable
        (e.g. CLAUDE_CODE_ENABLE_TODO_TOOLS, which base_env turns on)."""
        env = base_env(self.home, self.api.base_url)
        for key, value in (extra_env or {}).items():
            if value is None:
                env.pop(key, None)
            else:
                env[key] = value
        return env

    def run(self, prompt: str, *, continue_session: bool = False, resume: str | None = None,
            extra_env: Mapping[str, str | None] | None = None, extra_args: Sequence[str] = (),
            timeout_s: float = DEFAULT_TIMEOUT_S, cwd: Path | None = None) -> RunResult:
        args = [str(self.binary), "-p", prompt, "--output-format", "stream-json", "--verbose",
                "--dangerously-skip-permissions"]
        if continue_session:
            args.append("--continue")
        if resume:
            args += ["--resume", resume]
        args += list(extra_args)
        result = run_bounded(args, cwd=cwd or self.repo, env=self.env(extra_env),
                             timeout_s=timeout_s)
        self.runs.append(result)
        return result

    # -- transcripts ----------------------------------------------------------------

    @property
    def projects_dir(self) -> Path:
        return self.home / ".claude" / "projects"

    def last_session_id(self) -> str:
        for result in reversed(self.runs):
            if result.session_id:
                return result.session_id
        raise LookupError("no run reported a session id")

    def transcript_path(self, session_id: str | None = None, cwd: Path | None = None) -> Path:
        """$HOME/.claude/projects/<mangled cwd>/<session>.jsonl (default: the last run's)."""
        session = session_id or self.last_session_id()
        expected = self.projects_dir / mangle_project_dir(cwd or self.repo) / f"{session}.jsonl"
        if expected.exists():
            return expected
        # Claude Code shortens very long project paths; fall back to a search.
        found = sorted(self.projects_dir.glob(f"*/{session}.jsonl"))
        return found[0] if found else expected

    def transcript(self, session_id: str | None = None) -> list[dict[str, Any]]:
        return read_jsonl(self.transcript_path(session_id))


def init_git_repo(repo: Path) -> None:
    """A repo with one commit; identity is set locally because HOME is empty."""
    repo.mkdir(parents=True, exist_ok=True)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(repo.parent),
           "GIT_CONFIG_NOSYSTEM": "1"}

    def git(*args: str) -> None:
        subprocess.run(["git", *args], cwd=repo, env=env, check=True, timeout=30,
                       capture_output=True)

    git("init", "-q", "-b", "main")
    git("config", "user.name", "E2E Test")
    git("config", "user.email", "e2e@example.invalid")
    (repo / "README.md").write_text("# e2e test repo\n")
    git("add", "README.md")
    git("commit", "-q", "-m", "initial commit")


def run_bounded(args: Sequence[str], *, cwd: Path, env: Mapping[str, str],
                timeout_s: float) -> RunResult:
    """Run in a new process group so a timeout kills claude AND the shells/hooks it spawned."""
    started = time.monotonic()
    proc = subprocess.Popen(list(args), cwd=cwd, env=dict(env), stdin=subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    timed_out = False
    try:
        stdout, stderr = proc.communicate(timeout=timeout_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        _kill_group(proc)
        stdout, stderr = proc.communicate(timeout=10)
    finally:
        # Background shells a run left behind must not outlive the test.
        _kill_group(proc)
    return RunResult(args=tuple(args), returncode=None if timed_out else proc.returncode,
                     events=parse_stream_json(stdout), stdout=stdout, stderr=stderr,
                     duration_s=time.monotonic() - started, timed_out=timed_out)


def _kill_group(proc: subprocess.Popen[str]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)  # only the group we created for this run
    except ProcessLookupError:
        pass
