"""`context-keeper`: inspect transcripts and maintain the runs directory.

Thin over the library: each command is a function `cmd_<name>(args) -> int`. Errors are
one clear line on stderr with exit 2 (usage, missing input) or 1 (a failed check); never a
traceback.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

import orjson

from .session import SessionModel, build_model
from .tables import format_table


class CliError(Exception):
    """A problem the user can fix; the message says how."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def emit_json(data: Any) -> None:
    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode() + "\n")


def readable_file(value: str) -> Path:
    path = Path(value).expanduser()
    if not path.exists():
        raise CliError(f"{value}: no such file (give the path of a Claude Code transcript .jsonl)")
    if path.is_dir():
        raise CliError(f"{value}: is a directory, not a transcript file")
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        raise CliError(f"{value}: cannot be read ({exc.strerror}); check its permissions") from None
    return path


# -- inspect ---------------------------------------------------------------------------------


def model_summary(model: SessionModel) -> dict[str, Any]:
    """The stable JSON shape of `inspect --json`."""
    usage = model.context_usage()
    return {
        "session_id": model.session_id,
        "cwd": model.cwd,
        "model": model.model,
        "turns": model.turns,
        "context": {
            "tokens": usage.tokens,
            "window": usage.window,
            "percent": round(usage.percent, 2),
            "source": usage.source,
        },
        "tasks": [
            {
                "id": t.id,
                "subject": t.subject,
                "description": t.description,
                "status": t.status,
                "created_turn": t.created_turn,
                "completed_turn": t.completed_turn,
            }
            for t in model.tasks.tasks.values()
        ],
        "prompts": [{"turn": p.turn, "text": p.text} for p in model.prompts],
        "files_modified": [
            {"path": f.path, "tool": f.tool, "first_turn": f.first_turn, "last_turn": f.last_turn, "count": f.count}
            for f in model.files.values()
        ],
        "commands": [
            {"command": c.command, "turn": c.turn, "ok": c.ok, "exit_code": c.exit_code, "error_line": c.error_line, "is_test": c.is_test}
            for c in model.commands
        ],
        "errors": [
            {
                "tool": e.tool,
                "target": e.target,
                "line": e.line,
                "turn": e.turn,
                "exit_code": e.exit_code,
                "resolved_turn": e.resolved_turn,
                "resolved_by": e.resolved_by,
            }
            for e in model.errors
        ],
        "decisions": [{"turn": d.turn, "text": d.text} for d in model.decisions],
        "compactions": [
            {"turn": c.turn, "trigger": c.trigger, "pre_tokens": c.pre_tokens, "post_tokens": c.post_tokens, "timestamp": c.timestamp}
            for c in model.compactions
        ],
        "read": dict(model.stats),
    }


def render_model(model: SessionModel) -> str:
    data = model_summary(model)
    ctx = data["context"]
    parts = [
        f"session  {data['session_id'] or '-'}",
        f"cwd      {data['cwd'] or '-'}",
        f"model    {data['model'] or '-'}",
        f"turns    {data['turns']}",
        f"context  {ctx['tokens']:,} / {ctx['window']:,} tokens ({ctx['percent']:.1f}%, from {ctx['source']})",
    ]

    def section(title: str, headers: list[str], rows: list[list[object]]) -> None:
        parts.append("")
        parts.append(f"{title} ({len(rows)})")
        if rows:
            parts.append(format_table(headers, rows))

    section("tasks", ["id", "status", "subject", "created", "completed"], [[t["id"], t["status"], t["subject"], t["created_turn"], t["completed_turn"] or "-"] for t in data["tasks"]])
    section("files modified", ["path", "tool", "turns", "edits"], [[f["path"], f["tool"], f"{f['first_turn']}-{f['last_turn']}", f["count"]] for f in data["files_modified"]])
    section("commands", ["turn", "result", "command"], [[c["turn"], "ok" if c["ok"] else f"exit {c['exit_code']}", c["command"]] for c in data["commands"]])
    section("errors", ["turn", "target", "error", "resolved"], [[e["turn"], e["target"], e["line"], e["resolved_by"] or "no"] for e in data["errors"]])
    section("compactions", ["turn", "trigger", "tokens before", "tokens after"], [[c["turn"], c["trigger"], c["pre_tokens"], c["post_tokens"]] for c in data["compactions"]])
    read = data["read"]
    skipped = sum(read.get(k, 0) for k in ("blank", "malformed", "non_object"))
    parts.append("")
    parts.append(f"read {read.get('lines', 0)} lines: {read.get('records', 0)} records used, {read.get('skipped_type', 0)} of other types, {skipped} blank or malformed")
    return "\n".join(parts)


def cmd_inspect(args: argparse.Namespace) -> int:
    path = readable_file(args.transcript)
    try:
        model = build_model(path)
    except OSError as exc:
        raise CliError(f"{args.transcript}: cannot be read ({exc.strerror})") from None
    if args.json:
        emit_json(model_summary(model))
    else:
        print(render_model(model))
    return 0


# -- wiring ------------------------------------------------------------------------------------

Command = Callable[[argparse.Namespace], int]


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Command]]:
    parser = argparse.ArgumentParser(prog="context-keeper", description="Keep exact session state across Claude Code compaction.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands: dict[str, Command] = {}

    inspect = sub.add_parser("inspect", help="print what a transcript holds: turns, tasks, files, commands, errors, compactions, usage")
    inspect.add_argument("transcript", help="path of a Claude Code transcript (.jsonl)")
    inspect.add_argument("--json", action="store_true", help="stable JSON instead of tables")
    commands["inspect"] = cmd_inspect
    return parser, commands


def main(argv: Sequence[str] | None = None) -> int:
    parser, commands = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse already printed the usage error
        return 2 if exc.code else 0
    if args.command is None:
        parser.print_help()
        return 2
    try:
        return commands[args.command](args)
    except CliError as exc:
        print(f"context-keeper: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
