"""What installs changed, kept in one place in the data dir so an uninstall can undo it
exactly: a record per settings file (the SHA-256 of its bytes before and after, the backup
of the bytes before, whether the file or its directory was created), the backups (private,
pruned, never beside a project's files), and the writes themselves.

    <data dir>/install/manifest.json     {"version": 1, "installs": {<settings path>: record}}
    <data dir>/install/backups/<UTC time>-<settings path slug>.json
    <data dir>/install/lock              held while an install or uninstall runs
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from datetime import UTC, datetime
from pathlib import Path

from ..store import atomic_write, ensure_private_dir, file_lock, repo_key
from ..store.files import fsync_dir
from .document import SettingsError, SettingsFile

KEEP_UNREFERENCED = 5  # backups no record needs any more: the newest few stay, for mistakes
_LOCK_WAIT = 30.0


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def key(path: Path) -> str:
    """How a settings file is named in the manifest: absolute, symlinks kept (the path the
    user knows, which stays the same when a dotfiles link is re-pointed)."""
    return os.path.abspath(path)


@dataclass(frozen=True)
class InstallRecord:
    existed: bool  # the file existed before the first install
    before_sha256: str | None  # of the bytes before (None: no file)
    backup: str | None  # the backup of those bytes, in backups/
    after_sha256: str  # of the bytes the last install wrote
    restorable: bool  # the bytes before held none of our entries: restoring them undoes it all
    created_dir: str | None  # the topmost directory the install created for the file
    time: str


class InstallState:
    """The install records, backups and lock under one private directory."""

    def __init__(self, root: Path) -> None:
        self.root = Path(os.path.abspath(root))
        self.backups = self.root / "backups"
        self.manifest = self.root / "manifest.json"

    @contextmanager
    def locked(self) -> Iterator[None]:
        ensure_private_dir(self.root)
        with file_lock(self.root / "lock", _LOCK_WAIT) as locked:
            if not locked:
                raise SettingsError(
                    f"another install or uninstall is running ({self.root / 'lock'} "
                    "is locked); try again when it has finished"
                )
            yield

    def records(self) -> dict[str, InstallRecord]:
        try:
            data = json.loads(self.manifest.read_bytes())
            return {
                path: InstallRecord(**{f.name: value[f.name] for f in fields(InstallRecord)})
                for path, value in data["installs"].items()
            }
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            # An unreadable record only costs the exact restore: uninstall then removes
            # our entries from the text instead.
            return {}

    def get(self, path: Path) -> InstallRecord | None:
        return self.records().get(key(path))

    def put(self, path: Path, record: InstallRecord | None) -> None:
        records = self.records()
        if record is None:
            if records.pop(key(path), None) is None:
                return
        else:
            records[key(path)] = record
        data = {"version": 1, "installs": {p: asdict(r) for p, r in sorted(records.items())}}
        ensure_private_dir(self.root)
        atomic_write(self.manifest, (json.dumps(data, indent=2) + "\n").encode(), sync_dir=True)

    def backup(self, path: Path, data: bytes, now: datetime | None = None) -> Path:
        """A private copy of `data`, the bytes of settings file `path` before a change."""
        ensure_private_dir(self.backups)
        stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
        slug = repo_key(Path(key(path)))
        for n in range(1000):
            name = f"{stamp}{f'.{n:03d}' if n else ''}-{slug}.json"  # sorts by time
            if atomic_write(self.backups / name, data, replace=False, sync_dir=True):
                return self.backups / name
        raise SettingsError(f"{self.backups}: too many backups named {stamp}*-{slug}.json")

    def read_backup(self, name: str) -> bytes | None:
        try:
            return (self.backups / Path(name).name).read_bytes()
        except OSError:
            return None

    def prune(self) -> list[Path]:
        """Delete the backups no record refers to, but the newest KEEP_UNREFERENCED."""
        try:
            names = sorted(
                (p.name for p in self.backups.iterdir() if p.suffix == ".json"), reverse=True
            )  # names start with their UTC time
        except FileNotFoundError:
            return []
        referenced = {r.backup for r in self.records().values()}
        removed = []
        for name in [n for n in names if n not in referenced][KEEP_UNREFERENCED:]:
            (self.backups / name).unlink(missing_ok=True)
            removed.append(self.backups / name)
        return removed


def record_for(
    previous: InstallRecord | None,
    loaded: SettingsFile,
    written: bytes,
    backup: Path | None,
    created_dir: str | None,
    had_ours: bool,
) -> InstallRecord:
    """The record after an install wrote `written` over `loaded`. A re-install over the bytes
    the last install wrote keeps that install's "before": restoring it still undoes both."""
    now = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if previous is not None and loaded.data is not None and sha256(loaded.data) == previous.after_sha256:
        return InstallRecord(
            previous.existed,
            previous.before_sha256,
            previous.backup,
            sha256(written),
            previous.restorable,
            previous.created_dir,
            now,
        )
    return InstallRecord(
        existed=loaded.data is not None,
        before_sha256=sha256(loaded.data) if loaded.data is not None else None,
        backup=backup.name if backup is not None else None,
        after_sha256=sha256(written),
        restorable=not had_ours,
        created_dir=created_dir,
        time=now,
    )


# -- writing the settings file -------------------------------------------------------------


def write_settings(loaded: SettingsFile, data: bytes | None) -> str | None:
    """Replace the file `loaded` came from with `data`, or delete it (None). The directory
    created for it, if one was.

    A symlinked settings.json (dotfiles) is written through: its target is replaced and the
    link kept. The mode is kept (0600 for a new file: it may later hold env secrets). If
    the file changed since it was loaded, nothing is written.
    """
    target = Path(os.path.realpath(loaded.path))
    try:
        current: bytes | None = target.read_bytes()
    except FileNotFoundError:
        current = None
    if current != loaded.data:
        raise SettingsError(f"{loaded.path}: changed while context-keeper was working; nothing written, run again")
    if data is None:
        target.unlink()
        fsync_dir(target.parent)
        return None
    mode = stat.S_IMODE(target.stat().st_mode) if current is not None else 0o600
    created = _make_dirs(target.parent)
    atomic_write(target, data, mode=mode, sync_dir=True)
    return created


def _make_dirs(path: Path) -> str | None:
    missing = []
    probe = path
    while not probe.exists() and probe.parent != probe:
        missing.append(probe)
        probe = probe.parent
    path.mkdir(parents=True, exist_ok=True)
    return str(missing[-1]) if missing else None


def remove_created_dirs(settings: Path, created_dir: str | None) -> list[Path]:
    """Remove the directories an install created for `settings`, now empty, deepest first."""
    if created_dir is None:
        return []
    top = Path(created_dir)
    removed = []
    folder = Path(os.path.realpath(settings)).parent
    while folder == top or top in folder.parents:
        try:
            folder.rmdir()
        except OSError:
            break  # not empty: something else lives there now
        removed.append(folder)
        folder = folder.parent
    return removed
