"""The parts of a compaction's file (`file.py`), each a record declared once: the block
PreCompact printed and the restore note SessionStart printed (`Printed`), the check of the
summary per family (`FamilyCheck`), the refill PostCompact queued and a later hook sent
(`Refill`), and the state at the swap of a summary computed in the background (`Swap`).

The hooks write them with `file.update`/`file.claim` (records save as their fields, through
`jsonio`), and readers get them back typed with `block_of`, `note_of`, `check_of` and
`refill_of`: a part that is absent or does not fit its record reads as None, never raises,
so that a torn or foreign file costs its facts and nothing else.

The refill has one shape, its four fields always written. Files written before that hold a
queued refill without `event` (it had not been sent): read back, its event is None.
"""

from __future__ import annotations

from ..preserve.item import Item
from ..records import record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import Any, TypeVar

    T = TypeVar("T")


@record
class Printed:
    """What a hook printed into the session: its text and the facts in it."""

    text: str
    items: tuple[Item, ...] = ()


@record
class FamilyCheck:
    """One family's items in the summary check: carried by the block, kept by the summary, lost."""

    carried: int
    kept: int
    lost: int


@record
class Refill:
    """The block's facts the summary lost and the restore note does not carry, for the main
    agent: queued by the check (`sent` False), replaced by what the refill hook sent."""

    text: str
    items: tuple[Item, ...] = ()
    sent: bool = False  # handed to the main agent (False also when taken with nothing to say)
    event: str | None = None  # the hook event that took it; None while queued


@record
class Swap:
    """The session at the swap of a summary computed in the background, turns after PreCompact."""

    turns: int  # turns in the transcript at the swap
    turns_at_precompact: int | None  # None: PreCompact's count ran past its archive
    tokens: int | None  # context tokens at the swap, when known


def block_of(data: Mapping[str, Any]) -> Printed | None:
    return _load(Printed, data.get("block"))


def note_of(data: Mapping[str, Any]) -> Printed | None:
    return _load(Printed, data.get("note"))


def refill_of(data: Mapping[str, Any]) -> Refill | None:
    return _load(Refill, data.get("refill"))


def check_of(data: Mapping[str, Any]) -> dict[str, FamilyCheck] | None:
    """The check per family; None when the file holds none (or one that does not fit)."""
    raw = data.get("check")
    if not isinstance(raw, dict):
        return None
    out = {}
    for family, counts in raw.items():
        loaded = _load(FamilyCheck, counts)
        if loaded is None:
            return None
        out[family] = loaded
    return out


def _load(cls: type[T], raw: object) -> T | None:
    # Loaded here, not at import: the hooks that only write parts never load the loader.
    from ..records.loader import LoadError, from_dict

    if raw is None:
        return None
    try:
        return from_dict(cls, raw)
    except LoadError:
        return None
