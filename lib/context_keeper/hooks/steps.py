"""Steps the compaction hooks share: an optional step, the archive, the current model, the
history record. Each one costs only its own part when it fails, never the hook's output.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from ..archive import ArchiveResult, archive_transcript, wait_until_settled
from ..history import CompactionRecord, append_record, archive_fields, now_iso
from ..preserve import Rendered
from ..session import SessionModel, load_or_build
from ..state import load_session, read_saved
from ..survival import compaction_file
from ..survival.items import by_family
from .guard import HookContext

T = TypeVar("T")


def optional(ctx: HookContext, what: str, step: Callable[[], T]) -> T | None:
    """Run one optional step; an OSError (I/O, permissions, a missing file) is logged and
    the hook goes on without that step's result."""
    try:
        return step()
    except OSError as exc:
        ctx.log.warning(f"{ctx.hook.event} session={ctx.hook.session_id}: {what} skipped: {exc}")
        return None


def archive_now(ctx: HookContext) -> ArchiveResult | None:
    path = ctx.hook.transcript_path
    if path is None:
        ctx.log.warning(f"{ctx.hook.event} session={ctx.hook.session_id}: no transcript_path, no archive")
        return None
    # Claude Code may not have written the last records yet (see wait_until_settled).
    optional(ctx, "waiting for the transcript to settle", lambda: wait_until_settled(path))
    result = optional(ctx, "archive", lambda: archive_transcript(path, ctx.runs.archives, ctx.hook.session_id))
    if result is not None:
        ctx.log.info(f"archived {result.size} bytes sha256={result.sha256} to {result.path}")
    return result


def current_model(ctx: HookContext) -> SessionModel | None:
    """The session model up to date with the transcript; saved when the lock is free.

    With the lock busy (a PostToolUse hook of the session is still folding), the saved
    state plus the bytes after its cursor are folded here without saving: the block must
    not wait for, nor race with, the other hook's write.
    """
    path = ctx.hook.transcript_path
    if path is None:
        return None

    saved = optional(
        ctx,
        "saving the session model",
        lambda: load_session(ctx.runs, ctx.hook.session_id, path, ctx.settings.lock_timeout, ctx.log),
    )
    if saved is not None:
        return saved
    # Lock busy, or the state cannot be written (read-only runs dir, full disk): fold
    # without saving, so the block still carries the session.
    ctx.log.info(f"{ctx.hook.event}: session lock busy or state unwritable, reading the model without saving it")
    return optional(ctx, "session model", lambda: load_or_build(path, read_saved(ctx.runs, ctx.hook.session_id)))


def record(
    ctx: HookContext, model: SessionModel, archive: ArchiveResult | None, rendered: Rendered, source: str
) -> CompactionRecord:
    """Append the history line that opens a compaction (its time is the compaction's id) and
    start the compaction's file with the block (or, from SessionStart, without one)."""
    usage = model.context_usage(ctx.settings.context_window)
    transcript = ctx.hook.transcript_path
    opened = now_iso()
    entry = CompactionRecord(
        time=opened,
        compaction_id=opened,
        session_id=ctx.hook.session_id,
        trigger=ctx.hook.trigger,
        source=source,
        context_tokens=usage.tokens if model.turns or model.context_tokens is not None else None,
        tokens_source=usage.source,
        boundaries_before=len(model.compactions) if model.offset else None,
        transcript_path=str(transcript) if transcript else None,
        chars=len(rendered.text),
        shown=rendered.shown,
        left_out=rendered.left_out,
        block_items=len(rendered.items) if source == "pre_compact" else None,
        block_families=by_family(rendered.items) if source == "pre_compact" else {},
        **archive_fields(archive),
    )
    optional(ctx, "history", lambda: append_record(ctx.runs, entry))
    parts: dict[str, object] = {
        "trigger": ctx.hook.trigger,
        "transcript_path": str(transcript) if transcript else None,
        # Where the transcript ended: the refill looks for this compaction's boundary after it.
        "transcript_offset": archive.size if archive else _size(transcript),
        "boundaries_before": entry.boundaries_before,
    }
    if source == "pre_compact":
        parts["block"] = {"text": rendered.text, "items": list(rendered.items)}
    optional(ctx, "compaction file", lambda: compaction_file.update(ctx.runs, ctx.hook.session_id, opened, **parts))
    return entry


def _size(path: Path | None) -> int | None:
    try:
        return path.stat().st_size if path is not None else None
    except OSError:
        return None

