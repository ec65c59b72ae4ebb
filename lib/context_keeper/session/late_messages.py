"""A failed run's failure messages, composed when a fold ends, for the runs the model still holds.

Composing a failed run's messages (error_line.run_failures: the failure recognisers or the
ranking of its lines, then redaction) is about a tenth of a first fold of a session with
many failed commands, and most of those runs have left the capped lists (commands, tests,
errors, each unit's errors) by the time the fold ends. So while a fold runs, a failed run
holds an `Uncomposed` as its `messages`: an empty tuple that keeps the output and the command.
`settle_model` composes them (each output once, however many lists hold its run) at the
end of every fold (fold_loop.fold_records), so nothing outside a fold ever sees an `Uncomposed`.

Within a fold, nothing reads a run's messages but the equality of runs (add_capped of a run
next to one of the same turn): the callers compose the run and the runs of its turn first
(`comparable`), so that equality gives the answer the composed messages give (runs of other
turns differ in their turn whatever their messages).
"""

from __future__ import annotations

from ..records import replace
from .error_line import run_failures
from .fold_errors import count

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    from .facts import CommandRun, ErrorEvent
    from .model import SessionModel

    Run = TypeVar("Run", CommandRun, ErrorEvent)


class Uncomposed(tuple):  # always empty: the messages are not composed yet
    """The failure messages of a failed run, to be composed from its output (`composed`)."""

    output: str
    command: str | None
    found: tuple[tuple[str, ...], int] | None
    error: Exception | None  # what composing them raised (they are absent then)
    told: bool  # the error counted as a fold error (once, however many lists hold the run)

    def __new__(cls, output: str, command: str | None = None) -> Uncomposed:
        self = super().__new__(cls)
        self.output, self.command, self.found, self.error, self.told = output, command, None, None, False
        return self

    def composed(self) -> tuple[tuple[str, ...], int]:
        """(the messages, how many more the run reported), composed on the first call."""
        if self.found is None:
            try:
                self.found = run_failures(self.output, self.command)
            except Exception as exc:  # noqa: BLE001 - a bug must not cost the fold; settle_model counts it
                self.found, self.error = ((), 0), exc
            self.output = ""  # the output is no longer needed: let it go
        return self.found


def comparable(model: SessionModel, run: Run, runs: list[Run]) -> Run:
    """`run`, and the runs of its turn in `runs` (in place), with their messages composed:
    runs about to be compared (add_capped). A run of another turn is unequal to it whatever
    its messages: left for the fold's end, when it may have left every list."""
    failed: list[Exception] = []
    if type(run.messages) is Uncomposed:
        run = _settled(run, failed)
    for index, known in enumerate(runs):
        if known.turn == run.turn and type(known.messages) is Uncomposed:
            runs[index] = _settled(known, failed)
    for exc in failed:
        count(model, exc, messages=True)
    return run


def settle_runs(runs: list[Run], failed: list[Exception]) -> None:
    """Every run of `runs` with its messages composed, in place; what composing raised
    added to `failed`."""
    for index, run in enumerate(runs):
        if type(run.messages) is Uncomposed:
            runs[index] = _settled(run, failed)


def settle_model(model: SessionModel) -> None:
    """Every run and error `model` holds with its messages composed: where a fold leaves them.
    A run whose messages could not be composed (a bug in a recogniser) keeps none, and is
    counted and logged as a fold error (fold_errors.count)."""
    failed: list[Exception] = []
    settle_runs(model.commands, failed)
    settle_runs(model.errors, failed)  # in place: the open-error counts kept with the list stay valid
    for command, run in list(model.tests.items()):
        if type(run.messages) is Uncomposed:
            model.tests[command] = _settled(run, failed)
    for unit in model.facts.values():
        settle_runs(unit.errors, failed)
    for sub in model.subagents.values():
        settle_runs(sub.commands, failed)
    for exc in failed:
        count(model, exc, messages=True)


def _settled(run: Run, failed: list[Exception]) -> Run:
    """`run` with its messages composed; what composing raised added to `failed` once."""
    pending = run.messages
    assert type(pending) is Uncomposed
    messages, more = pending.composed()
    if pending.error is not None and not pending.told:
        pending.told = True
        failed.append(pending.error)
    return replace(run, messages=messages, more=more)
