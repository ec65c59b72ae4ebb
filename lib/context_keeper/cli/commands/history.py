"""`context-keeper history`: the compactions seen, and what survived each."""

from __future__ import annotations

import argparse
from typing import Any

from ...compaction.listing import CompactionView, kind_label, read_views, with_tokens_after
from ...records import to_dict
from ...text import number
from ..output import add_common, add_session, emit, short
from ..runs_info import human_bytes
from ..tables import format_table
from ..target import Target, load_target, match_session

NAME = "history"
HELP = "compactions seen: trigger, tokens before and after, items the block carried, kept by the summary, refilled"
HEADERS = [
    "time",
    "session",
    "trigger",
    "hook",
    "tokens before",
    "tokens after",
    "carried",
    "kept",
    "refilled",
    "archive size",
    "block size",
]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common(parser)
    add_session(parser)


def session_views(target: Target, given: str | None) -> list[CompactionView]:
    """The compactions of the session `given` names (every session's without it)."""
    views = read_views(target.runs)
    if given is not None:
        missing = f"no compaction recorded for session {given!r} in {target.runs.compactions}"
        session = match_session(given, {v.session_id for v in views}, missing)
        views = [v for v in views if v.session_id == session]
    return views


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    views = with_tokens_after(session_views(target, args.session), target.runs)

    def render(_: object) -> str:
        if not views:
            return f"no compactions recorded in {target.runs.compactions}"
        return format_table(HEADERS, [row(v) for v in views])

    emit(args, [to_dict(v) for v in views], render)
    return 0


def row(v: CompactionView) -> list[Any]:
    return [
        v.time,
        short(v.session_id),
        kind_label(v.trigger, v.kind) or "-",
        v.source,
        number(v.tokens_before),
        number(v.tokens_after),
        number(v.carried),
        kept_text(v),
        refilled_text(v),
        human_bytes(v.archive_size) if v.archive_size is not None else "-",
        f"{v.chars:,} chars",
    ]


def kept_text(v: CompactionView) -> str:
    if v.kept is None:
        return "-"
    return f"{v.kept:,} ({v.kept_percent:.0f}%)" if v.kept_percent is not None else f"{v.kept:,}"


def refilled_text(v: CompactionView) -> str:
    """Items the refill sent; what is queued while none went yet; 0 when nothing was lost."""
    if v.refilled is not None:
        return f"{v.refilled:,}"
    if v.refill_queued:
        return f"{v.refill_queued:,} queued"
    return "0" if v.refill_queued == 0 else "-"
