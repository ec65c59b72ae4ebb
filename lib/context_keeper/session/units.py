"""Units of work (tasks and episodes) and their facts: which units a turn's facts belong to,
and the facts kept for the most recent units only."""

from __future__ import annotations

from . import mentions
from .facts import UnitFacts

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from .model import SessionModel

MAX_FACT_UNITS = 120


def working_units(model: SessionModel) -> tuple[str, ...]:
    """The units the current turn works on: tasks in progress (else pending) and the episode."""
    units = mentions.task_view(model)[0]
    episode = model.current_episode()
    if episode is not None:
        units += (episode.unit,)
    summarized = model.summarized
    return tuple(unit for unit in units if unit not in summarized) if summarized else units


def facts_for(model: SessionModel, units: Iterable[str]) -> list[UnitFacts]:
    """The facts of each unit not yet summarised, created on first use."""
    out = []
    for unit in units:
        if unit in model.summarized:
            continue
        facts = model.facts.get(unit)
        if facts is None:
            facts = model.facts[unit] = UnitFacts()
            if len(model.facts) > MAX_FACT_UNITS:
                evict_facts(model, set(units))
        out.append(facts)
    return out


def evict_facts(model: SessionModel, keep: set[str]) -> None:
    """Drop the facts of the oldest unit not in `keep`.

    Below the context threshold nothing gets summarised, and a long session can hold
    hundreds of finished tasks and episodes; the state (read on every PostToolUse call)
    keeps the details of the most recent ones only.
    """
    for unit in model.facts:
        if unit not in keep:
            gone = model.facts.pop(unit)
            if unit.startswith("prompt-"):
                mentions.unindex(model, unit, gone.files)
            return
