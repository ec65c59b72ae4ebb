"""SessionStart hook (source "compact"): print the restore note into the fresh context.

The hook runs before Claude Code writes the compaction's boundary record (measured: docs/how-it-works.md), so the
transcript still ends where the compacted conversation ended, and the model built from it
is the state the summary was made from. Some Claude Code versions compact without firing
PreCompact: when no history line belongs to this compaction, the transcript is archived
here (it is still the pre-compaction one) and the compaction is recorded with source
"session_start".
"""

from __future__ import annotations

from typing import Any

from ..cold.summaries import load_summaries
from ..compaction import file as compaction_file
from ..compaction.history import HistoryLine, read_history
from ..compaction.parts import Printed, block_of
from ..preserve import render_restore
from ..session import SessionModel
from ..store import find_repo_root
from ..store.archive import ArchiveResult
from .compacting_agent import compacting_subagent
from .guard import HookContext, run_hook
from .steps import archive_now, current_model, optional, record, record_swap


def this_compaction(records: list[HistoryLine], model: SessionModel | None) -> HistoryLine | None:
    """The history record made for the compaction now finishing, if any hook made one.

    A record made during this compaction saw the same number of boundaries as the
    transcript has now (the new boundary is not written yet); an older record (or one made
    without a model) is matched by time: it must be newer than the last boundary.
    """
    records = [r for r in records if r.source in ("pre_compact", "session_start")]
    if not records:
        return None
    if model is None or not model.offset:
        return records[-1]  # no transcript to compare with: the newest one is the best guess
    seen = len(model.compactions)
    last_boundary = model.compactions[-1].timestamp if model.compactions else None
    for entry in reversed(records):
        if entry.boundaries_before is not None:
            if entry.boundaries_before == seen:
                return entry
        elif last_boundary is None or entry.time > last_boundary:
            return entry  # both are ISO 8601 UTC with milliseconds: text order is time order
    return None


EVENT = "SessionStart"


def work(ctx: HookContext) -> str:
    if ctx.hook.source != "compact" or ctx.hook.from_subagent:
        if ctx.hook.source != "compact":  # (the cause, for a version that renames or drops `source`)
            source = repr(ctx.hook.source) if ctx.hook.source else "no usable source"
            ctx.log.info(f"SessionStart session={ctx.hook.session_id}: {source[:40]}, not a compaction; nothing done")
        return ""
    loaded = current_model(ctx)
    model = loaded or SessionModel(session_id=ctx.hook.session_id)
    records = optional(ctx, "history", lambda: read_history(ctx.runs, ctx.hook.session_id)) or []
    entry = this_compaction(records, loaded)
    saved = _saved(ctx, entry)
    # A main compaction PreCompact opened is the main agent's; else (no agent_id on some
    # versions) ask whose it is: the main session's note would land in a subagent's context.
    if (saved is None or "note" in saved) and compacting_subagent(ctx.hook):
        ctx.log.info(f"SessionStart session={ctx.hook.session_id}: a subagent's compaction; nothing done")
        return ""
    archive: ArchiveResult | None = None
    if entry is None:
        ctx.log.info(f"SessionStart session={ctx.hook.session_id}: no PreCompact record for this compaction")
        archive = archive_now(ctx)
    if entry is not None and entry.compaction_id and saved is not None and "note" not in saved and loaded is not None:
        archive = record_swap(ctx, loaded, entry.compaction_id, saved)
    summaries = optional(ctx, "summaries", lambda: load_summaries(ctx.runs, ctx.hook.session_id)) or []
    block = block_of(saved) if saved else None
    block_items = block.items if block else None
    preserved = ctx.runs.preserved_path(ctx.hook.session_id)
    archive_path = str(archive.path) if archive else (entry.archive_path if entry else None)
    rendered = render_restore(
        model,
        max_chars=ctx.settings.restore_max_chars,
        repo_root=find_repo_root(ctx.hook.cwd),
        trigger=entry.trigger if entry else None,
        archive_path=archive_path,
        summaries_dir=ctx.runs.summaries,
        summary_count=len(summaries),
        preserved_path=preserved if entry is not None and preserved.is_file() else None,
        summaries=summaries,
        # What the block showed reaches the model anyway (summary, echo or refill): the note's
        # room after its core goes first to what the block left out.
        block_items=block_items,
    )
    if entry is None:
        entry = record(ctx, model, archive, rendered, "session_start")
    compaction_id = entry.compaction_id or entry.time
    note = Printed(rendered.text, tuple(rendered.items))
    optional(
        ctx, "compaction file", lambda: compaction_file.update(ctx.runs, ctx.hook.session_id, compaction_id, note=note)
    )
    if block_items and "check" not in (saved or {}):  # checked already: nothing left to fall back on
        offset = archive.size if archive else (saved or {}).get("transcript_offset")
        optional(ctx, "pending check", lambda: _queue_unchecked(ctx, compaction_id, entry.trigger, offset))
    return rendered.text


def _queue_unchecked(ctx: HookContext, compaction_id: str, trigger: str | None, offset: object) -> None:
    """In case PostCompact never comes (some Claude Code versions skip it): a pending refill
    marked unchecked, which PostCompact replaces with the checked one or removes. Still
    unchecked when the first main-agent hook finds the compaction's boundary, it is checked
    there against the summary record Claude Code wrote after the boundary (context_refill)."""
    import time

    from ..compaction import pending

    record = {
        "session_id": ctx.hook.session_id,
        "compaction_id": compaction_id,
        "trigger": trigger,
        "transcript_path": str(ctx.hook.transcript_path) if ctx.hook.transcript_path else None,
        "transcript_offset": offset,
        "runs_root": str(ctx.runs.root),
        "created": time.time(),
        "items": [],
        "unchecked": True,
    }
    pending.write_pending(str(ctx.settings.home), ctx.hook.session_id, compaction_id, record)


def _saved(ctx: HookContext, entry: HistoryLine | None) -> dict[str, Any] | None:
    """The file PreCompact started for this compaction (its block, turns, archive); None
    without one."""
    if entry is None or entry.source != "pre_compact" or not entry.compaction_id:
        return None
    return compaction_file.read(compaction_file.path_of(ctx.runs, ctx.hook.session_id, entry.compaction_id))


def main() -> int:
    return run_hook(EVENT, work)
