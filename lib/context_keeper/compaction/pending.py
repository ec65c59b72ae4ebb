"""The pending refill: written by PostCompact, taken once by the first main-agent hook after.

Pending refills live in `<data root>/refills/`, one file per compaction, named
`<safe session>.<compaction file id>.json`. The data root needs no repository lookup, so
the tool-loop hook's common case — nothing pending anywhere — is one directory listing with
nothing but `os` imported (`pending_names`). Taking is a rename to a name only the taker
knows: of two racing hooks exactly one gets the file (rename(2) is atomic), the other finds
it gone.
"""

from __future__ import annotations

import os

DIR_NAME = "refills"
# A refill nobody took within this time belongs to a session that ended (or to a subagent's
# compaction, whose boundary never reaches the main transcript): dropped, not sent.
MAX_AGE_S = 6 * 3600


def refills_dir(home: str) -> str:
    return os.path.join(home, DIR_NAME)


def pending_names(home: str) -> list[str]:
    """The names of the pending refill files (any session); [] for an empty or missing dir."""
    try:
        return [name for name in os.listdir(refills_dir(home)) if not name.startswith(".")]
    except OSError:
        return []


def file_id(compaction_id: str) -> str:
    """A compaction id (an ISO time) as a file-name part."""
    return "".join(c if c.isalnum() else "-" for c in compaction_id)


def pending_name(session_id: str, compaction_id: str) -> str:
    from ..store import safe_name

    return f"{safe_name(session_id)}.{file_id(compaction_id)}.json"


def write_pending(home: str, session_id: str, compaction_id: str, record: dict[str, object]) -> str:
    from pathlib import Path

    from ..records import jsonio
    from ..store import atomic_write, ensure_private_dir

    directory = ensure_private_dir(Path(refills_dir(home)))
    path = directory / pending_name(session_id, compaction_id)
    atomic_write(path, jsonio.dumps(record))
    return str(path)


def pending_for(home: str, session_id: str) -> list[str]:
    """This session's pending refill files, oldest compaction first."""
    from ..store import safe_name

    prefix = f"{safe_name(session_id)}."
    try:
        names = os.listdir(refills_dir(home))
    except OSError:
        return []
    return [os.path.join(refills_dir(home), n) for n in sorted(names) if n.startswith(prefix) and n.endswith(".json")]


def read_pending(path: str) -> dict[str, object] | None:
    from ..records import jsonio

    try:
        with open(path, "rb") as handle:
            data = jsonio.loads(handle.read(16 << 20))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def take(path: str) -> bool:
    """Claim `path` for this process and remove it; False if another hook took it first."""
    claimed = os.path.join(os.path.dirname(path), f".taken-{os.getpid()}-{os.urandom(4).hex()}")
    try:
        os.rename(path, claimed)
    except FileNotFoundError:
        return False
    os.unlink(claimed)
    return True


def drop_for(home: str, session_id: str, compaction_id: str) -> None:
    """Remove a compaction's pending refill, if any."""
    drop(os.path.join(refills_dir(home), pending_name(session_id, compaction_id)))


def drop(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
