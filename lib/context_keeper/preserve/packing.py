"""Budgeted packing: sections of whole items into at most `max_chars` characters.

Every section is a list of items, most important first; sections are packed in priority
order and each item goes in whole or not at all, so the text never ends mid-path or
mid-command. When something does not fit, one line says how many items of which sections
were left out. Used by the preservation block, the restore note and the refill.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..records import field, record
from .item import Item
from .layouts import Layout, bullets

SEPARATOR = "\n\n"
# Sections that frame the text rather than hold facts: not counted as shown or left out.
FRAMING = ("header", "rules", "where")

# A priority entry: a section key (up to all its items), or (key, n): up to its first n
# items in packing order (`then` may give the section the rest).
Stage = str | tuple[str, int]


@record
class Section:
    key: str
    label: str  # for the left-out line: "12 files"
    title: str | None
    items: tuple[str, ...]  # in display order
    share: float | None = None  # fraction of the budget it may take before later sections get theirs
    layout: Layout = bullets
    facts: tuple[Item, ...] = ()  # the items as facts (family, key), parallel to `items`; none for framing
    order: tuple[int, ...] = ()  # the order items are packed in (indices into `items`); () = as listed

    def _picked(self, n: int) -> Sequence[int]:
        # Packed in `order`, shown in display order.
        return sorted(self.order[:n]) if self.order else range(min(n, len(self.items)))

    def text(self, n: int) -> str:
        shown = self.items[:n] if not self.order else [self.items[i] for i in self._picked(n)]
        lines = self.layout(shown)
        return "\n".join([self.title, *lines] if self.title else lines)

    def cost(self, n: int) -> int:
        # Every shown section pays for one separator; the budget is max_chars + one separator.
        return len(self.text(n)) + len(SEPARATOR) if n else 0

    def shown_facts(self, n: int) -> tuple[Item, ...]:
        return tuple(self.facts[i] for i in self._picked(n)) if self.facts else ()


@record
class Rendered:
    text: str
    shown: dict[str, int] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=dict)
    items: tuple[Item, ...] = ()  # every fact the text shows, in display order


def _fit(section: Section, start: int, budget: int, stop: int | None = None) -> int:
    """The largest n in [start, stop] with cost(n) <= budget (start if none); cost grows with n."""
    lo, hi = start, len(section.items) if stop is None else max(start, min(stop, len(section.items)))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if section.cost(mid) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _allocate(
    sections: Sequence[Section], priority: Sequence[Stage], budget: int, then: Sequence[str] = ()
) -> dict[str, int]:
    by_key = {s.key: s for s in sections}
    counts = {s.key: 0 for s in sections}
    stages = [(entry, None) if isinstance(entry, str) else entry for entry in priority]
    left = budget
    # Pass 1: each section in priority order, held to its share, so a long list (hundreds of
    # files) cannot starve the sections after it. Pass 2: what is left, in priority order.
    # Pass 3: the rest of the `then` sections' items, once every priority entry is filled.
    for entries, limited in ((stages, True), (stages, False), ([(key, None) for key in then], False)):
        for key, stop in entries:
            section = by_key[key]
            had = section.cost(counts[key])
            room = left + had
            if limited and section.share is not None:
                room = min(room, max(int(section.share * budget), had))
            counts[key] = _fit(section, counts[key], room, stop)
            left -= section.cost(counts[key]) - had
    return counts


def _left_out_line(sections: Sequence[Section], missing: dict[str, int], tail: str) -> str:
    parts = ", ".join(f"{missing[s.key]} {s.label}" for s in sections if missing.get(s.key))
    return f"[context-keeper] Left out for space: {parts}{tail}."


def _missing(sections: Sequence[Section], counts: dict[str, int]) -> dict[str, int]:
    return {s.key: len(s.items) - counts[s.key] for s in sections if len(s.items) > counts[s.key]}


def pack(
    sections: Sequence[Section],
    priority: Sequence[Stage],
    max_chars: int,
    tail: str = "",
    trailer: Section | None = None,
    then: Sequence[str] = (),
) -> Rendered:
    """Pack `sections` (in display order) into at most `max_chars` characters.

    `priority` lists every section key, most important first, or a (key, n) stage for the
    first n items; `then` names sections that get the rest of their items only after every
    priority entry is filled. `trailer` is displayed last but packed right after the first
    priority entry (rules or locations: small, and worthless if cut). `tail` ends the
    left-out line. Items are assumed already redacted.
    """
    everything = [*sections, trailer] if trailer else list(sections)
    order = list(priority)
    if trailer:
        order.insert(1 if order else 0, trailer.key)
    budget = max_chars + len(SEPARATOR)
    counts = _allocate(everything, order, budget, then)
    missing = _missing(everything, counts)
    note = None
    if missing:
        # Pack again with room for the worst-case note (every item of every section missing);
        # the real note, with smaller or equal counts, is never longer.
        worst = {s.key: len(s.items) for s in everything if s.items}
        reserve = len(_left_out_line(everything, worst, tail)) + len(SEPARATOR)
        if reserve < budget:
            counts = _allocate(everything, order, budget - reserve, then)
            missing = _missing(everything, counts)
            note = _left_out_line(everything, missing, tail)
    parts = [s.text(counts[s.key]) for s in sections if counts[s.key]]
    if note:
        parts.append(note)
    if trailer and counts[trailer.key]:
        parts.append(trailer.text(counts[trailer.key]))
    text = SEPARATOR.join(parts)
    if len(text) > max_chars:  # cannot happen: every section is fitted to what is left; never print past the cap
        return Rendered("")
    shown = {s.key: counts[s.key] for s in everything if s.key not in FRAMING}
    facts = tuple(fact for s in everything for fact in s.shown_facts(counts[s.key]))
    return Rendered(text, shown, {k: v for k, v in missing.items() if k in shown}, facts)
