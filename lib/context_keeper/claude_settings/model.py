"""The hooks in a settings value: every handler in the places Claude Code reads them from,
ours among them with what they are, the plugin switch, and registrations in several files.

One traversal for install (merge, unmerge) and doctor (scan, checks).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from .document import SettingsData
from .registration import command_words, hook_of_words, script_of


@dataclass(frozen=True)
class Slot:
    """One handler in its place: hooks[event] -> groups -> group -> group["hooks"] -> handler."""

    event: str
    groups: list[Any]
    group: dict[str, Any]
    handler: Any


def slots(settings: SettingsData) -> Iterator[Slot]:
    """Every handler of well-formed groups, in file order."""
    hooks = settings.get("hooks")
    if not isinstance(hooks, dict):
        return
    for event, groups in hooks.items():
        if isinstance(groups, list):
            for group, handler in handlers_in(groups):
                yield Slot(event, groups, group, handler)


def handlers_in(groups: list[Any]) -> Iterator[tuple[dict[str, Any], Any]]:
    """(group, handler) pairs of an event's well-formed groups; anything else (a group
    without a "hooks" list, a string) is left to whoever wrote it."""
    for group in groups:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            for handler in group["hooks"]:
                yield group, handler


@dataclass(frozen=True)
class OurHandler:
    """One of our hook handlers as written in a settings value."""

    event: str  # the event it is registered under
    name: str  # the hook's name (context_keeper.hooks.HOOKS)
    matcher: str | None  # the group's matcher; None when absent or not a string
    command: str
    timeout: float | None  # None when absent or not a number
    is_async: bool  # "async": true (Claude Code does not wait for it)
    script_path: str | None  # plugin route and old installs: the .../hooks/<name>.py it runs
    interpreter: str | None  # the command's first word, unless that is the script itself


def ours(settings: SettingsData) -> list[OurHandler]:
    found = []
    for slot in slots(settings):
        name = script_of(slot.handler)
        if name is None:
            continue
        handler, matcher = slot.handler, slot.group.get("matcher")
        words = command_words(handler["command"])
        script_path = hook_of_words(words)[1]
        timeout = handler.get("timeout")
        found.append(
            OurHandler(
                event=slot.event,
                name=name,
                matcher=matcher if isinstance(matcher, str) else None,
                command=handler["command"],
                timeout=timeout if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) else None,
                is_async=handler.get("async") is True,
                script_path=script_path,
                interpreter=words[0] if words and words[0] != script_path else None,
            )
        )
    return found


def plugin_enabled(settings: SettingsData) -> bool:
    """enabledPlugins holds context-keeper@<any marketplace> = true."""
    plugins = settings.get("enabledPlugins")
    return isinstance(plugins, dict) and any(
        enabled is True and isinstance(name, str) and name.split("@")[0] == "context-keeper"
        for name, enabled in plugins.items()
    )


@dataclass(frozen=True)
class Overlap:
    """One hook registered for one event in more than one place."""

    event: str
    name: str
    places: tuple[str, ...]  # where, in the order given
    commands: tuple[str, ...]  # the distinct commands

    @property
    def runs(self) -> int:
        """How often Claude Code runs it: once per distinct command. Measured on 2.1.330
        (tests/e2e/test_settings_loading.py): the same command string registered in two
        settings files runs once; commands that differ at all each run."""
        return len(self.commands)


def overlaps(found: Iterable[tuple[str, str, str, str]]) -> list[Overlap]:
    """(place, event, hook name, command) of registrations -> the hooks registered in more
    than one place, or more than once."""
    by_hook: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for place, event, name, command in found:
        by_hook.setdefault((event, name), []).append((place, command))
    return [
        Overlap(event, name, tuple(dict.fromkeys(p for p, _ in seen)), tuple(dict.fromkeys(c for _, c in seen)))
        for (event, name), seen in by_hook.items()
        if len(seen) > 1
    ]
