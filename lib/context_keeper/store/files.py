"""Private files and dirs, and the one atomic writer.

Stdlib only, and of the package only `interrupts` (itself only `signal`): the hooks write
their state with it, and install.sh's claude_settings (run by a bare interpreter) writes
settings files and backups.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from context_keeper.interrupts import held

O_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_O_DIRECTORY = getattr(os, "O_DIRECTORY", 0)


class UnsafePathError(OSError):
    """A symlink (or other non-regular thing) where a private file or dir belongs."""


def _open_private_dir(path: Path) -> None:
    """Check `path` is a real directory (not a symlink) and make it 0700."""
    flags = os.O_RDONLY | _O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC
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


def make_private_file(fd: int) -> int:
    """Check `fd` is a regular file, make it 0600; its size."""
    st = os.fstat(fd)
    if not stat.S_ISREG(st.st_mode):
        raise UnsafePathError(errno.EINVAL, "not a regular file")
    if stat.S_IMODE(st.st_mode) != 0o600 and st.st_uid == os.geteuid():
        os.fchmod(fd, 0o600)
    return st.st_size


def write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _refuse_symlink(path: Path) -> None:
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if stat.S_ISLNK(st.st_mode):
        raise UnsafePathError(errno.ELOOP, "refusing to write through a symlink", str(path))


def _create_temp(directory: Path, name: str) -> tuple[Path, int]:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | O_NOFOLLOW | O_CLOEXEC
    for _ in range(100):
        tmp = directory / f".{name[:64]}.{os.getpid()}.{os.urandom(6).hex()}.tmp"
        try:
            return tmp, os.open(tmp, flags, 0o600)
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(directory))


def atomic_write(path: Path, data: bytes, *, replace: bool = True, mode: int = 0o600, sync_dir: bool = False) -> bool:
    """Write `data` to `path` so readers see the old file or the whole new one.

    The file gets `mode` whatever the umask (0600 unless told). A symlink at `path` is
    refused (UnsafePathError): a caller that means to write through one (a settings.json
    kept in a dotfiles repository) passes the resolved target. With replace=False an
    existing `path` is never overwritten and False is returned. sync_dir=True also fsyncs
    the directory, so the rename itself survives a crash: for files a user cannot rebuild
    (settings); the hooks' state is rebuilt by the next call, and skips that cost.
    """
    path = Path(path)
    _refuse_symlink(path)
    if not replace and os.path.lexists(path):
        return False
    # The hook's SIGTERM handler raises where the hook is: landing between the temporary
    # file's creation and the `try` that removes it, or inside that `finally`, it would leave
    # the file behind. Held back, it comes once the write is whole and the file gone.
    with held():
        tmp, fd = _create_temp(path.parent, path.name)
        try:
            try:
                os.fchmod(fd, mode)  # the umask may have taken bits away
                write_all(fd, data)
                os.fsync(fd)
            finally:
                os.close(fd)
            if replace:
                os.replace(tmp, path)  # replaces a racing symlink itself, never follows it
                done = True
            else:
                done = _link_no_replace(tmp, path)
        finally:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
    if done and sync_dir:
        fsync_dir(path.parent)
    return done


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


def fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on directories; the rename is done anyway
    finally:
        os.close(fd)
