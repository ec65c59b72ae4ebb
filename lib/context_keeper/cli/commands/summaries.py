"""`context-keeper summaries`: the cold-task and episode summaries of the runs dir."""

from __future__ import annotations

import argparse
from typing import Any

from ...cold.summaries import ColdSummary, load_summaries
from ...records import to_dict
from .. import runs_info
from ..output import add_common, add_session, count, emit, short
from ..tables import format_table
from ..target import Target, load_target, runs_session

NAME = "summaries"
HELP = "list the cold-task and episode summaries"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common(parser)
    add_session(parser)


def summary_dict(summary: ColdSummary) -> dict[str, Any]:
    data = to_dict(summary)
    data["path"] = str(summary.path) if summary.path else None
    data["name"] = runs_info.summary_name(summary)
    return data


def chosen_summaries(target: Target, given: str | None) -> tuple[str | None, list[ColdSummary]]:
    """The session `--session` names (None: every session), and its summaries."""
    every = load_summaries(target.runs)
    session = runs_session(target, given, every)
    return session, [s for s in every if session is None or s.session_id == session]


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    session, chosen = chosen_summaries(target, args.session)

    def render(_: object) -> str:
        if not chosen:
            return f"no summaries in {target.runs.summaries}" + (f" for session {session}" if session else "")
        table = format_table(
            ["file", "session", "task", "kind", "status", "turns", "compressed", "subject"],
            [
                [
                    runs_info.summary_name(s)[:12],
                    short(s.session_id),
                    s.task_id,
                    s.kind,
                    s.status or "-",
                    f"{s.start_turn:,}-{s.end_turn:,}",
                    s.compressed_at,
                    s.subject,
                ]
                for s in chosen
            ],
            max_width=60,
        )
        return f"{table}\n\n{count(len(chosen), 'summary', 'summaries')} in {target.runs.summaries}"

    emit(args, [summary_dict(s) for s in chosen], render)
    return 0
