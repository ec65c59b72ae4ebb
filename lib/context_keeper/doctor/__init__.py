"""`context-keeper doctor`: where the hooks are registered (`scan`), the checks on that and on
the interpreter, config and permissions (`checks`), Claude Code's own compaction settings
(`compaction`: where it auto-compacts, settings that change nothing, idle compaction), the
status line Claude Code runs (`status_line`), and a dry run of each hook (`dry_run`)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..store import RunsDir
from .checks import (
    SPECS,
    Check,
    check_config,
    check_interpreter,
    check_name,
    check_permissions,
    check_record_types,
    check_settings,
    hook_interpreters,
    launcher_python,
    reinstall_hint,
)
from .compaction import check_compaction
from .dry_run import dry_run_hooks, sample_transcript
from .repository import check_repository
from .scan import (
    FoundHook,
    SettingsLocation,
    SettingsScan,
    resolve_executable,
    scan_all,
    scan_settings,
    settings_locations,
)
from .status_line import check_status_line

__all__ = [
    "SPECS",
    "Check",
    "FoundHook",
    "SettingsLocation",
    "SettingsScan",
    "check_compaction",
    "check_config",
    "check_interpreter",
    "check_name",
    "check_permissions",
    "check_record_types",
    "check_repository",
    "check_settings",
    "check_status_line",
    "dry_run_hooks",
    "hook_interpreters",
    "launcher_python",
    "reinstall_hint",
    "resolve_executable",
    "run_all",
    "sample_transcript",
    "scan_all",
    "scan_settings",
    "settings_locations",
]


def run_all(repo: Path, runs: RunsDir, environ: Mapping[str, str] | None = None, dry_run: bool = True) -> list[Check]:
    scans = scan_all(repo, environ)
    checks = check_settings(scans)
    for python in hook_interpreters(scans):
        checks.append(check_interpreter(python))
    checks.append(check_config(environ))
    checks.append(check_permissions(runs))
    checks.append(check_repository(repo))
    checks += check_compaction(repo, os.environ if environ is None else environ)
    checks.append(check_status_line(repo, os.environ if environ is None else environ))
    types = check_record_types(runs)
    if types is not None:
        checks.append(types)
    if dry_run:
        checks += dry_run_hooks(scans, environ=environ)
    return checks
