"""One JSON file per compaction: what each hook showed and found, for the CLI and the refill.

`compactions/<safe session>/<compaction file id>.json` in the runs dir holds the block
(text and items) from PreCompact, the restore note from SessionStart, the summary check and
the queued refill from PostCompact, and whether the refill was sent. Each hook adds its part
under a lock; compactions.jsonl keeps the one-line history.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

from ..records import jsonio
from ..records.jsonio import as_int
from ..store import RunsDir, atomic_write, ensure_private_dir, file_lock
from .pending import file_id

LOCK_WAIT_S = 5.0
# A PreCompact record older than this is not the compaction SessionStart/PostCompact report.
MATCH_WINDOW_S = 900


def session_dir(runs: RunsDir, session_id: str) -> Path:
    return runs.compaction_dir(session_id)


def path_of(runs: RunsDir, session_id: str, compaction_id: str) -> Path:
    return session_dir(runs, session_id) / f"{file_id(compaction_id)}.json"


def read(path: Path) -> dict[str, Any] | None:
    try:
        data = jsonio.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def all_for(runs: RunsDir, session_id: str) -> list[tuple[Path, dict[str, Any]]]:
    """Every compaction file of a session, oldest first."""
    try:
        names = sorted(n for n in os.listdir(session_dir(runs, session_id)) if n.endswith(".json"))
    except OSError:
        return []
    out = []
    for name in names:
        path = session_dir(runs, session_id) / name
        data = read(path)
        if data is not None:
            out.append((path, data))
    return out


def latest(runs: RunsDir, session_id: str, now: float | None = None) -> tuple[Path, dict[str, Any]] | None:
    """The newest compaction file of the session, if a hook wrote to it within MATCH_WINDOW_S
    (a precomputed compaction's PreCompact may fire long before the swap; the restore hook
    writes to the file at the swap)."""
    found = all_for(runs, session_id)
    if not found:
        return None
    path, data = found[-1]
    times = [t for t in (data.get("created"), data.get("updated")) if isinstance(t, (int, float))]
    if not times or (now or time.time()) - max(times) > MATCH_WINDOW_S:
        return None
    return path, data


def still_open(
    runs: RunsDir, session_id: str, transcript_path: str | None, boundaries_before: int | None
) -> tuple[str, dict[str, Any]] | None:
    """The compaction a PreCompact fire belongs to when it is not a new one: (its id, its file).

    Claude Code may fire PreCompact more than once for one compaction: a summary computed in
    the background fires it when it starts, turns before the summary is swapped in (or is
    never used, and a later compaction fires it again). The newest compaction is still open
    while no compaction boundary was written since it (the transcript has as many as it saw),
    the restore note was not written and its summary was not checked; a real second
    compaction always comes after the first one's boundary, so it never matches.
    """
    if boundaries_before is None or transcript_path is None:
        return None
    found = all_for(runs, session_id)
    if not found:
        return None
    _, data = found[-1]
    compaction_id = data.get("compaction_id")
    if (
        not isinstance(compaction_id, str)
        or "block" not in data
        or "note" in data
        or "check" in data
        or data.get("boundaries_before") != boundaries_before
        or data.get("transcript_path") != transcript_path
    ):
        return None
    return compaction_id, data


def claim(runs: RunsDir, session_id: str, new_id: str, **parts: Any) -> tuple[str, dict[str, Any] | None]:
    """A PreCompact fire's compaction: `new_id`'s file started with `parts`, or, when the
    newest compaction is still open (still_open, by parts' transcript_path and
    boundaries_before), `parts` written into it, its `fires` counted up. Returns the id
    written and the open compaction's file as it was (None for a new one). Under the
    directory's lock: fires racing each other join one compaction."""
    directory = ensure_private_dir(session_dir(runs, session_id))
    with file_lock(directory / ".lock", LOCK_WAIT_S):
        found = still_open(runs, session_id, parts.get("transcript_path"), parts.get("boundaries_before"))
        compaction_id, before = found if found else (new_id, None)
        data = dict(before) if before else {"session_id": session_id, "compaction_id": new_id, "created": time.time()}
        data.update(parts)
        data["fires"] = fire_number(before)
        data["updated"] = time.time()
        atomic_write(path_of(runs, session_id, compaction_id), jsonio.dumps(data, indent=True) + b"\n")
    return compaction_id, before


def fire_number(before: dict[str, Any] | None) -> int:
    """Which fire of its compaction a PreCompact is: 1 for a new compaction, else one more than
    the open compaction's file counted (a file from before fires were counted: its first)."""
    if before is None:
        return 1
    return (as_int(before.get("fires")) or 1) + 1


def update(runs: RunsDir, session_id: str, compaction_id: str, **parts: Any) -> Path:
    """Add or replace top-level parts of a compaction's file (created if missing)."""
    directory = ensure_private_dir(session_dir(runs, session_id))
    path = path_of(runs, session_id, compaction_id)
    with file_lock(directory / ".lock", LOCK_WAIT_S):
        data = read(path) or {"session_id": session_id, "compaction_id": compaction_id, "created": time.time()}
        data.update(parts)
        data["updated"] = time.time()
        atomic_write(path, jsonio.dumps(data, indent=True) + b"\n")
    return path
