"""Where data lives and how it is written: runs dir layout, private atomic files,
the per-session lock and the log.

Everything here runs on the PostToolUse hot path, so it sticks to the stdlib
modules a Python process has loaded anyway (no subprocess, no logging).
"""

from __future__ import annotations

import errno
import fcntl
try:  # CPython's own SHA-256: hashlib would load OpenSSL (~3 ms) on every hook call
    from _sha2 import sha256  # Python >= 3.12
except ImportError:
    try:
        from _sha256 import sha256  # Python 3.11
    except ImportError:
        from hashlib import sha256
import os
import stat
import time
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path

from .config import Settings
from .redact import redact
from .records import record

_O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class UnsafePathError(OSError):
    """A symlink (or other non-regular thing) where a private file or dir belongs."""


# --- locating the runs dir -------------------------------------------------


def find_repo_root(cwd: Path) -> Path:
    """The nearest ancestor of `cwd` holding `.git` (a dir, or a file in worktrees
    and submodules); `cwd` itself when there is none."""
    start = Path(os.path.abspath(cwd))
    for candidate in (start, *start.parents):
        if os.path.lexists(candidate / ".git"):
            return candidate
    return start


def repo_key(repo: Path) -> str:
    """`<readable slug>-<sha256[:12]>`: the slug is for people, the hash keeps
    `/a-b/c` and `/a/b-c` (same slug) apart."""
    raw = os.fsencode(os.path.abspath(repo))
    digest = sha256(raw).hexdigest()[:12]
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in str(repo))
    slug = "-".join(part for part in slug.split("-") if part)[-48:].strip("-")
    return f"{slug or 'root'}-{digest}"


_SAFE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._-")
_SAFE_MAX = 128


def safe_name(session_id: str) -> str:
    """A single, harmless path component for `session_id`.

    Ordinary ids (lowercase ASCII letters, digits, `._-`, not starting with `.`
    or `-`, up to 128 chars, i.e. every uuid) come back unchanged. Anything else
    becomes a readable prefix plus `~` and a hash of the full id. `~` never occurs
    in an unchanged id and the hash covers the whole id, so two distinct ids
    cannot map to one name, even on a case-insensitive filesystem.
    """
    if (
        session_id
        and len(session_id) <= _SAFE_MAX
        and session_id[0] not in ".-"
        and all(c in _SAFE_CHARS for c in session_id)
    ):
        return session_id
    digest = sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    prefix = "".join(c if c in _SAFE_CHARS else "_" for c in session_id[:40].lower())
    prefix = prefix.lstrip(".-") or "_"
    return f"{prefix}~{digest}"


@record
class RunsDir:
    root: Path
    summaries: Path
    archives: Path
    state: Path
    preserved: Path
    compactions: Path  # compactions.jsonl
    log_path: Path  # context-keeper.log

    @classmethod
    def at(cls, root: Path) -> RunsDir:
        return cls(
            root=root,
            summaries=root / "summaries",
            archives=root / "archives",
            state=root / "state",
            preserved=root / "preserved",
            compactions=root / "compactions.jsonl",
            log_path=root / "context-keeper.log",
        )

    def ensure(self) -> RunsDir:
        """Create the root and its subdirectories, all 0700. Each is tried even when another
        fails (a file planted at summaries/ must not stop state/ from working); the first
        failure is raised after all were tried."""
        ensure_private_dir(self.root)
        first: OSError | None = None
        for path in (self.summaries, self.archives, self.state, self.preserved):
            try:
                ensure_private_dir(path)
            except OSError as exc:
                first = first or exc
        if first is not None:
            raise first
        return self

    def summary_path(self, session_id: str, task_id: str) -> Path:
        import hashlib  # md5 only when a summary is written or looked up

        name = hashlib.md5(f"{session_id}:{task_id}".encode("utf-8", "surrogatepass")).hexdigest()
        return self.summaries / f"{name}.json"

    def state_path(self, session_id: str) -> Path:
        return self.state / f"{safe_name(session_id)}.json"

    def lock_path(self, session_id: str) -> Path:
        return self.state / f"{safe_name(session_id)}.lock"

    def preserved_path(self, session_id: str) -> Path:
        return self.preserved / f"{safe_name(session_id)}.txt"


def runs_dir_for(settings: Settings, cwd: Path) -> RunsDir:
    """The runs dir of the repository containing `cwd` (not created here)."""
    return RunsDir.at(settings.home / "runs" / repo_key(find_repo_root(cwd)))


# --- private files and dirs --------------------------------------------------


def _open_private_dir(path: Path) -> None:
    """Check `path` is a real directory (not a symlink) and make it 0700."""
    flags = os.O_RDONLY | _O_DIRECTORY | _O_NOFOLLOW | _O_CLOEXEC
    try:
        try:
            fd = os.open(path, flags)
        except PermissionError:
            # mkdir under a umask like 0o777 gives a 000 dir we may not open:
            # fix its mode by name (after checking it is no symlink) and retry.
            if not stat.S_ISDIR(os.lstat(path).st_mode):
                raise NotADirectoryError(errno.ENOTDIR, "not a directory", str(path)) from None
            os.chmod(path, 0o700)
            fd = os.open(path, flags)
    except OSError as exc:
        if exc.errno in (errno.ELOOP, errno.ENOTDIR) or os.path.islink(path):
            raise UnsafePathError(errno.ELOOP, "refusing symlink or non-directory", str(path)) from None
        raise
    try:
        st = os.fstat(fd)
        if stat.S_IMODE(st.st_mode) != 0o700 and st.st_uid == os.geteuid():
            os.fchmod(fd, 0o700)
    finally:
        os.close(fd)


def ensure_private_dir(path: Path) -> Path:
    """mkdir -p `path`; the created components and `path` itself end up 0700
    whatever the umask. Existing ancestors are left alone (they may be symlinks
    like /tmp on macOS); `path` and every component created here must not be."""
    path = Path(os.path.abspath(path))
    missing: list[Path] = []
    probe = path
    while not os.path.lexists(probe):
        missing.append(probe)
        if probe.parent == probe:
            break
        probe = probe.parent
    for component in reversed(missing):
        try:
            os.mkdir(component, 0o700)
        except FileExistsError:
            pass  # another hook process made it first; checked just below
        _open_private_dir(component)
    if not missing:
        _open_private_dir(path)
    return path


def _refuse_symlink(path: Path) -> None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise UnsafePathError(errno.ELOOP, "refusing to write through a symlink", str(path))


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _create_temp(directory: Path, name: str) -> tuple[Path, int]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _O_NOFOLLOW | _O_CLOEXEC
    for _ in range(100):
        tmp = directory / f".{name[:64]}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
        try:
            return tmp, os.open(tmp, flags, 0o600)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(directory))


def atomic_write(path: Path, data: bytes, *, replace: bool = True) -> bool:
    """Write `data` to `path` so readers see the old file or the whole new one.

    The file is 0600. A symlink at `path` is refused (UnsafePathError). With
    replace=False an existing `path` is never overwritten and False is returned.
    """
    path = Path(path)
    _refuse_symlink(path)
    if not replace and os.path.lexists(path):
        return False
    tmp, fd = _create_temp(path.parent, path.name)
    try:
        try:
            os.fchmod(fd, 0o600)  # the umask may have taken bits away
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        # The file is fsynced; the directory is not: losing the rename in a crash
        # only loses the newest state, which the next hook rebuilds.
        if replace:
            os.replace(tmp, path)  # replaces a racing symlink itself, never follows it
            return True
        return _link_no_replace(tmp, path)
    finally:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass


def _link_no_replace(tmp: Path, path: Path) -> bool:
    # link(2) fails with EEXIST instead of replacing: the atomic "create only".
    try:
        os.link(tmp, path, follow_symlinks=False)
        return True
    except FileExistsError:
        return False
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EMLINK):
            raise
    # A filesystem without hard links: fall back to check-then-rename, which has
    # a small race but still never overwrites a file that was there before.
    if os.path.lexists(path):
        return False
    os.rename(tmp, path)
    return True


def append_line(path: Path, line: bytes) -> None:
    """Append one line (newline added if missing) with a single O_APPEND write.

    A file that does not end with a newline holds a torn line (its writer was killed
    mid-write): the new line then starts with one, or it would be glued to the torn one
    and lost with it.
    """
    if not line.endswith(b"\n"):
        line += b"\n"
    flags = os.O_RDWR | os.O_APPEND | os.O_CREAT | _O_NOFOLLOW | _O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o600)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise UnsafePathError(errno.ELOOP, "refusing to append through a symlink", str(path)) from None
        raise
    try:
        _make_private_file(fd)
        # Appenders take turns (released on close, or by the kernel if one is killed), so the
        # last byte below is never that of a line another process is still writing. Bounded:
        # a stopped appender costs a moment, not the hook.
        _flock_briefly(fd, APPEND_LOCK_WAIT)
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":
            line = b"\n" + line
        _write_all(fd, line)
    finally:
        os.close(fd)


APPEND_LOCK_WAIT = 0.5


def _flock_briefly(fd: int, wait: float) -> bool:
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            if time.monotonic() >= deadline:
                return False
            time.sleep(0.001)


def _make_private_file(fd: int) -> int:
    """Check `fd` is a regular file, make it 0600; its size."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(errno.EINVAL, "not a regular file")
    if stat.S_IMODE(st.st_mode) != 0o600 and st.st_uid == os.geteuid():
        os.fchmod(fd, 0o600)
    return st.st_size


# --- the session lock --------------------------------------------------------


def session_lock(runs: RunsDir, session_id: str, timeout: float) -> AbstractContextManager[bool]:
    """Hold an exclusive flock on state/<session>.lock; yields False if it could
    not be had within `timeout` seconds. The kernel drops the lock when its
    holder dies, so a crashed hook never leaves a stale lock behind."""
    return file_lock(runs.lock_path(session_id), timeout)


@contextmanager
def file_lock(path: Path, timeout: float) -> Iterator[bool]:
    """session_lock for a lock file named directly (the CLI knows state files by name)."""
    flags = os.O_RDWR | os.O_CREAT | _O_NOFOLLOW | _O_CLOEXEC
    fd = os.open(path, flags, 0o600)
    locked = False
    try:
        _make_private_file(fd)
        deadline = time.monotonic() + max(timeout, 0.0)
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                locked = True
                break
            except BlockingIOError:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    break
                time.sleep(min(0.02, remaining))
        yield locked
    finally:
        if locked:
            try:
                fcntl.flock(fd, fcntl.LOCK_UN)
            except OSError:
                pass
        os.close(fd)


# --- the log -----------------------------------------------------------------


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
