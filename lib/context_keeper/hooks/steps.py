"""Steps the compaction hooks share: an optional step, the archive, the current model, the
history record. Each one costs only its own part when it fails, never the hook's output.

The archive starts first and copies beside the hook (archive_job.ArchiveJob: a child process,
or a thread) while the hook goes on; so this module imports only what starting it needs,
and each step imports its own modules (~40 ms the copy and its wait for the transcript to
settle need not wait for).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..store.archive import ArchiveResult
from ..store.archive_job import ArchiveJob
from .guard import HookContext

if TYPE_CHECKING:
    from ..compaction.history import CompactionRecord
    from ..preserve import Rendered
    from ..session import SessionModel

T = TypeVar("T")


def optional(ctx: HookContext, what: str, step: Callable[[], T]) -> T | None:
    """Run one optional step; an OSError (I/O, permissions, a missing file) is logged and
    the hook goes on without that step's result."""
    try:
        return step()
    except OSError as exc:
        ctx.log.warning(f"{ctx.hook.event} session={ctx.hook.session_id}: {what} skipped: {exc}")
        return None


@contextmanager
def archiving(ctx: HookContext) -> Iterator[ArchiveJob | None]:
    """The archive, started beside the hook (archive_job.ArchiveJob): it copies while Claude Code
    may still be writing the last records (archive.Settle) and verifies as it goes;
    `archive_done` collects it. Given up (its temporary file removed) if the hook ends
    without it: out of budget, terminated."""
    path = ctx.hook.transcript_path
    if path is None:
        ctx.log.warning(f"{ctx.hook.event} session={ctx.hook.session_id}: no transcript_path, no archive")
        yield None
        return
    job = ArchiveJob(path, ctx.runs.archives, ctx.hook.session_id)
    try:
        yield job
    except BaseException:
        job.cancel()
        raise


def archive_done(ctx: HookContext, job: ArchiveJob | None) -> ArchiveResult | None:
    """The archive the job made (None, logged, when it could not be made)."""
    result = optional(ctx, "archive", job.result) if job is not None else None
    if result is not None:
        ctx.log.info(f"archived {result.size} bytes sha256={result.sha256} to {result.path}")
    return result


def archive_now(ctx: HookContext) -> ArchiveResult | None:
    """The archive, made now (for a hook with nothing to do meanwhile)."""
    with archiving(ctx) as job:
        return archive_done(ctx, job)


def current_model(ctx: HookContext, settled: Callable[[], object] | None = None) -> SessionModel | None:
    """The session model up to date with the transcript; saved when the lock is free.

    `settled` is waited for after a first fold, and the lines written meanwhile are folded
    too (see state.open_session). With the lock busy (a PostToolUse hook of the session is
    still folding), the saved state plus the bytes after its cursor are folded here without
    saving: the block must not wait for, nor race with, the other hook's write.
    """
    from ..session import load_or_build
    from ..session.state import catch_up, load_session, read_saved

    path = ctx.hook.transcript_path
    if path is None:
        return None

    saved = optional(
        ctx,
        "saving the session model",
        lambda: load_session(ctx.runs, ctx.hook.session_id, path, ctx.settings.lock_timeout, ctx.log, settled=settled),
    )
    if saved is not None:
        return saved
    # Lock busy, or the state cannot be written (read-only runs dir, full disk): fold
    # without saving, so the block still carries the session.
    ctx.log.info(f"{ctx.hook.event}: session lock busy or state unwritable, reading the model without saving it")

    def unsaved() -> SessionModel:
        model = load_or_build(path, read_saved(ctx.runs, ctx.hook.session_id))
        return catch_up(model, path, settled) if settled is not None else model

    return optional(ctx, "session model", unsaved)


def record(
    ctx: HookContext, model: SessionModel, archive: ArchiveResult | None, rendered: Rendered, source: str
) -> CompactionRecord:
    """Append the history line that opens a compaction (its time is the compaction's id) and
    start the compaction's file with the block (or, from SessionStart, without one)."""
    from ..compaction import file as compaction_file
    from ..compaction.history import CompactionRecord, append_record, archive_fields, now_iso
    from ..preserve.item import by_family

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
