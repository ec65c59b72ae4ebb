"""A byte-identical, verified, private copy of a transcript, taken before compaction.

Claude Code keeps appending to the transcript while hooks run, so the copy is of a prefix:
the bytes that existed when the copy started or, with a `Settle`, those that existed once
the file stopped growing (the copy goes on while it waits). The copy goes a chunk at a
time: the kernel copies it (copy_file_range; written from here where it cannot), then the
chunk is read from both files, the transcript's bytes hashed (the sha256 recorded) and the
archive's compared with them byte for byte. The archive is fsynced and only then given its
final name. This is the guarantee the earlier design gave by re-reading the whole archive
and comparing sha256s — what the archive file holds is what the transcript held — checked
by comparing the bytes themselves, with one hash instead of two. Two fixed buffers: memory
stays flat whatever the transcript's size.

PreCompact runs it beside the fold of the session model (`archive_job.ArchiveJob`): in a
forked child process where the OS can fork, else in a thread.
"""

from __future__ import annotations

import errno
import os
import stat
import threading
import time
from collections.abc import Callable
from pathlib import Path

from ..records import record
from . import ensure_private_dir, safe_name

# Big enough that the copy thread seldom waits for the GIL (each chunk takes it back a few
# times, ~5 ms each while the fold runs), small enough to keep the hook's memory down.
CHUNK = 4 << 20
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


class Settle:
    """Waiting for Claude Code's last writes to the transcript (see SETTLE_QUIET_S), done by
    the copy while it copies; whoever needs the settled transcript waits for `wait()`.

    A quiet time is a guess at how late the writes come, and a busy machine makes them later:
    `unfinished(size)`, when given, says whether the first `size` bytes show a write still to
    come (a tool call without its result), and the wait then goes on past the quiet time, up
    to the limit."""

    def __init__(
        self,
        quiet: float = SETTLE_QUIET_S,
        limit: float = SETTLE_LIMIT_S,
        poll: float = SETTLE_POLL_S,
        unfinished: Callable[[int], bool] | None = None,
    ) -> None:
        self.quiet, self.limit, self.poll, self.unfinished = quiet, limit, poll, unfinished
        self.size: int | None = None  # where the transcript settled (None: the copy failed first)
        self._done = threading.Event()
        self._asked: tuple[int, bool] | None = None  # the last size asked about, and the answer

    def awaits_more(self, size: int) -> bool:
        """`unfinished(size)`, asked once a size (the file only grows); False without it, or
        when it fails: the quiet time alone decides then."""
        if self.unfinished is None:
            return False
        if self._asked is None or self._asked[0] != size:
            try:
                answer = bool(self.unfinished(size))
            except Exception:
                answer = False
            self._asked = (size, answer)
        return self._asked[1]

    def done(self, size: int | None) -> None:
        if not self._done.is_set():
            self.size = size
            self._done.set()

    def wait(self, timeout: float | None = None) -> int | None:
        self._done.wait(timeout)
        return self.size


class _Copy:
    """Copies from `src` to `dst` in order, a chunk at a time, and checks each chunk.

    The kernel copies (os.copy_file_range: no trip through this process); then the chunk
    is read from both files: the transcript's bytes are hashed (the sha256 recorded) and
    the archive's compared with them, byte for byte. Where the kernel cannot copy between
    the two files (another OS, another filesystem), the bytes read are written instead.
    """

    def __init__(self, src: int, dst: int, size: int, stop: threading.Event | None = None) -> None:
        self.src, self.dst = src, dst
        self.stop = stop  # set: give up before the next chunk (ArchiveJob.cancel)
        # Imported here: the copy runs in the forked child (archive_job), and the hook's own
        # process, which folds meanwhile, need not load OpenSSL for it.
        import hashlib

        self.digest = hashlib.sha256()
        self.copied = 0
        # bytearray(n) zero-fills: a small transcript gets small buffers
        self.buffer = bytearray(min(CHUNK, max(size, 64 << 10)))
        self.back = bytearray(len(self.buffer))
        self.in_kernel = hasattr(os, "copy_file_range")

    def up_to(self, size: int) -> None:
        while self.copied < size:
            self.check()
            at, want = self.copied, min(len(self.buffer), size - self.copied)
            got = self._kernel_copy(at, want) if self.in_kernel else 0
            data = _pread_into(self.src, at, got or want, self.buffer)
            if not data or (got and len(data) != got):
                raise ArchiveError(errno.EIO, f"transcript shrank while being copied ({at} of {size} bytes)")
            if not got:  # no copy in the kernel: write what was read
                done = 0
                while done < len(data):
                    done += os.pwrite(self.dst, memoryview(data)[done:], at + done)
            # Read back what the archive now holds there: the transcript's bytes, or no archive.
            # (bytearray == bytearray is a memcmp; comparing memoryviews is ~50x slower.)
            if _read_back(self.dst, at, len(data), self.back) != data:
                raise ArchiveError(errno.EIO, f"archive does not match the transcript at byte {at}")
            self.digest.update(data)
            self.copied += len(data)

    def check(self) -> None:
        """Raise ArchiveError once `stop` is set."""
        if self.stop is not None and self.stop.is_set():
            raise ArchiveError(errno.ECANCELED, f"archive given up at byte {self.copied} (the hook is ending)")

    def _kernel_copy(self, at: int, want: int) -> int:
        """Bytes copied by the kernel at `at` (0: it cannot, from now on write them instead)."""
        try:
            got = os.copy_file_range(self.src, self.dst, want, at, at)
        except OSError as exc:
            if exc.errno not in (errno.EXDEV, errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP, errno.ENOTSUP, errno.EBADF):
                raise
            got = 0
        if got == 0 and at == 0:
            self.in_kernel = False  # never copied here: not for this pair of files
        return got


def _read_back(fd: int, offset: int, length: int, into: bytearray) -> bytes | bytearray:
    """What the archive holds at `offset` (the check of each chunk written)."""
    return _pread_into(fd, offset, length, into)


def _pread_into(fd: int, offset: int, length: int, into: bytearray) -> bytes | bytearray:
    """`length` bytes of `fd` from `offset` (fewer at its end), read into `into` when it
    fits exactly (no new buffer per chunk). The file position is left alone."""
    preadv = getattr(os, "preadv", None)  # not on every platform: then pread
    if preadv is not None and length == len(into):
        view, done = memoryview(into), 0
        while done < length:
            got = preadv(fd, [view[done:]], offset + done)
            if not got:
                return into[:done]
            done += got
        return into
    parts = []
    while length:
        part = os.pread(fd, length, offset)
        if not part:
            break
        parts.append(part)
        offset, length = offset + len(part), length - len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def wait_until_settled(
    path: Path,
    quiet: float = SETTLE_QUIET_S,
    limit: float = SETTLE_LIMIT_S,
    poll: float = SETTLE_POLL_S,
    awaits_more: Callable[[int], bool] | None = None,
) -> int:
    """Wait until `path` has not changed size for `quiet` seconds (and `awaits_more(size)`,
    when given, says no write is still to come: Settle.awaits_more), at most `limit` seconds
    in all; return its size then. Raises OSError if it cannot be stat'ed."""
    started = time.monotonic()
    size = os.stat(path).st_size
    since = started
    while True:
        now = time.monotonic()
        quiet_now = now - since >= quiet
        if (quiet_now and not (awaits_more is not None and awaits_more(size))) or now - started >= limit:
            return size
        time.sleep(poll)
        current = os.stat(path).st_size
        if current != size:
            size, since = current, time.monotonic()


def archive_transcript(
    source: Path,
    archives: Path,
    session_id: str,
    now: float | None = None,
    settle: Settle | None = None,
    stop: threading.Event | None = None,
) -> ArchiveResult:
    """Copy `source` into `archives` (made 0700) as a 0600 file, verified byte for byte.

    Without `settle`, the bytes that exist when it starts; with it, those that exist once
    the file has been quiet for `settle.quiet` seconds (at most `settle.limit`), copied as
    they come, and `settle` is told the size as soon as it is known (before the fsync).
    `stop`, once set, ends the copy before its next chunk (ArchiveError).
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
        started = time.monotonic()
        size = st.st_size  # what exists now; lines appended from here on are not ours (but see settle)
        directory = ensure_private_dir(archives)
        # Copied under a temporary name and published (hard link to a free name) only once
        # verified: a hook killed mid-copy never leaves a partial archive under a final name.
        tmp, dst = _create_temp(directory, session_id)
        try:
            try:
                os.fchmod(dst, 0o600)  # the umask may have taken bits away
                copy = _Copy(src, dst, size, stop)
                if settle is None:
                    copy.up_to(size)
                else:
                    size = _copy_until_settled(copy, size, settle, started)
                os.fsync(dst)
                if os.fstat(dst).st_size != size:
                    raise ArchiveError(
                        errno.EIO, f"archive does not match the transcript ({size} bytes copied)", str(tmp)
                    )
            finally:
                os.close(dst)
            path = _publish(tmp, directory, session_id, source, time.time() if now is None else now)
        finally:
            _remove(tmp)
    finally:
        os.close(src)
    return ArchiveResult(path=path, size=size, sha256=copy.digest.hexdigest())


def _copy_until_settled(copy: _Copy, size: int, settle: Settle, started: float) -> int:
    """Copy, a chunk at a time, while watching the transcript grow; once it has not grown for
    settle.quiet seconds (from `started`, when its size was first taken) or settle.limit has
    passed, tell `settle` its size (so the fold goes on while the copy finishes) and finish
    the copy at that size."""
    since = started
    while True:
        now = time.monotonic()
        quiet = now - since >= settle.quiet
        if (quiet and not settle.awaits_more(size)) or now - started >= settle.limit:
            settle.done(size)
            copy.up_to(size)
            return size
        pause = settle.poll if quiet else max(0.0, min(settle.poll, since + settle.quiet - now))
        if copy.copied < size:
            copy.up_to(min(size, copy.copied + len(copy.buffer)))
        elif copy.stop is not None:  # a sleep that ends early when the copy is given up
            copy.stop.wait(pause)
            copy.check()
        else:
            time.sleep(pause)
        current = os.fstat(copy.src).st_size
        if current < size:
            raise ArchiveError(errno.EIO, f"transcript shrank while being copied ({current} of {size} bytes)")
        if current != size:
            size, since = current, time.monotonic()


def _create_temp(directory: Path, session_id: str) -> tuple[Path, int]:
    flags = os.O_RDWR | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC
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
