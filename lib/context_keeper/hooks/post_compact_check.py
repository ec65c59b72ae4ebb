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
from ..compaction.history import CompactionRecord, append_record, now_iso
from ..compaction.refill import render_refill
from ..preserve.item import Item, items_from_json
from .guard import HookContext, run_hook
from .steps import optional

EVENT = "PostCompact"


def work(ctx: HookContext) -> None:
    hook = ctx.hook
    if hook.from_subagent:
        ctx.log.info(f"PostCompact session={hook.session_id}: a subagent's compaction; nothing done")
        return
    found = optional(ctx, "compaction file", lambda: compaction_file.latest(ctx.runs, hook.session_id))
    if found is None:
        ctx.log.warning(f"PostCompact session={hook.session_id}: no PreCompact or SessionStart record; nothing checked")
        return
    _, data = found
    compaction_id = str(data.get("compaction_id"))
    block_items = _items(data, "block") or _unprinted_block(ctx)
    check = check_summary(block_items, hook.compact_summary or "")
    # What the restore note already gave the model needs no second delivery.
    refill_items = not_among(check.lost, _items(data, "note"))
    text, shown = render_refill(refill_items)
    counts = check.counts()
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
    refill = {"text": text, "items": list(shown), "sent": False}
    optional(
        ctx,
        "compaction file",
        lambda: compaction_file.update(ctx.runs, hook.session_id, compaction_id, check=counts, refill=refill),
    )
    entry = CompactionRecord(
        time=now_iso(),
        session_id=hook.session_id,
        trigger=hook.trigger,
        source="post_compact",
        compaction_id=compaction_id,
        check=counts,
        refill_items=len(shown),
        refill_chars=len(text),
    )
    optional(ctx, "history", lambda: append_record(ctx.runs, entry))
    ctx.log.info(
        f"PostCompact session={hook.session_id}: summary kept {len(check.kept)} of {check.carried} items; "
        f"{len(shown)} queued for the refill ({len(text)} chars)"
    )


def _items(data: dict[str, object], part: str) -> tuple[Item, ...]:
    section = data.get(part)
    return items_from_json(section.get("items")) if isinstance(section, dict) else ()


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
