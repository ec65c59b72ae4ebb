"""`context-keeper doctor`: settings, interpreter, permissions and a dry hook run checked."""

from __future__ import annotations

import argparse

from ...records import to_dict
from ..output import add_common, emit
from ..target import load_target

NAME = "doctor"
HELP = "check settings, interpreter, permissions and a dry hook run; exit 1 on a problem"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_common(parser)
    parser.add_argument("--no-dry-run", action="store_true", help="skip running the hooks on a sample transcript")


def run(args: argparse.Namespace) -> int:
    from ... import doctor

    target = load_target(args)
    checks = doctor.run_all(target.repo, target.runs, dry_run=not args.no_dry_run)
    problems = [c for c in checks if not c.ok]

    def render(_: object) -> str:
        lines = [
            f"{'ok' if c.ok else 'PROBLEM':8} {c.name}: {c.detail}"
            + (f" -> fix: {c.fix}" if not c.ok and c.fix else "")
            for c in checks
        ]
        lines.append(f"\n{len(problems)} problem(s)" if problems else "\nall checks passed")
        return "\n".join(lines)

    emit(args, {"ok": not problems, "checks": [to_dict(c) for c in checks]}, render)
    return 1 if problems else 0
