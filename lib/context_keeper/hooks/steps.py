"""Steps the compaction hooks share: an optional step, the archive, the current model, the
history record. Each one costs only its own part when it fails, never the hook's output.

The archive starts first and copies beside the hook (archive_job.ArchiveJob: a child process,
or a thread) while the hook goes on; so this module imports only what starting it needs,
and each step imports its own modules (~40 ms the copy and its wait for the transcript to
settle need not wait for).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from ..store.archive import ArchiveResult, Settle
from ..store.archive_job import ArchiveJob
from .guard import HookContext

if TYPE_CHECKING:
    from ..compaction.history import HistoryLine
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
    job = ArchiveJob(path, ctx.runs.archives, ctx.hook.session_id, Settle(unfinished=partial(_awaits_result, path)))
    try:
        yield job
    except BaseException:
        job.cancel()
        raise


def _awaits_result(path: Path, size: int) -> bool:
    """The transcript's first `size` bytes end in a tool call whose result Claude Code has yet
    to write. Asked by the copy (in its own process), so imported there."""
    from ..transcript.tail import awaits_tool_result

    return awaits_tool_result(path, size)


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
) -> HistoryLine:
    """Start the compaction's file with the block (or, from SessionStart, without one) and
    append the history line that opens it (its time is the compaction's id).

    A PreCompact fire for a compaction still open (compaction_file.claim: a repeated fire,
    or a background summary's turns before the swap) is no new compaction: its block and
    archive replace the earlier fire's under the same id, the earlier archive removed."""
    from ..compaction import file as compaction_file
    from ..compaction.history import HistoryLine, append_history, archive_fields, now_iso
    from ..compaction.parts import Printed
    from ..preserve.item import by_family

    usage = model.context_usage(ctx.settings.context_window)
    transcript = ctx.hook.transcript_path
    boundaries_before = len(model.compactions) if model.offset else None
    opened = now_iso()
    parts: dict[str, object] = {
        "trigger": ctx.hook.trigger,
        "transcript_path": str(transcript) if transcript else None,
        # Where the transcript ended: the refill looks for this compaction's boundary after it.
        "transcript_offset": archive.size if archive else _size(transcript),
        "boundaries_before": boundaries_before,
        # The turns the archive holds, which the swap compares with its own (record_swap);
        # None when the model read past the archive's end (its turns are not the archive's).
        "turns": model.turns if archive is None or model.offset <= archive.size else None,
    }
    if archive is not None:
        parts["archive_path"] = str(archive.path)
    if source == "pre_compact":
        parts["block"] = Printed(rendered.text, tuple(rendered.items))
    claimed = optional(ctx, "compaction file", lambda: _claim(ctx, source, opened, parts))
    compaction_id, earlier = claimed if claimed else (opened, None)
    entry = HistoryLine(
        time=opened,
        compaction_id=compaction_id,
        session_id=ctx.hook.session_id,
        trigger=ctx.hook.trigger,
        source=source,
        context_tokens=usage.tokens if model.turns or model.context_tokens is not None else None,
        tokens_source=usage.source,
        boundaries_before=boundaries_before,
        transcript_path=str(transcript) if transcript else None,
        chars=len(rendered.text),
        shown=rendered.shown,
        left_out=rendered.left_out,
        block_items=len(rendered.items) if source == "pre_compact" else None,
        block_families=by_family(rendered.items) if source == "pre_compact" else {},
        fire=compaction_file.fire_number(earlier) if earlier else None,
        turns=model.turns,
        between_turns=_between_turns(ctx),
        **archive_fields(archive),
    )
    optional(ctx, "history", lambda: append_history(ctx.runs, entry))
    if earlier is not None and archive is not None:
        drop_archive(ctx, earlier.get("archive_path"), keep=archive.path)
    return entry


def _claim(
    ctx: HookContext, source: str, opened: str, parts: dict[str, object]
) -> tuple[str, dict[str, object] | None]:
    """The compaction this hook's record belongs to; its file written with `parts`."""
    from ..compaction import file as compaction_file

    session = ctx.hook.session_id
    if source != "pre_compact":
        compaction_file.update(ctx.runs, session, opened, **parts)
        return opened, None
    compaction_id, earlier = compaction_file.claim(ctx.runs, session, opened, **parts)
    if earlier is not None:
        ctx.log.info(f"PreCompact session={session}: another fire of compaction {compaction_id}")
    return compaction_id, earlier


def record_subagent(ctx: HookContext, agent_id: str | None) -> None:
    """The history line of a subagent's own compaction: `history` and `report` list it
    apart from the main session's compactions."""
    from ..compaction.history import HistoryLine, append_history, now_iso

    opened = now_iso()
    entry = HistoryLine(
        time=opened,
        compaction_id=opened,
        session_id=ctx.hook.session_id,
        trigger=ctx.hook.trigger,
        source="subagent",
        agent_id=agent_id,
    )
    optional(ctx, "history", lambda: append_history(ctx.runs, entry))


def record_swap(
    ctx: HookContext, model: SessionModel, compaction_id: str, data: dict[str, object]
) -> ArchiveResult | None:
    """When the session went on after PreCompact (a summary computed in the background is
    swapped in turns after PreCompact fired), the archive and the history are taken again at
    the swap: the archive is the whole transcript the summary replaces, and `history` shows
    the tokens at the swap. Returns the new archive (None when nothing changed or the copy
    failed; the PreCompact one is kept then)."""
    from ..compaction import file as compaction_file
    from ..compaction.history import HistoryLine, append_history, archive_fields, now_iso
    from ..compaction.parts import Swap
    from ..records.jsonio import as_str

    turns = data.get("turns")
    if isinstance(turns, int) and not isinstance(turns, bool):
        if model.turns <= turns:
            return None
        since = f"{model.turns - turns} turns"
    elif "turns" in data and turns is None and _went_on(ctx.hook.transcript_path, data.get("transcript_offset")):
        # PreCompact's fold read past its archive (what a hook of the session saved was written
        # after the archive's end), so its turns are not the archive's: a message written after
        # the archive says the session went on. Bytes alone do not: Claude Code writes its
        # bookkeeping between PreCompact and the swap of any compaction.
        since = "a message was written"
    else:
        return None
    ctx.log.info(
        f"SessionStart session={ctx.hook.session_id}: {since} since PreCompact "
        f"(a summary computed in the background); archive and state taken at the swap"
    )
    archive = archive_now(ctx)
    usage = model.context_usage(ctx.settings.context_window)
    transcript = ctx.hook.transcript_path
    entry = HistoryLine(
        time=now_iso(),
        session_id=ctx.hook.session_id,
        trigger=as_str(data.get("trigger")),
        source="swap",
        compaction_id=compaction_id,
        context_tokens=usage.tokens,
        tokens_source=usage.source,
        boundaries_before=len(model.compactions),
        transcript_path=str(transcript) if transcript else None,
        turns=model.turns,
        **archive_fields(archive),
    )
    optional(ctx, "history", lambda: append_history(ctx.runs, entry))
    parts: dict[str, object] = {"swap": Swap(turns=model.turns, turns_at_precompact=turns, tokens=usage.tokens)}
    if archive is not None:
        parts |= {"archive_path": str(archive.path), "transcript_offset": archive.size}
    optional(
        ctx, "compaction file", lambda: compaction_file.update(ctx.runs, ctx.hook.session_id, compaction_id, **parts)
    )
    if archive is not None:
        drop_archive(ctx, data.get("archive_path"), keep=archive.path)
    return archive


def drop_archive(ctx: HookContext, path: object, keep: Path) -> None:
    """Remove a compaction's earlier archive once a newer, complete one replaced it. Only a
    file of this runs dir's archives folder is ever removed."""
    if not isinstance(path, str) or Path(path) == keep or Path(path).parent != ctx.runs.archives:
        return
    try:
        os.unlink(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        ctx.log.warning(f"{ctx.hook.event}: earlier archive {path} not removed: {exc}")
        return
    ctx.log.info(f"{ctx.hook.event}: earlier archive {path} replaced by {keep}")


def _between_turns(ctx: HookContext) -> bool | None:
    from ..transcript.tail import between_turns

    path = ctx.hook.transcript_path
    return between_turns(path) if path is not None else None


def _went_on(path: Path | None, offset: object) -> bool:
    """A message of the conversation (a response, a tool result, a prompt) is in the
    transcript after `offset` (an archive's size)."""
    if path is None or not isinstance(offset, int) or isinstance(offset, bool):
        return False
    from ..transcript.entries import Message
    from ..transcript.reader import TranscriptReader

    size = _size(path)
    if size is None or size <= offset:
        return False
    try:
        return any(isinstance(record, Message) for record in TranscriptReader(path, offset))
    except OSError:
        return False


def _size(path: Path | None) -> int | None:
    try:
        return path.stat().st_size if path is not None else None
    except OSError:
        return None
