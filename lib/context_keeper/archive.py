"""A byte-identical, verified, private copy of a transcript, taken before compaction.

Claude Code keeps appending to the transcript while hooks run, so the copy is of the
prefix that existed when the copy started: exactly `size` bytes, hashed as they are read
from the source, then read back from the archive and compared. The copy streams through
one fixed buffer, so memory stays flat whatever the transcript's size.
"""

from __future__ import annotations

import errno
import hashlib
import os
import stat
import time
from pathlib import Path

from .records import record
from .store import ensure_private_dir, safe_name

CHUNK = 1 << 20
MAX_SAME_SECOND = 1000
# Claude Code 2.1.330 writes the transcript behind a short delay: in an auto-compaction the
# tool result that crossed the threshold reached the file 25-85 ms after PreCompact started
# (measured, tests/e2e). A copy taken at once missed it; so wait for the file to be quiet.
SETTLE_QUIET_S = 0.2
SETTLE_LIMIT_S = 1.5
SETTLE_POLL_S = 0.02

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class ArchiveError(OSError):
    """The archive could not be made or did not verify (no partial archive is left)."""


@record
class ArchiveResult:
    path: Path
    size: int
    sha256: str


def archive_name(session_id: str, source: Path, when: float, n: int = 0) -> str:
    """`<session>_<UTC ts>[_n]_transcript<ext>`; `.txt` when the source has no extension."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(when))
    ext = source.suffix or ".txt"
    return f"{safe_name(session_id)}_{stamp}{f'_{n}' if n else ''}_transcript{ext}"


def _copy_prefix(src: int, dst: int, size: int) -> str:
    """Copy exactly `size` bytes from `src` to `dst`; sha256 of the bytes copied."""
    digest = hashlib.sha256()
    buffer = bytearray(CHUNK)
    view = memoryview(buffer)
    left = size
    while left:
        got = os.readv(src, [view[: min(CHUNK, left)]])
        if got == 0:
            raise ArchiveError(errno.EIO, f"transcript shrank while being copied ({size - left} of {size} bytes)")
        chunk = view[:got]
        digest.update(chunk)
        while chunk:
            written = os.write(dst, chunk)
            chunk = chunk[written:]
        left -= got
    return digest.hexdigest()


def _hash_file(path: Path) -> tuple[int, str]:
    digest = hashlib.sha256()
    buffer = bytearray(CHUNK)
    view = memoryview(buffer)
    size = 0
    with open(path, "rb", buffering=0) as handle:
        while got := handle.readinto(buffer):
            digest.update(view[:got])
            size += got
    return size, digest.hexdigest()


def wait_until_settled(
    path: Path, quiet: float = SETTLE_QUIET_S, limit: float = SETTLE_LIMIT_S, poll: float = SETTLE_POLL_S
) -> int:
    """Wait until `path` has not changed size for `quiet` seconds, at most `limit` seconds in
    all; return its size then. Raises OSError if it cannot be stat'ed."""
    started = time.monotonic()
    size = os.stat(path).st_size
    since = started
    while True:
        now = time.monotonic()
        if now - since >= quiet or now - started >= limit:
            return size
        time.sleep(poll)
        current = os.stat(path).st_size
        if current != size:
            size, since = current, time.monotonic()


def archive_transcript(source: Path, archives: Path, session_id: str, now: float | None = None) -> ArchiveResult:
    """Copy `source` into `archives` (made 0700) as a 0600 file, verified by size and sha256.

    Raises OSError (ArchiveError for a failed verification); the half-made archive is removed.
    """
    source = Path(source)
    # O_NONBLOCK so that a FIFO at the transcript path cannot hang the hook in open().
    src = os.open(source, os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC)
    try:
        st = os.fstat(src)
        if not stat.S_ISREG(st.st_mode):
            raise ArchiveError(errno.EINVAL, "transcript is not a regular file", str(source))
        os.set_blocking(src, True)
        size = st.st_size  # what exists now; lines appended from here on are not ours
        directory = ensure_private_dir(archives)
        # Copied under a temporary name and published (hard link to a free name) only once
        # verified: a hook killed mid-copy never leaves a partial archive under a final name.
        tmp, dst = _create_temp(directory, session_id)
        try:
            try:
                os.fchmod(dst, 0o600)  # the umask may have taken bits away
                source_hash = _copy_prefix(src, dst, size)
                os.fsync(dst)
            finally:
                os.close(dst)
            copied_size, copied_hash = _hash_file(tmp)
            if (copied_size, copied_hash) != (size, source_hash):
                raise ArchiveError(
                    errno.EIO, f"archive does not match the transcript ({copied_size} of {size} bytes)", str(tmp)
                )
            path = _publish(tmp, directory, session_id, source, time.time() if now is None else now)
        finally:
            _remove(tmp)
    finally:
        os.close(src)
    return ArchiveResult(path=path, size=size, sha256=source_hash)


def _create_temp(directory: Path, session_id: str) -> tuple[Path, int]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC
    while True:
        tmp = directory / f".{safe_name(session_id)[:64]}.{os.getpid()}.{os.urandom(6).hex()}.partial"
        try:
            return tmp, os.open(tmp, flags, 0o600)
        except FileExistsError:
            continue


def _publish(tmp: Path, directory: Path, session_id: str, source: Path, when: float) -> Path:
    """Hard-link the finished `tmp` to the first free archive name; link(2) never replaces, so
    two compactions in the same second (or two racing hooks) get `_1`, `_2`..."""
    for n in range(MAX_SAME_SECOND):
        path = directory / archive_name(session_id, source, when, n)
        try:
            os.link(tmp, path, follow_symlinks=False)
            return path
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
                raise
        # No hard links on this filesystem: O_EXCL claims the name, the rename fills it.
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC, 0o600))
        except FileExistsError:
            continue
        os.rename(tmp, path)
        return path
    raise ArchiveError(errno.EEXIST, "no free archive name", str(directory))


def _remove(path: Path) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
