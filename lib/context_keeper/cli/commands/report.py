"""`context-keeper report [SESSION]`: one view of a session (context per turn with its
compactions, tasks, files, errors, compaction outcomes, cold summaries) in the terminal, or
as one self-contained HTML page with `--html FILE`. Glue only: context_keeper.report does
the work."""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from ...records import to_dict
from ...report import gather, render_text, write_html
from ..output import add_json, add_repo, emit
from ..target import resolve_session

NAME = "report"
HELP = "one view of a session: context per turn with compactions marked, tasks, files, errors, compaction outcomes, cold summaries"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "session",
        nargs="?",
        metavar="SESSION",
        help="session id or a unique prefix, or a transcript's path (default: the newest session of the repo)",
    )
    parser.add_argument(
        "--html", metavar="FILE", help="write the report as one self-contained HTML page (no network) instead"
    )
    parser.add_argument("--width", type=int, metavar="COLUMNS", help="text width (default: the terminal's)")
    parser.add_argument("--ascii", action="store_true", help="draw the chart with ASCII characters only")
    add_json(parser)
    add_repo(parser)


def run(args: argparse.Namespace) -> int:
    session = resolve_session(args, args.session)
    report = gather(
        session.transcript,
        runs=session.runs,
        repo=session.repo,
        session_id=session.session_id,
        window_override=session.settings.context_window,
    )
    if args.html:
        path = Path(args.html).expanduser()
        size = write_html(path, report)
        done = {"html": str(path), "bytes": size, "session_id": report.session_id}
        n = len(report.compactions)
        emit(
            args,
            done,
            lambda d: (
                f"wrote {d['html']} ({d['bytes']:,} bytes): session {d['session_id']}, "
                f"{report.turns:,} turns, {n:,} compaction{'' if n == 1 else 's'}"
            ),
        )
        return 0
    width = args.width or shutil.get_terminal_size((100, 24)).columns
    emit(
        args,
        to_dict(report),
        lambda _data: render_text(report, width=width, ascii_only=args.ascii or not _unicode_ok()),
    )
    return 0


def _unicode_ok() -> bool:
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    return encoding.startswith("utf")
