"""Install and uninstall on one settings file, as install.sh runs them: what changes, the
diff for a dry run, the warnings, and one line saying what was done.

Install merges our entries into the file's own text (formatting kept) after a backup, and
records what it did. Uninstall puts back the exact bytes from before the install when nothing
else changed the file since (deleting it when there was none), and otherwise takes out only
our entries' spans.
"""

from __future__ import annotations

import codecs
import difflib
import sys
from collections.abc import Sequence
from pathlib import Path

from .document import SettingsData, SettingsError, SettingsFile, dumps, read_file
from .installs import InstallRecord, InstallState, record_for, remove_created_dirs, sha256, write_settings
from .jsontext import rewrite
from .merge import merge_with_changes, unmerge_with_changes
from .model import OurHandler, ours, overlaps, plugin_enabled
from .registration import HookEntry
from .status_line import KEY as STATUS_LINE_KEY
from .status_line import describe as describe_status_line
from .status_line import is_ours as is_our_status_line
from .status_line import place as place_status_line
from .status_line import remove as remove_status_line


def new_bytes(loaded: SettingsFile, settings: SettingsData) -> bytes:
    """The file's bytes once it holds `settings`: its own text changed in place where there
    is one, else written as Claude Code writes settings."""
    if loaded.data is not None and loaded.text.strip():
        edited = rewrite(loaded.text, loaded.settings, settings)
        if edited is not None:
            bom = "\ufeff" if loaded.data.startswith(codecs.BOM_UTF8) else ""
            return (bom + edited).encode("utf-8")
    return dumps(settings).encode("utf-8")


def render_diff(old: bytes | SettingsData | None, new: bytes | SettingsData | None, path: Path) -> str:
    """Unified diff of two versions of the file ('' when equal): their bytes, or values
    shown as Claude Code writes them; None is no file."""
    if old == new:
        return ""
    before, after = _lines(old), _lines(new)
    lines = list(difflib.unified_diff(before, after, f"{path} (current)", f"{path} (after)"))
    return "".join(line if line.endswith("\n") else line + "\n" for line in lines)


def _lines(version: bytes | SettingsData | None) -> list[str]:
    if version is None:
        return []
    text = dumps(version) if isinstance(version, dict) else version.decode("utf-8-sig")
    return text.splitlines(keepends=True)


def install(
    path: Path,
    entries: Sequence[HookEntry],
    state: InstallState,
    *,
    dry_run: bool = False,
    also: Sequence[Path] = (),
    status_line: Sequence[str] | None = None,
    status_line_python: str | None = None,
) -> None:
    """Merge our hook entries into the file; with `status_line` (the launcher, and the
    interpreter when known), also our status line, only where the file sets none."""
    loaded = read_file(path)
    settings, changes = merge_with_changes(loaded.settings, entries)
    line_note = ""
    if status_line is not None:
        elsewhere = _status_line_elsewhere(path, also)
        if elsewhere is not None and STATUS_LINE_KEY not in loaded.settings:
            # A project's status line would replace the user's there: the user's stays.
            other, value = elsewhere
            line_note = "; " + describe_status_line("kept", value) + f" in {other}"
        else:
            settings, done = place_status_line(settings, status_line, status_line_python)
            line_note = "; " + describe_status_line(done, loaded.settings.get(STATUS_LINE_KEY))
    data = new_bytes(loaded, settings)
    warn_elsewhere(path, loaded.settings, ours(settings), [*also, *map(Path, state.records())])
    if data == loaded.data:
        print(f"{path}: {'no changes' if dry_run else 'already up to date'}{line_note}")
        return
    if dry_run:
        sys.stdout.write(render_diff(loaded.data, data, path))
        print(f"{path}: would change ({changes.describe()}{line_note}); dry run, nothing written")
        return
    # Locked from here: the record is read, and written after the file (which write_settings
    # only replaces if it is still what was loaded).
    with state.locked():
        backup = state.backup(path, loaded.data) if loaded.data is not None else None
        created = write_settings(loaded, data)
        record = record_for(state.get(path), loaded, data, backup, created, bool(ours(loaded.settings)))
        state.put(path, record)
        state.prune()
    print(f"{path}: {changes.describe()}{line_note}" + (f"; backup {backup}" if backup else " (new file)"))


def _status_line_elsewhere(path: Path, others: Sequence[Path]) -> tuple[Path, object] | None:
    """(file, value) of a status line not ours in another settings file Claude Code reads for
    the same sessions, if any."""
    for other in others:
        if Path(other).absolute() == Path(path).absolute():
            continue
        try:
            value = read_file(other, strict=False).settings.get(STATUS_LINE_KEY)
        except SettingsError:
            continue  # missing or ignored by Claude Code: sets nothing
        if value is not None and not is_our_status_line(value):
            return other, value
    return None


def uninstall(path: Path, state: InstallState, *, dry_run: bool = False, quiet_if_none: bool = False) -> None:
    loaded = read_file(path)
    record = state.get(path)
    settings, changes = unmerge_with_changes(loaded.settings)
    settings, line_removed = remove_status_line(settings)
    what = changes.describe() + ("; status line removed" if line_removed else "")
    exact, data = _exact_restore(loaded, record, state)
    if loaded.data is None or (not exact and settings == loaded.settings):
        if not quiet_if_none:
            print(
                f"{path}: "
                + ("does not exist; nothing to remove" if loaded.data is None else "no context-keeper hooks found")
            )
        if record is not None and not dry_run:
            with state.locked():
                state.put(path, None)
        return
    if not exact:
        data = new_bytes(loaded, settings)
    if dry_run:
        sys.stdout.write(render_diff(loaded.data, data, path))
        print(f"{path}: would change ({what}); dry run, nothing written")
        return
    with state.locked():
        backup = None if exact else state.backup(path, loaded.data)
        write_settings(loaded, data)
        if exact and data is None and record is not None:
            remove_created_dirs(path, record.created_dir)
        state.put(path, None)
        state.prune()
    print(f"{path}: {what}; " + _how(exact, data, backup, record))


def _exact_restore(
    loaded: SettingsFile, record: InstallRecord | None, state: InstallState
) -> tuple[bool, bytes | None]:
    """(True, the bytes from before the install, None for no file) when nothing but the
    install changed the file; (False, None) otherwise."""
    if record is None or not record.restorable or loaded.data is None or sha256(loaded.data) != record.after_sha256:
        return False, None
    if not record.existed:
        return True, None
    before = state.read_backup(record.backup) if record.backup else None
    if before is None or sha256(before) != record.before_sha256:
        return False, None  # the backup is gone or damaged: fall back to taking ours out
    return True, before


def _how(exact: bool, data: bytes | None, backup: Path | None, record: InstallRecord | None) -> str:
    if exact and data is None:
        return "deleted the file, which did not exist before the install"
    if exact:
        return "restored the exact bytes it had before the install"
    note = " (changed since the install: took out only our entries)" if record else ""
    return f"backup {backup}{note}"


def warn_elsewhere(path: Path, settings: SettingsData, mine: list[OurHandler], others: Sequence[Path]) -> None:
    """Say on stderr where else our hooks are registered, and whether they would run twice."""
    if plugin_enabled(settings):
        print(
            "context-keeper: warning: the context-keeper plugin is enabled in "
            f"{path} too; every hook would run twice (disable one of them)",
            file=sys.stderr,
        )
    seen = {str(Path(path).absolute())}
    for other in others:
        if str(other.absolute()) in seen:
            continue
        seen.add(str(other.absolute()))
        try:
            theirs = ours(read_file(other, strict=False).settings)
        except SettingsError:
            continue  # missing or ignored by Claude Code: registers nothing
        found = overlaps(
            [
                *(("here", h.event, h.name, h.command) for h in mine),
                *(("there", h.event, h.name, h.command) for h in theirs),
            ]
        )
        if any(o.runs > 1 for o in found):
            print(
                f"context-keeper: warning: {other} registers context-keeper's hooks too, with "
                "other commands: each would run twice; remove one set (./install.sh "
                "--uninstall, with --project DIR for a project's)",
                file=sys.stderr,
            )
        elif found:
            print(
                f"context-keeper: note: {other} registers the same hook commands; Claude Code "
                "runs a command registered twice once, but an uninstall must clean both files",
                file=sys.stderr,
            )
