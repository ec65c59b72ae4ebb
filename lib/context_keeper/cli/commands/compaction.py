"""`context-keeper compaction`: the block, the restore note and the refill of one compaction,
with what its summary kept."""

from __future__ import annotations

import argparse
from typing import Any

from ...compaction import file as compaction_file
from ...compaction.listing import PARTS, CompactionView, kind_label, part_text, with_tokens_after
from ...compaction.parts import refill_of
from ...records import to_dict
from ...text import number
from ..output import CliError, add_common, count, emit
from ..tables import format_table
from ..target import load_target
from .history import kept_text, session_views

NAME = "compaction"
HELP = "print the block, the restore note and the refill of a compaction (default: the last one)"
TITLES = {"block": "preservation block", "note": "restore note", "refill": "refill"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common(parser)
    parser.add_argument(
        "session",
        metavar="SESSION",
        nargs="?",
        help="session id, a unique prefix is enough (default: the session of the last compaction)",
    )
    parser.add_argument(
        "number",
        metavar="N",
        nargs="?",
        type=int,
        help="which of the session's compactions, 1 the first (default: the last)",
    )
    parser.add_argument("--part", choices=PARTS, help="print only this text, as the hook printed it")


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    views = session_views(target, args.session)
    if not views:
        raise CliError(f"no compactions recorded in {target.runs.compactions}")
    views = [v for v in views if v.session_id == views[-1].session_id]
    if args.number is not None and not 1 <= args.number <= len(views):
        raise CliError(
            f"session {views[0].session_id} has {len(views)} recorded compaction(s): give N from 1 to {len(views)}"
        )
    [view] = with_tokens_after([views[(args.number or len(views)) - 1]], target.runs)
    path = compaction_file.path_of(target.runs, view.session_id, view.compaction_id)
    saved = compaction_file.read(path) or {}
    if args.part:
        text = part_text(saved, args.part)
        if text is None:
            raise CliError(
                f"compaction {view.number} of session {view.session_id} has no saved {TITLES[args.part]} ({path})"
            )
        data: dict[str, Any] = {"compaction": to_dict(view), "file": str(path), args.part: saved.get(args.part)}
        emit(args, data, lambda _: text.rstrip("\n"))
        return 0
    data = {"compaction": to_dict(view), "file": str(path), "saved": saved or None}
    emit(args, data, lambda _: render(view, len(views), str(path), saved))
    return 0


def render(view: CompactionView, of: int, path: str, saved: dict[str, Any]) -> str:
    carried = count(view.carried, "item", "items") if view.carried is not None else "items unknown"
    kept = f"the summary kept {kept_text(view)}" if view.kept is not None else "summary not checked"
    parts = [
        f"compaction {view.number} of {of} in session {view.session_id}",
        f"time      {view.time} ({kind_label(view.trigger, view.kind) or 'trigger unknown'}, recorded by {view.source}"
        + (f", {view.fires} PreCompact fires" if view.fires > 1 else "")
        + ")",
        f"tokens    {number(view.tokens_before)} before, {number(view.tokens_after)} after",
        f"block     {view.chars:,} chars, {carried}; {kept}",
        f"refill    {refill_line(view)}",
        f"file      {path}" + ("" if saved else " (absent: the hooks that recorded this compaction saved no texts)"),
    ]
    if view.check:
        rows = [[family, c["carried"], c["kept"], c["lost"]] for family, c in view.check.items()]
        parts += ["", "summary check", format_table(["family", "carried", "kept", "lost"], rows)]
    for part in PARTS if saved else ():
        text = part_text(saved, part)
        if text is None:
            parts += ["", f"{TITLES[part]}: none saved"]
        else:
            sent = _refill_state(saved) if part == "refill" else ""
            parts += ["", f"{TITLES[part]} ({len(text):,} chars{sent})", text.rstrip("\n")]
    return "\n".join(parts)


def refill_line(view: CompactionView) -> str:
    if view.refilled is not None:
        chars = f" ({view.refill_chars:,} chars)" if view.refill_chars is not None else ""
        return f"{count(view.refilled, 'item', 'items')} sent{chars} on {view.refill_event or '?'}"
    if view.refill_queued:
        return f"{count(view.refill_queued, 'item', 'items')} queued, not sent yet"
    if view.refill_queued == 0:
        return "none needed: the summary kept every item"
    return "unknown"


def _refill_state(saved: dict[str, Any]) -> str:
    refill = refill_of(saved)
    if refill is None:
        return ""
    if refill.sent:
        return f", sent on {refill.event or '?'}"
    return ", not sent yet"
