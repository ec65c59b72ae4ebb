"""Doctor's check of the status line: which one Claude Code runs for the repository (the last
settings file that sets one wins), and for ours, that its interpreter is there: a status line
whose command fails shows nothing, without a word."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..claude_settings.registration import command_words
from ..claude_settings.status_line import KEY, is_ours
from ..transcript.compaction_point import read_settings, settings_files
from .checks import Check, reinstall_hint
from .scan import resolve_executable


def check_status_line(repo: Path, environ: Mapping[str, str]) -> Check:
    found = None
    for path in settings_files(str(repo), environ):
        value = read_settings(path).get(KEY)
        if value is not None:
            found = (path, value)
    if found is None:
        return Check("status line", True, "none set (./install.sh --statusline registers context-keeper's)")
    path, value = found
    command = value.get("command") if isinstance(value, dict) else None
    if not is_ours(value):
        shown = command if isinstance(command, str) else repr(value)
        return Check("status line", True, f"{path}: {shown} (not context-keeper's)")
    words = command_words(str(command))
    if not words or resolve_executable(words[0]) is None:
        return Check(
            "status line",
            False,
            f"{path}: {command}: {words[0] if words else 'no command'} does not exist or is not executable, "
            "so Claude Code shows no status line",
            reinstall_hint() + " with --statusline",
        )
    return Check("status line", True, f"{path}: {command}")
