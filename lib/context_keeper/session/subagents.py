"""Subagents in the session model, the records and their bookkeeping: each one a unit of work whose tool calls join the
session's files, commands, tests and errors (stamped with its agent id).

Claude Code writes a subagent's records to `<session>/subagents/agent-<id>.jsonl` beside the
main transcript, with `agent-<id>.meta.json` (type, description, the Agent call's id, whether
it ran in the background, `finished` once it has), and the main transcript holds only the
`Agent` call, its result and, for a background subagent, a `<task-notification>` when it
ends (measured: docs/how-it-works.md, "Subagents"). So a subagent's file is folded, from its own cursor, where its
records belong in the session's order: when the main transcript (or the parent subagent's)
says it finished, before the records that follow; a subagent still running is folded after
the main file, up to where it has got. Its events get the main agent's turn at that point.

Bounded like the rest of the model: at most MAX_SUBAGENTS records (the oldest finished ones
give way; their ids are remembered so their files are not folded again), capped lists per
subagent, nesting followed MAX_DEPTH deep.
"""

from __future__ import annotations

import re

from ..records import field, record
from ..redact import redact
from ..text import SCAN_CHARS, first_line, one_line
from ..transcript.entries import ToolResult, ToolUse
from .facts import CommandRun, PendingCall, add_capped

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from .model import SessionModel

AGENT_TOOLS = frozenset({"Agent", "Task"})  # "Task" before Claude Code renamed it
NOTIFICATION = "<task-notification>"
RUNNING, COMPLETED, FAILED, DECLINED, ENDED = "running", "completed", "failed", "declined", "ended"

MAX_SUBAGENTS = 60
MAX_SIDECHAINS = 256  # uuids of inline sidechain records remembered (a chain's next record names its parent)
MAX_GONE = 2000  # ids of subagents dropped from the model: their files are not folded again
MAX_DEPTH = 8
MAX_PENDING = 50
SUB_FILES = 20
SUB_COMMANDS = 8
DESCRIPTION_CHARS = 160
TASK_CHARS = 240
RESULT_CHARS = 300
META_BYTES = 64 * 1024
SYNC_BYTES = 16 << 20  # folded at the point it finished, at most; the rest after the main file

AGENT_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
AGENT_ID_IN_TEXT = re.compile(r"agentId: ([A-Za-z0-9_-]{1,64})")
TAG_RE = re.compile(r"<(task-id|tool-use-id|status|summary|result)>(.*?)</\1>", re.DOTALL)


@record(frozen=False)
class Subagent:
    """One subagent: what it was asked, what it did, whether it has finished, and the cursor
    into its transcript."""

    agent_id: str  # "" until the Agent call's result (or its meta file) names it
    tool_use_id: str = ""  # of the Agent call that started it
    agent_type: str = ""
    description: str = ""
    task: str = ""  # the first line of its prompt
    parent: str | None = None  # the agent id of the subagent that started it
    depth: int = 1
    background: bool = False
    status: str = RUNNING  # running | completed | failed | killed | ...
    start_turn: int = 0  # main-agent turns
    end_turn: int | None = None
    result: str = ""  # its final report's first line (its latest text while it runs)
    last_time: str | None = None  # the timestamp of its latest record
    files: list[str] = field(default_factory=list)
    commands: list[CommandRun] = field(default_factory=list)  # the latest, with their results
    turns: int = 0
    # the cursor into agent-<id>.jsonl, and the meta file's mtime when last read
    offset: int = 0
    file_ino: int = 0
    meta_mtime_ns: int = 0
    last_message: str = ""
    pending: dict[str, PendingCall] = field(default_factory=dict)

    @property
    def unit(self) -> str:
        return f"agent-{self.agent_id}"

    @property
    def running(self) -> bool:
        return self.status == RUNNING

    @property
    def label(self) -> str:
        """How its work is attributed: "subagent Explore: Find the config loader"."""
        return f"subagent {self.agent_type or 'agent'}: {self.description or self.agent_id}"


def find(model: SessionModel, agent_id: str | None) -> Subagent | None:
    return model.subagents.get(agent_id) if agent_id else None


def running(model: SessionModel) -> list[Subagent]:
    return [sub for sub in model.subagents.values() if sub.running]


def label_of(model: SessionModel, agent_id: str | None) -> str | None:
    """The attribution of a fact a subagent left ("subagent <type>: <description>"), or None."""
    sub = find(model, agent_id)
    return sub.label if sub is not None else (f"subagent {agent_id}" if agent_id else None)


# -- what the parent's transcript says: the Agent call, its result, the notification ------------


def agent_call(model: SessionModel, block: ToolUse, parent: Subagent | None = None) -> None:
    """An Agent call: the subagent, known by the call's id until its result names it."""
    given = block.input
    description, prompt, kind = given.get("description"), given.get("prompt"), given.get("subagent_type")
    sub = Subagent(
        agent_id="",
        tool_use_id=block.id,
        agent_type=redact(one_line(kind, 80)) if isinstance(kind, str) else "",
        description=redact(one_line(description, DESCRIPTION_CHARS)) if isinstance(description, str) else "",
        task=redact(first_line(prompt, TASK_CHARS)) if isinstance(prompt, str) else "",
        parent=parent.agent_id if parent is not None else None,
        depth=parent.depth + 1 if parent is not None else 1,
        # Agents run in the background unless asked not to (the tool's own schema); the
        # result says for sure.
        background=given.get("run_in_background") is not False,
        start_turn=model.turns,
    )
    add(model, block.id, sub)


def declined(model: SessionModel, block: ToolResult) -> None:
    """An Agent call the user declined: no subagent ran."""
    sub = by_call(model, block.tool_use_id)
    if sub is not None:
        finish(model, sub, DECLINED, "")


def is_notification(text: str) -> bool:
    return text.lstrip().startswith(NOTIFICATION)


# -- the records themselves ----------------------------------------------------------------------


def add(model: SessionModel, key: str, sub: Subagent, trim_after: bool = True) -> Subagent:
    model.subagents[key] = sub
    if trim_after:
        trim(model)
    return sub


def trim(model: SessionModel) -> None:
    """Past MAX_SUBAGENTS, drop the subagents that finished longest ago (running ones last);
    their ids are remembered so that their files are not folded again. What they did stays
    in the session's lists."""
    excess = len(model.subagents) - MAX_SUBAGENTS
    if excess <= 0:
        return

    def age(key: str) -> tuple[bool, int, str]:
        sub = model.subagents[key]
        return sub.running, sub.end_turn if sub.end_turn is not None else sub.start_turn, sub.last_time or ""

    for key in sorted(model.subagents, key=age)[:excess]:
        sub = model.subagents.pop(key)
        if sub.agent_id:
            add_capped(model.subagents_gone, sub.agent_id, MAX_GONE)
            model.facts.pop(sub.unit, None)


def rekey(model: SessionModel, sub: Subagent, agent_id: str) -> Subagent:
    """File the subagent under its agent id (it was under its Agent call's id)."""
    if sub.agent_id == agent_id:
        return sub
    model.subagents.pop(sub.agent_id or sub.tool_use_id, None)
    known = model.subagents.get(agent_id)
    if known is not None:  # its file was met before its Agent call's result: keep that record's cursor
        known.tool_use_id = known.tool_use_id or sub.tool_use_id
        for name in ("agent_type", "description", "task", "parent"):
            if not getattr(known, name) and getattr(sub, name):
                setattr(known, name, getattr(sub, name))
        known.start_turn = min(known.start_turn, sub.start_turn)
        return known
    sub.agent_id = agent_id
    model.subagents[agent_id] = sub
    return sub


def by_call(model: SessionModel, tool_use_id: str | None) -> Subagent | None:
    if not tool_use_id:
        return None
    sub = model.subagents.get(tool_use_id)
    if sub is not None:
        return sub
    return next((s for s in model.subagents.values() if s.tool_use_id == tool_use_id), None)


def finish(model: SessionModel, sub: Subagent, status: str, result: str) -> None:
    sub.status = redact(one_line(status, 40)) or COMPLETED
    sub.end_turn = model.turns
    line = first_line(redact(result[:SCAN_CHARS]), RESULT_CHARS) if result else ""
    if line:
        sub.result = line


def final_report(info: dict[str, Any], text: str) -> str:
    """The final report of a finished subagent: the last text block of the result's
    `content` (Claude Code puts its own notes in earlier ones), else the text after the
    hand-back frame of the tool result."""
    content = info.get("content")
    texts = (
        [b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str) and b["text"].strip()]
        if isinstance(content, list)
        else []
    )
    texts = [t for t in texts if not t.lstrip().startswith("<tools-used")]
    if texts:
        return texts[-1]
    head, mark, rest = text.partition("The report follows:")
    return rest if mark else head
