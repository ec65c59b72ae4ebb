"""The one fold loop: every record a transcript reader yields, folded by a step, for the main
transcript (cursor), each subagent's file (subagent_files) and the report's own pass.

A record the step fails on is left out and counted (fold_errors.skip), so one bad record can
stop neither the hooks nor `context-keeper report`; a long fold stops at its deadline, checked
every FOLD_BATCH records, so a first fold of a huge transcript saves progress instead of being
cut off by the hook's budget with nothing saved.
"""

from __future__ import annotations

import time

from .fold_errors import skip
from .late_messages import settle_model

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from ..transcript.entries import Record
    from ..transcript.reader import TranscriptReader
    from .model import SessionModel

FOLD_BATCH = 512  # records folded between deadline checks


def fold_records(
    model: SessionModel,
    reader: TranscriptReader,
    step: Callable[[Record], object],
    stop: int | None = None,
    max_bytes: int | None = None,
    deadline: float | None = None,
) -> bool:
    """Fold what `reader` yields with `step`. Ends after the first record ending at or past
    offset `stop`, once `max_bytes` were read, or at `deadline` (a time.monotonic() value,
    after at least FOLD_BATCH records): True then, the fold is behind the file.

    Either way, the failure messages of the failed runs the model still holds are composed
    before it returns (late_messages); with a deadline, at every check of it too."""
    start = reader.offset
    behind = False
    try:
        for count, item in enumerate(reader, 1):
            try:
                step(item)
            except Exception as exc:  # noqa: BLE001 - see skip
                skip(model, exc)
            if stop is not None and reader.offset >= stop:
                break
            if max_bytes is not None and reader.offset - start >= max_bytes:
                break
            if deadline is not None and count % FOLD_BATCH == 0:
                # A fold that may stop at its deadline composes the messages as it goes, before
                # each check: left to its end, the runs its lists kept (hundreds, subagents'
                # and units' included) would all be composed after the deadline, and could
                # carry the hook past its budget with nothing saved, on every later call too.
                settle_model(model)
                if time.monotonic() >= deadline:
                    behind = True
                    break
    except Exception:
        settle_model(model)  # a read that failed: still no model leaves a fold uncomposed
        raise
    settle_model(model)
    return behind
