"""The modes a runs dir must keep: every directory 0700 and every file 0600, no links.

The hooks write with these modes; `doctor` reports anything under the runs dir that has drifted
from them (a copy made by hand, a restored backup, a symlink someone put there).
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from ..records import record
from .layout import RunsDir


@record
class BadMode:
    path: Path
    mode: int
    expected: int


def permission_problems(runs: RunsDir) -> list[BadMode]:
    """Dirs not 0700 and files not 0600 under the runs dir (symlinks are problems too:
    the hooks refuse to write through them)."""
    if not runs.root.exists():
        return []
    problems = []
    for folder, dirs, files in os.walk(runs.root):
        base = Path(folder)
        for name, expected in [(n, 0o700) for n in dirs] + [(n, 0o600) for n in files]:
            path = base / name
            try:
                st = os.lstat(path)
            except OSError:
                continue
            if stat.S_ISLNK(st.st_mode) or stat.S_IMODE(st.st_mode) & ~expected:
                problems.append(BadMode(path, stat.S_IMODE(st.st_mode), expected))
        if base == runs.root:
            st = os.lstat(base)
            if stat.S_IMODE(st.st_mode) & ~0o700:
                problems.insert(0, BadMode(base, stat.S_IMODE(st.st_mode), 0o700))
    return problems
