"""Errors in the session model: recorded as they happen, resolved when the same command or
file later succeeds, and the unresolved ones the block and the note report."""

from __future__ import annotations

import os
from operator import attrgetter

from ..records import replace
from .scratch import OpenErrorCounts

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .facts import ErrorEvent, UnitFacts
    from .model import SessionModel

MAX_ERRORS = 200
UNIT_ERRORS = 10


def record_error(model: SessionModel, error: ErrorEvent, facts: list[UnitFacts]) -> None:
    counts = open_errors(model)
    model.errors.append(error)
    model.totals["errors"] = model.totals.get("errors", 0) + 1
    _count(counts, error, 1)
    if len(model.errors) > MAX_ERRORS:
        # Drop the oldest resolved error first; unresolved ones are what the block needs.
        for index, old in enumerate(model.errors):
            if old.resolved_turn is not None:
                del model.errors[index]
                break
        else:
            _count(counts, model.errors.pop(0), -1)
    model.scratch.open_errors = OpenErrorCounts(model.errors, len(model.errors), counts)
    for unit in facts:
        unit.errors.append(error)
        if len(unit.errors) > UNIT_ERRORS:
            del unit.errors[0]


def resolve(model: SessionModel, tool: str, target: str, turn: int, how: str) -> None:
    """Mark the open errors of `tool` on `target` fixed at `turn`, saying how (and which
    files were edited since the error)."""
    # Most successes resolve nothing: ask the count of the global list's open errors first.
    counts = open_errors(model)
    if not counts.get((target, tool)):
        return
    edited_since: dict[int, str] = {}  # the same error sits in the global list and its units'

    def fix(error: ErrorEvent) -> ErrorEvent:
        if error.resolved_turn is not None or error.tool != tool or error.target != target:
            return error
        by = edited_since.get(error.turn)
        if by is None:
            edited: list[str] = []  # the last 3 files edited since, looked for from the end
            for f in reversed(model.files.values()):
                if error.turn <= f.last_turn <= turn and f.path != target:
                    edited.append(os.path.basename(f.path))
                    if len(edited) == 3:
                        break
            edited.reverse()
            by = edited_since[error.turn] = how + (f" after editing {', '.join(edited)}" if edited else "")
        return replace(error, resolved_turn=turn, resolved_by=by)

    # fix() only where the target matches: the lists hold hundreds of other errors.
    model.errors = [fix(e) if e.target == target else e for e in model.errors]
    del counts[(target, tool)]  # all of them fixed now
    model.scratch.open_errors = OpenErrorCounts(model.errors, len(model.errors), counts)
    for facts in model.facts.values():
        if facts.errors and target in map(_TARGET, facts.errors):
            facts.errors = [fix(e) if e.target == target else e for e in facts.errors]


_TARGET = attrgetter("target")


def open_errors(model: SessionModel) -> dict[tuple[str, str], int]:
    """How many open errors of each (target, tool) the global list holds.

    Asked on every successful command and edit (thousands in a long session), so derived
    once and then kept with the list it counts (record_error and resolve, the only writers
    of the list, update it); a list it was not counted from (a loaded model) is counted anew."""
    known = model.scratch.open_errors
    if known is not None and known.errors is model.errors and known.size == len(model.errors):
        return known.counts
    counts: dict[tuple[str, str], int] = {}
    for error in model.errors:
        _count(counts, error, 1)
    model.scratch.open_errors = OpenErrorCounts(model.errors, len(model.errors), counts)
    return counts


def _count(counts: dict[tuple[str, str], int], error: ErrorEvent, step: int) -> None:
    if error.resolved_turn is None:
        key = (error.target, error.tool)
        counts[key] = counts.get(key, 0) + step


def unresolved(errors: list[ErrorEvent]) -> list[ErrorEvent]:
    """Latest unresolved error per target, most recent first."""
    seen: set[tuple[str, str]] = set()
    out = []
    for error in reversed(errors):
        key = (error.tool, error.target)
        if error.resolved_turn is None and key not in seen:
            out.append(error)
        seen.add(key)
    return out
