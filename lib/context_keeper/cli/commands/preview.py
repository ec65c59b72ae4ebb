"""`context-keeper preview`: what PreCompact would print now, and which units are cold;
writes nothing."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..output import add_common, emit
from ..tables import format_table
from ..target import Target, load_target, transcript_model
from .inspect import TRANSCRIPT_HELP

NAME = "preview"
HELP = "what PreCompact would inject now and which tasks are cold; writes nothing"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common(parser)
    parser.add_argument("transcript", metavar="TRANSCRIPT", help=TRANSCRIPT_HELP)
    parser.add_argument(
        "--trigger", choices=("manual", "auto"), default="manual", help="the compaction to preview (default: manual)"
    )


def run(args: argparse.Namespace) -> int:
    model, path = transcript_model(args.transcript, args)
    # The hooks use the session's cwd; so does preview unless told otherwise.
    cwd = Path(model.cwd) if model.cwd and Path(model.cwd).is_dir() else None
    target = load_target(args, fallback=cwd)
    emit(
        args,
        preview_data(model, model.session_id or path.stem, target, args.trigger),
        lambda data: render(data, target),
    )
    return 0


def preview_data(model: Any, session_id: str, target: Target, trigger: str) -> dict[str, Any]:
    from ...cold.summaries import cold_units, load_summaries
    from ...preserve import render_block
    from ...preserve.diffstat import diff_stat

    units = cold_units(model, target.settings.turns_until_cold)
    cold = [
        {
            "task_id": u.task_id,
            "kind": u.kind,
            "subject": u.subject,
            "status": u.status,
            "start_turn": u.start_turn,
            "end_turn": u.end_turn,
            "summary_exists": target.runs.summary_path(session_id, u.task_id).exists(),
        }
        for u in units
    ]
    # The same inputs the PreCompact hook gives render_block, minus the archive it would
    # take first (preview writes nothing) and the trigger it cannot know.
    rendered = render_block(
        model,
        trigger=trigger,
        max_chars=target.settings.block_max_chars,
        repo_root=target.repo,
        summaries=load_summaries(target.runs, session_id),
        diff_stat=diff_stat(target.repo, target.settings.git_timeout),
        archive_path=None,
        window_override=target.settings.context_window,
    )
    usage = model.context_usage(target.settings.context_window)
    return {
        "session_id": session_id,
        "runs_dir": str(target.runs.root),
        "turns": model.turns,
        "context_percent": round(usage.percent, 2),
        "context_window": usage.window,
        "cold": cold,
        "block": rendered.text,
        "block_chars": len(rendered.text),
        "shown": dict(rendered.shown),
        "left_out": dict(rendered.left_out),
    }


def render(data: dict[str, Any], target: Target) -> str:
    settings = target.settings
    cold = data["cold"]
    parts = [
        f"session {data['session_id']}: {data['turns']:,} turns, context {data['context_percent']:.1f}% of {data['context_window']:,} tokens",
        "",
        f"cold now (turns until cold {settings.turns_until_cold:,}): {len(cold):,}",
    ]
    if cold:
        parts.append(
            format_table(
                ["task", "kind", "turns", "summary", "subject"],
                [
                    [
                        c["task_id"],
                        c["kind"],
                        f"{c['start_turn']:,}-{c['end_turn']:,}",
                        "exists" if c["summary_exists"] else "would be written",
                        c["subject"],
                    ]
                    for c in cold
                ],
                max_width=60,
            )
        )
    parts += ["", f"preservation block ({data['block_chars']:,} of {settings.block_max_chars:,} chars):", data["block"]]
    return "\n".join(parts)
