"""Item: one fact of state as a channel showed it (block, restore note, refill).

Each item has its family (what kind of fact it is), the text the channel printed, and the
key: the string whose presence in a summary means the fact survived. Families are listed
most needed first; a refill is packed in this order.
"""

from __future__ import annotations

from ..records import record

# Most needed first: what the next response depends on, then what keeps work from being redone.
FAMILIES = (
    "task",  # active tasks with status and description
    "error",  # unresolved errors and their message lines
    "prompt",  # the user's latest requests
    "subagent",  # subagents still running, their task
    "file",  # files modified
    "test",  # test commands and their last result
    "decision",  # decisions, verbatim
    "summary",  # finished work, already summarised
    "completed",  # completed tasks
    "resolved",  # errors hit and fixed
    "diff",  # uncommitted changes
)


@record
class Item:
    family: str
    text: str  # as printed, one line, redacted
    key: str  # kept when this appears in the summary (normalised); files also by name


def items_from_json(raw: object) -> tuple[Item, ...]:
    """Items saved with `to_jsonable`; anything malformed is dropped, not raised."""
    out = []
    for entry in raw if isinstance(raw, list) else ():
        if isinstance(entry, dict) and all(isinstance(entry.get(k), str) for k in ("family", "text", "key")):
            out.append(Item(entry["family"], entry["text"], entry["key"]))
    return tuple(out)


def by_family(items: tuple[Item, ...] | list[Item]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item.family] = counts.get(item.family, 0) + 1
    return counts
