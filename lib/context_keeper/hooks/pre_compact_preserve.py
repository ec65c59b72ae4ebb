"""PreCompact hook: archive the transcript, then print the preservation block.

Order matters: the archive comes first, because it is the one thing that cannot be
rebuilt after compaction. Every step after it is optional to the step that prints: a
missing transcript, a busy lock, a read-only runs dir or a slow git each cost their part
of the block, never the block itself, and never the compaction (the guard exits 0; exit
code 2 would block it).
"""

from __future__ import annotations

from ..cold_units import load_summaries
from ..gitinfo import diff_stat
from ..preserve import render_block
from ..session import SessionModel
from ..store import atomic_write, find_repo_root
from .guard import HookContext, run_hook
from .steps import archive_now, current_model, optional, record

EVENT = "PreCompact"


def work(ctx: HookContext) -> str:
    if ctx.hook.from_subagent:
        # A subagent compacting its own context: the main session's block, archive and
        # history stay as they are, and the main block does not belong in its summary.
        ctx.log.info(f"PreCompact session={ctx.hook.session_id}: a subagent's compaction; nothing done")
        return ""
    archive = archive_now(ctx)
    model = current_model(ctx) or SessionModel(session_id=ctx.hook.session_id)
    repo = find_repo_root(ctx.hook.cwd)
    summaries = optional(ctx, "summaries", lambda: load_summaries(ctx.runs, ctx.hook.session_id)) or []
    rendered = render_block(
        model,
        trigger=ctx.hook.trigger,
        max_chars=ctx.settings.block_max_chars,
        repo_root=repo,
        summaries=summaries,
        # Never let the optional diff stat eat the budget the block itself needs.
        diff_stat=diff_stat(repo, min(ctx.settings.git_timeout, ctx.settings.hook_budget / 4)),
        archive_path=archive.path if archive else None,
        window_override=ctx.settings.context_window,
    )
    record(ctx, model, archive, rendered, "pre_compact")
    preserved = ctx.runs.preserved_path(ctx.hook.session_id)
    optional(ctx, "saving the block", lambda: atomic_write(preserved, rendered.text.encode("utf-8", "replace")))
    return rendered.text


def main() -> int:
    return run_hook(EVENT, work)
