"""The preservation block (PreCompact stdout) and the restore note (SessionStart compact).

Both are rendered from the session model by budgeted packing: every section is a list of
items, most important first; sections are packed in priority order and each item goes in
whole or not at all, so the text never ends mid-path or mid-command. When something does
not fit, one line says how many items of which sections were left out.

Claude Code appends the block, trimmed, under "Additional Instructions:" of its
compaction prompt, after the user's own /compact text, and cuts it at 10,000 characters
(FACTS.md). So the block never repeats that text, words its rules as additions to it, and
is packed to `max_chars` itself rather than being cut by Claude Code.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from .records import field, record
from .redact import redact
from .session import SessionModel
from .tasks import Task
from .text import one_line, unique

if TYPE_CHECKING:
    from .cold_units import Summary

# Item caps per section. They only stop runaway lists: the character budget decides what is
# shown (bench/recall.py measures how many ground-truth facts reach the model).
TASKS_CAP = 60
ERRORS_CAP = 30
TESTS_CAP = 100
DECISIONS_CAP = 60
PROMPTS_CAP = 8
DIFF_LINES_CAP = 40
SUMMARIES_CAP = 20
COMPLETED_CAP = 300
RESOLVED_CAP = 100
FILES_FULL = 15  # this many most recent files get a line each; the rest are grouped by directory

RESTORE_TASKS_CAP = 15
RESTORE_ERRORS_CAP = 15
RESTORE_FILES_CAP = 60
RESTORE_TESTS_CAP = 30

# Clip lengths for the few free-text fields that can be arbitrarily long.
COMMAND_CLIP = 240
DESCRIPTION_CLIP = 240
PROMPT_CLIP = 300
SEPARATOR = "\n\n"

Layout = Callable[[Sequence[str]], list[str]]


def _bullets(items: Sequence[str]) -> list[str]:
    return [f"- {item}" for item in items]


def _indented(items: Sequence[str]) -> list[str]:
    return [f"  {item}" for item in items]


def _plain(items: Sequence[str]) -> list[str]:
    return list(items)


@record
class Section:
    key: str
    label: str  # for the left-out line: "12 files"
    title: str | None
    items: tuple[str, ...]
    share: float | None = None  # fraction of the budget it may take before later sections get theirs
    layout: Layout = _bullets

    def text(self, n: int) -> str:
        lines = self.layout(self.items[:n])
        return "\n".join([self.title, *lines] if self.title else lines)

    def cost(self, n: int) -> int:
        # Every shown section pays for one separator; the budget is max_chars + one separator.
        return len(self.text(n)) + len(SEPARATOR) if n else 0


@record
class Rendered:
    text: str
    shown: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=dict)


# -- packing -----------------------------------------------------------------------------------


def _fit(section: Section, start: int, budget: int) -> int:
    """The largest n >= start with cost(n) <= budget (start if none); cost grows with n."""
    lo, hi = start, len(section.items)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if section.cost(mid) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _allocate(sections: Sequence[Section], priority: Sequence[str], budget: int) -> dict[str, int]:
    by_key = {s.key: s for s in sections}
    counts = {s.key: 0 for s in sections}
    left = budget
    # Pass 1: each section in priority order, held to its share, so a long list (hundreds of
    # files) cannot starve the sections after it. Pass 2: what is left, in priority order.
    for limited in (True, False):
        for key in priority:
            section = by_key[key]
            had = section.cost(counts[key])
            room = left + had
            if limited and section.share is not None:
                room = min(room, max(int(section.share * budget), had))
            counts[key] = _fit(section, counts[key], room)
            left -= section.cost(counts[key]) - had
    return counts


def _left_out_line(sections: Sequence[Section], missing: dict[str, int], tail: str) -> str:
    parts = ", ".join(f"{missing[s.key]} {s.label}" for s in sections if missing.get(s.key))
    return f"[context-keeper] Left out for space: {parts}{tail}."


def pack(
    sections: Sequence[Section],
    priority: Sequence[str],
    max_chars: int,
    tail: str = "",
    trailer: Section | None = None,
) -> Rendered:
    """Pack `sections` (in display order) into at most `max_chars` characters.

    `priority` lists every section key, most important first. `trailer` is displayed last
    but packed right after the first priority section (the compaction rules: small, and
    worthless if cut). `tail` ends the left-out line. Items are assumed already redacted.
    """
    everything = [*sections, trailer] if trailer else list(sections)
    order = list(priority)
    if trailer:
        order.insert(1 if order else 0, trailer.key)
    budget = max_chars + len(SEPARATOR)
    counts = _allocate(everything, order, budget)
    missing = {s.key: len(s.items) - counts[s.key] for s in everything if len(s.items) > counts[s.key]}
    note = None
    if missing:
        # Pack again with room for the worst-case note (every item of every section missing);
        # the real note, with smaller or equal counts, is never longer.
        worst = {s.key: len(s.items) for s in everything if s.items}
        reserve = len(_left_out_line(everything, worst, tail)) + len(SEPARATOR)
        if reserve < budget:
            counts = _allocate(everything, order, budget - reserve)
            missing = {s.key: len(s.items) - counts[s.key] for s in everything if len(s.items) > counts[s.key]}
            note = _left_out_line(everything, missing, tail)
    parts = [s.text(counts[s.key]) for s in sections if counts[s.key]]
    if note:
        parts.append(note)
    if trailer and counts[trailer.key]:
        parts.append(trailer.text(counts[trailer.key]))
    text = SEPARATOR.join(parts)
    if len(text) > max_chars:  # cannot happen with monotonic costs; never print past the cap
        text = ""
    shown = {s.key: counts[s.key] for s in everything if s.key not in ("header", "rules", "where")}
    return Rendered(text, shown, {k: v for k, v in missing.items() if k in shown})


# -- items -------------------------------------------------------------------------------------


def relative(path: str, root: Path | None) -> str:
    """`path` relative to `root` when it lies under it, else unchanged."""
    if root is None or not os.path.isabs(path):
        return path
    base = os.path.abspath(root)
    norm = os.path.normpath(path)
    if norm == base or not norm.startswith(base.rstrip(os.sep) + os.sep):
        return path
    return os.path.relpath(norm, base)


def _task_item(task_id: str, subject: str, status: str, description: str, source: str, clip: int) -> str:
    head = f"[{status}] {one_line(subject, 200)}" if source == "todo" else f"#{task_id} [{status}] {one_line(subject, 200)}"
    # Descriptions often restate the subject first: keep only what they add.
    description = description.strip()
    if description.startswith(subject.strip()):
        description = description[len(subject.strip()) :].lstrip(" .:;-—")
    description = one_line(description, clip) if description else ""
    return f"{head} — {description}" if description else head


def _open_tasks(model: SessionModel) -> list[Task]:
    tasks = model.tasks.open_tasks()
    # In progress first (what was being done), then pending in creation order (the plan).
    return [t for t in tasks if t.status == "in_progress"] + [t for t in tasks if t.status != "in_progress"]


def task_items(model: SessionModel, cap: int, clip: int = DESCRIPTION_CLIP) -> tuple[str, ...]:
    return tuple(_task_item(t.id, t.subject, t.status, t.description, t.source, clip) for t in _open_tasks(model)[:cap])


def error_items(model: SessionModel, root: Path | None, cap: int) -> tuple[str, ...]:
    out = []
    for error in model.unresolved_errors()[:cap]:
        line = one_line(error.line, 300) or "(no output)"
        if error.tool == "Bash":
            code = f"exit {error.exit_code}" if error.exit_code is not None else "failed"
            out.append(f"`{one_line(error.target, COMMAND_CLIP)}` → {code}: {line}")
        else:
            out.append(f"{error.tool} {relative(error.target, root)}: {line}")
    return tuple(out)


def file_items(model: SessionModel, root: Path | None, cap: int | None = None) -> tuple[str, ...]:
    paths = [relative(change.path, root) for change in reversed(model.files.values())]
    return tuple(paths[:cap] if cap is not None else paths)


def _files_layout(full: int) -> Layout:
    """The `full` most recent paths one per line, then the rest grouped by directory
    (groups in order of their most recent file): hundreds of paths in a few lines."""

    def layout(paths: Sequence[str]) -> list[str]:
        lines = [f"- {p}" for p in paths[:full]]
        groups: dict[str, list[str]] = {}
        for path in paths[full:]:
            head, name = os.path.split(path)
            groups.setdefault(head, []).append(name or path)
        for head, names in groups.items():
            if len(names) == 1:
                lines.append(f"- {os.path.join(head, names[0]) if head else names[0]}")
            else:
                lines.append(f"- {head.rstrip('/') + '/' if head else './'}: {', '.join(names)}")
        return lines

    return layout


def test_items(model: SessionModel, cap: int) -> tuple[str, ...]:
    out = []
    for run in list(reversed(model.tests.values()))[:cap]:
        command = f"`{one_line(run.command, COMMAND_CLIP)}`"
        if run.ok:
            out.append(f"{command} → passed")
        else:
            code = f"exit {run.exit_code}" if run.exit_code is not None else "failed"
            detail = f": {one_line(run.error_line, 300)}" if run.error_line else ""
            out.append(f"{command} → FAILED ({code}){detail}")
    return tuple(out)


def decision_items(model: SessionModel, cap: int) -> tuple[str, ...]:
    return tuple(unique([n.text.strip() for n in reversed(model.decisions)], cap, skip_empty=True))


def prompt_items(model: SessionModel, cap: int) -> tuple[str, ...]:
    return tuple(unique([one_line(n.text, PROMPT_CLIP) for n in reversed(model.prompts)], cap, skip_empty=True))


def diff_items(stat: str | None, cap: int) -> tuple[str, ...]:
    lines = [line.strip() for line in (stat or "").splitlines() if line.strip()]
    if not lines:
        return ()
    # git puts "N files changed, ..." last; it is the one line worth keeping if little fits.
    return tuple([lines[-1], *lines[:-1]][:cap])


def _join(items: Sequence[str], cap: int, clip: int) -> str:
    shown = [one_line(item, clip) for item in items[:cap]]
    more = f" (+{len(items) - cap} more)" if len(items) > cap else ""
    return ", ".join(shown) + more


def summary_item(summary: "Summary", root: Path | None) -> str:
    kind = "task" if summary.kind == "task" else "request"
    ident = f"#{summary.task_id}" if kind == "task" else summary.task_id
    status = f" [{summary.status}]" if summary.status else ""
    parts = [f"{kind} {ident} \"{one_line(summary.subject, 160)}\"{status} (turns {summary.start_turn}-{summary.end_turn})"]
    if summary.files_modified:
        files = [relative(f, root) for f in summary.files_modified]
        parts.append(f"files: {_join(files, 12, 200)}")
    if summary.commands_run:
        parts.append(f"ran: {_join([f'`{c}`' for c in summary.commands_run], 5, 160)}")
    if summary.key_outcomes:
        parts.append(f"outcomes: {'; '.join(one_line(o, 200) for o in summary.key_outcomes[:3])}")
    if summary.errors_resolved:
        fixed = [
            f"{one_line(e.error, 120)} ({relative(e.target, root) if os.path.isabs(e.target) else one_line(e.target, 80)})"
            f" fixed by {one_line(e.fixed_by, 120)}"
            for e in summary.errors_resolved[:3]
        ]
        parts.append(f"fixed: {'; '.join(fixed)}")
    return "; ".join(parts)


def summary_items(summaries: Sequence["Summary"], root: Path | None, cap: int) -> tuple[str, ...]:
    newest_first = sorted(summaries, key=lambda s: (s.end_turn, s.start_turn), reverse=True)
    return tuple(summary_item(s, root) for s in newest_first[:cap])


def completed_items(model: SessionModel, cap: int) -> tuple[str, ...]:
    done = [t for t in model.tasks.tasks.values() if t.status == "completed"]
    done.sort(key=lambda t: t.completed_turn or 0, reverse=True)
    return tuple(
        one_line(t.subject, 200) if t.source == "todo" else f"#{t.id} {one_line(t.subject, 200)}" for t in done[:cap]
    )


def resolved_items(model: SessionModel, root: Path | None, cap: int) -> tuple[str, ...]:
    """Errors hit and fixed, newest first: what not to break again."""
    out = []
    for error in reversed(model.errors):
        if error.resolved_turn is None:
            continue
        line = one_line(error.line, 200) or "(no output)"
        target = f"`{one_line(error.target, COMMAND_CLIP)}`" if error.tool == "Bash" else relative(error.target, root)
        out.append(f"{target}: {line}")
    return tuple(unique(out, cap, skip_empty=True))


def _inline(items: Sequence[str]) -> list[str]:
    """Short items several to a line (about 100 characters), for long lists of names."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(item) + 2 <= 100:
            lines[-1] += f"; {item}"
        else:
            lines.append(f"- {item}")
    return lines


def _redacted(items: Sequence[str]) -> tuple[str, ...]:
    return tuple(redact(item) for item in items)


# -- the preservation block --------------------------------------------------------------------

RULES = (
    "RULES FOR THE SUMMARY (context-keeper; in addition to any instructions above, which take precedence where they differ):",
    "1. Carry every item above into the summary exactly as written: task ids, subjects and statuses; file paths; "
    "commands; error lines and exit codes; decisions. Copy them character for character; do not paraphrase, shorten or merge them.",
    "2. List the active tasks, with their status, under Pending Tasks; report a task as done only if the conversation shows it done.",
    "3. Report the unresolved errors as still unresolved unless the conversation shows them fixed.",
    "4. Keep the task summaries (work already finished and compressed) verbatim, and the list of modified files complete.",
)
ARCHIVE_RULE = "5. Mention that the full pre-compaction transcript is archived at the path given above."


def render_block(
    model: SessionModel,
    *,
    trigger: str | None,
    max_chars: int,
    repo_root: Path | None = None,
    summaries: Sequence["Summary"] = (),
    diff_stat: str | None = None,
    archive_path: Path | str | None = None,
    window_override: int | None = None,
) -> Rendered:
    """The PreCompact block: plain text, at most `max_chars`, most important first."""
    usage = model.context_usage(window_override)
    facts = [f"turn {model.turns}", f"~{usage.tokens:,} tokens in context, {usage.percent:.0f}% of {usage.window:,}"]
    if model.session_id:
        facts.insert(0, f"session {model.session_id}")
    header = [
        f"[context-keeper] Session state recorded just before this {trigger or 'unknown'} compaction ({', '.join(facts)}). "
        "In addition to any instructions above, keep the facts below in your summary exactly as written.",
    ]
    if archive_path:
        header.append(f"Full pre-compaction transcript archived at: {archive_path}")
    open_count = len(model.tasks.open_tasks())
    files = file_items(model, repo_root)
    sections = [
        Section("header", "header lines", None, _redacted(header), layout=_plain),
        Section(
            "tasks",
            "active tasks",
            f"ACTIVE TASKS ({open_count} open; in progress first):",
            _redacted(task_items(model, TASKS_CAP)),
            share=0.2,
        ),
        Section(
            "errors",
            "unresolved errors",
            "UNRESOLVED ERRORS (newest first; command or file → exit code: error line):",
            _redacted(error_items(model, repo_root, ERRORS_CAP)),
            share=0.15,
        ),
        Section(
            "files",
            "modified files",
            f"FILES MODIFIED THIS SESSION ({len(files)}, most recent first"
            + (f"; after the first {FILES_FULL}, grouped as directory/: names" if len(files) > FILES_FULL else "")
            + "):",
            _redacted(files),
            share=0.2,
            layout=_files_layout(FILES_FULL),
        ),
        Section(
            "tests",
            "test commands",
            "TEST COMMANDS (last result of each):",
            _redacted(test_items(model, TESTS_CAP)),
            share=0.1,
        ),
        Section(
            "decisions",
            "decisions",
            "KEY DECISIONS (verbatim, newest first):",
            _redacted(decision_items(model, DECISIONS_CAP)),
            share=0.1,
        ),
        Section(
            "prompts",
            "user requests",
            "USER'S RECENT REQUESTS (newest first):",
            _redacted(prompt_items(model, PROMPTS_CAP)),
            share=0.04,
        ),
        Section(
            "diff",
            "diff stat lines",
            "UNCOMMITTED CHANGES (git diff --stat HEAD):",
            _redacted(diff_items(diff_stat, DIFF_LINES_CAP)),
            share=0.04,
            layout=_indented,
        ),
        Section(
            "summaries",
            "task summaries",
            "FINISHED WORK, ALREADY SUMMARISED (keep verbatim):",
            _redacted(summary_items(summaries, repo_root, SUMMARIES_CAP)),
            share=0.07,
        ),
        Section(
            "completed",
            "completed tasks",
            "COMPLETED TASKS (newest first):",
            _redacted(completed_items(model, COMPLETED_CAP)),
            share=0.03,
            layout=_inline,
        ),
        Section(
            "resolved",
            "fixed errors",
            "ERRORS HIT AND FIXED (newest first; keep so they are not reintroduced):",
            _redacted(resolved_items(model, repo_root, RESOLVED_CAP)),
            share=0.02,
        ),
    ]
    rules = Section("rules", "rules", None, ("\n".join(RULES + ((ARCHIVE_RULE,) if archive_path else ())),), layout=_plain)
    # Display order is priority order. Pass 1 holds each section to its share (together under
    # the whole budget, so even the last sections get some room); pass 2 hands out the rest.
    priority = [s.key for s in sections]
    tail = "; the full transcript is archived (path above)" if archive_path else ""
    return pack(sections, priority, max_chars, tail, trailer=rules)


# -- the restore note --------------------------------------------------------------------------


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
) -> Rendered:
    """The SessionStart(compact) note: the exact state the compaction summary tends to lose."""
    files = file_items(model, repo_root, RESTORE_FILES_CAP)
    where = []
    if archive_path:
        where.append(f"Full pre-compaction transcript: {archive_path}")
    if summaries_dir and summary_count:
        where.append(f"Summaries of finished work ({summary_count}, JSON): {summaries_dir}")
    if preserved_path:
        where.append(f"State block given to the summariser: {preserved_path}")
    sections = [
        Section(
            "header",
            "header lines",
            None,
            (
                f"[context-keeper restored state] As recorded just before the {trigger + ' ' if trigger else ''}"
                f"compaction (turn {model.turns}); exact: prefer it to the summary where they differ.",
            ),
            layout=_plain,
        ),
        Section(
            "tasks",
            "active tasks",
            "Active tasks:",
            _redacted(task_items(model, RESTORE_TASKS_CAP, clip=120)),
            share=0.35,
        ),
        Section(
            "errors",
            "unresolved errors",
            "Unresolved errors:",
            _redacted(error_items(model, repo_root, RESTORE_ERRORS_CAP)),
            share=0.25,
        ),
        Section("tests", "test commands", "Tests (last result):", _redacted(test_items(model, RESTORE_TESTS_CAP)), share=0.15),
        Section(
            "files",
            "modified files",
            f"Files modified ({len(model.files)}, most recent first):",
            _redacted(files),
            layout=_files_layout(10),
        ),
    ]
    # Where the full record is: small, and what makes everything left out recoverable.
    locations = Section("where", "locations", "Where:", _redacted(where))
    tail = "; see the archived transcript" if archive_path else ""
    return pack(sections, [s.key for s in sections], max_chars, tail, trailer=locations)
