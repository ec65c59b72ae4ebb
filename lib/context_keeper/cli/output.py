"""What every command shares for its output: `emit` (JSON with --json, else the text a
renderer makes), the one argparse subclass, the common options, errors as one line, and
the small formats of tables' cells (counts, short ids, paths relative to the repository)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any, NoReturn

import orjson


class CliError(Exception):
    """A problem the user can fix; the message says how. Exit 2 (usage, missing input)
    unless told otherwise."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors (its default is the usage block, then the error)."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see `{self.prog} --help`)")


def add_json(parser: argparse.ArgumentParser, help: str = "JSON instead of tables") -> None:
    parser.add_argument("--json", action="store_true", help=help)


def add_repo(parser: argparse.ArgumentParser, help: str | None = None) -> None:
    parser.add_argument(
        "--repo",
        metavar="PATH",
        help=help or "the repository whose runs dir to use (default: the one containing the current directory)",
    )


def add_common(parser: argparse.ArgumentParser) -> None:
    """--json and --repo: what every command on a repository's runs dir takes."""
    add_json(parser)
    add_repo(parser)


def add_session(parser: argparse.ArgumentParser, help: str = "only this session (a unique prefix is enough)") -> None:
    parser.add_argument("--session", metavar="ID", help=help)


def json_text(data: Any) -> str:
    return orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode()


def emit(args: argparse.Namespace, data: Any, render: Callable[[Any], str]) -> None:
    """`data` as JSON with --json, else `render(data)`; one trailing newline either way."""
    text = json_text(data) if getattr(args, "json", False) else render(data)
    sys.stdout.write(text + "\n")


def warn(message: str) -> None:
    print(f"context-keeper: {message}", file=sys.stderr)


def count(n: int, one: str, many: str) -> str:
    return f"{n:,} {one if n == 1 else many}"


def short(text: str | None, n: int = 8) -> str:
    return (text or "-")[:n]
