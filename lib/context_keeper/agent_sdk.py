"""context-keeper in agents built on the Claude Agent SDK: the `--settings` value that registers
its hooks for one SDK session, and an in-process PreCompact callback for the agent's own state.

The SDK starts the Claude Code CLI and passes `ClaudeAgentOptions(settings=...)` to it as
`--settings` (a JSON text or a file path). `settings()` returns that JSON text with the same hook
registrations `./install.sh` writes into `~/.claude/settings.json` (archive and block on
PreCompact, restore note on SessionStart(compact), summary check on PostCompact, refill on
UserPromptSubmit and PostToolUse, the async digest on PostToolUse), pointing at the entry points
installed beside the interpreter that runs the agent. The user's `~/.claude` is not touched, and
the hooks run also with `setting_sources=[]`, which turns off every settings file.

Why the product's hooks stay command hooks: the SDK's in-process callbacks cover PreCompact but
not SessionStart or PostCompact (`claude_agent_sdk.types.HookEvent`), and a command hook runs in
its own process under its own timeout, so the archive's copy or a hook's failure never stalls the
agent's event loop. Where a callback fits better is the agent's own state, which only its process
holds (its plan, its queue, the records it works on) and no transcript shows: `state_callback()`
hands it to the summariser. Measured on Claude Code 2.1.330: a PreCompact callback's
`systemMessage` lands in the compaction prompt's "Additional Instructions", right after the
command hooks' stdout (the block), for auto and manual compactions alike.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Awaitable, Callable, Mapping
from pathlib import Path
from typing import Any

from .claude_settings.document import SettingsError
from .claude_settings.merge import merge
from .claude_settings.registration import launcher_for, our_entries

COMMAND_NAME = "context-keeper"
# The agent's state shares the compaction prompt with the block (up to 10,000 characters):
# a bounded addition, so the two together stay a small part of the prompt.
STATE_MAX_CHARS = 4_000
STATE_HEADER = "[context-keeper] The agent's own state just before this compaction; keep it in your summary:"


def launcher(python: str | os.PathLike[str] | None = None) -> tuple[tuple[str, ...], str]:
    """(how hooks are started, the interpreter of the fast hooks) for `python` (default: the
    interpreter running this code, which imports context_keeper since it runs this).

    The `context-keeper` console script beside the interpreter when there is one (a virtualenv
    or a pip install), else `<python> -m context_keeper`. Paths are made absolute but not
    resolved: a virtualenv's python is a symlink, and resolving it would leave the virtualenv.
    """
    interpreter = Path(os.path.abspath(python if python is not None else sys.executable))
    command = interpreter.parent / COMMAND_NAME
    if command.is_file() and os.access(command, os.X_OK):
        return launcher_for(command=command, python=interpreter), str(interpreter)
    return launcher_for(python=interpreter), str(interpreter)


def hooks_settings(
    python: str | os.PathLike[str] | None = None, base: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """A settings value: `base` (default: empty) with context-keeper's hook entries added
    after any hooks it has, each exactly once."""
    start, fast_python = launcher(python)
    return merge(dict(base or {}), our_entries(start, fast_python))


def settings(
    base: Mapping[str, Any] | str | os.PathLike[str] | None = None,
    *,
    python: str | os.PathLike[str] | None = None,
) -> str:
    """The JSON text for `ClaudeAgentOptions(settings=...)` that registers context-keeper's hooks.

    `base` is settings the agent passes already: a value, a JSON text or a settings file's path
    (what `ClaudeAgentOptions(settings=...)` accepts); its keys and hooks are kept. `python` is
    the interpreter the hooks run with (default: this one). Raises SettingsError when `base`
    is not a JSON object.
    """
    return json.dumps(hooks_settings(python, _base_value(base)))


def _base_value(base: Mapping[str, Any] | str | os.PathLike[str] | None) -> dict[str, Any]:
    if base is None:
        return {}
    if isinstance(base, Mapping):
        return dict(base)
    text = str(base)
    if not text.strip().startswith("{"):
        # The SDK reads a string that is not a JSON object as a file path.
        try:
            text = Path(text).read_text(encoding="utf-8-sig")
        except OSError as exc:
            raise SettingsError(f"{base}: cannot read the settings file: {exc.strerror or exc}") from None
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SettingsError(f"settings are not JSON: {exc}") from None
    if not isinstance(value, dict):
        raise SettingsError("settings must be a JSON object")
    return value


HookCallback = Callable[[Any, "str | None", Any], Awaitable[dict[str, Any]]]


def state_callback(state: Callable[[], str], max_chars: int = STATE_MAX_CHARS) -> HookCallback:
    """An SDK PreCompact callback (`HookMatcher(hooks=[state_callback(fn)])`) that puts `fn()`,
    the agent's own state as text, into the compaction prompt beside the block.

    The text is redacted like everything context-keeper hands the model, and cut to
    `max_chars`. Whatever `fn` does (raises, returns nothing), the callback returns normally:
    a compaction is never held up by it. A subagent's own compaction gets nothing.
    """

    async def pre_compact(hook_input: Any, _tool_use_id: str | None, _context: Any) -> dict[str, Any]:
        if isinstance(hook_input, dict) and hook_input.get("agent_id"):
            return {}  # a subagent's own compaction: the main agent's state is not its to keep
        try:
            text = state()
        except Exception:  # the agent's function failing must not fail the compaction
            return {}
        if not isinstance(text, str) or not text.strip():
            return {}
        from .redact import redact
        from .text import clip

        return {"systemMessage": clip(f"{STATE_HEADER}\n{redact(text.strip())}", max_chars)}

    return pre_compact
