"""The dry hook run: each registered hook command run once the way Claude Code runs it
(through `sh -c`, cwd = a project) on a tiny generated transcript, with CONTEXT_KEEPER_HOME
pointing at a temporary dir, so it never touches the user's data."""

from __future__ import annotations

import os
import subprocess
import tempfile
import uuid
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from .checks import SPECS, Check, check_name, reinstall_hint
from .scan import FoundHook, SettingsScan


def sample_transcript(cwd: Path, session_id: str) -> bytes:
    """A tiny but real-shaped transcript: a prompt, a Bash call, its result, a reply."""
    tool_id = "toolu_doctor_1"
    call = {"type": "tool_use", "id": tool_id, "name": "Bash", "input": {"command": "pytest -q"}}
    result = {"type": "tool_result", "tool_use_id": tool_id, "content": "3 passed", "is_error": False}
    records = [
        _user("u1", None, 0, "Run the tests and fix what fails."),
        _assistant("a1", "u1", 1, "msg_doctor_1", call),
        {
            **_user("u2", "a1", 2, [result]),
            "toolUseResult": {"stdout": "3 passed", "stderr": "", "interrupted": False, "isImage": False},
        },
        _assistant("a2", "u2", 3, "msg_doctor_2", {"type": "text", "text": "All 3 tests pass."}),
    ]
    common = {
        "isSidechain": False,
        "cwd": str(cwd),
        "sessionId": session_id,
        "version": "2.1.330",
        "userType": "external",
    }
    return b"".join(orjson.dumps({**common, **r}) + b"\n" for r in records)


def _record(kind: str, uuid: str, parent: str | None, second: int, message: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": kind,
        "parentUuid": parent,
        "uuid": uuid,
        "timestamp": f"2026-01-01T00:00:0{second}.000Z",
        "message": message,
    }


def _user(uuid: str, parent: str | None, second: int, content: object) -> dict[str, Any]:
    return _record("user", uuid, parent, second, {"role": "user", "content": content})


def _assistant(uuid: str, parent: str, second: int, message_id: str, block: dict[str, Any]) -> dict[str, Any]:
    usage = {"input_tokens": 1000, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 40}
    message = {
        "id": message_id,
        "type": "message",
        "role": "assistant",
        "model": "claude-opus-5-5",
        "content": [block],
        "usage": usage,
    }
    return _record("assistant", uuid, parent, second, message)


def _stdin(event: str, session_id: str, transcript: Path, cwd: Path) -> bytes:
    base: dict[str, object] = {
        "session_id": session_id,
        "transcript_path": str(transcript),
        "cwd": str(cwd),
        "hook_event_name": event,
    }
    if event == "PostToolUse":
        base |= {
            "tool_name": "Bash",
            "tool_input": {"command": "pytest -q"},
            "tool_use_id": "toolu_doctor_1",
            "tool_response": {"stdout": "3 passed", "stderr": "", "interrupted": False, "isImage": False},
        }
    elif event == "UserPromptSubmit":
        base |= {"prompt": "Carry on."}
    elif event == "PreCompact":
        base |= {"trigger": "manual", "custom_instructions": None}
    elif event == "PostCompact":
        base |= {
            "trigger": "manual",
            "compact_summary": "<summary>The user asked to run the tests; 3 passed.</summary>",
        }
    else:
        base |= {"source": "compact", "model": "claude-opus-5-5"}
    return orjson.dumps(base)


def dry_run_hooks(
    scans: list[SettingsScan], timeout: float = 60.0, environ: Mapping[str, str] | None = None
) -> list[Check]:
    """Run each registered hook command once, in order, on a generated transcript."""
    hooks = [h for s in scans for h in s.hooks]
    by_spec = {(h.event, h.script): h for h in hooks}
    env_base = dict(os.environ if environ is None else environ)
    checks = []
    with tempfile.TemporaryDirectory(prefix="context-keeper-doctor-") as tmp:
        root = Path(tmp)
        project = root / "project"
        (project / ".git").mkdir(parents=True)  # so the hooks see a repo root, not the user's
        home = root / "data"
        session_id = f"doctor-{uuid.uuid4()}"
        transcript = root / f"{session_id}.jsonl"
        transcript.write_bytes(sample_transcript(project, session_id))
        env = {k: v for k, v in env_base.items() if not k.startswith("CONTEXT_KEEPER_")}
        env |= {
            "CONTEXT_KEEPER_HOME": str(home),
            "CONTEXT_KEEPER_CONFIG": str(root / "no-config.toml"),
            "CLAUDE_PROJECT_DIR": str(project),
        }
        for spec in SPECS:
            event = spec.event
            hook = by_spec.get((event, spec.name))
            name = check_name("dry run", spec)
            if hook is None:
                checks.append(Check(name, False, "skipped: not registered", reinstall_hint()))
                continue
            if "${CLAUDE_PLUGIN_ROOT}" in hook.command:
                checks.append(
                    Check(name, True, "skipped: plugin command (needs Claude Code to expand ${CLAUDE_PLUGIN_ROOT})")
                )
                continue
            checks.append(
                _run_one(name, event, hook, _stdin(event, session_id, transcript, project), project, env, home, timeout)
            )
    return checks


def _run_one(
    name: str, event: str, hook: FoundHook, stdin: bytes, project: Path, env: dict[str, str], home: Path, timeout: float
) -> Check:
    try:
        result = subprocess.run(
            ["/bin/sh", "-c", hook.command],
            input=stdin,
            capture_output=True,
            cwd=project,
            env=env,
            timeout=timeout,
            check=False,
        )
    except subprocess.TimeoutExpired:
        return Check(name, False, f"did not finish within {timeout:g} s", "see the log and docs/troubleshooting.md")
    except OSError as exc:
        return Check(name, False, f"could not start: {exc}", reinstall_hint())
    out = result.stdout.decode("utf-8", "replace")
    errors = _logged_errors(home)
    if result.returncode != 0:
        why = (result.stderr.decode("utf-8", "replace").strip().splitlines() or [f"exit {result.returncode}"])[-1]
        return Check(name, False, f"exit {result.returncode}: {why}", reinstall_hint())
    if errors:
        return Check(
            name,
            False,
            f"exit 0 but the hook logged an error: {errors[0]}",
            "see docs/troubleshooting.md; report it if it persists",
        )
    if event in ("PostToolUse", "UserPromptSubmit", "PostCompact") and out.strip():
        return Check(
            name,
            False,
            f"printed {len(out)} characters with nothing to refill; it must print nothing",
            reinstall_hint(),
        )
    if event == "PreCompact":
        if not out.strip():
            return Check(name, False, "printed no preservation block", "see the log; run ./install.sh again")
        return Check(name, True, f"exit 0, printed a {len(out):,}-character block")
    return Check(name, True, f"exit 0, {len(out):,} characters of output")


def _logged_errors(home: Path) -> list[str]:
    """First lines of ERROR entries in any log under the temporary data root."""
    found = []
    for log in sorted(home.rglob("context-keeper.log")):
        try:
            text = log.read_text("utf-8", "replace")
        except OSError:
            continue
        for line in text.splitlines():
            parts = line.split(" ", 3)
            if len(parts) == 4 and parts[2] == "ERROR":
                found.append(parts[3][:300])
    return found
