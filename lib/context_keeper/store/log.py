"""Appended lines (compactions.jsonl, the log) and the log itself."""

from __future__ import annotations

import errno
import os
import stat
import time
from pathlib import Path

from ..redact import redact
from .files import O_CLOEXEC, O_NOFOLLOW, UnsafePathError, make_private_file, write_all
from .locks import wait_for_flock

APPEND_LOCK_WAIT = 0.5


def append_line(path: Path, line: bytes) -> None:
    """Append one line (newline added if missing) with a single O_APPEND write.

    A file that does not end with a newline holds a torn line (its writer was killed
    mid-write): the new line then starts with one, or it would be glued to the torn one
    and lost with it.
    """
    if not line.endswith(b"\n"):
        line += b"\n"
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | O_NOFOLLOW | O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafePathError(errno.ELOOP, "refusing to append through a symlink", str(path)) from None
        raise
    try:
        make_private_file(fd)
        # Appenders take turns (released on close, or by the kernel if one is killed), so the
        # last byte below is never that of a line another process is still writing. Bounded:
        # a stopped appender costs a moment, not the hook.
        wait_for_flock(fd, APPEND_LOCK_WAIT)
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line
        write_all(fd, line)
    finally:
        os.close(fd)


class Log:
    """Append-only text log, one entry per call: `<ISO time> <pid> <LEVEL> <msg>`.

    Continuation lines of a multi-line message (tracebacks) are indented so an
    entry is still recognisable. Rotates to `<path>.1` past max_bytes. Messages
    are redacted. Never raises: a hook must not fail because its log can't be
    written.
    """

    def __init__(self, path: Path, max_bytes: int) -> None:
        self.path = Path(path)
        self.max_bytes = max_bytes

    def info(self, msg: str) -> None:
        self.write("INFO", msg)

    def warning(self, msg: str) -> None:
        self.write("WARNING", msg)

    def error(self, msg: str) -> None:
        self.write("ERROR", msg)

    def write(self, level: str, msg: str) -> bool:
        """Append one entry; True if it reached the file."""
        try:
            now = time.time()
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(now))
            text = redact(str(msg)).replace("\n", "\n    ")
            entry = f"{stamp}.{int(now % 1 * 1000):03d}Z {os.getpid()} {level} {text}\n"
            data = entry.encode("utf-8", "backslashreplace")
            self._rotate_if_full(len(data))
            append_line(self.path, data)
            return True
        except Exception:
            return False

    def _rotate_if_full(self, incoming: int) -> None:
        try:
            st = os.lstat(self.path)
        except FileNotFoundError:
            return
        if not stat.S_ISREG(st.st_mode):  # never rotate a directory or a planted symlink away
            raise UnsafePathError(errno.EINVAL, "log path is not a regular file", str(self.path))
        if st.st_size > 0 and st.st_size + incoming > self.max_bytes:
            # Two processes rotating at once lose at most a few lines: acceptable for a log.
            os.replace(self.path, self.path.with_name(self.path.name + ".1"))
