"""The refill: the block's items the summary lost, as one text for the model.

Grouped by family, most needed first, packed whole-item into the channel's budget (hook
context over 10,000 characters is saved to a file and only a preview reaches the model:
measured, docs/how-it-works.md). Worded as plain statements of fact: hook text that reads like a system command
can be taken for prompt injection.
"""

from __future__ import annotations

from ..preserve import Rendered, Section, pack
from ..preserve.item import FAMILIES, Item
from ..preserve.layouts import Layout, bullets, files_layout, inline, plain

HEADER = (
    "[context-keeper] Facts recorded just before the compaction that its summary does not carry "
    "(exact, as they stood then):"
)
TITLES = {
    "task": "Active tasks:",
    "error": "Unresolved errors (command → exit code: message):",
    "prompt": "The user's recent requests:",
    "subagent": "Subagents:",
    "file": "Files modified this session:",
    "test": "Test commands (last result):",
    "decision": "Decisions:",
    "summary": "Finished work, already summarised:",
    "completed": "Completed tasks:",
    "resolved": "Errors hit and fixed:",
    "diff": "Uncommitted changes (git diff --stat):",
}
LABELS = {
    "task": "tasks",
    "error": "errors",
    "prompt": "requests",
    "subagent": "subagents",
    "file": "files",
    "test": "tests",
    "decision": "decisions",
    "summary": "summaries",
    "completed": "completed tasks",
    "resolved": "fixed errors",
    "diff": "diff lines",
}


# As compact as in the block, so what the block carried fits the refill again: paths grouped
# by directory after the first few, completed tasks several to a line.
LAYOUTS: dict[str, Layout] = {"file": files_layout(10), "completed": inline}


# Hook context over 10,000 characters is saved to a file and only a preview shown (measured: docs/how-it-works.md).
MAX_CHARS = 9_500


def render_refill(items: tuple[Item, ...], max_chars: int = MAX_CHARS) -> tuple[str, tuple[Item, ...]]:
    """(text, the items it shows); ("", ()) when there is nothing to refill."""
    if not items:
        return "", ()
    families = [f for f in FAMILIES if any(i.family == f for i in items)]
    families += sorted({i.family for i in items} - set(families))
    grouped = {f: [i for i in items if i.family == f] for f in families}
    sections = [Section("header", "header lines", None, (HEADER,), layout=plain)]
    sections += [
        Section(
            f,
            LABELS.get(f, f),
            TITLES.get(f, f"{f}:"),
            tuple(i.text for i in grouped[f]),
            layout=LAYOUTS.get(f, bullets),
        )
        for f in families
    ]
    rendered: Rendered = pack(sections, [s.key for s in sections], max_chars)
    shown = tuple(i for f in families for i in grouped[f][: rendered.shown.get(f, 0)])
    return rendered.text, shown
