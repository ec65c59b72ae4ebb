"""A record the fold failed on: left out and counted, so one record cannot break a session.

A bug in a fold step, or a record shaped as no step expected, would otherwise fail the fold
at that record on every later call of every hook, and the session's state would never move
past it (found when a redaction rule raised on one kind of text).
"""

from __future__ import annotations

from ..redact import redact

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .model import SessionModel


def skip(model: SessionModel, exc: Exception) -> None:
    """A record the fold failed on (a bug in a fold step, or a shape no step expected): left
    out, so that one record cannot stop every later fold of the session; counted, and told to
    the hook's log (cursor.read_notes). The derived indexes may hold half of its changes: dropped, so
    they are rebuilt from the model when next asked for."""
    count(model, exc)
    model.scratch.drop_indexes()
    model.scratch.agent = None


def count(model: SessionModel, exc: Exception, *, messages: bool = False) -> None:
    """A fold step's error, counted and told to the hook's log (cursor.read_notes), where
    what failed changed nothing of the model. `messages`: what failed was composing a failed
    run's messages (late_messages), not a record: the run is kept, its messages absent, and
    the log says so rather than that a record was left out."""
    model.stats["fold_errors"] = model.stats.get("fold_errors", 0) + 1
    if messages:
        model.scratch.absent_messages += 1
    if model.scratch.fold_errors is None:
        model.scratch.fold_errors = []
    # The message may quote the record (a key, a value): redacted before it can reach the log.
    model.scratch.fold_errors.append(redact(f"{type(exc).__name__}: {exc}"[:200]))
