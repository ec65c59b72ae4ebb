"""Where data lives and how it is written: the runs dir layout, every path in it named once
(`layout`), private files and the one atomic writer (`files`), the one flock loop and the locks
(`locks`), appended lines and the log (`log`), the modes a runs dir keeps (`permissions`), and
the verified copy of a transcript (`archive`, started beside PreCompact's fold by `archive_job`).

What the package itself imports runs on the PostToolUse hot path, so it sticks to the stdlib
modules a Python process has loaded anyway (no subprocess, no logging, no hashlib); `archive`
and `archive_job` are imported by the compaction hooks only. `files` and
`locks` import nothing of the package: install-time code (claude_settings) uses them with a
bare interpreter.
"""

from .files import UnsafePathError, atomic_write, ensure_private_dir
from .layout import RunsDir, find_repo_root, repo_key, runs_dir_for, safe_name, sha256
from .locks import file_lock, session_lock, wait_for_flock
from .log import APPEND_LOCK_WAIT, Log, append_line

__all__ = [
    "APPEND_LOCK_WAIT",
    "Log",
    "RunsDir",
    "UnsafePathError",
    "append_line",
    "atomic_write",
    "ensure_private_dir",
    "file_lock",
    "find_repo_root",
    "repo_key",
    "runs_dir_for",
    "safe_name",
    "session_lock",
    "sha256",
    "wait_for_flock",
]
