"""Claude Code settings files: one model of them for install.sh and `context-keeper doctor`.

install.sh runs this package (``python -m context_keeper.claude_settings``), sometimes with a
bare system interpreter before any virtualenv exists, so it uses only the standard library
and the package's stdlib-only modules (hooks' names, store's files and locks, locations).

- `document`: the bytes and the value, read as Claude Code reads them (or strictly, to rewrite)
- `registration`: what we register (REGISTRATION, our_entries) and how our entries are recognised
- `model`: every handler in a settings value, ours with what they are, overlaps between files
- `merge`: our entries in (exactly once each) or out, on values
- `jsontext`: a value change written into the file's own text, formatting kept
- `installs`: what installs changed (records, backups) and the writes
- `status_line`: our statusLine (install.sh --statusline): only where none is set, only ours removed
- `actions`, `main`: install and uninstall as install.sh runs them
"""

from ..hooks import HOOKS
from .actions import install, new_bytes, render_diff, uninstall
from .document import CommentsError, SettingsData, SettingsError, SettingsFile, dumps, parse, read_file
from .installs import InstallRecord, InstallState, write_settings
from .main import main
from .merge import Changes, merge, merge_with_changes, unmerge, unmerge_with_changes
from .model import OurHandler, Overlap, handlers_in, ours, overlaps, plugin_enabled, slots
from .registration import (
    MATCH_ALL,
    POST_TOOL_USE_MATCHER,
    REGISTRATION,
    HookEntry,
    HookSpec,
    command_words,
    fast_command,
    hook_command,
    hook_of_words,
    launcher_for,
    our_entries,
    same_matcher,
    script_of,
)

__all__ = [
    "HOOKS",
    "MATCH_ALL",
    "POST_TOOL_USE_MATCHER",
    "REGISTRATION",
    "Changes",
    "CommentsError",
    "HookEntry",
    "HookSpec",
    "InstallRecord",
    "InstallState",
    "SettingsFile",
    "OurHandler",
    "Overlap",
    "SettingsData",
    "SettingsError",
    "command_words",
    "dumps",
    "fast_command",
    "handlers_in",
    "hook_command",
    "hook_of_words",
    "install",
    "launcher_for",
    "read_file",
    "main",
    "merge",
    "merge_with_changes",
    "new_bytes",
    "our_entries",
    "ours",
    "overlaps",
    "parse",
    "plugin_enabled",
    "render_diff",
    "same_matcher",
    "script_of",
    "slots",
    "uninstall",
    "unmerge",
    "unmerge_with_changes",
    "write_settings",
]
