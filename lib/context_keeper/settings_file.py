"""Claude Code settings.json: add and remove context-keeper's three hook entries.

install.sh runs this module (``python -m context_keeper.settings_file``), sometimes with a
bare system interpreter before any virtualenv exists (``--dry-run``, ``--uninstall``), so
it must only use the standard library. The user's settings file is precious: it is read
strictly (no comments, no duplicate keys, a JSON object), rewritten only when the meaning
changes, backed up first, and replaced atomically with its mode kept.
"""

from __future__ import annotations

import argparse
import copy
import difflib
import json
import os
import shlex
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path, PurePosixPath
from typing import Any, NoReturn

from .hooks import HOOKS

Settings = dict[str, Any]

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
    is_async: bool = False  # Claude Code does not wait for it (FACTS.md, "Async hooks")
    status: str | None = None  # statusMessage Claude Code shows while it runs
    fast: bool = False  # started as `python -c` (no console-script wrapper: it imports re)


# The tool loop waits only for context_refill, which ends after one directory listing unless
# a refill is pending; folding and summarising (auto_context_manager) run async.
REGISTRATION: tuple[HookSpec, ...] = (
    HookSpec("PostToolUse", None, "context_refill", 10, fast=True),
    HookSpec("PostToolUse", POST_TOOL_USE_MATCHER, "auto_context_manager", 60, is_async=True),
    HookSpec("UserPromptSubmit", None, "context_refill", 10, fast=True),
    HookSpec("PreCompact", None, "pre_compact_preserve", 60, status="context-keeper: archiving the transcript and preserving state"),
    HookSpec("SessionStart", "compact", "session_start_restore", 30, status="context-keeper: restoring the session state"),
    HookSpec("PostCompact", None, "post_compact_check", 30, status="context-keeper: checking the compaction summary"),
)
# Handler keys our entries own: a re-install sets them as registered (and drops those no
# longer registered); any other key a user added to our handler is kept.
_OWNED_KEYS = ("type", "command", "timeout", "async", "statusMessage")

# Matchers that mean "every trigger" for an event we register without a matcher.
_MATCH_ALL = (None, "", "*")

# Mode for a settings file we create: it may later hold env secrets, so private.
_NEW_FILE_MODE = 0o600


class SettingsError(Exception):
    """The settings file cannot be changed safely; str(self) is one line for the user."""


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


@dataclass(frozen=True)
class Loaded:
    path: Path
    data: bytes | None  # the bytes read; None when the file does not exist
    settings: Settings


@dataclass(frozen=True)
class Changes:
    added: int = 0
    updated: int = 0
    removed: int = 0

    def describe(self) -> str:
        parts = [f"{n} {word}" for n, word in
                 ((self.added, "added"), (self.updated, "updated"), (self.removed, "removed")) if n]
        return ", ".join(parts) if parts else "no hook entries changed"


# --------------------------------------------------------------------------- entries

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
            if (before and PurePosixPath(before[-1]).name == "context-keeper") or list(before[-2:]) == ["-m", "context_keeper"]:
                return words[i + 1], None
        if i and words[i - 1] == "-c" and word.startswith("from context_keeper.hooks."):
            name = word[len("from context_keeper.hooks."):].split(" ", 1)[0]
            if name in _NAMES:
                return name, None
        path = PurePosixPath(word)
        if path.suffix == ".py" and path.stem in _NAMES and path.parent.name == "hooks":
            return path.stem, word
    return None, None


# ------------------------------------------------------------------------ load, dump

def parse(data: bytes, source: str) -> Settings:
    """Strictly parse settings bytes; SettingsError says why they cannot be rewritten."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SettingsError(f"{source}: not UTF-8 text; left untouched") from None
    if not text.strip():
        return {}  # an empty file (e.g. `touch settings.json`) means no settings
    try:
        value = json.loads(text, object_pairs_hook=_object_no_duplicates,
                           parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        if _has_comment(text):
            raise SettingsError(
                f"{source}: contains comments, which rewriting would lose; left untouched "
                "(remove the comments, or add the hooks by hand from settings.example.json)"
            ) from None
        raise SettingsError(f"{source}: invalid JSON at line {exc.lineno} column "
                            f"{exc.colno}: {exc.msg}; left untouched") from None
    except _Refused as exc:
        raise SettingsError(f"{source}: {exc}; left untouched") from None
    if not isinstance(value, dict):
        raise SettingsError(f"{source}: top level is {_kind(value)}, not a JSON object; "
                            "left untouched")
    return value


def load(path: Path) -> Loaded:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Loaded(path, None, {})
    except OSError as exc:
        raise SettingsError(f"{path}: cannot read: {exc.strerror or exc}") from None
    return Loaded(path, data, parse(data, str(path)))


def dumps(settings: Settings) -> str:
    """Pretty JSON as Claude Code writes it (2-space indent, UTF-8, final newline)."""
    return json.dumps(settings, indent=2, ensure_ascii=False) + "\n"


class _Refused(ValueError):
    pass


def _object_no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # json keeps the last duplicate silently; rewriting would then drop the others.
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise _Refused(f"duplicate key {key!r}")
        result[key] = value
    return result


def _reject_constant(name: str) -> NoReturn:
    raise _Refused(f"{name} is not JSON")


def _kind(value: object) -> str:
    return {dict: "an object", list: "an array", str: "a string", bool: "a boolean",
            type(None): "null"}.get(type(value), "a number")


def _has_comment(text: str) -> bool:
    """True if `//` or `/*` occurs outside a JSON string."""
    in_string = escaped = False
    for i, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char == "/" and text[i + 1:i + 2] in ("/", "*"):
            return True
    return False


# ------------------------------------------------------------------- merge, unmerge

def merge(settings: Settings, entries: Sequence[HookEntry]) -> Settings:
    """Settings with our entries present exactly once each; `settings` is not modified."""
    return merge_with_changes(settings, entries)[0]


def unmerge(settings: Settings) -> Settings:
    """Settings without any of our entries; `settings` is not modified."""
    return unmerge_with_changes(settings)[0]


def merge_with_changes(settings: Settings,
                       entries: Sequence[HookEntry]) -> tuple[Settings, Changes]:
    new = copy.deepcopy(settings)
    hooks = new.setdefault("hooks", {})
    if not isinstance(hooks, dict):
        raise SettingsError(f'"hooks" is {_kind(hooks)}, not an object; left untouched')
    wanted = {(entry.event, entry.script) for entry in entries}
    names = {entry.script for entry in entries}
    added = updated = 0

    # Our hooks registered under another event (an older layout, a hand edit) would run
    # with input they do not expect: drop them before placing the right entries.
    def misplaced(event: str, handler: object) -> bool:
        script = script_of(handler)
        return script in names and (event, script) not in wanted

    removed = _remove_handlers(hooks, misplaced)

    for entry in entries:
        groups = hooks.setdefault(entry.event, [])
        if not isinstance(groups, list):
            raise SettingsError(f'"hooks.{entry.event}" is {_kind(groups)}, not an array; '
                                "left untouched")
        found = [(group, handler) for group, handler in _handlers(groups)
                 if script_of(handler) == entry.script]
        if not found:
            groups.append(entry.group())
            added += 1
            continue
        (group, handler), duplicates = found[0], found[1:]
        if duplicates:
            dropped = {id(h) for _, h in duplicates}
            removed += _remove_handlers({entry.event: groups},
                                        lambda _event, h: id(h) in dropped)
        # Keys a user added to our handler are kept, in their order; the keys we own
        # become what we register (an "async" no longer registered is dropped).
        fixed = {k: v for k, v in handler.items() if k not in _OWNED_KEYS} | entry.handler()
        if list(fixed) != list(handler) and set(fixed) == set(handler):
            fixed = {k: fixed[k] for k in handler}  # same keys: keep the file's order
        if _same_matcher(group.get("matcher"), entry.matcher):
            if fixed != handler:
                _replace(group, handler, fixed)
                updated += 1
        elif len(group["hooks"]) == 1:
            # The group is ours alone: correct its matcher in place, keeping its position.
            if entry.matcher is None:
                group.pop("matcher", None)
            else:
                group["matcher"] = entry.matcher
            _replace(group, handler, fixed)
            updated += 1
        else:
            # Shared with foreign handlers under another matcher: move ours out.
            group["hooks"] = [h for h in group["hooks"] if h is not handler]
            groups.append(entry.group())
            updated += 1
    return new, Changes(added, updated, removed)


def unmerge_with_changes(settings: Settings) -> tuple[Settings, Changes]:
    new = copy.deepcopy(settings)
    hooks = new.get("hooks")
    if not isinstance(hooks, dict):
        return new, Changes()
    removed = _remove_handlers(hooks, lambda _event, h: script_of(h) is not None)
    if removed and not hooks:
        del new["hooks"]  # we emptied it
    return new, Changes(removed=removed)


def _same_matcher(existing: object, ours: str | None) -> bool:
    if ours is None:
        return existing in _MATCH_ALL
    return existing == ours


def _handlers(groups: list[Any]) -> Iterator[tuple[dict[str, Any], Any]]:
    """(group, handler) pairs of well-formed groups; anything else is someone else's."""
    for group in groups:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            for handler in group["hooks"]:
                yield group, handler


def _replace(group: dict[str, Any], old: object, new: dict[str, Any]) -> None:
    group["hooks"] = [new if h is old else h for h in group["hooks"]]


def _remove_handlers(hooks: dict[str, Any],
                     drop: Callable[[str, object], bool]) -> int:
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


# ------------------------------------------------------------------------ diff, save

def render_diff(old: Settings | None, new: Settings | None, path: Path) -> str:
    """Unified diff of the pretty JSON ('' when equal); None stands for no file."""
    if old == new:
        return ""
    before = dumps(old).splitlines(keepends=True) if old is not None else []
    after = dumps(new).splitlines(keepends=True) if new is not None else []
    return "".join(difflib.unified_diff(before, after, f"{path} (current)",
                                        f"{path} (after)"))


def save(loaded: Loaded, new: Settings, now: datetime | None = None) -> Path | None:
    """Back up the current file, then atomically replace it with `new`.

    Returns the backup path (None when there was no file). A symlinked settings.json
    (dotfiles) is written through: its target is replaced and the link kept. If the
    file changed since it was loaded, nothing is written.
    """
    target = Path(os.path.realpath(loaded.path))
    current = _read_or_none(target)
    if current != loaded.data:
        raise SettingsError(f"{loaded.path}: changed while context-keeper was working; "
                            "nothing written, run again")
    mode = stat.S_IMODE(target.stat().st_mode) if current is not None else _NEW_FILE_MODE
    backup = _backup(target, current, mode, now) if current is not None else None
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(dumps(new).encode("utf-8"))
            out.flush()
            os.fchmod(out.fileno(), mode)
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)
    return backup


def _read_or_none(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        return None


def _backup(target: Path, data: bytes, mode: int, now: datetime | None) -> Path:
    stamp = (now or datetime.now(timezone.utc)).strftime("%Y%m%dT%H%M%SZ")
    for n in range(1000):
        path = target.with_name(f"{target.name}.bak-{stamp}" + (f"-{n}" if n else ""))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, mode)
        except FileExistsError:
            continue  # two runs within the same second
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            os.fchmod(out.fileno(), mode)  # os.open's mode is masked by the umask
            os.fsync(out.fileno())
        return path
    raise SettingsError(f"{target}: too many backups named {target.name}.bak-{stamp}*")


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on directories; the rename is done anyway
    finally:
        os.close(fd)


# ------------------------------------------------------------------------------ CLI

class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        # One line, not argparse's usage block: install.sh shows it as is.
        raise SettingsError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m context_keeper.settings_file",
                     description="Add or remove context-keeper's hooks in a Claude Code "
                                 "settings.json.")
    parser.add_argument("action", choices=("install", "uninstall"))
    parser.add_argument("--settings", required=True, type=Path,
                        help="the settings.json to change")
    parser.add_argument("--command", type=Path,
                        help="absolute path of the installed context-keeper executable the "
                             "hooks run (`<command> hook <name>`)")
    parser.add_argument("--python", type=Path,
                        help="an interpreter that imports context_keeper: runs the tool-loop "
                             "hook (`<python> -c ...`), and every hook when --command is not "
                             "given (`<python> -m context_keeper hook <name>`)")
    parser.add_argument("--dry-run", action="store_true",
                        help="print the diff, change nothing")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _run(_parser().parse_args(argv))
    except SettingsError as exc:
        print(f"context-keeper: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"context-keeper: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    path: Path = args.settings
    loaded = load(path)
    if args.action == "install":
        # absolute() and not resolve(): keep the venv's python symlink (see launcher_for).
        command = Path(os.path.abspath(args.command)) if args.command else None
        python = Path(os.path.abspath(args.python)) if args.python else None
        launcher = launcher_for(command=command, python=python)
        for executable in (command, python):
            if executable is not None and not args.dry_run and not os.access(executable, os.X_OK):
                print(f"context-keeper: warning: {executable} is not an executable yet", file=sys.stderr)
        entries = our_entries(launcher, str(python) if python else None)
        if _plugin_enabled(loaded.settings):
            print("context-keeper: warning: the context-keeper plugin is enabled in "
                  f"{path} too; every hook would run twice (disable one of them)",
                  file=sys.stderr)
        new, changes = merge_with_changes(loaded.settings, entries)
    else:
        if loaded.data is None:
            print(f"{path}: does not exist; nothing to remove")
            return 0
        new, changes = unmerge_with_changes(loaded.settings)

    unchanged = new == loaded.settings
    if args.dry_run:
        if unchanged:
            print(f"{path}: no changes")
        else:
            sys.stdout.write(render_diff(loaded.settings if loaded.data is not None else None,
                                         new, path))
            print(f"{path}: would change ({changes.describe()}); dry run, nothing written")
        return 0
    if unchanged:
        print(f"{path}: already up to date" if args.action == "install"
              else f"{path}: no context-keeper hooks found")
        return 0
    backup = save(loaded, new)
    note = f"; backup {backup}" if backup else " (new file)"
    print(f"{path}: {changes.describe()}{note}")
    return 0


def _plugin_enabled(settings: Settings) -> bool:
    plugins = settings.get("enabledPlugins")
    return isinstance(plugins, dict) and any(
        enabled is True and isinstance(name, str) and name.split("@")[0] == "context-keeper"
        for name, enabled in plugins.items())


if __name__ == "__main__":
    sys.exit(main())
