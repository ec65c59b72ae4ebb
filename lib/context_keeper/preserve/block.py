"""The preservation block: what PreCompact prints into the compaction prompt.

Claude Code appends the block, trimmed, under "Additional Instructions:" of its compaction
prompt, after the user's own /compact text, and cuts it at 10,000 characters (measured: docs/how-it-works.md).
So the block never repeats that text, words its rules as additions to it, and is packed to
`max_chars` itself rather than being cut by Claude Code. Display order is priority order.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from ..redact import redact
from ..session import SessionModel
from ..session.subagents import running
from . import items
from .items import Source
from .layouts import files_layout, grouped, indented, inline, plain
from .packing import Rendered, Section, pack
from .specs import SectionSpec, build
from .subagent_items import SUBAGENTS_CAP, subagent_items

if TYPE_CHECKING:
    from ..cold.summaries import ColdSummary

FILES_FULL = 15  # this many most recent files get a line each; the rest are grouped by directory

# Pass 1 holds each section to its share (together under the whole budget, so even the last
# sections get some room); pass 2 hands out the rest in this order.
SECTIONS = (
    SectionSpec(
        "tasks",
        "active tasks",
        "ACTIVE TASKS ({open_tasks} open; in progress first):",
        items.task_items,
        items.TASKS_CAP,
        share=0.2,
    ),
    SectionSpec(
        "errors",
        "unresolved errors",
        "UNRESOLVED ERRORS (newest first; command or file → exit code: message, a run's several failures under it):",
        items.error_items,
        items.ERRORS_CAP,
        share=0.15,
        layout=grouped(items.RUN_HEAD),
        order=items.error_order,
    ),
    SectionSpec(
        "subagents",
        "subagents",
        "SUBAGENTS ({running_subagents} running; running first, then finished ones by what they left):",
        subagent_items,
        SUBAGENTS_CAP,
        share=0.05,
    ),
    SectionSpec(
        "files",
        "modified files",
        "FILES MODIFIED THIS SESSION ({files}, most recent first{files_grouped}):",
        items.file_items,
        None,
        share=0.2,
        layout=files_layout(FILES_FULL),
    ),
    SectionSpec(
        "tests", "test commands", "TEST COMMANDS (last result of each):", items.test_items, items.TESTS_CAP, share=0.1
    ),
    SectionSpec(
        "decisions",
        "decisions",
        "KEY DECISIONS (verbatim, newest first):",
        items.decision_items,
        items.DECISIONS_CAP,
        share=0.1,
    ),
    SectionSpec(
        "prompts",
        "user requests",
        "USER'S RECENT REQUESTS (newest first):",
        items.prompt_items,
        items.PROMPTS_CAP,
        share=0.04,
    ),
    SectionSpec(
        "diff",
        "diff stat lines",
        "UNCOMMITTED CHANGES (git diff --stat HEAD):",
        items.diff_stat_items,
        items.DIFF_LINES_CAP,
        share=0.04,
        layout=indented,
    ),
    SectionSpec(
        "summaries",
        "task summaries",
        "FINISHED WORK, ALREADY SUMMARISED (keep verbatim):",
        items.summary_items,
        items.SUMMARIES_CAP,
        share=0.07,
    ),
    SectionSpec(
        "completed",
        "completed tasks",
        "COMPLETED TASKS (newest first):",
        items.completed_items,
        items.COMPLETED_CAP,
        share=0.03,
        layout=inline,
    ),
    SectionSpec(
        "resolved",
        "fixed errors",
        "ERRORS HIT AND FIXED (newest first; keep so they are not reintroduced):",
        items.resolved_items,
        items.RESOLVED_CAP,
        share=0.02,
        layout=grouped(items.RUN_HEAD),
        order=items.resolved_order,
    ),
)

RULES = (
    "RULES FOR THE SUMMARY (context-keeper; in addition to any instructions above, which take precedence where they differ):",
    "1. Carry every item above into the summary exactly as written: task ids, subjects and statuses; file paths; "
    "commands; error lines and exit codes; decisions. Copy them character for character; do not paraphrase, shorten or merge them.",
    "2. List the active tasks, with their status, under Pending Tasks; report a task as done only if the conversation shows it done.",
    "3. Report the unresolved errors as still unresolved unless the conversation shows them fixed.",
    "4. Keep the task summaries (work already finished and compressed) verbatim, and the list of modified files complete.",
)
# Rules numbered after those above, when they apply.
SUBAGENT_RULE = (
    "List the subagents still running with their task, as running: they go on after the compaction and "
    "report back in a task notification, so their work must not be started again."
)
ARCHIVE_RULE = "Mention that the full pre-compaction transcript is archived at the path given above."


def _header(
    model: SessionModel, trigger: str | None, archive_path: Path | str | None, window_override: int | None
) -> Section:
    usage = model.context_usage(window_override)
    facts = [f"turn {model.turns}", f"~{usage.tokens:,} tokens in context, {usage.percent:.0f}% of {usage.window:,}"]
    if model.session_id:
        facts.insert(0, f"session {model.session_id}")
    lines = [
        f"[context-keeper] Session state recorded just before this {trigger or 'unknown'} compaction ({', '.join(facts)}). "
        "In addition to any instructions above, keep the facts below in your summary exactly as written.",
    ]
    if archive_path:
        lines.append(f"Full pre-compaction transcript archived at: {archive_path}")
    return Section("header", "header lines", None, tuple(redact(line) for line in lines), layout=plain)


def render_block(
    model: SessionModel,
    *,
    trigger: str | None,
    max_chars: int,
    repo_root: Path | None = None,
    summaries: Sequence[ColdSummary] = (),
    diff_stat: str | None = None,
    archive_path: Path | str | None = None,
    window_override: int | None = None,
) -> Rendered:
    """The PreCompact block: plain text, at most `max_chars`, most important first."""
    files = len(model.files)
    values = {
        "open_tasks": len(model.tasks.open_tasks()),
        "running_subagents": len(running(model)),
        "files": files,
        "files_grouped": f"; after the first {FILES_FULL}, grouped as directory/: names" if files > FILES_FULL else "",
    }
    sections = [
        _header(model, trigger, archive_path, window_override),
        *build(SECTIONS, Source(model, repo_root, summaries, diff_stat), values),
    ]
    extra = [
        rule
        for rule, applies in ((SUBAGENT_RULE, values["running_subagents"]), (ARCHIVE_RULE, archive_path))
        if applies
    ]
    numbered = tuple(f"{n}. {rule}" for n, rule in enumerate(extra, len(RULES)))
    rules = Section("rules", "rules", None, ("\n".join(RULES + numbered),), layout=plain)
    tail = "; the full transcript is archived (path above)" if archive_path else ""
    return pack(sections, [s.key for s in sections], max_chars, tail, trailer=rules)
