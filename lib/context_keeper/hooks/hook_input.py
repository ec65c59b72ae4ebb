"""Parse and validate the JSON Claude Code writes to a hook's stdin."""

from __future__ import annotations

import os
from pathlib import Path

from ..records import jsonio, record


class BadHookInput(ValueError):
    """stdin is not a usable hook payload; the message is one line saying why."""


@record
class HookInput:
    event: str
    session_id: str
    transcript_path: Path | None
    cwd: Path
    tool_name: str | None
    tool_use_id: str | None
    trigger: str | None
    custom_instructions: str | None
    source: str | None
    # Set when a subagent's tool call fired the hook (measured: docs/how-it-works.md, "Subagents"): its hook
    # context goes to the subagent, never to the main agent.
    agent_id: str | None = None
    agent_type: str | None = None
    compact_summary: str | None = None  # PostCompact: the model's raw reply

    @property
    def from_subagent(self) -> bool:
        """A subagent's call, or a transcript under <session>/subagents/. (A subagent's own
        compaction may fire the compaction hooks without agent fields and with the main
        transcript: compacting_agent tells those.)"""
        path = str(self.transcript_path) if self.transcript_path is not None else ""
        return self.agent_id is not None or "/subagents/" in path


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    return {"list": "array", "dict": "object", "str": "string"}.get(type(value).__name__, type(value).__name__)


def _required(payload: dict[str, object], key: str) -> str:
    if key not in payload:
        raise BadHookInput(f"hook input has no {key!r}")
    value = payload[key]
    if not isinstance(value, str):
        raise BadHookInput(f"hook input {key!r} is a JSON {_json_type(value)}, expected a string")
    if not value:
        raise BadHookInput(f"hook input {key!r} is empty")
    if "\0" in value:
        raise BadHookInput(f"hook input {key!r} contains a NUL byte")
    if not _encodable(value):
        raise BadHookInput(f"hook input {key!r} contains a lone surrogate (\\ud800-\\udfff)")
    return value


def _encodable(value: str) -> bool:
    # JSON may escape a lone surrogate ("\ud800"), which no file name, log or JSON file
    # written later can encode: such a string is refused here, once, not deep in a write.
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _optional(payload: dict[str, object], key: str) -> str | None:
    # Optional fields vary by event and by Claude Code version: anything that is
    # not a non-empty string counts as absent rather than as an error.
    value = payload.get(key)
    return value if isinstance(value, str) and value and _encodable(value) else None


def _instructions(payload: dict[str, object]) -> str | None:
    # PreCompact sends null or "" when the user gave no /compact text: both mean none.
    value = _optional(payload, "custom_instructions")
    return value if value is not None and value.strip() else None


def parse_hook_input(data: bytes) -> HookInput:
    if not data:
        raise BadHookInput("hook input is empty")
    if data[:3] == b"\xef\xbb\xbf":
        data = data[3:]
    try:
        payload = jsonio.loads(bytes(data).decode("utf-8"))
    except (ValueError, RecursionError) as exc:  # JSONDecodeError, UnicodeDecodeError
        if not bytes(data).strip():
            raise BadHookInput("hook input is empty (only whitespace)") from None
        raise BadHookInput(f"hook input is not JSON: {str(exc).splitlines()[0]}") from None
    if not isinstance(payload, dict):
        raise BadHookInput(f"hook input is a JSON {_json_type(payload)}, expected an object")

    # A version that drops or renames the event's field still calls a script only for the event it
    # was registered for: "" leaves the guard to say which that is (a wrong type is still refused).
    event = _required(payload, "hook_event_name") if "hook_event_name" in payload else ""
    session_id = _required(payload, "session_id")
    cwd = _required(payload, "cwd")
    if not os.path.isabs(cwd):
        raise BadHookInput(f"hook input 'cwd' is not an absolute path: {cwd[:200]!r}")
    transcript = _optional(payload, "transcript_path")
    if transcript is not None and "\0" in transcript:
        transcript = None
    return HookInput(
        event=event,
        session_id=session_id,
        transcript_path=Path(transcript) if transcript else None,
        cwd=Path(cwd),
        tool_name=_optional(payload, "tool_name"),
        tool_use_id=_optional(payload, "tool_use_id"),
        trigger=_optional(payload, "trigger"),
        custom_instructions=_instructions(payload),
        source=_optional(payload, "source"),
        agent_id=_optional(payload, "agent_id"),
        agent_type=_optional(payload, "agent_type"),
        compact_summary=_optional(payload, "compact_summary"),
    )
