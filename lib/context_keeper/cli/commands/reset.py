"""`context-keeper reset`: delete saved session state; the next hook call rebuilds it."""

from __future__ import annotations

import argparse

from ...store import safe_name
from .. import runs_info
from ..removal import add_session_removal_options, report_removal
from ..target import load_target, runs_session

NAME = "reset"
HELP = "delete saved session state (the next hook call rebuilds it from the transcript)"


add_arguments = add_session_removal_options


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    session = runs_session(target, args.session)
    states = runs_info.list_states(target.runs)
    if session is not None:
        states = [s for s in states if s.session in (session, safe_name(session))]
    removal = runs_info.remove_states(target.runs, states, target.settings.lock_timeout, dry_run=args.dry_run)
    return report_removal(args, removal, ("session state", "session states"), target.runs.state)
