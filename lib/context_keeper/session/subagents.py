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

import os
import re
import time

from .. import jsonio
from ..records import field, record
from ..redact import redact
from ..tasks import TASK_TOOLS
from ..text import SCAN_CHARS, first_line, one_line
from ..transcript import Message, TextBlock, ToolResult, ToolUse, TranscriptReader, open_regular
from . import tools
from .heuristics import decision_sentences, is_real_prompt
from .records import CommandRun, PendingCall, add_capped
from .texts import UNIT_DECISIONS, UNIT_TEXTS
from .units import facts_for

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ..transcript import Record
    from .model import SessionModel

AGENT_TOOLS = frozenset({"Agent", "Task"})  # "Task" before Claude Code renamed it
NOTIFICATION = "<task-notification>"
RUNNING, COMPLETED, FAILED = "running", "completed", "failed"

MAX_SUBAGENTS = 60
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


def subagents_dir(transcript: Path | str) -> str:
    """`<project dir>/<session>/subagents` for the transcript `<project dir>/<session>.jsonl`."""
    path = os.fspath(transcript)
    stem = path[: -len(".jsonl")] if path.endswith(".jsonl") else path
    return os.path.join(stem, "subagents")


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
    _sync(model, sub, depth)
    if block.is_error:
        _finish(model, sub, FAILED, block.text)
    else:
        _finish(model, sub, COMPLETED if status in (None, "completed") else status, _report(info, block.text))


def notification(model: SessionModel, text: str, depth: int = 0) -> None:
    """`<task-notification>`: a background subagent ended (completed, failed, killed)."""
    tags: dict[str, str] = {}
    for name, value in _TAG_RE.findall(text[:SCAN_CHARS]):
        tags.setdefault(name, value.strip())
    sub = find(model, tags.get("task-id")) or _by_call(model, tags.get("tool-use-id"))
    if sub is None:
        return  # a background shell's notification, or a subagent no longer in the model
    _sync(model, sub, depth)
    _finish(model, sub, tags.get("status") or COMPLETED, tags.get("result") or tags.get("summary") or "")


def is_notification(text: str) -> bool:
    return text.lstrip().startswith(NOTIFICATION)


# -- the subagents' own files --------------------------------------------------------------------


def update(model: SessionModel, transcript: Path | str, deadline: float | None = None) -> None:
    """Fold what the session's subagents wrote since their cursors (after the main file).

    Parents before the subagents they started; a file unchanged since the last call costs a
    stat. With `deadline` (time.monotonic()) it stops between files once passed, with
    `model.behind` set: the next call goes on."""
    model._transcript = os.fspath(transcript)
    directory = subagents_dir(transcript)
    try:
        entries = {entry.name: entry for entry in os.scandir(directory)}
    except OSError:
        return  # no subagents (or nothing readable): nothing to fold
    gone = set(model.subagents_gone)
    work = []
    for name, entry in entries.items():
        if not name.startswith("agent-") or not name.endswith(".jsonl"):
            continue
        agent_id = name[len("agent-") : -len(".jsonl")]
        if agent_id in gone or not _AGENT_ID_RE.match(agent_id):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue  # a FIFO, a directory, a link: nothing Claude Code writes
        except OSError:
            continue
        sub = _known(model, agent_id, entries.get(f"agent-{agent_id}.meta.json"))
        if sub is not None:
            work.append((sub.depth, sub.start_turn, agent_id, sub, entry))
    work.sort(key=lambda item: item[:3])
    folded = 0
    for _, _, _, sub, entry in work:
        try:
            stat = entry.stat()
        except OSError:
            continue
        if stat.st_ino == sub.file_ino and stat.st_size == sub.offset:
            continue
        # At least one file a call, so that a call past its deadline still gets on.
        if deadline is not None and folded and time.monotonic() >= deadline:
            model._behind = True
            break
        _fold_file(model, sub, entry.path, 0, deadline=deadline)
        folded += 1
        if model._behind:
            break
    _trim(model)


def _known(model: SessionModel, agent_id: str, meta_entry: os.DirEntry[str] | None) -> Subagent | None:
    """The subagent of `agent-<agent_id>.jsonl`, its meta file applied when it changed."""
    sub = model.subagents.get(agent_id)
    mtime = 0
    if meta_entry is not None:
        try:
            mtime = meta_entry.stat().st_mtime_ns
        except OSError:
            mtime = 0
    if sub is not None and (mtime == 0 or mtime == sub.meta_mtime_ns):
        return sub
    meta = _read_meta(meta_entry.path) if meta_entry is not None and mtime else {}
    if sub is None:
        call = _str(meta.get("toolUseId"))
        sub = _by_call(model, call)
        # Not trimmed yet: what to keep is decided once every file is folded (update).
        sub = _rekey(model, sub, agent_id) if sub is not None else _add(
            model, agent_id, Subagent(agent_id, call or "", start_turn=model.turns), trim=False)
    _apply_meta(model, sub, meta)
    sub.meta_mtime_ns = mtime
    return sub


def _read_meta(path: str) -> dict[str, Any]:
    try:
        with open_regular(path) as handle:
            data = jsonio.loads(handle.read(META_BYTES))
    except (OSError, ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def _apply_meta(model: SessionModel, sub: Subagent, meta: dict[str, Any]) -> None:
    kind, description = _str(meta.get("agentType")), _str(meta.get("description"))
    if kind and not sub.agent_type:
        sub.agent_type = redact(one_line(kind, 80))
    if description and not sub.description:
        sub.description = redact(one_line(description, DESCRIPTION_CHARS))
    parent, depth = _str(meta.get("parentAgentId")), meta.get("spawnDepth")
    if parent and _AGENT_ID_RE.match(parent):
        sub.parent = parent
    if isinstance(depth, int) and not isinstance(depth, bool) and 0 < depth <= 1000:
        sub.depth = depth
    shape = meta.get("requestShape")
    if shape in ("background", "foreground"):
        sub.background = shape == "background"
    # `finished` is written when it ends; the main agent may not have been told yet.
    if meta.get("finished") is True and sub.running:
        _finish(model, sub, COMPLETED, "")


def _sync(model: SessionModel, sub: Subagent, depth: int) -> None:
    """Fold the subagent's file now (from inside its parent's fold), if it can be found."""
    if model._transcript is None or not sub.agent_id or depth >= MAX_DEPTH:
        return
    path = os.path.join(subagents_dir(model._transcript), f"agent-{sub.agent_id}.jsonl")
    _fold_file(model, sub, path, depth, SYNC_BYTES)


def _fold_file(
    model: SessionModel, sub: Subagent, path: str, depth: int, max_bytes: int | None = None, deadline: float | None = None
) -> None:
    """Fold the file from the subagent's cursor: at most `max_bytes`, and past `deadline`
    (checked every FOLD_BATCH records) it stops with `model.behind` set."""
    try:
        stat = os.stat(path)
    except OSError:
        return
    if stat.st_ino != sub.file_ino or stat.st_size < sub.offset:
        # Another file at its path (or a first read): from the start. What an earlier file
        # added to the session's lists stays, as it would for the main transcript's facts.
        sub.file_ino, sub.offset, sub.pending, sub.last_message = stat.st_ino, 0, {}, ""
    start = sub.offset
    reader = TranscriptReader(path, start)
    try:
        for count, item in enumerate(reader, 1):
            _fold_record(model, sub, item, depth)
            if max_bytes is not None and reader.offset - start >= max_bytes:
                break
            if deadline is not None and count % FOLD_BATCH == 0 and time.monotonic() >= deadline:
                model._behind = True
                break
    except OSError:
        pass  # unreadable now (replaced by a FIFO, permissions): what was read counts
    sub.offset = reader.offset


def _fold_record(model: SessionModel, sub: Subagent, item: Record, depth: int) -> None:
    if not isinstance(item, Message) or item.is_meta or item.is_compact_summary:
        return  # its own compactions and injected caveats are nobody's work
    sub.last_time = item.timestamp or sub.last_time
    if item.role == "assistant":
        if item.model == "<synthetic>":
            return
        key = item.message_id or item.uuid or ""
        if key != sub.last_message:
            sub.turns += 1
            sub.last_message = key
        for block in item.blocks:
            if isinstance(block, TextBlock):
                _text(model, sub, block.text)
            elif isinstance(block, ToolUse):
                _tool_use(model, sub, block)
        return
    for block in item.blocks:
        if isinstance(block, ToolResult):
            call = sub.pending.pop(block.tool_use_id, None)
            if call is not None:
                _tool_result(model, sub, call, block, item.tool_use_result, depth)
        elif isinstance(block, TextBlock):
            if is_notification(block.text):
                notification(model, block.text, depth + 1)
            elif not sub.task and is_real_prompt(block.text):
                sub.task = redact(first_line(block.text, TASK_CHARS))


def _text(model: SessionModel, sub: Subagent, text: str) -> None:
    if not text.strip():
        return
    text = redact(text[:SCAN_CHARS])
    sub.result = first_line(text, RESULT_CHARS)
    for facts in facts_for(model, (sub.unit,)):
        for sentence in decision_sentences(text):
            add_capped(facts.decisions, sentence, UNIT_DECISIONS)
        add_capped(facts.texts, first_line(text, 200), UNIT_TEXTS)


def _tool_use(model: SessionModel, sub: Subagent, block: ToolUse) -> None:
    if block.name in TASK_TOOLS:
        return  # its own to-do list, not the session's tasks
    sub.pending[block.id] = PendingCall(block.name, tools.trim_input(block.name, block.input), model.turns, (sub.unit,))
    if len(sub.pending) > MAX_PENDING:
        del sub.pending[next(iter(sub.pending))]
    if block.name in AGENT_TOOLS:
        agent_call(model, block, parent=sub)


def _tool_result(model: SessionModel, sub: Subagent, call: PendingCall, block: ToolResult, result: Any, depth: int) -> None:
    if call.name in AGENT_TOOLS:
        agent_result(model, block, result, depth + 1)
        return
    model._agent = sub.agent_id  # the commands and errors folded now are this subagent's
    try:
        tools.tool_result(model, call, block, result)
    finally:
        model._agent = None
    if call.name == "Bash":
        run = model.commands[-1] if model.commands else None
        if run is not None and run.agent == sub.agent_id and run.command == call.input.get("command", "").strip():
            add_capped(sub.commands, run, SUB_COMMANDS)
        return
    path = call.input.get(tools.FILE_TOOLS.get(call.name, ""))
    if isinstance(path, str) and path and not block.is_error:
        add_capped(sub.files, path, SUB_FILES)


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
    texts = [
        b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str) and b["text"].strip()
    ] if isinstance(content, list) else []
    texts = [t for t in texts if not t.lstrip().startswith("<tools-used")]
    if texts:
        return texts[-1]
    head, mark, rest = text.partition("The report follows:")
    return rest if mark else head


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None
