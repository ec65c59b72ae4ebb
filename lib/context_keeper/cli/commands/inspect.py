"""`context-keeper inspect`: what a transcript holds, as the hooks' session model sees it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Any

from ...session import SessionModel
from ...session.cursor import unknown_types
from ...session.facts import CommandRun, Compaction, ErrorEvent
from ...session.subagents import Subagent
from ...session.tasks import Task
from ...store import find_repo_root
from ...text import relative_path
from ..output import add_json, add_repo, emit
from ..tables import format_table
from ..target import transcript_model

NAME = "inspect"
HELP = "print what a transcript holds: turns, tasks, subagents, files, commands, errors, compactions, usage"
TRANSCRIPT_HELP = (
    "path of a Claude Code transcript (.jsonl), or a session id of this repository (a unique prefix is enough)"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("transcript", metavar="TRANSCRIPT", help=TRANSCRIPT_HELP)
    add_json(parser, "stable JSON instead of tables")
    add_repo(
        parser,
        "the repository whose sessions a session id is looked up in (default: the one containing the current directory)",
    )


def run(args: argparse.Namespace) -> int:
    model, _ = transcript_model(args.transcript, args)
    repo = session_repo(model)
    emit(args, model_summary(model), lambda data: render_model(data, repo))
    return 0


def session_repo(model: SessionModel) -> Path | None:
    """The repository the session worked in, if it is one on this machine: paths under it
    are shown relative to it."""
    if not model.cwd or not os.path.isabs(model.cwd):
        return None
    root = find_repo_root(Path(model.cwd))
    return root if os.path.lexists(root / ".git") else None


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
        "tasks": [_task(t) for t in model.tasks.tasks.values()],
        "prompts": [{"turn": p.turn, "text": p.text} for p in model.prompts],
        "subagents": [_subagent(a) for a in model.subagents.values()],
        "files_modified": [
            {"path": f.path, "tool": f.tool, "first_turn": f.first_turn, "last_turn": f.last_turn, "count": f.count}
            for f in model.files.values()
        ],
        "commands": [_command(c) for c in model.commands],
        "errors": [_error(e) for e in model.errors],
        "decisions": [{"turn": d.turn, "text": d.text} for d in model.decisions],
        "compactions": [_compaction(c) for c in model.compactions],
        "read": dict(model.stats),
        "totals": dict(model.totals),
        "unknown_types": unknown_types(model.stats),
    }


# One record each, as `inspect --json` shows it: its fields by name (the JSON keys are the
# record's field names, but for a subagent's `type`).


def _fields(record: object, names: str) -> dict[str, Any]:
    return {name: getattr(record, name) for name in names.split()}


def _task(t: Task) -> dict[str, Any]:
    return _fields(t, "id subject description status created_turn completed_turn")


def _subagent(a: Subagent) -> dict[str, Any]:
    return {
        "agent_id": a.agent_id or None,
        "type": a.agent_type,
        **_fields(a, "description task status background parent start_turn end_turn turns"),
        "files": list(a.files),
        "commands": [_fields(c, "command ok exit_code") for c in a.commands],
        "result": a.result,
    }


def _command(c: CommandRun) -> dict[str, Any]:
    return _fields(c, "command turn ok exit_code error_line is_test agent")


def _error(e: ErrorEvent) -> dict[str, Any]:
    return _fields(e, "tool target line turn exit_code resolved_turn resolved_by agent")


def _compaction(c: Compaction) -> dict[str, Any]:
    return _fields(c, "turn trigger pre_tokens post_tokens timestamp")


def render_model(data: dict[str, Any], repo: Path | None) -> str:
    ctx = data["context"]
    parts = [
        f"session  {data['session_id'] or '-'}",
        f"cwd      {data['cwd'] or '-'}",
        f"model    {data['model'] or '-'}",
        f"turns    {data['turns']:,}",
        f"context  {ctx['tokens']:,} / {ctx['window']:,} tokens ({ctx['percent']:.1f}%, from {ctx['source']})",
    ]
    totals = data.get("totals") or {}
    for title, headers, rows in _tables(data, repo):
        # The model keeps the latest of a long list: say how many there were.
        total = totals.get(_TOTALS.get(title, ""), 0)
        shown = f"the last {len(rows):,} of {total:,}" if total > len(rows) else f"{len(rows):,}"
        parts.extend(["", f"{title} ({shown})"])
        if rows:
            parts.append(format_table(headers, rows, keep_end=("path",)))
    read = data["read"]
    skipped = sum(read.get(k, 0) for k in ("blank", "malformed", "non_object"))
    parts.append("")
    parts.append(
        f"read {read.get('lines', 0):,} lines: {read.get('records', 0):,} records used, "
        f"{read.get('skipped_type', 0):,} of other types, {skipped:,} blank or malformed"
    )
    unknown = data.get("unknown_types") or {}
    if unknown:  # a Claude Code version newer than this reader: its records are skipped, not lost silently
        listed = ", ".join(f"{name} ({count:,})" for name, count in sorted(unknown.items()))
        parts.append(f"record types this version does not know (skipped): {listed}")
    return "\n".join(parts)


Table = tuple[str, list[str], list[list[object]]]
_TOTALS = {"commands": "commands", "errors": "errors", "files modified": "files"}


def _tables(data: dict[str, Any], repo: Path | None) -> list[Table]:
    """The text form's tables (title, headers, rows), from the JSON shape."""
    names = {a["agent_id"]: a["description"] or a["agent_id"] for a in data["subagents"] if a["agent_id"]}

    def by(agent: str | None) -> str:
        return "main" if agent is None else names.get(agent, agent)

    return [
        (
            "tasks",
            ["id", "status", "subject", "created", "completed"],
            [
                [t["id"], t["status"], t["subject"], t["created_turn"], t["completed_turn"] or "-"]
                for t in data["tasks"]
            ],
        ),
        (
            "subagents",
            ["type", "description", "status", "turns", "files", "commands", "result"],
            [
                [a["type"] or "-", a["description"], a["status"] + (" (background)" if a["background"] else "")]
                + [_turns(a["start_turn"], a["end_turn"]), len(a["files"]), len(a["commands"]), a["result"]]
                for a in data["subagents"]
            ],
        ),
        (
            "files modified",
            ["path", "tool", "turns", "edits"],
            [
                [relative_path(f["path"], repo), f["tool"], _turns(f["first_turn"], f["last_turn"]), f["count"]]
                for f in data["files_modified"]
            ],
        ),
        (
            "commands",
            ["turn", "by", "result", "command"],
            [
                [c["turn"], by(c["agent"]), "ok" if c["ok"] else f"exit {c['exit_code']}", c["command"]]
                for c in data["commands"]
            ],
        ),
        (
            "errors",
            ["turn", "by", "target", "error", "resolved"],
            [
                [e["turn"], by(e["agent"]), relative_path(e["target"], repo), e["line"], e["resolved_by"] or "no"]
                for e in data["errors"]
            ],
        ),
        (
            "compactions",
            ["turn", "trigger", "tokens before", "tokens after"],
            [
                [c["turn"], c["trigger"], _or_dash(c["pre_tokens"]), _or_dash(c["post_tokens"])]
                for c in data["compactions"]
            ],
        ),
    ]


def _turns(first: int, last: int | None) -> str:
    return f"{first:,}-{last:,}" if last is not None else f"{first:,}-"


def _or_dash(value: object) -> object:
    return "-" if value is None else value
