"""The PostToolUse fast exit: most calls have nothing to do.

Cold-task summaries are written only once context use reaches `context_threshold`, and then
at most every `check_frequency` assistant turns. Between those points a call would only
bring the session model up to date, and the model is a pure function of the transcript:
folding can wait until it matters (the next check, or PreCompact, folds whatever is new).
So the guard asks `nothing_to_do` first. It reads the latest usage from a bounded tail of
the transcript, the window the threshold is a percentage of from Claude Code's settings files
(`threshold_window`) and, above the threshold, counts the turns written since the last check
(whose transcript offset the check leaves in `state/<session>.check`); the call ends before
the model's modules are even imported. Any doubt — no usage in the tail, a compaction
boundary since the last response, no or a stale check record, too much new data — means
"go on", never "skip".
"""

from __future__ import annotations

import os

from ..records import jsonio
from ..store import atomic_write
from ..transcript import compaction_point
from ..transcript.entries import CompactBoundary, Message
from ..transcript.reader import decode_line, open_regular
from ..transcript.usage import context_window

TYPE_CHECKING = False
if TYPE_CHECKING:  # the guard's context, for type checkers only: this module stays light
    from pathlib import Path

    from .guard import HookContext

TAIL_BYTES = 256 * 1024
# Beyond this much new data since the last check, counting turns is no cheaper than folding.
MAX_SCAN_BYTES = 8 << 20
# Below the threshold the fold waits, but never lags the transcript by more than this: a
# manual /compact there folds at most this much (PreCompact with no saved state folds all).
MAX_LAG_BYTES = 8 << 20


def _read_regular(path: str | Path, start: int, limit: int) -> tuple[bytes, os.stat_result]:
    """Up to `limit` bytes from `start` (negative: from the end) of a regular file, and its
    stat. OSError for anything else (a FIFO or a device is never read)."""
    with open_regular(path) as handle:
        info = os.fstat(handle.fileno())
        start = max(0, info.st_size + start) if start < 0 else min(start, info.st_size)
        handle.seek(start)
        return handle.read(min(limit, info.st_size - start)), info


def tail_usage(path: str | Path, tail_bytes: int = TAIL_BYTES) -> tuple[int, str | None] | None:
    """(tokens in context, model) from the newest main-chain response in the file's tail,
    or None when the tail does not settle it. OSError if the file cannot be read."""
    data, info = _read_regular(path, -tail_bytes, tail_bytes)
    lines = data.split(b"\n")
    if info.st_size > tail_bytes:
        lines = lines[1:]  # the first line of the tail is cut
    for line in reversed(lines):
        if b'"assistant"' not in line and b"compact_boundary" not in line:
            continue  # most lines: skipped without parsing
        record = decode_line(line)
        if isinstance(record, CompactBoundary):
            return None  # usage from before a compaction is stale; let the model decide
        if isinstance(record, Message) and record.is_main_response and record.usage is not None:
            if record.usage.context_tokens > 0:
                return record.usage.context_tokens, record.model
    return None


def turns_since(path: str | Path, offset: int, identity: tuple[int, int]) -> int | None:
    """Distinct main-chain assistant responses written after `offset`, or None when the
    file is another one now, shrank, or grew by more than MAX_SCAN_BYTES. OSError if the
    file cannot be read."""
    data, info = _read_regular(path, offset, MAX_SCAN_BYTES + 1)
    if (info.st_dev, info.st_ino) != identity or not 0 <= offset <= info.st_size:
        return None
    if info.st_size - offset > MAX_SCAN_BYTES:
        return None
    seen: set[str] = set()
    unnamed = 0  # responses with neither a message id nor a uuid: one turn each (as the fold counts them)
    for line in data.split(b"\n"):
        if b'"assistant"' in line:
            record = decode_line(line)  # a partial last line decodes to None
            if isinstance(record, Message) and record.is_main_response:
                key = record.message_id or record.uuid
                if key:
                    seen.add(key)
                else:
                    unnamed += 1
    return len(seen) + unnamed


def _check_path(ctx: HookContext) -> Path:
    return ctx.runs.check_path(ctx.hook.session_id)


def record_check(ctx: HookContext, offset: int, turn: int, identity: tuple[int, int]) -> None:
    """Called by the check: where in the transcript it happened, for the next calls' gate."""
    data = {"offset": offset, "turn": turn, "dev": identity[0], "ino": identity[1]}
    atomic_write(_check_path(ctx), jsonio.dumps(data))


def _last_check(ctx: HookContext) -> tuple[int, int, tuple[int, int]] | None:
    try:
        data = jsonio.loads(_read_regular(_check_path(ctx), 0, 4096)[0].decode("utf-8"))
        if not isinstance(data, dict):
            return None
        return int(data["offset"]), int(data["turn"]), (int(data["dev"]), int(data["ino"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _lag(ctx: HookContext, path: str | Path) -> int:
    """Bytes of the transcript the saved state has not folded (all of it without a state).
    The state's cursor is among its first fields: its first bytes are enough."""
    size = os.stat(path).st_size
    try:
        head = _read_regular(ctx.runs.state_path(ctx.hook.session_id), 0, 512)[0]
    except OSError:
        return size
    start = head.find(b'"offset":')
    end = head.find(b",", start)
    try:
        return size - int(head[start + 9 : end]) if start >= 0 and end > start else size
    except ValueError:
        return size


def threshold_window(ctx: HookContext, window: int) -> int:
    """The window `context_threshold` is a percentage of. Cold summaries must exist before
    Claude Code compacts, so a user who brings the compaction forward (`autoCompactWindow`,
    its variable, the percentage override) brings the summaries forward with it
    (compaction_point.threshold_window). Our own window setting, when set, is taken as it is.
    The rules were measured on one model; on others they may bring the work forward for
    nothing, never put it after the compaction."""
    if ctx.settings.context_window is not None:
        return window
    # Claude Code gives its hooks the project's folder; its settings files live there.
    project = os.environ.get("CLAUDE_PROJECT_DIR") or (str(ctx.hook.cwd) if ctx.hook.cwd else None)
    # One hook process asks twice (the gate, then the work past it): the files are read once.
    key = (window, project, *(os.environ.get(name) for name in compaction_point.ENV_INPUTS))
    if key not in _THRESHOLD_WINDOWS:
        _THRESHOLD_WINDOWS[key] = compaction_point.threshold_window(window, project, os.environ)
    return _THRESHOLD_WINDOWS[key]


_THRESHOLD_WINDOWS: dict[tuple[int | str | None, ...], int] = {}


def nothing_to_do(ctx: HookContext) -> str | None:
    """A reason to end this PostToolUse call now, or None to do the work."""
    path = ctx.hook.transcript_path
    if path is None:
        return None
    try:
        found = tail_usage(path)
        if found is None:
            return None
        tokens, model = found
        settings = ctx.settings
        percent = 100.0 * tokens / threshold_window(ctx, context_window(model, settings.context_window, tokens))
        if percent < settings.context_threshold:
            if _lag(ctx, path) > MAX_LAG_BYTES:
                return None  # fold now, so that PreCompact never has much left to fold
            return f"usage {percent:.1f}% below {settings.context_threshold:g}%: nothing to do"
        last = _last_check(ctx)
        if last is None:
            return None
        offset, turn, identity = last
        turns = turns_since(path, offset, identity)
    except OSError:
        return None  # missing or unreadable: the work path says so in the log
    if turns is None or turns >= settings.check_frequency:
        return None
    return f"usage {percent:.1f}%, {turns} turn(s) since the check at turn {turn}: next check after {settings.check_frequency}"
