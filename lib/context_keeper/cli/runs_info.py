"""Read-only queries over a runs directory, and the few deletions the CLI offers.

The maintenance CLI is thin over these: what files a runs dir holds (and how big), which
sessions it knows, which summary a user means by a short name, which archives are older
than a cut-off, and removing a list of files while reporting exactly what went.

Nothing here creates the runs dir: looking at it must never change it.
"""

from __future__ import annotations

import os
import re
import stat
import time
from datetime import UTC, datetime
from pathlib import Path

from ..cold.summaries import ColdSummary, load_summaries
from ..records import record
from ..store import RunsDir


class LookupFailed(LookupError):
    """A name the user gave matches nothing, or more than one thing; str() says which."""


# -- files -------------------------------------------------------------------------------------


@record
class FileInfo:
    path: Path
    size: int
    mtime: float  # seconds since the epoch
    mode: int  # permission bits


def list_files(directory: Path, suffix: str = "") -> list[FileInfo]:
    """Regular files of `directory` ending in `suffix`, by name.

    Dot files are skipped: they are the temporary files of an atomic write in progress.
    Symlinks are skipped too: nothing of ours is one, and following one could report (or
    later delete) a file outside the runs dir.
    """
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return []
    out = []
    for entry in entries:
        if entry.name.startswith(".") or not entry.name.endswith(suffix):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            out.append(FileInfo(Path(entry.path), st.st_size, st.st_mtime, stat.S_IMODE(st.st_mode)))
    out.sort(key=lambda f: f.path.name)
    return out


@record
class Usage:
    count: int
    bytes: int


def usage_of(files: list[FileInfo]) -> Usage:
    return Usage(len(files), sum(f.size for f in files))


@record
class RunsUsage:
    summaries: Usage
    archives: Usage
    state: Usage
    preserved: Usage
    log: Usage  # the log and its rotated .1
    compactions: Usage

    @property
    def total(self) -> Usage:
        parts = (self.summaries, self.archives, self.state, self.preserved, self.log, self.compactions)
        return Usage(sum(p.count for p in parts), sum(p.bytes for p in parts))


def _single(path: Path) -> list[FileInfo]:
    try:
        st = os.lstat(path)
    except OSError:
        return []
    if not stat.S_ISREG(st.st_mode):
        return []
    return [FileInfo(path, st.st_size, st.st_mtime, stat.S_IMODE(st.st_mode))]


def runs_usage(runs: RunsDir) -> RunsUsage:
    return RunsUsage(
        summaries=usage_of(list_files(runs.summaries, ".json")),
        archives=usage_of(list_files(runs.archives)),
        state=usage_of(list_files(runs.state, ".json")),
        preserved=usage_of(list_files(runs.preserved, ".txt")),
        log=usage_of(_single(runs.log_path) + _single(runs.log_path.with_name(runs.log_path.name + ".1"))),
        compactions=usage_of(_single(runs.compactions)),
    )


# -- archives ----------------------------------------------------------------------------------

# archives/<safe session>_<UTC stamp>[_n]_transcript<.ext> (archive.archive_name); the
# extension is the transcript's own (.jsonl), or .txt for a source without one.
_ARCHIVE_NAME = re.compile(r"^(?P<session>.+?)_(?P<stamp>\d{8}T\d{6}Z)(?:_(?P<n>\d+))?_transcript(?:\.[A-Za-z0-9]+)?$")


@record
class ArchiveInfo:
    path: Path
    session: str  # the file-name form of the session id (store.safe_name)
    archived_at: float  # epoch seconds: the stamp in the name, else the file's mtime
    size: int


def _stamp_seconds(stamp: str) -> float | None:
    try:
        return datetime.strptime(stamp, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC).timestamp()
    except ValueError:
        return None


def list_archives(runs: RunsDir) -> list[ArchiveInfo]:
    """Archived transcripts, oldest first."""
    out = []
    for info in list_files(runs.archives):
        match = _ARCHIVE_NAME.match(info.path.name)
        session = match["session"] if match else info.path.stem
        when = _stamp_seconds(match["stamp"]) if match else None
        out.append(ArchiveInfo(info.path, session, when if when is not None else info.mtime, info.size))
    out.sort(key=lambda a: (a.archived_at, a.path.name))
    return out


_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw])\s*$")
_UNIT_SECONDS = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}


def parse_duration(text: str) -> float:
    """'90s', '30m', '12h', '7d', '2w' -> seconds; ValueError with the accepted forms."""
    match = _DURATION.match(text.lower())
    if not match:
        raise ValueError(f"{text!r} is not a duration; use a number and a unit: 90s, 30m, 12h, 7d, 2w")
    return float(match[1]) * _UNIT_SECONDS[match[2]]


def archives_older_than(runs: RunsDir, seconds: float, now: float | None = None) -> list[ArchiveInfo]:
    cutoff = (time.time() if now is None else now) - seconds
    return [a for a in list_archives(runs) if a.archived_at < cutoff]


# -- sessions ----------------------------------------------------------------------------------


@record
class StateInfo:
    path: Path
    session: str  # the file-name form of the session id
    size: int
    mtime: float


def list_states(runs: RunsDir) -> list[StateInfo]:
    return [
        StateInfo(f.path, f.path.name.removesuffix(".json"), f.size, f.mtime) for f in list_files(runs.state, ".json")
    ]


def known_sessions(runs: RunsDir, summaries: list[ColdSummary] | None = None) -> set[str]:
    """Session ids (or their file-name forms) that something in the runs dir belongs to."""
    found = {s.session_id for s in (summaries if summaries is not None else load_summaries(runs))}
    found |= {s.session for s in list_states(runs)}
    found |= {a.session for a in list_archives(runs)}
    found |= {f.path.name.removesuffix(".txt") for f in list_files(runs.preserved, ".txt")}
    return found


# -- summaries ---------------------------------------------------------------------------------


def summary_name(summary: ColdSummary) -> str:
    """The summary's file name without .json (the md5 of '<session>:<task>')."""
    return summary.path.stem if summary.path is not None else ""


MIN_NAME_PREFIX = 4


def find_summary(summaries: list[ColdSummary], key: str) -> ColdSummary:
    """The one summary `key` names: a file name (with or without .json) or a task id
    ('3', 'prompt-2'); exact matches first, then a unique prefix of either (at least
    MIN_NAME_PREFIX characters of a file name)."""
    key = key.strip().removesuffix(".json")
    if not key:
        raise LookupFailed("give a summary file name or a task id (see `context-keeper summaries`)")
    for exact in (
        [s for s in summaries if summary_name(s) == key],
        [s for s in summaries if s.task_id == key],
    ):
        if len(exact) == 1:
            return exact[0]
        if len(exact) > 1:
            raise _ambiguous(key, exact)
    # A file-name prefix needs 4 hex digits, so that a short task id the user mistyped
    # ("9") is reported as unknown rather than matched to some file starting with 9.
    prefixed = [
        s
        for s in summaries
        if (len(key) >= MIN_NAME_PREFIX and summary_name(s).startswith(key)) or s.task_id.startswith(key)
    ]
    if len(prefixed) == 1:
        return prefixed[0]
    if not prefixed:
        raise LookupFailed(f"no summary named or with task id {key!r} (see `context-keeper summaries`)")
    raise _ambiguous(key, prefixed)


def _ambiguous(key: str, matches: list[ColdSummary]) -> LookupFailed:
    listed = ", ".join(f"{summary_name(s)[:12]} (task {s.task_id}, session {s.session_id[:8]})" for s in matches[:5])
    return LookupFailed(f"{key!r} matches {len(matches)} summaries: {listed}; give a longer file name or --session")


# -- removal -----------------------------------------------------------------------------------


@record
class Removal:
    paths: tuple[Path, ...]
    bytes: int
    failed: tuple[tuple[Path, str], ...] = ()  # (path, why) for files that could not go

    @property
    def count(self) -> int:
        return len(self.paths)


def remove_files(paths: list[Path], dry_run: bool = False) -> Removal:
    """Delete each regular file (never a symlink's target); report what went, and what not."""
    removed: list[Path] = []
    failed: list[tuple[Path, str]] = []
    total = 0
    for path in paths:
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue  # gone already (another process): nothing to report
        except OSError as exc:
            failed.append((path, exc.strerror or str(exc)))
            continue
        if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
            failed.append((path, "not a regular file"))
            continue
        if not dry_run:
            try:
                os.unlink(path)  # unlinks a symlink itself, never what it points to
            except FileNotFoundError:
                continue
            except OSError as exc:
                failed.append((path, exc.strerror or str(exc)))
                continue
        removed.append(path)
        total += st.st_size
    return Removal(tuple(removed), total, tuple(failed))


def human_bytes(n: int) -> str:
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{n} B" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    return f"{n} B"


def iso_time(seconds: float) -> str:
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


# -- session state -----------------------------------------------------------------------------


def remove_states(runs: RunsDir, states: list[StateInfo], lock_timeout: float, dry_run: bool = False) -> Removal:
    """Delete state/<session>.json files (and the gate's .check record beside each), each
    under its session lock so a hook that is folding the session right now is not cut off
    mid-write (it would save the state again anyway). The empty .lock files stay: deleting
    a lock file a hook holds open would let the next hook lock a new file, and two hooks
    would run at once."""
    from ..store import file_lock

    removed: list[Path] = []
    failed: list[tuple[Path, str]] = []
    total = 0
    for state in states:
        if dry_run:
            removed.append(state.path)
            total += state.size
            continue
        lock = state.path.with_name(state.path.stem + ".lock")  # the file names RunsDir gives
        try:
            with file_lock(lock, lock_timeout) as locked:
                if not locked:
                    failed.append((state.path, "a hook of this session is running; try again"))
                    continue
                result = remove_files([state.path])
                check = state.path.with_suffix(".check")  # the gate's record (RunsDir.check_path) goes too
                if check.exists():
                    failed += remove_files([check]).failed
        except OSError as exc:
            failed.append((state.path, f"cannot open its lock: {exc.strerror or exc}"))
            continue
        removed += result.paths
        total += result.bytes
        failed += result.failed
    return Removal(tuple(removed), total, tuple(failed))
