"""Sections declared as data: a spec names a section's key, left-out label, title, item
builder, cap, share, layout and packing order; `build` turns a table of specs into packable sections."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..records import record
from .item import Item
from .items import Source
from .layouts import Layout, bullets
from .packing import Section

Builder = Callable[[Source, int | None], tuple[Item, ...]]
# The order a section's items are packed in (indices into them); shown in display order.
Order = Callable[[Sequence[Item]], tuple[int, ...]]


@record
class SectionSpec:
    key: str
    label: str  # for the left-out line: "12 modified files"
    title: str  # may name values the renderer supplies: "ACTIVE TASKS ({open_tasks} open):"
    build: Builder  # the section's items, most needed first
    cap: int | None = None  # stops runaway lists only: the budget decides what is shown
    share: float | None = None  # of the budget, before later sections get theirs (see packing)
    layout: Layout = bullets
    order: Order | None = None  # None: packed as displayed

    def section(self, source: Source, values: Mapping[str, object]) -> Section:
        facts = self.build(source, self.cap)
        title = self.title.format_map(values)
        order = self.order(facts) if self.order is not None and facts else ()
        return Section(
            self.key, self.label, title, tuple(f.text for f in facts), self.share, self.layout, facts=facts, order=order
        )


def build(specs: Sequence[SectionSpec], source: Source, values: Mapping[str, object]) -> list[Section]:
    """The sections, in spec order. A section whose builder fails (a bug meeting some state)
    is left out, with a line saying so: the block and the note keep every other section,
    where an exception would lose them all."""
    out = []
    for spec in specs:
        try:
            out.append(spec.section(source, values))
        except Exception as exc:  # noqa: BLE001 - see above
            line = f"({spec.label}: not shown, context-keeper failed on them: {type(exc).__name__})"
            out.append(Section(spec.key, spec.label, None, (line,)))
    return out
