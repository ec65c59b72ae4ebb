"""The model's cursor into its transcript: fold only the bytes appended since the last read,
start over when the file at the path is another one (replaced, truncated, rewritten), and
resume from a saved model."""

from __future__ import annotations

import os
from pathlib import Path

from ..store import sha256
from ..transcript.reader import MAX_LINE_BYTES, MAX_UNKNOWN_TYPES, TranscriptReader, open_regular
from .fold_loop import fold_records
from .model import SessionModel
from .subagent_files import update as update_subagents

UNKNOWN_PREFIX = "unknown type "  # the stats' counts of record types the reader does not know
HEAD_BYTES = 1024  # the file's first bytes, hashed: what tells a rewritten file from ours
MAX_LINE_MB = MAX_LINE_BYTES >> 20


def update_from_file(
    self: SessionModel, path: Path | str, stop: int | None = None, deadline: float | None = None
) -> SessionModel:
    """Fold the bytes appended since the cursor; start over if the file was replaced.

    `stop` ends the read after the first line ending at or past that offset (tests use
    it to resume from arbitrary points). `deadline` (a time.monotonic() value) ends it
    once passed, after at least fold_loop.FOLD_BATCH records, with `behind` true: a first fold of a
    huge transcript then makes progress that is saved, instead of being cut off by the
    hook's budget with nothing saved, again on every call. Returns the model to use from
    now on (self, or a fresh one after a restart).
    """
    path = Path(path)
    stat = path.stat()
    model = self
    if self.offset and not _same_file(self, path, stat):
        model = SessionModel()
        model.scratch.restart_reason = _change(self, stat)
    model.scratch.transcript = str(path)  # subagent_files folds a subagent's file where it finished
    reader = TranscriptReader(path, model.offset)
    model.scratch.behind = False
    model.scratch.fold_errors = None
    model.scratch.absent_messages = 0
    if fold_records(model, reader, model.fold, stop=stop, deadline=deadline):
        model.scratch.behind = reader.offset < stat.st_size
    model.offset = reader.offset
    model.file_dev, model.file_ino = stat.st_dev, stat.st_ino
    if model.head_len < HEAD_BYTES and model.offset > model.head_len:
        model.head_len, model.head_hash = _head(path, min(HEAD_BYTES, model.offset))
    for name in ("lines", "records", "blank", "malformed", "non_object", "skipped_type"):
        model.stats[name] = model.stats.get(name, 0) + getattr(reader.stats, name)
    for kind, count in reader.stats.unknown.items():  # a new Claude Code version's records
        key = UNKNOWN_PREFIX + kind
        if key not in model.stats and sum(k.startswith(UNKNOWN_PREFIX) for k in model.stats) >= MAX_UNKNOWN_TYPES:
            key = UNKNOWN_PREFIX + "other"
        model.stats[key] = model.stats.get(key, 0) + count
    model.scratch.last_read = reader.stats
    return model


def build_model(path: Path | str) -> SessionModel:
    model = update_from_file(SessionModel(), path)
    update_subagents(model, path)
    return model


def load_or_build(path: Path | str, saved: bytes | None, deadline: float | None = None) -> SessionModel:
    """Resume from a saved model (if it is usable), else fold the whole file."""
    model = SessionModel()
    reason = None
    if saved:
        try:
            model = SessionModel.from_bytes(saved)
        except Exception as exc:  # noqa: BLE001 - any unusable state: fold the file again
            model = SessionModel()
            reason = f"the saved session state is unusable ({type(exc).__name__}: {str(exc)[:200]})"
    model = update_from_file(model, path, deadline=deadline)
    if not model.behind:
        update_subagents(model, path, deadline)  # the subagents' files, after the main one's
    model.scratch.restart_reason = model.scratch.restart_reason or reason
    return model


def read_notes(self: SessionModel) -> list[str]:
    """What the last update_from_file met that a log should say: a restart and why,
    lines it skipped as unreadable. Empty for an ordinary read."""
    notes = (
        [f"{self.scratch.restart_reason}: session model rebuilt from the start"] if self.scratch.restart_reason else []
    )
    stats = self.scratch.last_read
    if stats is not None and (stats.malformed or stats.non_object):
        notes.append(
            f"skipped {stats.malformed} malformed line(s) (not JSON, invalid UTF-8, too deep or over "
            f"{MAX_LINE_MB} MB) and {stats.non_object} line(s) that are not JSON objects"
        )
    if self.scratch.fold_errors:
        first = self.scratch.fold_errors[0]
        absent = self.scratch.absent_messages
        left_out = len(self.scratch.fold_errors) - absent
        told = [f"left out {left_out} record(s) the fold failed on"] if left_out else []
        if absent:
            told.append(f"kept {absent} failed run(s) without their failure messages (composing them failed)")
        notes.append(f"{' and '.join(told)} (first: {first}); please report it")
    return notes


def unknown_types(stats: dict[str, int]) -> dict[str, int]:
    """The record types the reader met and does not know, with their counts (from the stats)."""
    return {k[len(UNKNOWN_PREFIX) :]: v for k, v in stats.items() if k.startswith(UNKNOWN_PREFIX)}


def _change(self: SessionModel, stat: os.stat_result) -> str:
    if (stat.st_dev, stat.st_ino) != (self.file_dev, self.file_ino):
        return "the transcript was replaced (another file at its path)"
    if stat.st_size < self.offset:
        return f"the transcript was truncated ({stat.st_size} bytes, cursor at {self.offset})"
    return "the transcript was rewritten (its first bytes changed)"


def _same_file(self: SessionModel, path: Path, stat: os.stat_result) -> bool:
    if (stat.st_dev, stat.st_ino) != (self.file_dev, self.file_ino) or stat.st_size < self.offset:
        return False
    return _head(path, self.head_len) == (self.head_len, self.head_hash)


def _head(path: Path, length: int) -> tuple[int, str]:
    with open_regular(path) as handle:
        data = handle.read(length)
    return len(data), sha256(data).hexdigest()
