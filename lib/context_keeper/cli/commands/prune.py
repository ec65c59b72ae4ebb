"""`context-keeper prune`: delete transcript archives older than a duration."""

from __future__ import annotations

import argparse

from .. import runs_info
from ..output import CliError
from ..removal import add_removal_options, report_removal
from ..target import load_target

NAME = "prune"
HELP = "delete transcript archives older than a duration"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_removal_options(parser)
    parser.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 90s, 30m, 12h, 7d, 2w")


def run(args: argparse.Namespace) -> int:
    try:
        seconds = runs_info.parse_duration(args.older_than)
    except ValueError as exc:
        raise CliError(f"--older-than: {exc}") from None
    target = load_target(args)
    old = runs_info.archives_older_than(target.runs, seconds)
    removal = runs_info.remove_files([a.path for a in old], dry_run=args.dry_run)
    what = (f"archive older than {args.older_than}", f"archives older than {args.older_than}")
    return report_removal(args, removal, what, target.runs.archives)
