"""Our `statusLine` in a settings value: what `./install.sh --statusline` registers, how it is
recognised again, and the rule that it goes only where no status line is set.

A settings file has one `statusLine`; a user's own is never replaced. An uninstall takes out
only ours. Ours runs `<python> -c 'from context_keeper.status_line import main; main()'` when the
interpreter is known: it runs on every refresh, and that form starts in 1.2x a bare interpreter
start where the console script takes 1.7x (bench/statusline.py); else `<launcher> statusline`.
Each form is recognised wherever the virtualenv now is.
"""

from __future__ import annotations

import copy
import shlex
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any

from .document import SettingsData
from .registration import command_words

KEY = "statusLine"
SUBCOMMAND = "statusline"
FAST_CODE = "from context_keeper.status_line import main; main()"


def status_line_command(launcher: Sequence[str], python: str | None = None) -> str:
    """`<python> -c '<FAST_CODE>'` when the interpreter is known, else `<launcher> statusline`;
    shell-quoted."""
    if python:
        return shlex.join([python, "-c", FAST_CODE])
    return shlex.join([*launcher, SUBCOMMAND])


def entry(launcher: Sequence[str], python: str | None = None) -> dict[str, Any]:
    return {"type": "command", "command": status_line_command(launcher, python)}


def is_ours(value: object) -> bool:
    """The value is a status line running `context-keeper statusline` (either form)."""
    if not isinstance(value, dict) or value.get("type") != "command" or not isinstance(value.get("command"), str):
        return False
    words = command_words(value["command"])
    if len(words) == 3 and words[1] == "-c" and words[2] == FAST_CODE:
        return True
    for i, word in enumerate(words):
        if word != SUBCOMMAND or i + 1 != len(words):
            continue
        before = words[:i]
        if before and PurePosixPath(before[-1]).name == "context-keeper":
            return True
        if list(before[-2:]) == ["-m", "context_keeper"]:
            return True
    return False


def place(settings: SettingsData, launcher: Sequence[str], python: str | None = None) -> tuple[SettingsData, str]:
    """(settings with our status line where none is set or ours is out of date, what was done:
    "added", "updated", "unchanged" or "kept"; "kept" means another status line is there)."""
    current = settings.get(KEY)
    wanted = entry(launcher, python)
    if current is None:
        new = copy.deepcopy(settings)
        new[KEY] = wanted
        return new, "added"
    if not is_ours(current):
        return settings, "kept"
    fixed = {**current, **wanted}  # keys a user added to ours (padding) are kept
    if fixed == current:
        return settings, "unchanged"
    new = copy.deepcopy(settings)
    new[KEY] = fixed
    return new, "updated"


def remove(settings: SettingsData) -> tuple[SettingsData, bool]:
    """(settings without our status line, whether there was one); another one stays."""
    if not is_ours(settings.get(KEY)):
        return settings, False
    new = copy.deepcopy(settings)
    del new[KEY]
    return new, True


def describe(done: str, current: object) -> str:
    """What an install did with the status line, for its one summary line."""
    if done == "kept":
        command = current.get("command") if isinstance(current, dict) else None
        shown = f" ({command})" if isinstance(command, str) else ""
        return f"status line not registered: one is already set{shown}; left as it is"
    return {"added": "status line registered", "updated": "status line updated", "unchanged": "status line up to date"}[
        done
    ]
