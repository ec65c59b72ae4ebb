"""Errors in the session model: recorded as they happen, resolved when the same command or
file later succeeds, and the unresolved ones the block and the note report."""

from __future__ import annotations

import os
from operator import attrgetter

from ..records import replace

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import SessionModel
    from .records import ErrorEvent, UnitFacts

MAX_ERRORS = 200
UNIT_ERRORS = 10


def record_error(model: SessionModel, error: ErrorEvent, facts: list[UnitFacts]) -> None:
    model.errors.append(error)
    if len(model.errors) > MAX_ERRORS:
        # Drop the oldest resolved error first; unresolved ones are what the block needs.
        for index, old in enumerate(model.errors):
            if old.resolved_turn is not None:
                del model.errors[index]
                break
        else:
            del model.errors[0]
    for unit in facts:
        unit.errors.append(error)
        if len(unit.errors) > UNIT_ERRORS:
            del unit.errors[0]


def resolve(model: SessionModel, tool: str, target: str, turn: int, how: str) -> None:
    """Mark the open errors of `tool` on `target` fixed at `turn`, saying how (and which
    files were edited since the error)."""
    # Most successes resolve nothing: check the (small) global list before touching facts,
    # in C (an open error of this target and tool).
    if (target, None, tool) not in map(_OPEN_KEY, model.errors):
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
    for facts in model.facts.values():
        if facts.errors and target in map(_TARGET, facts.errors):
            facts.errors = [fix(e) if e.target == target else e for e in facts.errors]


_TARGET = attrgetter("target")
_OPEN_KEY = attrgetter("target", "resolved_turn", "tool")


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
