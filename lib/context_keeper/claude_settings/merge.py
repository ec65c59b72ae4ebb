"""Merge our hook entries into a settings value, or take them out: exactly once each, in
their place, with everything else kept (other hooks, keys a user added to ours, order).

Works on values; `jsontext` then writes the change into the file's own text.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .document import SettingsData, SettingsError, kind
from .model import handlers_in
from .registration import OWNED_KEYS, HookEntry, same_matcher, script_of


@dataclass(frozen=True)
class Changes:
    added: int = 0
    updated: int = 0
    removed: int = 0

    def describe(self) -> str:
        parts = [
            f"{n} {word}"
            for n, word in ((self.added, "added"), (self.updated, "updated"), (self.removed, "removed"))
            if n
        ]
        return ", ".join(parts) if parts else "no hook entries changed"

    def __add__(self, other: Changes) -> Changes:
        return Changes(self.added + other.added, self.updated + other.updated, self.removed + other.removed)


def merge(settings: SettingsData, entries: Sequence[HookEntry]) -> SettingsData:
    """SettingsData with our entries present exactly once each; `settings` is not modified."""
    return merge_with_changes(settings, entries)[0]


def unmerge(settings: SettingsData) -> SettingsData:
    """SettingsData without any of our entries; `settings` is not modified."""
    return unmerge_with_changes(settings)[0]


def merge_with_changes(settings: SettingsData, entries: Sequence[HookEntry]) -> tuple[SettingsData, Changes]:
    new = copy.deepcopy(settings)
    hooks = new.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise SettingsError(f'"hooks" is {kind(hooks)}, not an object; left untouched')
    wanted = {(entry.event, entry.script) for entry in entries}
    names = {entry.script for entry in entries}

    # Our hooks registered under another event (an older layout, a hand edit) would run
    # with input they do not expect: drop them before placing the right entries.
    def misplaced(event: str, handler: object) -> bool:
        script = script_of(handler)
        return script in names and (event, script) not in wanted

    total = Changes(removed=_remove_handlers(hooks, misplaced))
    for entry in entries:
        groups = hooks.setdefault(entry.event, [])
        if not isinstance(groups, list):
            raise SettingsError(f'"hooks.{entry.event}" is {kind(groups)}, not an array; left untouched')
        total = total + _place(entry, groups)
    return new, total


def _place(entry: HookEntry, groups: list[Any]) -> Changes:
    """Make `entry` present exactly once in an event's groups, in place where it can."""
    found = [(group, handler) for group, handler in handlers_in(groups) if script_of(handler) == entry.script]
    if not found:
        groups.append(entry.group())
        return Changes(added=1)
    (group, handler), duplicates = found[0], found[1:]
    dropped = {id(h) for _, h in duplicates}
    removed = _remove_handlers({entry.event: groups}, lambda _event, h: id(h) in dropped)
    # Keys a user added to our handler are kept, in their order; the keys we own
    # become what we register (an "async" no longer registered is dropped).
    fixed = {k: v for k, v in handler.items() if k not in OWNED_KEYS} | entry.handler()
    if list(fixed) != list(handler) and set(fixed) == set(handler):
        fixed = {k: fixed[k] for k in handler}  # same keys: keep the file's order
    if same_matcher(group.get("matcher"), entry.matcher):
        if fixed == handler:
            return Changes(removed=removed)
        _replace(group, handler, fixed)
    elif len(group["hooks"]) == 1:
        # The group is ours alone: correct its matcher in place, keeping its position.
        if entry.matcher is None:
            group.pop("matcher", None)
        else:
            group["matcher"] = entry.matcher
        _replace(group, handler, fixed)
    else:
        # Shared with foreign handlers under another matcher: move ours out.
        group["hooks"] = [h for h in group["hooks"] if h is not handler]
        groups.append(entry.group())
    return Changes(updated=1, removed=removed)


def unmerge_with_changes(settings: SettingsData) -> tuple[SettingsData, Changes]:
    new = copy.deepcopy(settings)
    hooks = new.get("hooks")
    if not isinstance(hooks, dict):
        return new, Changes()
    removed = _remove_handlers(hooks, lambda _event, h: script_of(h) is not None)
    if removed and not hooks:
        del new["hooks"]  # we emptied it
    return new, Changes(removed=removed)


def _replace(group: dict[str, Any], old: object, new: dict[str, Any]) -> None:
    group["hooks"] = [new if h is old else h for h in group["hooks"]]


def _remove_handlers(hooks: dict[str, Any], drop: Callable[[str, object], bool]) -> int:
    """Remove the handlers for which drop(event, handler) is true, then the groups and
    events this emptied (never ones that were empty before). Lists are changed in place
    so callers holding them stay in step."""
    removed = 0
    for event in list(hooks):
        groups = hooks[event]
        if not isinstance(groups, list):
            continue
        emptied: set[int] = set()
        for group in groups:
            if isinstance(group, dict) and isinstance(group.get("hooks"), list):
                kept = [h for h in group["hooks"] if not drop(event, h)]
                if len(kept) != len(group["hooks"]):
                    removed += len(group["hooks"]) - len(kept)
                    group["hooks"][:] = kept
                    if not kept:
                        emptied.add(id(group))
        if emptied:
            groups[:] = [g for g in groups if id(g) not in emptied]
            if not groups:
                del hooks[event]
    return removed
