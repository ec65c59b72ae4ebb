"""`context-keeper clear`: delete summaries (all, or one session's)."""

from __future__ import annotations

import argparse

from ...cold.summaries import load_summaries
from .. import runs_info
from ..removal import add_session_removal_options, report_removal
from ..target import load_target, runs_session

NAME = "clear"
HELP = "delete summaries"
# The session state still lists them as summarised, so they are not rewritten.
AFTER = (
    "the sessions' state still counts these as summarised; `context-keeper reset` makes the next hook call rebuild it"
)


add_arguments = add_session_removal_options


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    every = load_summaries(target.runs)
    session = runs_session(target, args.session, every)
    if session is None:
        # Everything in summaries/, unreadable files included: "clear" means empty.
        paths = [f.path for f in runs_info.list_files(target.runs.summaries, ".json")]
    else:
        paths = [s.path for s in every if s.session_id == session and s.path is not None]
    removal = runs_info.remove_files(paths, dry_run=args.dry_run)
    return report_removal(args, removal, ("summary", "summaries"), target.runs.summaries, AFTER)
