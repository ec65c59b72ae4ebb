"""The subagents' work, folded into the session model where it belongs: the Agent call's result
and the task notification that say a subagent finished, and its own transcript.

`<session>/subagents/agent-<id>.jsonl` beside the main transcript, each from its own cursor
kept in the model, with its `agent-<id>.meta.json` (type, description, finished) re-read when
it changes; its records go through the main fold steps stamped with its agent id. Where in
the session's order a subagent's file is folded is decided in `subagents` (when its parent's
transcript says it finished; a running one after the main file).
"""

from __future__ import annotations

import os
import time

from ..records import jsonio
from ..records.jsonio import as_text
from ..redact import redact
from ..text import SCAN_CHARS, first_line, one_line
from ..transcript.entries import Message, QueuedCommand, TextBlock, ToolResult, ToolUse
from ..transcript.reader import TranscriptReader, open_regular
from . import tools
from .facts import PendingCall, add_capped
from .fold_loop import fold_records
from .heuristics import decision_sentences, is_declined, is_real_prompt
from .late_messages import comparable
from .subagents import (
    AGENT_ID_IN_TEXT,
    AGENT_ID_RE,
    AGENT_TOOLS,
    COMPLETED,
    DESCRIPTION_CHARS,
    FAILED,
    MAX_DEPTH,
    MAX_PENDING,
    META_BYTES,
    RESULT_CHARS,
    SUB_COMMANDS,
    SUB_FILES,
    SYNC_BYTES,
    TAG_RE,
    TASK_CHARS,
    Subagent,
    add,
    agent_call,
    by_call,
    final_report,
    find,
    finish,
    is_notification,
    rekey,
    trim,
)
from .tasks import TASK_TOOLS
from .texts import UNIT_DECISIONS, UNIT_TEXTS
from .units import facts_for

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path
    from typing import Any

    from ..transcript.entries import Record
    from .model import SessionModel


def subagents_dir(transcript: Path | str) -> str:
    """`<project dir>/<session>/subagents` for the transcript `<project dir>/<session>.jsonl`."""
    path = os.fspath(transcript)
    stem = path[: -len(".jsonl")] if path.endswith(".jsonl") else path
    return os.path.join(stem, "subagents")


def update(model: SessionModel, transcript: Path | str, deadline: float | None = None) -> None:
    """Fold what the session's subagents wrote since their cursors (after the main file).

    Parents before the subagents they started; a file unchanged since the last call costs a
    stat. With `deadline` (time.monotonic()) it stops between files once passed, with
    `model.behind` set: the next call goes on."""
    model.scratch.transcript = os.fspath(transcript)
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
        if agent_id in gone or not AGENT_ID_RE.match(agent_id):
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
            model.scratch.behind = True
            break
        _fold_file(model, sub, entry.path, 0, deadline=deadline)
        folded += 1
        if model.scratch.behind:
            break
    trim(model)


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
        call = as_text(meta.get("toolUseId"))
        sub = by_call(model, call)
        # Not trimmed yet: what to keep is decided once every file is folded (update).
        sub = (
            rekey(model, sub, agent_id)
            if sub is not None
            else add(model, agent_id, Subagent(agent_id, call or "", start_turn=model.turns), trim_after=False)
        )
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
    kind, description = as_text(meta.get("agentType")), as_text(meta.get("description"))
    if kind and not sub.agent_type:
        sub.agent_type = redact(one_line(kind, 80))
    if description and not sub.description:
        sub.description = redact(one_line(description, DESCRIPTION_CHARS))
    parent, depth = as_text(meta.get("parentAgentId")), meta.get("spawnDepth")
    if parent and AGENT_ID_RE.match(parent):
        sub.parent = parent
    if isinstance(depth, int) and not isinstance(depth, bool) and 0 < depth <= 1000:
        sub.depth = depth
    shape = meta.get("requestShape")
    if shape in ("background", "foreground"):
        sub.background = shape == "background"
    # `finished` is written when it ends; the main agent may not have been told yet.
    if meta.get("finished") is True and sub.running:
        finish(model, sub, COMPLETED, "")


# -- what the parent's transcript says when a subagent finishes ------------------------------------


# What Claude Code writes as the result of an Agent call it started in the background.
LAUNCHED_TEXT = "Async agent launched successfully"


def agent_result(model: SessionModel, block: ToolResult, tool_use_result: Any, depth: int = 0) -> None:
    """The Agent call's result: the agent id, and either "launched in the background" or its
    final report. A finished subagent's file is folded here: its records come before this."""
    sub = by_call(model, block.tool_use_id)
    if sub is None:
        return
    info = tool_use_result if isinstance(tool_use_result, dict) else {}
    agent_id = as_text(info.get("agentId"))
    if agent_id is None:
        match = AGENT_ID_IN_TEXT.search(block.text[:SCAN_CHARS])
        agent_id = match.group(1) if match else None
    if agent_id and AGENT_ID_RE.match(agent_id):
        sub = rekey(model, sub, agent_id)
    kind = as_text(info.get("agentType"))
    if kind and not sub.agent_type:
        sub.agent_type = redact(one_line(kind, 80))
    status = as_text(info.get("status"))
    if status is None and block.text.lstrip().startswith(LAUNCHED_TEXT):
        # no toolUseResult (or one without its status): Claude Code's own text says it
        status = "async_launched"
    if status == "async_launched":
        sub.background = True
        return
    sub.background = False
    _sync(model, sub, depth)
    if block.is_error:
        finish(model, sub, FAILED, block.text)
    else:
        finish(model, sub, COMPLETED if status in (None, "completed") else status, final_report(info, block.text))


def notification(model: SessionModel, text: str, depth: int = 0) -> None:
    """`<task-notification>`: a background subagent or command ended (completed, failed, killed)."""
    tags: dict[str, str] = {}
    for name, value in TAG_RE.findall(text[:SCAN_CHARS]):
        tags.setdefault(name, value.strip())
    sub = find(model, tags.get("task-id")) or by_call(model, tags.get("tool-use-id"))
    if sub is None:
        # a background command's, or a subagent's no longer in the model
        tools.background_ended(model, tags.get("task-id"), tags.get("status"), tags.get("summary") or "")
        return
    _sync(model, sub, depth)
    finish(model, sub, tags.get("status") or COMPLETED, tags.get("result") or tags.get("summary") or "")


def _sync(model: SessionModel, sub: Subagent, depth: int) -> None:
    """Fold the subagent's file now (from inside its parent's fold), if it can be found."""
    if model.scratch.transcript is None or not sub.agent_id or depth >= MAX_DEPTH:
        return
    path = os.path.join(subagents_dir(model.scratch.transcript), f"agent-{sub.agent_id}.jsonl")
    _fold_file(model, sub, path, depth, SYNC_BYTES)


def _fold_file(
    model: SessionModel,
    sub: Subagent,
    path: str,
    depth: int,
    max_bytes: int | None = None,
    deadline: float | None = None,
) -> None:
    """Fold the file from the subagent's cursor: at most `max_bytes`, and past `deadline`
    (checked every fold_loop.FOLD_BATCH records) it stops with `model.behind` set."""
    try:
        stat = os.stat(path)
    except OSError:
        return
    if stat.st_ino != sub.file_ino or stat.st_size < sub.offset:
        # Another file at its path (or a first read): from the start. What an earlier file
        # added to the session's lists stays, as it would for the main transcript's facts.
        sub.file_ino, sub.offset, sub.pending, sub.last_message = stat.st_ino, 0, {}, ""
    reader = TranscriptReader(path, sub.offset)
    try:
        if fold_records(model, reader, lambda item: fold_record(model, sub, item, depth), None, max_bytes, deadline):
            model.scratch.behind = True
    except OSError:
        pass  # unreadable now (replaced by a FIFO, permissions): what was read counts
    sub.offset = reader.offset


def fold_record(model: SessionModel, sub: Subagent, item: Record, depth: int) -> None:
    if isinstance(item, QueuedCommand):
        if is_notification(item.text):
            notification(model, item.text, depth + 1)
        return
    if not isinstance(item, Message) or item.is_meta or item.is_compact_summary:
        return  # its own compactions and injected caveats are nobody's work
    sub.last_time = item.timestamp or sub.last_time
    if item.role == "assistant":
        if item.model == "<synthetic>":
            return
        key = item.message_id or item.uuid or ""
        if not key or key != sub.last_message:  # (no id: a turn of its own, as the session's)
            sub.turns += 1
            sub.last_message = key
        for block in item.blocks:
            if isinstance(block, TextBlock):
                _text(model, sub, block.text)
            elif isinstance(block, ToolUse):
                _tool_use(model, sub, block, item.cwd)
        return
    for block in item.blocks:
        if isinstance(block, ToolResult):
            call = sub.pending.pop(block.tool_use_id, None)
            if call is not None and block.is_error and is_declined(block.text, item.tool_use_result):
                continue  # it never ran as asked: neither a failure nor a fix (model._user)
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


def _tool_use(model: SessionModel, sub: Subagent, block: ToolUse, cwd: str | None) -> None:
    if block.name in TASK_TOOLS:
        return  # its own to-do list, not the session's tasks
    cwd = cwd if block.name == "Bash" else None
    sub.pending[block.id] = PendingCall(
        block.name, tools.trim_input(block.name, block.input), model.turns, (sub.unit,), cwd
    )
    if len(sub.pending) > MAX_PENDING:
        del sub.pending[next(iter(sub.pending))]
    if block.name in AGENT_TOOLS:
        agent_call(model, block, parent=sub)


def _tool_result(
    model: SessionModel, sub: Subagent, call: PendingCall, block: ToolResult, result: Any, depth: int
) -> None:
    if call.name in AGENT_TOOLS:
        agent_result(model, block, result, depth + 1)
        return
    model.scratch.agent = sub.agent_id  # the commands and errors folded now are this subagent's
    try:
        tools.tool_result(model, call, block, result)
    finally:
        model.scratch.agent = None
    if call.name == "Bash":
        run = model.commands[-1] if model.commands else None
        if run is not None and run.agent == sub.agent_id and run.command == call.input.get("command", "").strip():
            if run.turn in (known.turn for known in sub.commands):
                # Equal runs are equal in their messages too: composed on both sides first.
                run = comparable(model, run, sub.commands)
            add_capped(sub.commands, run, SUB_COMMANDS)
            for written in tools.bash_writes(call, model.cwd) if run.ok else ():
                add_capped(sub.files, written, SUB_FILES)
        return
    path = call.input.get(tools.FILE_TOOLS.get(call.name, ""))
    if isinstance(path, str) and path and not block.is_error:
        add_capped(sub.files, path, SUB_FILES)
