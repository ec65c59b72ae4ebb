"""PreCompact hook: archive the transcript, then print the preservation block.

Order matters: the archive is started first, because it is the one thing that cannot be
rebuilt after compaction, and the block (which names it) is printed only once it is done.
Every step after it is optional to the step that prints: a missing transcript, a busy
lock, a read-only runs dir or a slow git each cost their part of the block, never the
block itself, and never the compaction (the guard exits 0; exit code 2 would block it).

The steps overlap: the archive copies in a child process (while it waits for Claude Code's
last writes to the transcript: archive.Settle, archive_job.ArchiveJob) and git computes the diff
stat in another, while this process folds the session model on its own core. The fold then
waits for the transcript to settle and folds the lines that came late. The modules the
later steps need are imported once the archive has started.
"""

from __future__ import annotations

from . import regex_cache
from .compacting_agent import compacting_subagent
from .guard import HookContext, run_hook
from .steps import archive_done, archiving, current_model, optional, record, record_subagent

EVENT = "PreCompact"


def work(ctx: HookContext) -> str:
    subagent = ctx.hook.agent_id or compacting_subagent(ctx.hook)
    if subagent or ctx.hook.from_subagent:
        # A subagent compacting its own context: the main session's block, archive and
        # state stay as they are, and the main block does not belong in its summary. Only
        # a history line says it happened.
        ctx.log.info(f"PreCompact session={ctx.hook.session_id}: a subagent's compaction; nothing done")
        record_subagent(ctx, subagent)
        return ""
    with archiving(ctx) as job:
        # Only now, with the copy under way, the rest of the hook's modules.
        from ..cold.summaries import load_summaries
        from ..preserve import render_block
        from ..preserve.diffstat import DiffStat
        from ..session import SessionModel
        from ..store import atomic_write, find_repo_root

        repo = find_repo_root(ctx.hook.cwd)
        # Never let the optional diff stat eat the budget the block itself needs.
        git = DiffStat(repo, min(ctx.settings.git_timeout, ctx.settings.hook_budget / 4))
        try:
            model = current_model(ctx, job.settle.wait if job else None) or SessionModel(session_id=ctx.hook.session_id)
            archive = archive_done(ctx, job)
            diff_stat = git.result()
        finally:
            git.close()  # a git still running when the hook ends without it is killed
    summaries = optional(ctx, "summaries", lambda: load_summaries(ctx.runs, ctx.hook.session_id)) or []
    rendered = render_block(
        model,
        trigger=ctx.hook.trigger,
        max_chars=ctx.settings.block_max_chars,
        repo_root=repo,
        summaries=summaries,
        diff_stat=diff_stat,
        archive_path=archive.path if archive else None,
        window_override=ctx.settings.context_window,
    )
    record(ctx, model, archive, rendered, "pre_compact")
    preserved = ctx.runs.preserved_path(ctx.hook.session_id)
    optional(ctx, "saving the block", lambda: atomic_write(preserved, rendered.text.encode("utf-8", "replace")))
    return rendered.text


def main() -> int:
    # Several hundred regexes, built from the code kept by an earlier run (see regex_cache);
    # what was new is saved once the block is out: the first run of the code pays that write.
    with regex_cache.kept():
        return run_hook(EVENT, work)
