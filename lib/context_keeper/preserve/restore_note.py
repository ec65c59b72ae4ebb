"""The restore note: what SessionStart(compact) prints into the fresh context.

Its plain stdout reaches the model right after the compaction, whole when under 10,000
characters (measured: docs/how-it-works.md). Most needed first: active tasks with status and description,
unresolved errors with their message lines, the user's latest requests, files modified,
tests and their last result, decisions, finished work; last, where the full record is.

After compaction the model holds the summary (which may keep all, half or none of the
block), this note, and a refill of the block's items that the summary lost and this note
does not carry. So, given the block's items, the note spends what is left after the core
(what the next response needs whatever the summary kept) on the facts the block left out
before the ones it showed: together the channels then carry every fact either could hold.

Worded as plain statements of fact: Claude Code's docs warn that hook text reading like a
system command can be treated as prompt injection.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from ..records import replace
from ..redact import redact
from ..session import SessionModel
from ..session.subagents import running
from . import items
from .item import Item
from .items import Source
from .layouts import files_layout, grouped, inline, plain
from .packing import Rendered, Section, Stage, pack
from .specs import SectionSpec, build
from .subagent_items import SUBAGENTS_CAP, subagent_items

if TYPE_CHECKING:
    from ..cold.summaries import ColdSummary

# The core: shown first whatever the block and the summary carried (up to a number of items,
# where given: the rest of a long list of errors is packed like the other sections, after
# what the block left out — the block showed it, so the summary or the refill carries it).
CORE = ("tasks", "errors", "prompts")
CORE_ITEMS = {"errors": 12}
PROMPTS_CAP = 5  # the latest requests; older ones are in the block and the archive

# Display order is priority order. The core's shares sum to the whole budget: it may take
# all of it, each core section held to its share in pass 1 so none starves the others; the
# other sections' shares (of the whole budget too) apply to what the core leaves (see packing).
SECTIONS = (
    SectionSpec(
        "tasks", "active tasks", "Active tasks:", partial(items.task_items, clip=120), items.TASKS_CAP, share=0.45
    ),
    SectionSpec(
        "errors",
        "unresolved errors",
        "Unresolved errors:",
        items.error_items,
        items.ERRORS_CAP,
        share=0.35,
        layout=grouped(items.RUN_HEAD),
        order=items.error_order,
    ),
    SectionSpec(
        "prompts",
        "user requests",
        "The user's latest requests (newest first):",
        items.prompt_items,
        PROMPTS_CAP,
        share=0.2,
    ),
    SectionSpec(
        "subagents",
        "subagents",
        "Subagents ({running_subagents} still running; running first):",
        subagent_items,
        SUBAGENTS_CAP,
        share=0.15,
    ),
    SectionSpec(
        "files",
        "modified files",
        "Files modified ({files}, most recent first):",
        items.file_items,
        None,
        share=0.4,
        layout=files_layout(10),
    ),
    SectionSpec("tests", "test commands", "Tests (last result):", items.test_items, items.TESTS_CAP, share=0.15),
    SectionSpec(
        "decisions", "decisions", "Decisions (newest first):", items.decision_items, items.DECISIONS_CAP, share=0.15
    ),
    SectionSpec(
        "summaries",
        "summaries of finished work",
        "Finished work, summarised when it went cold (newest first):",
        items.summary_items,
        items.SUMMARIES_CAP,
        share=0.15,
    ),
    SectionSpec(
        "completed",
        "completed tasks",
        "Completed tasks (newest first):",
        items.completed_items,
        items.COMPLETED_CAP,
        share=0.08,
        layout=inline,
    ),
    SectionSpec(
        "resolved",
        "fixed errors",
        "Errors hit and fixed (newest first):",
        items.resolved_items,
        items.RESOLVED_CAP,
        share=0.07,
        layout=grouped(items.RUN_HEAD),
        order=items.resolved_order,
    ),
)


def _header(model: SessionModel, trigger: str | None) -> Section:
    line = (
        f"[context-keeper restored state] As recorded just before the {trigger + ' ' if trigger else ''}"
        f"compaction (turn {model.turns}). These lines are copied exactly from the session as it stood then; "
        "where the summary differs from them, they are the accurate record."
    )
    return Section("header", "header lines", None, (line,), layout=plain)


def _where(archive_path: object, summaries_dir: object, summary_count: int, preserved_path: object) -> Section:
    """Where the full record is: small, and what makes everything left out recoverable."""
    where = []
    if archive_path:
        where.append(f"Full pre-compaction transcript: {archive_path}")
    if summaries_dir and summary_count:
        where.append(f"Summaries of finished work ({summary_count}, JSON): {summaries_dir}")
    if preserved_path:
        where.append(f"State block given to the summariser: {preserved_path}")
    return Section("where", "locations", "Where:", tuple(redact(line) for line in where))


def prefer_unshown(
    sections: Sequence[Section], block_items: Sequence[Item]
) -> tuple[list[Section], list[Stage], list[str]]:
    """The sections, their priority and the `then` keys when the block showed `block_items`:
    the core in full, then every other section's items the block did not show, and only
    then the rest (the model holds those already, through the summary or the refill).

    Items keep their display order; only the order they are packed in changes."""
    seen = {(item.family, item.key) for item in block_items}
    out: list[Section] = []
    priority: list[Stage] = []
    then: list[str] = []
    for section in sections:
        limit = CORE_ITEMS.get(section.key)
        if section.key == "header" or (section.key in CORE and (limit is None or len(section.facts) <= limit)):
            out.append(section)
            priority.append(section.key)
            continue
        # Within each part, the section's own packing order.
        base = list(section.order or range(len(section.facts)))
        head, rest = (base[:limit], base[limit:]) if limit is not None else ([], base)
        new = [i for i in rest if (section.facts[i].family, section.facts[i].key) not in seen]
        again = [i for i in rest if (section.facts[i].family, section.facts[i].key) in seen]
        out.append(replace(section, order=tuple(head + new + again)))
        priority.append((section.key, len(head) + len(new)))
        then.append(section.key)
    return out, priority, then


def render_restore(
    model: SessionModel,
    *,
    max_chars: int,
    repo_root: Path | None = None,
    trigger: str | None = None,
    archive_path: Path | str | None = None,
    summaries_dir: Path | str | None = None,
    summary_count: int = 0,
    preserved_path: Path | str | None = None,
    summaries: Sequence[ColdSummary] = (),
    block_items: Sequence[Item] | None = None,
) -> Rendered:
    """The SessionStart(compact) note, at most `max_chars`, most needed first.

    `block_items`: the items the block of this compaction showed; without them the note
    stands alone (priority = display order)."""
    values = {"files": len(model.files), "running_subagents": len(running(model))}
    sections = [_header(model, trigger), *build(SECTIONS, Source(model, repo_root, summaries), values)]
    priority: list[Stage] = [s.key for s in sections]
    then: list[str] = []
    if block_items is not None:
        sections, priority, then = prefer_unshown(sections, block_items)
    where = _where(archive_path, summaries_dir, summary_count, preserved_path)
    tail = "; the archived transcript holds all of it" if archive_path else ""
    return pack(sections, priority, max_chars, tail, trailer=where, then=then)
