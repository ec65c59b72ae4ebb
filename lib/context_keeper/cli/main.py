"""The `context-keeper` parser, built from the command modules, and `main(argv) -> int`.

Errors are one clear line on stderr with exit 2 (usage, missing input) or 1 (a failed
check, an unreadable file); never a traceback. Output into a pipe closed early (`| head`)
ends quietly with exit 0.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from .. import __version__
from .commands import COMMANDS
from .output import CliError, Parser


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="context-keeper", description="Keep exact session state across Claude Code compaction.")
    parser.add_argument("--version", action="version", version=f"context-keeper {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for command in COMMANDS:
        command_parser = sub.add_parser(command.NAME, help=command.HELP, description=command.HELP)
        command.add_arguments(command_parser)
        command_parser.set_defaults(run=command.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help or --version printed its text
            return 2 if exc.code else 0
        if args.command is None:
            parser.print_help()
            return 2
        code: int = args.run(args)
        sys.stdout.flush()  # a reader that went away shows here, inside the handlers below
        return code
    except BrokenPipeError:
        _drop_stdout()
        return 0
    except CliError as exc:
        print(f"context-keeper: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # e.g. a runs dir we may not read: say so, without a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"context-keeper: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1


def _drop_stdout() -> None:
    """Point stdout at /dev/null: what is still buffered would otherwise fail again when
    Python flushes it at exit, with a message on stderr."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):  # no real stdout (a test's capture): nothing to flush later
        pass
