"""Per-session state: the saved session model, loaded and saved under the session lock.

Claude Code runs parallel tool calls' hooks at the same time, so every read-modify-write
of a session's state happens inside `store.session_lock`; the write is an atomic replace, so
a killed hook leaves the previous state, never a torn one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..store import Log, RunsDir, atomic_write, session_lock
from . import SessionModel, load_or_build, read_notes, update_from_file, update_subagents


def read_saved(runs: RunsDir, session_id: str) -> bytes | None:
    path = runs.state_path(session_id)
    try:
        if path.is_symlink():
            return None
        return path.read_bytes()
    except OSError:
        return None


@contextmanager
def open_session(
    runs: RunsDir,
    session_id: str,
    transcript_path: Path,
    lock_timeout: float,
    log: Log | None = None,
    fold_deadline: float | None = None,
    settled: Callable[[], object] | None = None,
) -> Iterator[SessionModel | None]:
    """Yield the session model brought up to date with the transcript, then save it.

    Yields None when the lock could not be had in time (another hook of the session is
    working; the next call catches up). Nothing is saved if the caller raises. What the
    read met (skipped lines, a replaced transcript, an unusable saved state) goes to `log`.
    With `fold_deadline` the model may come back `behind` (see update_from_file); what it
    folded is saved all the same, and the next call goes on from there. With `settled`, the
    model is folded as far as the file goes, then `settled()` is waited for (the transcript
    may still be growing: archive.Settle) and what was written meanwhile is folded too.
    """
    with session_lock(runs, session_id, lock_timeout) as locked:
        if not locked:
            yield None
            return
        model = load_or_build(transcript_path, read_saved(runs, session_id), fold_deadline)
        _log_notes(model, session_id, transcript_path, log)
        if settled is not None:
            model.scratch.restart_reason = None  # logged: the notes of the catch-up read are its own
            model = catch_up(model, transcript_path, settled)
            _log_notes(model, session_id, transcript_path, log)
        yield model
        atomic_write(runs.state_path(session_id), model.to_bytes())


def catch_up(model: SessionModel, transcript_path: Path, settled: Callable[[], object]) -> SessionModel:
    """Wait for `settled`, then fold what was appended since `model` last read the file
    (folding in two steps gives the model one pass would: session.SessionModel).

    When `settled()` gives the size the file settled at (archive.Settle: the archive's end),
    the fold stops there: the model then tells the transcript the archive holds, though the
    session may write on meanwhile (a turn goes on beside a summary computed in the
    background). The turns PreCompact counts are then the archive's, and the swap can tell
    the turns that came after it (hooks.steps.record_swap)."""
    size = settled()
    if not isinstance(size, int) or isinstance(size, bool):
        model = update_from_file(model, transcript_path)
    elif model.offset < size:
        model = update_from_file(model, transcript_path, stop=size)
    update_subagents(model, transcript_path)  # as load_or_build does: the subagents' files after the main one
    return model


def _log_notes(model: SessionModel, session_id: str, transcript_path: Path, log: Log | None) -> None:
    if log is not None:
        for note in read_notes(model):
            log.warning(f"session={session_id} transcript {transcript_path}: {note}")


def load_session(
    runs: RunsDir,
    session_id: str,
    transcript_path: Path,
    lock_timeout: float,
    log: Log | None = None,
    settled: Callable[[], object] | None = None,
) -> SessionModel | None:
    """Bring the saved model up to date and save it; for hooks that only read it."""
    with open_session(runs, session_id, transcript_path, lock_timeout, log, settled=settled) as model:
        return model
