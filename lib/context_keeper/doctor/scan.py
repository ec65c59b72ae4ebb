"""Where context-keeper's hooks are registered: the settings files Claude Code reads, and our
handlers in each, read the way Claude Code reads them (claude_settings's model)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping
from pathlib import Path

from .. import claude_settings
from ..records import record


@record
class SettingsLocation:
    scope: str  # user | project | local
    path: Path


def settings_locations(repo: Path, environ: Mapping[str, str] | None = None) -> list[SettingsLocation]:
    """The settings files Claude Code reads hooks from, in its merge order."""
    env = os.environ if environ is None else environ
    config_dir = env.get("CLAUDE_CONFIG_DIR") or str(Path(env.get("HOME") or Path.home()) / ".claude")
    return [
        SettingsLocation("user", Path(config_dir).expanduser() / "settings.json"),
        SettingsLocation("project", repo / ".claude" / "settings.json"),
        SettingsLocation("local", repo / ".claude" / "settings.local.json"),
    ]


def resolve_executable(word: str | None) -> str | None:
    """The executable a command's first word names: itself when absolute, else found on
    PATH (a hand-written `context-keeper hook ...`); None when there is none."""
    if not word:
        return None
    if os.path.isabs(word):
        return word if os.access(word, os.X_OK) and os.path.isfile(word) else None
    return shutil.which(word) if "/" not in word else None


@record
class FoundHook:
    """One of our hook handlers found in a settings file."""

    settings: Path
    scope: str
    event: str  # the event it is registered under
    script: str  # the hook's name
    matcher: str | None
    command: str
    timeout: float | None
    interpreter: str | None  # first word of the command: the context-keeper executable or a python
    is_async: bool  # "async": true (Claude Code does not wait for it)
    script_path: str | None  # plugin route and old installs: the .../hooks/<name>.py it runs

    @property
    def interpreter_ok(self) -> bool:
        return resolve_executable(self.interpreter) is not None

    @property
    def script_ok(self) -> bool:
        """The command's script exists (always true for `context-keeper hook <name>`, which has none)."""
        if self.script_path is None:
            return True
        return os.path.isabs(self.script_path) and os.path.isfile(self.script_path)

    @property
    def from_checkout(self) -> bool:
        """Runs a script from a checkout outside the plugin route (the pre-0.2 form): moving or
        deleting the checkout makes Python exit 2 there, which blocks every compaction."""
        return self.script_path is not None and "${CLAUDE_PLUGIN_ROOT}" not in self.command


@record
class SettingsScan:
    location: SettingsLocation
    exists: bool
    error: str | None  # why Claude Code ignores the file, if it does
    hooks: tuple[FoundHook, ...]
    plugin_enabled: bool  # enabledPlugins holds context-keeper@... = true


def scan_settings(location: SettingsLocation) -> SettingsScan:
    try:
        loaded = claude_settings.read_file(location.path, strict=False)
    except claude_settings.SettingsError as exc:
        return SettingsScan(location, True, str(exc).removesuffix("; left untouched"), (), False)
    if loaded.data is None:
        return SettingsScan(location, False, None, (), False)
    hooks = tuple(
        FoundHook(
            location.path,
            location.scope,
            h.event,
            h.name,
            h.matcher,
            h.command,
            h.timeout,
            h.interpreter,
            h.is_async,
            h.script_path,
        )
        for h in claude_settings.ours(loaded.settings)
    )
    return SettingsScan(location, True, None, hooks, claude_settings.plugin_enabled(loaded.settings))


def scan_all(repo: Path, environ: Mapping[str, str] | None = None) -> list[SettingsScan]:
    seen: set[Path] = set()
    scans = []
    for location in settings_locations(repo, environ):
        # ~ may be the repo itself (a dotfiles checkout): read each file once.
        key = Path(os.path.abspath(location.path))
        if key in seen:
            continue
        seen.add(key)
        scans.append(scan_settings(location))
    return scans
