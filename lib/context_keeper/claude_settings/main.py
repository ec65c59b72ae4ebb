"""`python -m context_keeper.claude_settings`: what install.sh runs (stdlib only, before any
virtualenv exists).

    install   --settings FILE --state-dir DIR (--command EXE | --python PY) [--also FILE]...
              [--status-line]   also our status line, where the file sets none
    uninstall --settings FILE --state-dir DIR [--if-present]
    registered --state-dir DIR [--also FILE]...   the files (installed into, or named) that
                   still register our hooks, one per line
    purge-list     what --purge deletes besides the virtualenv and data dir, one per line

Errors are one line on stderr: exit 2 for a file or argument that cannot be used (nothing
changed), 1 for a write that failed.
"""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Mapping, Sequence
from contextlib import redirect_stderr
from pathlib import Path

from ..compaction.pending import DIR_NAME as REFILLS_DIR
from ..locations import default_config_file
from .actions import install, uninstall
from .document import CommentsError, SettingsError, dumps, read_file
from .installs import InstallState
from .merge import merge
from .model import ours
from .registration import launcher_for, our_entries


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m context_keeper.claude_settings",
        description="Add or remove context-keeper's hooks in a Claude Code settings file.",
    )
    parser.add_argument("action", choices=("install", "uninstall", "registered", "purge-list"))
    parser.add_argument("--settings", type=Path, help="the settings file to change")
    parser.add_argument(
        "--state-dir", type=Path, help="where installs keep their records and backups (<data dir>/install)"
    )
    parser.add_argument(
        "--command",
        type=Path,
        help="absolute path of the installed context-keeper executable the hooks run (`<command> hook <name>`)",
    )
    parser.add_argument(
        "--python",
        type=Path,
        help="an interpreter that imports context_keeper: runs the tool-loop "
        "hook (`<python> -c ...`), and every hook when --command is not "
        "given (`<python> -m context_keeper hook <name>`)",
    )
    parser.add_argument(
        "--also",
        type=Path,
        action="append",
        default=[],
        help="another settings file Claude Code reads: warn if it registers the hooks too",
    )
    parser.add_argument(
        "--if-present", action="store_true", help="uninstall: say nothing when there is nothing to remove"
    )
    parser.add_argument(
        "--status-line",
        action="store_true",
        help="install: also register `context-keeper statusline` as the status line, unless one is set",
    )
    parser.add_argument("--dry-run", action="store_true", help="print the diff, change nothing")
    return parser


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    """argparse's own parsing, its error as one SettingsError line (install.sh shows it as
    it is) instead of the usage block."""
    parser = _parser()
    captured = io.StringIO()
    try:
        with redirect_stderr(captured):
            args = parser.parse_args(argv)
    except SystemExit as exc:
        if not exc.code:
            raise  # --help
        lines = captured.getvalue().strip().splitlines() or ["bad arguments"]
        raise SettingsError(lines[-1].split(": error: ", 1)[-1]) from None
    if args.action in ("install", "uninstall") and (args.settings is None or args.state_dir is None):
        raise SettingsError(f"{args.action} needs --settings and --state-dir")
    if args.action == "registered" and args.state_dir is None:
        raise SettingsError("registered needs --state-dir")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _run(_parse(argv))
    except SettingsError as exc:
        print(f"context-keeper: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"context-keeper: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _run(args: argparse.Namespace) -> int:
    if args.action == "purge-list":
        for line in purge_list():
            print(line)
        return 0
    state = InstallState(args.state_dir)
    if args.action == "registered":
        for path in registered(state, args.also):
            print(path)
        return 0
    if args.action == "uninstall":
        uninstall(args.settings, state, dry_run=args.dry_run, quiet_if_none=args.if_present)
        return 0
    # absolute() and not resolve(): keep the venv's python symlink (see launcher_for).
    command = Path(os.path.abspath(args.command)) if args.command else None
    python = Path(os.path.abspath(args.python)) if args.python else None
    launcher = launcher_for(command=command, python=python)
    entries = our_entries(launcher, str(python) if python else None)
    try:
        install(
            args.settings,
            entries,
            state,
            dry_run=args.dry_run,
            also=args.also,
            status_line=launcher if args.status_line else None,
            status_line_python=str(python) if python else None,
        )
    except CommentsError as exc:
        print(f"context-keeper: error: {exc}", file=sys.stderr)
        print(by_hand(args.settings, dumps(merge({}, entries))))
        return 2
    for executable in (command, python):
        if executable is not None and not args.dry_run and not os.access(executable, os.X_OK):
            print(f"context-keeper: warning: {executable} is not an executable yet", file=sys.stderr)
    return 0


def by_hand(path: Path, snippet: str) -> str:
    """What to do with a file Claude Code ignores for its comments."""
    return (
        f"Claude Code ignores {path} while it has comments. Remove them and run "
        "./install.sh again, or add the hooks yourself: merge these entries into the "
        f"file's \"hooks\" object (each event's list after any entries it already has):\n"
        f"{snippet.rstrip()}"
    )


def registered(state: InstallState, also: Sequence[Path] = ()) -> list[Path]:
    """The settings files, of those installed into and `also`, that register our hooks."""
    found = []
    for path in dict.fromkeys([*map(Path, state.records()), *also]):
        try:
            if ours(read_file(path, strict=False).settings):
                found.append(path)
        except SettingsError:
            continue  # ignored by Claude Code: registers nothing
    return found


# What context-keeper makes in a data root: a root holding anything else is someone's folder
# (a `home` set to ~/Documents), and only these go from it.
_OURS_IN_A_DATA_ROOT = frozenset({"runs", REFILLS_DIR, "context-keeper.log", "context-keeper.log.1"})


def purge_list(environ: Mapping[str, str] | None = None) -> list[str]:
    """What --purge deletes besides the virtualenv and the default data dir, as
    `<kind>\t<path>` lines: `config` (the config file), `data` (a data root set by
    CONTEXT_KEEPER_HOME or the config's `home`, or the entries context-keeper made in one that
    holds other things too), `keep` (such a root, which stays)."""
    env = os.environ if environ is None else environ
    config = default_config_file(env)
    roots = [env.get("CONTEXT_KEEPER_HOME", "").strip()]
    lines = []
    if config and os.path.isfile(config):
        lines.append(f"config\t{config}")
        roots.append(_config_home(Path(config)) or "")
    for root in dict.fromkeys(os.path.expanduser(r) for r in roots if r):
        lines += _data_root_lines(root)
    return lines


def _data_root_lines(root: str) -> list[str]:
    if not os.path.isabs(root):
        return []
    try:
        names = sorted(os.listdir(root))
    except FileNotFoundError:
        return []
    except OSError:
        return [f"keep\t{root}"]
    if all(name in _OURS_IN_A_DATA_ROOT for name in names):
        return [f"data\t{root}"]
    return [f"data\t{os.path.join(root, n)}" for n in names if n in _OURS_IN_A_DATA_ROOT] + [f"keep\t{root}"]


def _config_home(config: Path) -> str | None:
    import tomllib

    try:
        home = tomllib.loads(config.read_text("utf-8")).get("home")
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return home.strip() if isinstance(home, str) else None
