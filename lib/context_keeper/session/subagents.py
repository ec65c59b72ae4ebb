"""Subagents folded into the session model: each one a unit of work whose tool calls join the
session's files, commands, tests and errors (stamped with its agent id).

Claude Code writes a subagent's records to `<session>/subagents/agent-<id>.jsonl` beside the
main transcript, with `agent-<id>.meta.json` (type, description, the Agent call's id, whether
it ran in the background, `finished` once it has), and the main transcript holds only the
`Agent` call, its result and, for a background subagent, a `<task-notification>` when it
ends (FACTS.md, "Subagents"). So a subagent's file is folded, from its own cursor, where its
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
from ..transcript_records import TextBlock, ToolResult, ToolUse
from .records import CommandRun, PendingCall, add_capped
from .tools import background_ended

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..transcript_records import CompactBoundary, Message
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
FOLD_BATCH = 512  # records folded between deadline checks (as for the main file)

_AGENT_ID_RE = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_AGENT_ID_IN_TEXT = re.compile(r"agentId: ([A-Za-z0-9_-]{1,64})")
_TAG_RE = re.compile(r"<(task-id|tool-use-id|status|summary|result)>(.*?)</\1>", re.DOTALL)


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
    _add(model, block.id, sub)


def agent_result(model: SessionModel, block: ToolResult, tool_use_result: Any, depth: int = 0) -> None:
    """The Agent call's result: the agent id, and either "launched in the background" or its
    final report. A finished subagent's file is folded here: its records come before this."""
    sub = _by_call(model, block.tool_use_id)
    if sub is None:
        return
    info = tool_use_result if isinstance(tool_use_result, dict) else {}
    agent_id = _str(info.get("agentId"))
    if agent_id is None:
        match = _AGENT_ID_IN_TEXT.search(block.text[:SCAN_CHARS])
        agent_id = match.group(1) if match else None
    if agent_id and _AGENT_ID_RE.match(agent_id):
        sub = _rekey(model, sub, agent_id)
    kind = _str(info.get("agentType"))
    if kind and not sub.agent_type:
        sub.agent_type = redact(one_line(kind, 80))
    status = _str(info.get("status"))
    if status == "async_launched":
        sub.background = True
        return
    sub.background = False
    _sync_file(model, sub, depth)
    if block.is_error:
        _finish(model, sub, FAILED, block.text)
    else:
        _finish(model, sub, COMPLETED if status in (None, "completed") else status, _report(info, block.text))


def declined(model: SessionModel, block: ToolResult) -> None:
    """An Agent call the user declined: no subagent ran."""
    sub = _by_call(model, block.tool_use_id)
    if sub is not None:
        _finish(model, sub, DECLINED, "")


def notification(model: SessionModel, text: str, depth: int = 0) -> None:
    """`<task-notification>`: a background subagent or command ended (completed, failed, killed)."""
    tags: dict[str, str] = {}
    for name, value in _TAG_RE.findall(text[:SCAN_CHARS]):
        tags.setdefault(name, value.strip())
    sub = find(model, tags.get("task-id")) or _by_call(model, tags.get("tool-use-id"))
    if sub is None:
        # a background command's, or a subagent's no longer in the model
        background_ended(model, tags.get("task-id"), tags.get("status"), tags.get("summary") or "")
        return
    _sync_file(model, sub, depth)
    _finish(model, sub, tags.get("status") or COMPLETED, tags.get("result") or tags.get("summary") or "")


def is_notification(text: str) -> bool:
    return text.lstrip().startswith(NOTIFICATION)


# -- a subagent's records in the main transcript -------------------------------------------------


def inline_record(model: SessionModel, record: Message) -> None:
    """A subagent's record written into the main transcript (`isSidechain`), as versions
    before the subagent files did and exports do: folded as its file's records would be."""
    sub = _inline_subagent(model, record)
    _chain(model, record.uuid, sub.agent_id)
    from .subagent_files import _fold_record

    _fold_record(model, sub, record, 0)


def inline_boundary(model: SessionModel, record: CompactBoundary) -> None:
    """A subagent's own compaction in the main transcript: its chain goes on after it."""
    key = model.sidechains.get(record.logical_parent_uuid) if record.logical_parent_uuid else None
    if key:
        _chain(model, record.uuid, key)


def _chain(model: SessionModel, uuid: str | None, key: str) -> None:
    if uuid:
        model.sidechains[uuid] = key
        if len(model.sidechains) > MAX_SIDECHAINS:
            del model.sidechains[next(iter(model.sidechains))]


def _inline_subagent(model: SessionModel, record: Message) -> Subagent:
    """The subagent a sidechain record belongs to: its parent record's, the one its `agentId`
    names, the Agent call its chain's first prompt answers, else the latest one waiting for
    its records; a chain no call in this file started (a session resumed from another) is
    a subagent of its own, not running here."""
    key = model.sidechains.get(record.parent_uuid) if record.parent_uuid else None
    sub = model.subagents.get(key) if key else None
    if sub is None and record.agent_id:
        sub = model.subagents.get(record.agent_id)
    if sub is None and record.role == "user":
        prompt = "\n".join(b.text for b in record.blocks if isinstance(b, TextBlock))
        task = redact(first_line(prompt, TASK_CHARS)) if prompt else ""
        waiting = [s for s in model.subagents.values() if s.running and not s.agent_id]
        sub = next((s for s in reversed(waiting) if task and s.task == task), None) or (
            waiting[-1] if waiting else None
        )
    if sub is None:
        agent_id = record.agent_id or f"sidechain-{(record.uuid or str(model.turns))[:24]}"
        sub = _add(model, agent_id, Subagent(agent_id, start_turn=model.turns, status=ENDED, end_turn=model.turns))
    if not sub.agent_id:
        # Its calls are stamped with an id: the record's, else its Agent call's (older
        # versions name none).
        candidate = record.agent_id or sub.tool_use_id
        if _AGENT_ID_RE.match(candidate):
            sub = _rekey(model, sub, candidate)
    return sub


# -- the subagents' own files --------------------------------------------------------------------


# -- the records themselves ----------------------------------------------------------------------


def _add(model: SessionModel, key: str, sub: Subagent, trim: bool = True) -> Subagent:
    model.subagents[key] = sub
    if trim:
        _trim(model)
    return sub


def _trim(model: SessionModel) -> None:
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


def _rekey(model: SessionModel, sub: Subagent, agent_id: str) -> Subagent:
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


def _by_call(model: SessionModel, tool_use_id: str | None) -> Subagent | None:
    if not tool_use_id:
        return None
    sub = model.subagents.get(tool_use_id)
    if sub is not None:
        return sub
    return next((s for s in model.subagents.values() if s.tool_use_id == tool_use_id), None)


def _finish(model: SessionModel, sub: Subagent, status: str, result: str) -> None:
    sub.status = redact(one_line(status, 40)) or COMPLETED
    sub.end_turn = model.turns
    line = first_line(redact(result[:SCAN_CHARS]), RESULT_CHARS) if result else ""
    if line:
        sub.result = line


def _report(info: dict[str, Any], text: str) -> str:
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


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _sync_file(model: SessionModel, sub: Subagent, depth: int) -> None:
    """Fold the subagent's file up to where it finished (subagent_files reads the files)."""
    from .subagent_files import _sync

    _sync(model, sub, depth)
