"""`context-keeper show`: one summary, named by its file name or its task id."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from ...cold.summaries import ColdSummary
from ...text import relative_path
from .. import runs_info
from ..output import CliError, add_common, add_session, emit
from ..tables import format_table
from ..target import load_target
from .summaries import chosen_summaries, summary_dict

NAME = "show"
HELP = "print one summary"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common(parser)
    parser.add_argument(
        "summary",
        metavar="SUMMARY_OR_TASK",
        help="summary file name or task id (3, prompt-2); a unique prefix is enough",
    )
    add_session(parser, "look only in this session's summaries")


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    _, chosen = chosen_summaries(target, args.session)
    try:
        summary = runs_info.find_summary(chosen, args.summary)
    except runs_info.LookupFailed as exc:
        raise CliError(f"{exc} in {target.runs.summaries}") from None
    emit(args, summary_dict(summary), lambda _: render_summary(summary, target.repo))
    return 0


def render_summary(s: ColdSummary, repo: Path) -> str:
    parts = [
        f"file        {s.path}",
        f"session     {s.session_id}",
        f"task        {s.task_id} ({s.kind}{', ' + s.status if s.status else ''})",
        f"subject     {s.subject}",
        f"turns       {s.start_turn:,}-{s.end_turn:,}",
        f"compressed  {s.compressed_at}",
    ]
    if s.description:
        parts.append(f"description {s.description}")
    if s.transcript_path:
        parts.append(f"transcript  {s.transcript_path}")

    def listing(title: str, items: Sequence[str]) -> None:
        parts.extend(["", f"{title} ({len(items):,})"])
        parts.extend(f"  {item}" for item in items)

    listing("files modified", [relative_path(p, repo) for p in s.files_modified])
    listing("commands run", s.commands_run)
    listing("key outcomes", s.key_outcomes)
    parts += ["", f"errors resolved ({len(s.errors_resolved):,})"]
    if s.errors_resolved:
        parts.append(
            format_table(
                ["error", "target", "fixed by"], [[e.error, e.target, e.fixed_by or "-"] for e in s.errors_resolved]
            )
        )
    if s.errors_unresolved:
        parts += ["", f"errors unresolved ({len(s.errors_unresolved):,})"]
        parts.append(format_table(["error", "target"], [[e.error, e.target] for e in s.errors_unresolved]))
    return "\n".join(parts)
