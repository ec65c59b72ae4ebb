"""The PostToolUse fast exit: most calls have nothing to do.

Cold-task summaries are written only once context use reaches `context_threshold`. Below
it, a call would only bring the session model up to date, and the model is a pure function
of the transcript: folding can wait until it matters (the first call over the threshold,
or PreCompact, folds whatever is new). So the guard asks `below_threshold` first; it reads
the latest usage from a bounded tail of the transcript and ends the call before the model's
modules are even imported. Any doubt — no usage in the tail, a compaction boundary since
the last response, an unreadable file — means "go on", never "skip".
"""

from __future__ import annotations

import os
import stat

from . import jsonio
from .usage import context_tokens, context_window

TAIL_BYTES = 256 * 1024


def tail_usage(path: str | os.PathLike[str], tail_bytes: int = TAIL_BYTES) -> tuple[int, str | None] | None:
    """(tokens in context, model) from the newest main-chain response in the file's tail,
    or None when the tail does not settle it."""
    # O_NONBLOCK: a FIFO planted at the path must not hang the hook; only regular files count.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        start = max(0, info.st_size - tail_bytes)
        os.lseek(fd, start, os.SEEK_SET)
        data = os.read(fd, info.st_size - start)
    finally:
        os.close(fd)
    lines = data.split(b"\n")
    if start:
        lines = lines[1:]  # the first line of the tail is cut
    for line in reversed(lines):
        if b"compact_boundary" in line:
            return None  # usage from before a compaction is stale; let the model decide
        if b'"assistant"' not in line:
            continue
        try:
            record = jsonio.loads(line.decode("utf-8"))
        except (ValueError, RecursionError):
            continue
        if not isinstance(record, dict) or record.get("type") != "assistant":
            continue
        if record.get("isSidechain") is True or record.get("isMeta") is True:
            continue
        message = record.get("message")
        if not isinstance(message, dict) or message.get("model") == "<synthetic>":
            continue
        tokens = context_tokens(message.get("usage"))
        if tokens > 0:
            model = message.get("model")
            return tokens, model if isinstance(model, str) else None
    return None


def below_threshold(ctx) -> str | None:  # ctx: guard.HookContext (not imported: keep this module light)
    """A reason to end this PostToolUse call now, or None to do the work."""
    path = ctx.hook.transcript_path
    if path is None:
        return None
    try:
        found = tail_usage(path)
    except OSError:
        return None  # missing or unreadable: the work path says so in the log
    if found is None:
        return None
    tokens, model = found
    settings = ctx.settings
    percent = 100.0 * tokens / context_window(model, settings.context_window)
    if percent >= settings.context_threshold:
        return None
    return f"usage {percent:.1f}% below {settings.context_threshold:g}%: nothing to do"
