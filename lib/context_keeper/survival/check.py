"""The check of a compaction summary: which of the block's items it kept.

An item is kept when its key appears in the summary, both normalised (case, whitespace, the
markdown a summariser adds around code); a file path is kept also when its file name
appears as a word. Anything uncertain counts as lost: a lost item costs a line of refill, a
wrongly kept one costs the fact.
"""

from __future__ import annotations

import os
import re

from ..records import record
from .items import Item, by_family

_FORMATTING = re.compile(r"[`*_]+")
_SPACE = re.compile(r"\s+")
# The model's reply may hold its reasoning too: only the summary part reaches the context.
_SUMMARY = re.compile(r"<summary>(.*?)(?:</summary>|\Z)", re.DOTALL)


def normalise(text: str) -> str:
    return _SPACE.sub(" ", _FORMATTING.sub("", text).casefold()).strip()


def summary_part(compact_summary: str) -> str:
    """The text inside <summary>…</summary> (all of it when there are no tags)."""
    parts = _SUMMARY.findall(compact_summary)
    return "\n".join(parts) if parts else compact_summary


def is_kept(item: Item, normalised_summary: str) -> bool:
    key = normalise(item.key)
    if not key:
        return True  # nothing to look for: nothing to refill
    if key in normalised_summary:
        return True
    if item.family == "file":
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

    def counts(self) -> dict[str, dict[str, int]]:
        """Per family: items carried by the block, kept by the summary, lost."""
        kept, lost = by_family(self.kept), by_family(self.lost)
        families = sorted(set(kept) | set(lost))
        return {f: {"carried": kept.get(f, 0) + lost.get(f, 0), "kept": kept.get(f, 0), "lost": lost.get(f, 0)} for f in families}


def check_summary(items: tuple[Item, ...], compact_summary: str) -> SummaryCheck:
    text = normalise(summary_part(compact_summary))
    kept, lost = [], []
    for item in items:
        (kept if is_kept(item, text) else lost).append(item)
    return SummaryCheck(tuple(kept), tuple(lost))


def missing_from(items: tuple[Item, ...], context: str) -> tuple[Item, ...]:
    """The items whose key `context` (text the model already holds) does not carry."""
    text = normalise(context)
    return tuple(item for item in items if not is_kept(item, text))
