"""The facts the block and the note show, one builder per family (survival.items): each fact
as the line a channel prints (redacted, one line) and its key, the string whose presence in
a summary means the fact was kept.

Every builder takes the `Source` and a cap, and returns its items most needed first.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path

from ..cold.summaries import ColdSummary  # at run time: the record loader resolves Source's fields
from ..records import record
from ..redact import redact
from ..session import SessionModel
from ..session.error_line import redacted
from ..session.heuristics import decision_words, same_decision
from ..session.subagents import label_of
from ..session.tasks import Task
from ..text import one_line, relative_path, unique
from .item import Item

# Item caps per family. They only stop runaway lists: the character budget decides what is
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

# Clip lengths for the few free-text fields that can be arbitrarily long.
COMMAND_CLIP = 240
DESCRIPTION_CLIP = 240
PROMPT_CLIP = 300
SUBJECT_CLIP = 200


@record
class Source:
    """What the items are built from."""

    model: SessionModel
    root: Path | None = None  # the repository: paths under it are shown relative to it
    summaries: Sequence[ColdSummary] = ()  # the cold units' summaries
    diff_stat: str | None = None  # `git diff --stat HEAD`


def _limit(cap: int | None) -> int:
    return cap if cap is not None else 1 << 30


def _by(src: Source, agent: str | None) -> str:
    """ " (by subagent <type>: <description>)" for what a subagent left; "" for the main agent's."""
    label = label_of(src.model, agent)
    return f" (by {label})" if label else ""


def _item(family: str, text: str, key: str) -> Item:
    shown = redact(text)
    return Item(family, shown, shown if key == text else redact(key))


# -- active and completed tasks ----------------------------------------------------------------


def _task_line(task: Task, clip: int) -> str:
    subject = one_line(task.subject, SUBJECT_CLIP)
    head = f"[{task.status}] {subject}" if task.source == "todo" else f"#{task.id} [{task.status}] {subject}"
    # Descriptions often restate the subject first: keep only what they add.
    description = task.description.strip()
    if description.startswith(task.subject.strip()):
        description = description[len(task.subject.strip()) :].lstrip(" .:;-—")
    description = one_line(description, clip) if description else ""
    return f"{head} — {description}" if description else head


def _open_tasks(model: SessionModel) -> list[Task]:
    tasks = model.tasks.open_tasks()
    # In progress first (what was being done), then pending in creation order (the plan).
    return [t for t in tasks if t.status == "in_progress"] + [t for t in tasks if t.status != "in_progress"]


def task_items(src: Source, cap: int | None, clip: int = DESCRIPTION_CLIP) -> tuple[Item, ...]:
    return tuple(
        _item("task", _task_line(t, clip), one_line(t.subject, SUBJECT_CLIP)) for t in _open_tasks(src.model)[:cap]
    )


def completed_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    done = [t for t in src.model.tasks.tasks.values() if t.status == "completed"]
    done.sort(key=lambda t: t.completed_turn or 0, reverse=True)
    out = []
    for task in done[:cap]:
        subject = one_line(task.subject, SUBJECT_CLIP)
        out.append(_item("completed", subject if task.source == "todo" else f"#{task.id} {subject}", subject))
    return tuple(out)


# -- errors ------------------------------------------------------------------------------------

# Where a run's line starts its message: "`cmd` → exit 1", "`cmd` → exit 1 (+3 more failures)"
# (unresolved errors), "`cmd`" (errors hit and fixed). The layout prints the messages of one
# run under it; the order packs them. Every item's text stays whole on its own (the refill
# prints items one per line).
RUN_HEAD = re.compile(r"^(`.*?`(?: → (?:exit -?\d+|failed))?(?: \(\+\d+ more failures?\))?): ")
MESSAGE_CLIP = 300  # failures/ writes at most 300 characters a message (lines.LINE_CAP)


def _more(more: int) -> str:
    return f" (+{more} more failure{'s' if more != 1 else ''})" if more else ""


def _run_items(family: str, head: str, messages: Sequence[str], more: int, empty_key: str, by: str = "") -> list[Item]:
    """One item per failure message of a run (`head: message`, key: the message); a run
    without output is one `(no output)` item keyed by `empty_key`. `by` (who ran it, for a
    subagent's) ends every item's text."""
    head += _more(more)
    shown = [one_line(m, MESSAGE_CLIP) for m in messages]
    if not any(shown):
        return [_item(family, f"{head}: (no output){by}", empty_key)]
    return [_message_item(family, head, m, None, by) for m in unique(shown, len(shown), skip_empty=True)]


def _message_item(family: str, head: str, message: str, key: str | None = None, by: str = "") -> Item:
    """`head: message`, the two redacted apart: the message as the fold redacted it (whole,
    or apart from its test id), not read as a `name: secret` across the head (`exit 1:
    TestAuthBuild: types_test.go:40: …`)."""
    shown = redacted(message)
    return Item(family, f"{redact(head)}: {shown}{redact(by)}", shown if key is None else redact(key))


def _bash_head(command: str, exit_code: int | None) -> str:
    code = f"exit {exit_code}" if exit_code is not None else "failed"
    return f"`{one_line(command, COMMAND_CLIP)}` → {code}"


def run_order(items: Sequence[Item], newest_whole: bool) -> tuple[int, ...]:
    """The order a section of runs' messages is packed in: every run's first message before
    any run's second (so a tight budget names every run), after the whole of the newest run
    when `newest_whole` (what the session was working on). Shown in display order."""
    runs: list[list[int]] = []
    last = None
    for i, item in enumerate(items):
        m = RUN_HEAD.match(item.text)
        head = m.group(1) if m else None
        if head is None or head != last:
            runs.append([])
        runs[-1].append(i)
        last = head
    order = list(runs[0]) if newest_whole and runs else []
    depth = max((len(r) for r in runs), default=0)
    order += [r[n] for n in range(depth) for r in runs if n < len(r) and r[n] not in order]
    return tuple(order)


def error_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    """Unresolved errors, newest first: one item per failure message of the run, keyed by
    the message (the command or file when the error had no output)."""
    out: list[Item] = []
    for error in src.model.unresolved_errors()[:cap]:
        if error.tool == "Bash":
            head, key = _bash_head(error.target, error.exit_code), one_line(error.target, COMMAND_CLIP)
        else:
            key = relative_path(error.target, src.root)
            head = f"{error.tool} {key}"
        out += _run_items("error", head, error.messages, error.more, key, _by(src, error.agent))
    return tuple(out)


def error_order(items: Sequence[Item]) -> tuple[int, ...]:
    return run_order(items, newest_whole=True)


def resolved_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    """Errors hit and fixed, newest first, one item per message: what not to break again."""
    out: list[Item] = []
    seen: set[str] = set()
    runs = 0
    for error in reversed(src.model.errors):
        if error.resolved_turn is None:
            continue
        target = (
            f"`{one_line(error.target, COMMAND_CLIP)}`"
            if error.tool == "Bash"
            else relative_path(error.target, src.root)
        )
        # Hit and fixed twice: listed once.
        fresh = [i for i in _run_items("resolved", target, error.messages, 0, target.strip("`")) if i.text not in seen]
        if not fresh:
            continue
        seen.update(i.text for i in fresh)
        out += fresh
        runs += 1
        if runs == _limit(cap):
            break
    return tuple(out)


def resolved_order(items: Sequence[Item]) -> tuple[int, ...]:
    return run_order(items, newest_whole=False)


# -- files, tests, decisions, requests, the diff -----------------------------------------------


def file_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    paths = [relative_path(change.path, src.root) for change in reversed(src.model.files.values())]
    return tuple(_item("file", path, path) for path in paths[:cap])


# A failed test's messages are the unresolved errors' (same run): here only a reminder.
TEST_DETAIL_CLIP = 100


def test_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    """Each test command's last result; a failed run with the start of its first message
    (all of them are among the unresolved errors) and how many more failures it had."""
    out = []
    for run in list(reversed(src.model.tests.values()))[:cap]:
        command = one_line(run.command, COMMAND_CLIP)
        if run.ok:
            out.append(_item("test", f"`{command}` → passed{_by(src, run.agent)}", command))
        else:
            code = f"exit {run.exit_code}" if run.exit_code is not None else "failed"
            first = one_line(run.messages[0], TEST_DETAIL_CLIP) if run.messages else ""
            head = f"`{command}` → FAILED ({code})"
            by = _by(src, run.agent)
            if first:
                out.append(_message_item("test", head, first + _more(len(run.messages) - 1 + run.more), command, by))
            else:
                out.append(_item("test", head + by, command))
    return tuple(out)


def decision_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    """Decisions, newest first, each once (a restatement with small differences too)."""
    kept: list[tuple[str, frozenset[str]]] = []
    for note in reversed(src.model.decisions):
        text, words = note.text.strip(), decision_words(note.text)
        if text and not any(same_decision(words, other) for _, other in kept):
            kept.append((text, words))
            if len(kept) == _limit(cap):
                break
    return tuple(_item("decision", text, text) for text, _ in kept)


def prompt_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    texts = unique([one_line(n.text, PROMPT_CLIP) for n in reversed(src.model.prompts)], _limit(cap), skip_empty=True)
    return tuple(_item("prompt", text, text) for text in texts)


def diff_items(stat: str | None, cap: int | None) -> tuple[str, ...]:
    """The lines of `git diff --stat`, the totals line first."""
    lines = [line.strip() for line in (stat or "").splitlines() if line.strip()]
    if not lines:
        return ()
    # git puts "N files changed, ..." last; it is the one line worth keeping if little fits.
    return tuple([lines[-1], *lines[:-1]][:cap])


def diff_stat_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    """The diff stat lines as facts: a file's key is its path (before ` |`), the totals' itself."""
    return tuple(_item("diff", line, line.split(" |", 1)[0].strip()) for line in diff_items(src.diff_stat, cap))


# -- finished work, already summarised ---------------------------------------------------------


def _join(items: Sequence[str], cap: int, clip: int) -> str:
    shown = [one_line(item, clip) for item in items[:cap]]
    more = f" (+{len(items) - cap} more)" if len(items) > cap else ""
    return ", ".join(shown) + more


def summary_item(summary: ColdSummary, root: Path | None) -> str:
    kind = {"task": "task", "subagent": "subagent"}.get(summary.kind, "request")
    # A subagent's id means nothing to the model; its subject names its type and description.
    ident = {"task": f" #{summary.task_id}", "subagent": ""}.get(kind, f" {summary.task_id}")
    status = f" [{summary.status}]" if summary.status else ""
    parts = [
        f'{kind}{ident} "{one_line(summary.subject, 160)}"{status} (turns {summary.start_turn}-{summary.end_turn})'
    ]
    if summary.files_modified:
        files = [relative_path(f, root) for f in summary.files_modified]
        parts.append(f"files: {_join(files, 12, 200)}")
    if summary.commands_run:
        parts.append(f"ran: {_join([f'`{c}`' for c in summary.commands_run], 5, 160)}")
    if summary.key_outcomes:
        parts.append(f"outcomes: {'; '.join(one_line(o, 200) for o in summary.key_outcomes[:3])}")
    if summary.errors_resolved:
        fixed = [
            f"{one_line(e.error, 120)} ({relative_path(e.target, root) if os.path.isabs(e.target) else one_line(e.target, 80)})"
            f" fixed by {one_line(e.fixed_by, 120)}"
            for e in summary.errors_resolved[:3]
        ]
        parts.append(f"fixed: {'; '.join(fixed)}")
    return "; ".join(parts)


def summary_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    newest_first = sorted(src.summaries, key=lambda s: (s.end_turn, s.start_turn), reverse=True)
    return tuple(_item("summary", summary_item(s, src.root), one_line(s.subject, 160)) for s in newest_first[:cap])
