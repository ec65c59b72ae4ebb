"""The check of a compaction summary: which of the block's items it kept.

An item is kept when its key appears in the summary, both normalised (case, whitespace, the
markdown a summariser adds around code); a file path is kept also when its file name
appears as a word. Anything uncertain counts as lost: a lost item costs a line of refill, a
wrongly kept one costs the fact.
"""

from __future__ import annotations

import os
import re

from ..preserve.item import Item, by_family
from ..records import record, to_dict
from .parts import FamilyCheck

_FORMATTING = re.compile(r"[`*_]+")
_SPACE = re.compile(r"\s+")
# The model's reply may hold its reasoning too: only the summary part reaches the context.
_SUMMARY = re.compile(r"<summary>(.*?)(?:</summary>|\Z)", re.DOTALL)
# A block line of files grouped by directory ("- src/app/: a.py, b.py") stands for each path.
_GROUP = re.compile(r"^(?:- |  )?(\S*/): (\S+(?:, \S+)*)$", re.MULTILINE)


def normalise(text: str) -> str:
    return _SPACE.sub(" ", _FORMATTING.sub("", text).casefold()).strip()


def summary_part(compact_summary: str) -> str:
    """The text inside <summary>…</summary> (all of it when there are no tags), with the
    block's directory groups read as the paths they stand for."""
    parts = _SUMMARY.findall(compact_summary)
    text = "\n".join(parts) if parts else compact_summary
    paths = [head + name for head, names in _GROUP.findall(text) for name in names.split(", ")]
    return text + ("\n" + "\n".join(paths) if paths else "")


def is_kept(item: Item, normalised_summary: str, by_name: bool = True) -> bool:
    """The item's key is in the summary; a file also by its name when `by_name` (a summary
    written by a model shortens paths; a name several of the items share says nothing)."""
    key = normalise(item.key)
    if not key:
        return True  # nothing to look for: nothing to refill
    if key in normalised_summary:
        return True
    if by_name and item.family == "file":
        name = normalise(os.path.basename(item.key.rstrip("/")))
        if name and re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", normalised_summary):
            return True
    return False


@record
class SummaryCheck:
    kept: tuple[Item, ...]
    lost: tuple[Item, ...]

    @property
    def carried(self) -> int:
        return len(self.kept) + len(self.lost)

    def per_family(self) -> dict[str, FamilyCheck]:
        """Per family: items carried by the block, kept by the summary, lost."""
        kept, lost = by_family(self.kept), by_family(self.lost)
        return {
            f: FamilyCheck(carried=kept.get(f, 0) + lost.get(f, 0), kept=kept.get(f, 0), lost=lost.get(f, 0))
            for f in sorted(set(kept) | set(lost))
        }

    def counts(self) -> dict[str, dict[str, int]]:
        """per_family as plain counts (the history line's `check`)."""
        return {f: to_dict(c) for f, c in self.per_family().items()}


def check_summary(items: tuple[Item, ...], compact_summary: str) -> SummaryCheck:
    text = normalise(summary_part(compact_summary))
    names: dict[str, int] = {}
    for item in items:
        if item.family == "file":
            name = os.path.basename(item.key.rstrip("/")).casefold()
            names[name] = names.get(name, 0) + 1
    kept: list[Item] = []
    lost: list[Item] = []
    for item in items:
        unique_name = item.family == "file" and names.get(os.path.basename(item.key.rstrip("/")).casefold()) == 1
        (kept if is_kept(item, text, by_name=unique_name) else lost).append(item)
    return SummaryCheck(tuple(kept), tuple(lost))


def not_among(items: tuple[Item, ...], carried: tuple[Item, ...]) -> tuple[Item, ...]:
    """The items whose fact (family and key) is not one of `carried`: a text of our own (the
    restore note, the echoed block) is known by its items, not searched."""
    keys = {(i.family, normalise(i.key)) for i in carried}
    return tuple(i for i in items if (i.family, normalise(i.key)) not in keys)


def missing_from(items: tuple[Item, ...], context: str) -> tuple[Item, ...]:
    """The items whose key `context` (text the model already holds) does not carry verbatim."""
    text = normalise(context)
    return tuple(item for item in items if not is_kept(item, text, by_name=False))
