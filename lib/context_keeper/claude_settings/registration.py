"""What context-keeper registers in Claude Code settings, and how its entries are recognised.

`REGISTRATION` is the table of hook registrations (event, matcher, hook, timeout, async);
`our_entries` turns it into handlers for one launcher; `script_of` recognises our handlers
again in every form they were ever written in (installed launcher, `-m`, `-c`, the plugin's
and old installs' `.../hooks/<name>.py`), wherever the checkout or virtualenv now is.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from ..hooks import HOOKS
from .document import SettingsError

POST_TOOL_USE_MATCHER = "Bash|Write|Edit|MultiEdit|NotebookEdit"

# Hook names (context_keeper.hooks.HOOKS). An install registers `<venv>/bin/context-keeper
# hook <name>` (or `<python> -m context_keeper hook <name>`); the plugin route and installs
# before 0.2 run `.../hooks/<name>.py`. The name is how our entries are recognised again in
# any of these forms, after the checkout or the virtualenv has moved.
_NAMES = frozenset(HOOKS)


@dataclass(frozen=True)
class HookSpec:
    """One registration: which hook, for which event, how Claude Code runs it."""

    event: str
    matcher: str | None  # None: no matcher key (every tool / every trigger)
    name: str
    timeout: int  # seconds; explicit (Claude Code's default is 600 s)
    is_async: bool = False  # Claude Code does not wait for it (measured: docs/how-it-works.md, "The hooks")
    status: str | None = None  # statusMessage Claude Code shows while it runs
    fast: bool = False  # started as `python -c` (no console-script wrapper: it imports re)


# The tool loop waits only for context_refill, which ends after one directory listing unless
# a refill is pending; folding and summarising (auto_context_manager) run async.
REGISTRATION: tuple[HookSpec, ...] = (
    HookSpec("PostToolUse", None, "context_refill", 10, fast=True),
    HookSpec("PostToolUse", POST_TOOL_USE_MATCHER, "auto_context_manager", 60, is_async=True),
    HookSpec("UserPromptSubmit", None, "context_refill", 10, fast=True),
    HookSpec(
        "PreCompact",
        None,
        "pre_compact_preserve",
        60,
        status="context-keeper: archiving the transcript and preserving state",
    ),
    HookSpec(
        "SessionStart", "compact", "session_start_restore", 30, status="context-keeper: restoring the session state"
    ),
    HookSpec("PostCompact", None, "post_compact_check", 30, status="context-keeper: checking the compaction summary"),
)
# Handler keys our entries own: a re-install sets them as registered (and drops those no
# longer registered); any other key a user added to our handler is kept.
OWNED_KEYS = ("type", "command", "timeout", "async", "statusMessage")

# Matchers that mean "every trigger" for an event we register without a matcher.
MATCH_ALL = (None, "", "*")


@dataclass(frozen=True)
class HookEntry:
    event: str
    matcher: str | None  # None: no matcher key (applies to every trigger)
    script: str  # the hook's name
    command: str
    timeout: int
    is_async: bool = False
    status: str | None = None

    def handler(self) -> dict[str, Any]:
        handler: dict[str, Any] = {"type": "command", "command": self.command, "timeout": self.timeout}
        if self.is_async:
            handler["async"] = True
        if self.status:
            handler["statusMessage"] = self.status
        return handler

    def group(self) -> dict[str, Any]:
        group: dict[str, Any] = {}
        if self.matcher is not None:
            group["matcher"] = self.matcher
        group["hooks"] = [self.handler()]
        return group


def hook_command(launcher: Sequence[str], name: str) -> str:
    """The shell command that runs hook `name`: `<launcher> hook <name>`, shell-quoted."""
    return shlex.join([*launcher, "hook", name])


def fast_command(python: str, name: str) -> str:
    """`<python> -c 'from context_keeper.hooks.<name> import main; main()'`: measured 1.3x a
    bare interpreter start, where the console-script wrapper (it imports re) costs 2.1x."""
    return shlex.join([python, "-c", f"from context_keeper.hooks.{name} import main; main()"])


def launcher_for(*, command: Path | None = None, python: Path | None = None) -> tuple[str, ...]:
    """How hooks are started: the installed `context-keeper` executable, or `<python> -m
    context_keeper` for an interpreter that has the package. Neither names the checkout, so
    deleting or moving it cannot break (or, with Python's exit 2, block) a compaction.

    Paths are used as given, not resolved: a virtualenv's python is a symlink to the base
    interpreter, and resolving it would run the hooks outside the virtualenv.
    """
    if command is None and python is None:
        raise SettingsError("give --command, --python or both")
    for path in (command, python):
        if path is not None and not path.is_absolute():
            raise SettingsError("--command and --python must be absolute paths")
    return (str(command),) if command is not None else (str(python), "-m", "context_keeper")


def our_entries(launcher: Sequence[str], python: str | None = None) -> tuple[HookEntry, ...]:
    """Our hook entries, one per REGISTRATION row: `<launcher> hook <name>`, or for the fast
    ones `<python> -c ...` when the interpreter is known."""
    if python is None and len(launcher) == 3 and tuple(launcher[1:]) == ("-m", "context_keeper"):
        python = launcher[0]
    out = []
    for spec in REGISTRATION:
        command = fast_command(python, spec.name) if spec.fast and python else hook_command(launcher, spec.name)
        out.append(HookEntry(spec.event, spec.matcher, spec.name, command, spec.timeout, spec.is_async, spec.status))
    return tuple(out)


def command_words(command: str) -> list[str]:
    try:
        return shlex.split(command)
    except ValueError:  # unbalanced quotes in someone's hand-written command
        return command.split()


def script_of(handler: object) -> str | None:
    """Our hook name if this hook handler runs one of our hooks, else None.

    Ours: `... context-keeper hook <name>`, `... -m context_keeper hook <name>`,
    `... -c 'from context_keeper.hooks.<name> import main; main()'`, or a word that is a path
    `.../hooks/<name>.py` (plugin route, installs before 0.2).
    """
    if not isinstance(handler, dict) or handler.get("type") != "command":
        return None
    command = handler.get("command")
    if not isinstance(command, str):
        return None
    return hook_of_words(command_words(command))[0]


def hook_of_words(words: Sequence[str]) -> tuple[str | None, str | None]:
    """(hook name, legacy script path) found in a command's words; (None, None) if not ours."""
    for i, word in enumerate(words):
        if word == "hook" and i + 1 < len(words) and words[i + 1] in _NAMES:
            before = words[:i]
            if (before and PurePosixPath(before[-1]).name == "context-keeper") or list(before[-2:]) == [
                "-m",
                "context_keeper",
            ]:
                return words[i + 1], None
        if i and words[i - 1] == "-c" and word.startswith("from context_keeper.hooks."):
            name = word[len("from context_keeper.hooks.") :].split(" ", 1)[0]
            if name in _NAMES:
                return name, None
        path = PurePosixPath(word)
        if path.suffix == ".py" and path.stem in _NAMES and path.parent.name == "hooks":
            return path.stem, word
    return None, None


def same_matcher(existing: object, ours: str | None) -> bool:
    """A group's matcher selects what a registration's does: the same string, or for one
    without a matcher any of the forms Claude Code reads as "every trigger"."""
    if ours is None:
        return existing in MATCH_ALL
    return existing == ours
