"""context-keeper on top of the e2e harness: install the real hooks, find their artefacts,
and tell whether Claude Code saw a hook fail.

The hooks are registered by the real ./install.sh (with `--python` = this interpreter, which
imports the checkout's lib/), into the temp HOME of a ClaudeSession (run once, its settings
file copied into later fresh homes: `install_hooks`). Their settings and data
root reach them through the environment of `claude -p`, which Claude Code passes on to
every hook command (measured: CONTEXT_KEEPER_HOME set on `claude -p` is in the hook's env).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from fake_api import LoggedRequest, all_text
from harness import REPO_ROOT, ClaudeSession, RunResult

from context_keeper.config import load_settings
from context_keeper.store import RunsDir, runs_dir_for

INSTALL_SH = REPO_ROOT / "install.sh"
HOOK_SCRIPTS = {  # event -> our hook's name, which every form of its command contains
    "PostToolUse": "auto_context_manager",
    "PreCompact": "pre_compact_preserve",
    "SessionStart": "session_start_restore",
}
INSTRUCTIONS_HEADING = "Additional Instructions:"
BLOCK_HEADER = "[context-keeper] Session state recorded just before this"
RESTORE_HEADER = "[context-keeper restored state]"


def install_hooks(session: ClaudeSession, python: str | Path = sys.executable) -> dict[str, Any]:
    """Register the hooks in the session's temp home as the real ./install.sh does; return the
    settings.

    install.sh runs for real once per interpreter and test run; a later fresh home gets the
    settings file it wrote (byte for byte the same in any home: its commands name the
    interpreter and the checkout, not the home). Only its install record, which no e2e test
    reads, is left out of those homes. A home that already has a settings file gets the real
    install.sh, which merges into it.
    """
    settings_path = session.settings_path()
    fresh = not settings_path.exists()
    written = _INSTALLED.get(str(python))
    if written is None or not fresh:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(session.home)}
        done = subprocess.run(
            [str(INSTALL_SH), "--python", str(python)], env=env, cwd=REPO_ROOT,
            capture_output=True, text=True, timeout=60,
        )
        assert done.returncode == 0, f"install.sh failed:\n{done.stdout}\n{done.stderr}"
        if fresh:
            _INSTALLED[str(python)] = (settings_path.read_bytes(), settings_path.stat().st_mode & 0o777)
    else:
        text, mode = written
        settings_path.parent.mkdir(parents=True, exist_ok=True)
        settings_path.write_bytes(text)
        settings_path.chmod(mode)
    settings = session.read_settings()
    for event, script in HOOK_SCRIPTS.items():
        commands = [h.get("command", "") for g in settings.get("hooks", {}).get(event, [])
                    for h in g.get("hooks", [])]
        assert any(script in c for c in commands), f"install.sh did not register {script}: {settings}"
    return settings


# interpreter -> the settings file install.sh wrote in a fresh home: its bytes and mode
_INSTALLED: dict[str, tuple[bytes, int]] = {}


def slowed_python(folder: Path, delays: Mapping[str, float], python: str | Path = sys.executable) -> Path:
    """An interpreter for `install_hooks` that starts each hook named in `delays` that many
    seconds late, and everything else at once: the order a busy machine makes (a hook still
    starting while Claude Code goes on), made on purpose. Claude Code waits for a blocking
    hook, never for an async one, and ends a `-p` run's hooks still running with it."""
    cases = "".join(
        f'    *"context_keeper.hooks.{name} import"*|*"hook {name}") sleep {seconds:g} ;;\n'
        for name, seconds in delays.items()
    )
    script = folder / "slowed-python"
    script.write_text(f'#!/bin/sh\ncase "$*" in\n{cases}esac\nexec {shlex.quote(str(python))} "$@"\n')
    script.chmod(0o755)
    return script


def replace_hook(session: ClaudeSession, event: str, command: str) -> None:
    """Swap the command of our `event` hook for `command` (for the breaking checks)."""
    settings = session.read_settings()
    replaced = 0
    for group in settings.get("hooks", {}).get(event, []):
        for hook in group.get("hooks", []):
            if HOOK_SCRIPTS[event] in hook.get("command", ""):
                hook["command"] = command
                replaced += 1
    assert replaced == 1, f"expected one {event} hook of ours, found {replaced}"
    session.write_settings(settings)


def keeper_env(data_root: Path, **settings: int | float | str) -> dict[str, str]:
    """CONTEXT_KEEPER_* variables: the data root plus e.g. check_frequency=1."""
    env = {"CONTEXT_KEEPER_HOME": str(data_root)}
    env.update({f"CONTEXT_KEEPER_{name.upper()}": str(value) for name, value in settings.items()})
    return env


def runs_dir(env: Mapping[str, str], repo: Path) -> RunsDir:
    """The runs dir the hooks use for `repo` under the settings in `env`."""
    settings, warnings = load_settings(dict(env))
    assert not warnings, warnings
    return runs_dir_for(settings, repo)


# -- what reached the fake API ------------------------------------------------------------------


def compaction_instructions(request: LoggedRequest) -> str:
    """Everything after "Additional Instructions:" in a compaction request: the user's
    /compact text, then the PreCompact hook's stdout (measured: docs/how-it-works.md)."""
    text = all_text(request)
    assert INSTRUCTIONS_HEADING in text, "compaction request without Additional Instructions"
    return text.split(INSTRUCTIONS_HEADING, 1)[1]


def preservation_block(request: LoggedRequest) -> str:
    """The block our PreCompact printed, as it arrived in the compaction prompt ("" if absent)."""
    instructions = compaction_instructions(request)
    start = instructions.find(BLOCK_HEADER)
    return instructions[start:] if start >= 0 else ""


def restore_note(request: LoggedRequest) -> str:
    """The SessionStart(compact) note as it arrived in a request ("" if absent)."""
    text = all_text(request)
    start = text.find(RESTORE_HEADER)
    return text[start:] if start >= 0 else ""


# -- hook errors, as Claude Code reports them -----------------------------------------------------

_FAILED_HOOK_RE = re.compile(r"\b(PreCompact|PostToolUse|SessionStart|PostCompact)\b[^\n]*\bfailed\b")


def hook_errors(runs: Iterable[RunResult], transcript: Iterable[Mapping[str, Any]]) -> list[str]:
    """Every way Claude Code 2.1.330 reports a failing hook, found in stream-json output,
    stderr and the transcript (measured with hooks that exit 1 and write to stderr):

    - stream-json `system/hook_response` with `outcome: "error"` (SessionStart);
    - transcript `attachment` of type `hook_non_blocking_error` (PostToolUse, SessionStart)
      or any other `hook_*error*` type;
    - `<local-command-stdout>Compacted PreCompact [<cmd>] failed: ...` after a /compact;
    - anything on claude's own stderr.
    """
    found = []
    for run in runs:
        if run.stderr.strip():
            found.append(f"stderr of {run.args[2]!r}: {run.stderr.strip()[:500]}")
        for event in run.system_events("hook_response"):
            if event.get("outcome") != "success" or event.get("exit_code") not in (0, None) \
                    or (event.get("stderr") or "").strip():
                found.append(f"hook_response: {json.dumps(event)[:500]}")
        for event in run.events:
            text = json.dumps(event.get("message", {}).get("content", "")) if event.get("type") == "user" else ""
            if "local-command-stdout" in text and _FAILED_HOOK_RE.search(text):
                found.append(f"stream-json: {text[:500]}")
    for record in transcript:
        attachment = record.get("attachment")
        kind = attachment.get("type", "") if isinstance(attachment, dict) else ""
        if kind.startswith("hook_") and "error" in kind:
            found.append(f"transcript attachment: {json.dumps(attachment)[:500]}")
        message = record.get("message")
        content = json.dumps(message.get("content", "")) if isinstance(message, dict) else ""
        if "local-command-stdout" in content and _FAILED_HOOK_RE.search(content):
            found.append(f"transcript: {content[:500]}")
    return found


def hook_responses(runs: Iterable[RunResult], event: str) -> list[dict[str, Any]]:
    return [e for run in runs for e in run.system_events("hook_response") if e.get("hook_event") == event]
