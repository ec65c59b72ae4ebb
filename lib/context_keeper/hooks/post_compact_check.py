"""PostCompact hook: check the compaction summary against the block, queue the refill.

PostCompact receives the model's raw reply (`compact_summary`); its output never reaches the
model (measured: docs/how-it-works.md). So this hook only records: per family, the block's items the summary
kept and lost (compactions.jsonl and the compaction's file), and the lost items the restore
note does not carry become the pending refill, which `context_refill` hands to the main agent
at its next hook. When PreCompact did not fire for this compaction, the block it would have
printed is rendered here, unprinted, so the check still has items to look for.
"""

from __future__ import annotations

import time

from ..compaction import file as compaction_file
from ..compaction import pending
from ..compaction.check import check_summary, not_among
from ..compaction.history import HistoryLine, append_history, now_iso
from ..compaction.parts import Printed, Refill, block_of, note_of
from ..compaction.refill import render_refill
from ..preserve.item import Item
from .compacting_agent import compacting_subagent
from .guard import HookContext, run_hook
from .steps import optional

EVENT = "PostCompact"


def work(ctx: HookContext) -> None:
    hook = ctx.hook
    if hook.from_subagent or compacting_subagent(hook):
        ctx.log.info(f"PostCompact session={hook.session_id}: a subagent's compaction; nothing done")
        return
    found = optional(ctx, "compaction file", lambda: compaction_file.latest(ctx.runs, hook.session_id))
    if found is None:
        ctx.log.warning(f"PostCompact session={hook.session_id}: no PreCompact or SessionStart record; nothing checked")
        return
    _, data = found
    if "check" in data:
        # Checked already: a repeated PostCompact, or another agent's compaction. A second
        # check would replace the first with a summary that is not this compaction's.
        ctx.log.info(f"PostCompact session={hook.session_id}: the latest compaction is checked already; nothing done")
        return
    block_items = _items(block_of(data)) or _unprinted_block(ctx)
    text, shown = check(ctx, data, block_items, hook.compact_summary or "", hook.trigger, "post_compact")
    compaction_id = str(data.get("compaction_id"))
    if shown:
        record = {
            "session_id": hook.session_id,
            "compaction_id": compaction_id,
            "trigger": hook.trigger,
            "transcript_path": data.get("transcript_path"),
            "transcript_offset": data.get("transcript_offset"),
            "runs_root": str(ctx.runs.root),
            "created": time.time(),
            "items": list(shown),
        }
        optional(
            ctx,
            "pending refill",
            lambda: pending.write_pending(str(ctx.settings.home), hook.session_id, compaction_id, record),
        )
    else:
        # The unchecked refill the restore hook queued in case PostCompact never came.
        optional(
            ctx, "pending refill", lambda: pending.drop_for(str(ctx.settings.home), hook.session_id, compaction_id)
        )


def check(
    ctx: HookContext,
    data: dict[str, object],
    block_items: tuple[Item, ...],
    summary: str,
    trigger: str | None,
    summary_from: str,
) -> tuple[str, tuple[Item, ...]]:
    """Check `summary` against the block's items and record it (the compaction's file, a
    post_compact line); returns the refill (text, items): the lost items the restore note
    did not carry. `summary_from` says where the summary was read: the PostCompact stdin, or
    the transcript's summary record when PostCompact never came."""
    session_id = ctx.hook.session_id
    compaction_id = str(data.get("compaction_id"))
    result = check_summary(block_items, summary)
    # What the restore note already gave the model needs no second delivery.
    text, shown = render_refill(not_among(result.lost, _items(note_of(data))))
    counts = result.counts()
    parts = {"check": result.per_family(), "refill": Refill(text, tuple(shown)), "summary_from": summary_from}
    optional(ctx, "compaction file", lambda: compaction_file.update(ctx.runs, session_id, compaction_id, **parts))
    entry = HistoryLine(
        time=now_iso(),
        session_id=session_id,
        trigger=trigger,
        source="post_compact",
        compaction_id=compaction_id,
        check=counts,
        refill_items=len(shown),
        refill_chars=len(text),
        summary_from=summary_from,
    )
    optional(ctx, "history", lambda: append_history(ctx.runs, entry))
    ctx.log.info(
        f"{ctx.hook.event} session={session_id}: summary ({summary_from}) kept {len(result.kept)} of "
        f"{result.carried} items; {len(shown)} for the refill ({len(text)} chars)"
    )
    return text, shown


def _items(part: Printed | None) -> tuple[Item, ...]:
    return part.items if part else ()


def _unprinted_block(ctx: HookContext) -> tuple[Item, ...]:
    """The items of the block PreCompact would have printed (it did not fire)."""
    from ..cold.summaries import load_summaries
    from ..preserve import render_block
    from ..store import find_repo_root
    from .steps import current_model

    model = current_model(ctx)
    if model is None:
        return ()
    summaries = optional(ctx, "summaries", lambda: load_summaries(ctx.runs, ctx.hook.session_id)) or []
    rendered = render_block(
        model,
        trigger=ctx.hook.trigger,
        max_chars=ctx.settings.block_max_chars,
        repo_root=find_repo_root(ctx.hook.cwd),
        summaries=summaries,
        window_override=ctx.settings.context_window,
    )
    return rendered.items


def main() -> int:
    return run_hook(EVENT, work)
