"""What `clear`, `reset` and `prune` share: their options and the report of a removal."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from .output import add_common, add_session, count, emit, warn
from .runs_info import Removal, human_bytes


def add_removal_options(parser: argparse.ArgumentParser, session: bool = False) -> None:
    """The common options, --session (with `session`) and --dry-run."""
    add_common(parser)
    if session:
        add_session(parser, "only this session's")
    parser.add_argument("--dry-run", action="store_true", help="say what would be removed; remove nothing")


def add_session_removal_options(parser: argparse.ArgumentParser) -> None:
    add_removal_options(parser, session=True)


def removal_dict(removal: Removal, dry_run: bool) -> dict[str, Any]:
    return {
        "dry_run": dry_run,
        "count": removal.count,
        "bytes": removal.bytes,
        "paths": [str(p) for p in removal.paths],
        "failed": [{"path": str(p), "reason": why} for p, why in removal.failed],
    }


def report_removal(
    args: argparse.Namespace, removal: Removal, what: tuple[str, str], where: Path, after: str = ""
) -> int:
    """Print what went (or would go), and `after` when something went; exit 1 if some file
    could not be removed."""
    dry_run = args.dry_run

    def render(_: object) -> str:
        if removal.count == 0 and not removal.failed:
            return f"no {what[1]} to remove in {where}"
        lines = [
            f"{'would remove' if dry_run else 'removed'} {count(removal.count, *what)} ({human_bytes(removal.bytes)}) from {where}"
        ]
        if dry_run:
            lines += [f"  {path}" for path in removal.paths]
        elif removal.count and after:
            lines.append(after)
        return "\n".join(lines)

    emit(args, removal_dict(removal, dry_run), render)
    if not args.json:
        for path, why in removal.failed:
            warn(f"could not remove {path}: {why}")
    return 1 if removal.failed else 0
