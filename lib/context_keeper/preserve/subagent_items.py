"""The subagents the block and the note show (family "subagent"): one item each, running ones
first, then finished ones by what they left (unresolved errors, then files or commands, then
only a result), newest first; its key is the subagent's description.

A subagent already summarised as cold work is left to the summaries section. Its files,
errors and tests are in those sections too (attributed there); its line names them again
briefly, so the summary can say which subagent did what.
"""

from __future__ import annotations

from ..redact import redact
from ..session.subagents import Subagent
from ..text import one_line, relative_path
from .item import Item
from .items import COMMAND_CLIP, Source

SUBAGENTS_CAP = 30
LINE_FILES = 6
LINE_COMMANDS = 3
LINE_ERRORS = 2


def shown_subagents(src: Source) -> list[Subagent]:
    """The subagents worth a line, most needed first."""
    model = src.model
    open_by: dict[str, int] = {}
    for error in model.unresolved_errors():
        if error.agent:
            open_by[error.agent] = open_by.get(error.agent, 0) + 1
    subs = [s for s in model.subagents.values() if not (s.agent_id and s.unit in model.summarized)]

    def rank(sub: Subagent) -> tuple[int, int]:
        if sub.running:
            group = 0
        elif open_by.get(sub.agent_id):
            group = 1
        elif sub.files or sub.commands:
            group = 2
        else:
            group = 3
        return group, -(sub.end_turn if sub.end_turn is not None else sub.start_turn)

    return sorted(subs, key=rank)


def subagent_line(sub: Subagent, src: Source) -> str:
    model = src.model
    head = f'{sub.agent_type or "subagent"} "{one_line(sub.description or sub.agent_id, 160)}"'
    parent = model.subagents.get(sub.parent) if sub.parent else None
    if parent is not None:
        head += f' (started by subagent "{one_line(parent.description or parent.agent_id, 80)}")'
    if sub.running:
        where = "in the background " if sub.background else ""
        state = f"RUNNING {where}since turn {sub.start_turn}"
        if sub.last_time:
            state += f", last activity {sub.last_time}"
    else:
        state = f"{sub.status} at turn {sub.end_turn if sub.end_turn is not None else sub.start_turn}"
    parts = [f"{head} — {state}"]
    if sub.running and sub.task:
        parts.append(f"task: {one_line(sub.task, 200)}")
    if sub.files:
        files = [relative_path(path, src.root) for path in sub.files]
        more = f" (+{len(files) - LINE_FILES} more)" if len(files) > LINE_FILES else ""
        parts.append(f"files: {', '.join(files[-LINE_FILES:])}{more}")
    if sub.commands:
        ran = [_command(run.command, run.ok, run.exit_code) for run in sub.commands[-LINE_COMMANDS:]]
        parts.append(f"ran: {'; '.join(ran)}")
    errors = [e for e in model.unresolved_errors() if e.agent and e.agent == sub.agent_id][:LINE_ERRORS]
    if errors:
        parts.append(f"unresolved: {'; '.join(one_line(e.line, 200) or one_line(e.target, 120) for e in errors)}")
    if sub.result:
        parts.append(f"{'latest' if sub.running else 'result'}: {one_line(sub.result, 300)}")
    return "; ".join(parts)


def _command(command: str, ok: bool, exit_code: int | None) -> str:
    result = "ok" if ok else (f"exit {exit_code}" if exit_code is not None else "failed")
    return f"`{one_line(command, COMMAND_CLIP // 2)}` → {result}"


def subagent_items(src: Source, cap: int | None) -> tuple[Item, ...]:
    out = []
    for sub in shown_subagents(src)[:cap]:
        key = one_line(sub.description, 160) or sub.label
        out.append(Item("subagent", redact(subagent_line(sub, src)), redact(key)))
    return tuple(out)
