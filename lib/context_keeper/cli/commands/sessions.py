"""`context-keeper sessions`: the repository's Claude Code sessions, newest first."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ...session.repo_sessions import SessionFile, current_model, project_folder, projects_dir, repo_sessions
from ...text import number, relative_path
from ..output import add_common, count, emit, short
from ..tables import format_table
from ..target import Target, load_target

NAME = "sessions"
HELP = "this repository's Claude Code sessions (also those started in its subdirectories), newest first"


add_arguments = add_common  # --json and --repo, nothing of its own


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    sessions = [session_dict(s, target) for s in repo_sessions(target.repo)]
    where = f"{projects_dir() / project_folder(target.repo)}*"

    def render(_: object) -> str:
        if not sessions:
            return f"no sessions of {target.repo} in {where}"
        table = format_table(
            ["session", "started", "last active", "turns", "context", "compactions", "cwd"],
            [
                [
                    short(s["session_id"]),
                    _seconds(s["started"]),
                    _seconds(s["last_active"]),
                    number(s["turns"]),
                    _context(s["context"]),
                    number(s["compactions"]),
                    relative_path(s["cwd"], target.repo),
                ]
                for s in sessions
            ],
            keep_end=("cwd",),
        )
        return f"{table}\n\n{count(len(sessions), 'session', 'sessions')} in {where}"

    emit(args, sessions, render)
    return 0


def session_dict(s: SessionFile, target: Target) -> dict[str, Any]:
    data: dict[str, Any] = {
        "session_id": s.session_id,
        "path": str(s.path),
        "cwd": s.cwd,
        "started": s.started,
        "last_active": s.last_active,
        "bytes": s.size,
        "turns": None,
        "context": None,
        "compactions": None,
    }
    try:
        model = current_model(target.runs, s.session_id, Path(s.path))
    except OSError:
        return data  # went away since it was listed: what its first and last lines said
    usage = model.context_usage(target.settings.context_window)
    data["turns"], data["compactions"] = model.turns, len(model.compactions)
    data["context"] = {
        "tokens": usage.tokens,
        "window": usage.window,
        "percent": round(usage.percent, 2),
        "source": usage.source,
    }
    return data


def _seconds(stamp: str | None) -> str:
    """An ISO time to the second: 2026-11-23T00:57:03Z."""
    if not stamp:
        return "-"
    return stamp[:19] + "Z" if len(stamp) > 19 and stamp[19] in ".Z" else stamp


def _context(ctx: dict[str, Any] | None) -> str:
    return f"{ctx['tokens']:,} ({ctx['percent']:.1f}%)" if ctx else "-"
