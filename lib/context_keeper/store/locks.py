"""Locks: the one flock retry loop, the per-session lock and locks on named files.

flock, not lock files: the kernel drops a lock when its holder dies, so a crashed hook never
leaves a stale one behind.
"""

from __future__ import annotations

import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from .files import O_CLOEXEC, O_NOFOLLOW, make_private_file

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .layout import RunsDir

_FIRST_PAUSE = 0.001  # appenders hold their lock for one write: retry soon
_LONGEST_PAUSE = 0.02  # a session lock may be held for a fold: do not spin


def wait_for_flock(fd: int, timeout: float) -> bool:
    """Take an exclusive flock on `fd` within `timeout` seconds; False if it stayed busy.

    Polls (non-blocking tries, pauses growing from 1 to 20 ms) rather than blocking, so the
    wait is bounded without signals or threads."""
    deadline = time.monotonic() + max(timeout, 0.0)
    pause = _FIRST_PAUSE
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return False
            time.sleep(min(pause, remaining))
            pause = min(pause * 2, _LONGEST_PAUSE)


def session_lock(runs: RunsDir, session_id: str, timeout: float) -> AbstractContextManager[bool]:
    """Hold an exclusive flock on state/<session>.lock; yields False if it could
    not be had within `timeout` seconds."""
    return file_lock(runs.lock_path(session_id), timeout)


@contextmanager
def file_lock(path: Path, timeout: float) -> Iterator[bool]:
    """session_lock for a lock file named directly (the CLI knows state files by name; the
    install's record has its own). The lock file is private and never a symlink."""
    flags = os.O_RDWR | os.O_CREAT | O_NOFOLLOW | O_CLOEXEC
    fd = os.open(path, flags, 0o600)
    locked = False
    try:
        make_private_file(fd)
        locked = wait_for_flock(fd, timeout)
        yield locked
    finally:
        if locked:
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            except OSError:
                pass
        os.close(fd)
