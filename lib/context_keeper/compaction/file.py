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
    """The newest compaction file of the session, if PreCompact wrote it within MATCH_WINDOW_S."""
    found = all_for(runs, session_id)
    if not found:
        return None
    path, data = found[-1]
    created = data.get("created")
    if not isinstance(created, (int, float)) or (now or time.time()) - created > MATCH_WINDOW_S:
        return None
    return path, data


def update(runs: RunsDir, session_id: str, compaction_id: str, **parts: Any) -> Path:
    """Add or replace top-level parts of a compaction's file (created if missing)."""
    directory = ensure_private_dir(session_dir(runs, session_id))
    path = path_of(runs, session_id, compaction_id)
    with file_lock(directory / ".lock", LOCK_WAIT_S):
        data = read(path) or {"session_id": session_id, "compaction_id": compaction_id, "created": time.time()}
        data.update(parts)
        atomic_write(path, jsonio.dumps(data, indent=True) + b"\n")
    return path
