"""A subagent's records written into the main transcript (`isSidechain`), as Claude Code did
before it kept each subagent's transcript in a file of its own, and as exports still do: each
record folded as its subagent's file's records would be, its own compaction not the session's.

A chain of sidechain records is told apart by its parent uuids (the next record names the one
before it), then by the `agentId` a record carries, then by the Agent call its first prompt
answers; a chain no call in this file started (a session resumed from another) becomes a
subagent of its own that is not running here.
"""

from __future__ import annotations

from ..redact import redact
from ..text import first_line
from ..transcript.entries import TextBlock
from .subagent_files import fold_record
from .subagents import AGENT_ID_RE, ENDED, MAX_SIDECHAINS, TASK_CHARS, Subagent, add, rekey

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from ..transcript.entries import CompactBoundary, Message
    from .model import SessionModel


def inline_record(model: SessionModel, record: Message) -> None:
    """A subagent's record written into the main transcript (`isSidechain`), as versions
    before the subagent files did and exports do: folded as its file's records would be."""
    sub = _inline_subagent(model, record)
    _chain(model, record.uuid, sub.agent_id)
    fold_record(model, sub, record, 0)


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
        sub = add(model, agent_id, Subagent(agent_id, start_turn=model.turns, status=ENDED, end_turn=model.turns))
    if not sub.agent_id:
        # Its calls are stamped with an id: the record's, else its Agent call's (older
        # versions name none).
        candidate = record.agent_id or sub.tool_use_id
        if AGENT_ID_RE.match(candidate):
            sub = rekey(model, sub, candidate)
    return sub
