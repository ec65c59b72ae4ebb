"""Gather a `SessionReport`: one streaming pass over the transcript folds the session model
(tasks, files, errors, compactions) and records the context in use at every turn, which the
model, a bounded digest, does not keep; the runs dir adds what the hooks recorded about each
compaction and the cold summaries."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..cold.summaries import ColdSummary, load_summaries
from ..records import record
from ..redact import redact
from ..session import Compaction, SessionModel
from ..session.fold_loop import fold_records
from ..session.subagent_files import update as update_subagents
from ..store import RunsDir, find_repo_root
from ..transcript.entries import Message, Record
from ..transcript.reader import TranscriptReader
from .fmt import relative_in_text, relative_to_any
from .outcomes import Recorded, recorded_compactions, subagent_compactions


@record
class TurnPoint:
    """The context in use at one turn's response (measured: input + cache creation + cache
    read + output tokens of its usage)."""

    turn: int
    tokens: int
    time: str | None = None


@record
class CompactionOutcome:
    """One compaction: where it fell, the tokens before and after, and what the hooks
    recorded of its outcome (None: not recorded)."""

    number: int  # 1, 2, ... in the order they happened
    after_turn: int  # the boundary came after this many turns
    in_transcript: bool  # False: recorded by a hook, no boundary in the transcript (yet)
    trigger: str | None = None
    # manual, auto, or precomputed (the summary was computed beside the turn, swapped in later)
    kind: str | None = None
    time: str | None = None
    pre_tokens: int | None = None
    post_tokens: int | None = None
    recorded_by: str | None = None  # pre_compact | session_start | None: no hook record
    compaction_id: str | None = None
    block_chars: int | None = None
    carried: int | None = None  # items the preservation block carried
    kept: int | None = None  # of them, kept by the summary
    lost: int | None = None
    note_items: int | None = None  # items the restore note showed
    refill_queued: int | None = None  # items queued to refill what the summary lost
    refill_sent: int | None = None  # items the refill actually sent
    refill_chars: int | None = None
    refill_event: str | None = None
    check: dict[str, dict[str, int]] | None = None  # per family: carried, kept, lost


@record
class TaskRow:
    id: str
    subject: str
    status: str
    created_turn: int
    completed_turn: int | None


@record
class FileRow:
    path: str  # relative to the repo (or the session's cwd) when under it
    tool: str
    first_turn: int
    last_turn: int
    edits: int


@record
class ErrorRow:
    turn: int
    tool: str
    target: str  # the command, or the file (relative like FileRow.path)
    line: str
    exit_code: int | None
    resolved_turn: int | None
    resolved_by: str | None


@record
class SubagentRow:
    agent_type: str
    description: str
    status: str  # running | completed | failed | ...
    background: bool
    start_turn: int
    end_turn: int | None
    files: int
    commands: int
    open_errors: int  # unresolved errors it left
    result: str


@record
class ColdSummaryRow:
    task_id: str
    kind: str
    status: str
    start_turn: int
    end_turn: int
    subject: str
    compressed_at: str
    file: str | None


@record
class SessionReport:
    session_id: str
    transcript: str
    cwd: str | None
    repo: str | None
    runs_dir: str | None
    model: str | None
    window: int
    turns: int
    context_tokens: int  # now
    context_source: str  # usage | boundary | estimate
    points: tuple[TurnPoint, ...]
    compactions: tuple[CompactionOutcome, ...]
    tasks: tuple[TaskRow, ...]
    files: tuple[FileRow, ...]
    errors: tuple[ErrorRow, ...]
    summaries: tuple[ColdSummaryRow, ...]
    subagents: tuple[SubagentRow, ...] = ()
    subagent_compactions: int = 0  # subagents' own compactions the hooks saw (not in `compactions`)

    @property
    def open_errors(self) -> tuple[ErrorRow, ...]:
        return tuple(e for e in self.errors if e.resolved_turn is None)

    @property
    def fixed_errors(self) -> tuple[ErrorRow, ...]:
        return tuple(e for e in self.errors if e.resolved_turn is not None)

    @property
    def peak(self) -> TurnPoint | None:
        return max(self.points, key=lambda p: p.tokens, default=None)


def read_session(path: Path | str) -> tuple[SessionModel, list[TurnPoint]]:
    """Fold the whole transcript into a model and, in the same pass, the context per turn.

    Turns are the model's own (a new main-chain message id), so a point's turn is the
    number the model gives compactions, tasks and errors. A response split into records
    (one per block) carries its usage on each: the last one of the turn counts.
    """
    model = SessionModel()
    model.scratch.transcript = str(path)  # a subagent's file is folded where the transcript says it finished
    reader = TranscriptReader(path)
    points: list[TurnPoint] = []
    current: str | None = None  # the message id of the latest turn

    def step(item: Record) -> None:
        nonlocal current
        before = model.turns
        model.fold(item)
        if not isinstance(item, Message) or not item.is_main_response:
            return
        key = item.message_id or item.uuid
        if model.turns > before:
            current = key
        elif key != current:
            return  # a late record of an older response: not this turn's usage
        tokens = item.usage.context_tokens if item.usage is not None else 0
        if tokens <= 0:
            return
        point = TurnPoint(model.turns, tokens, item.timestamp)
        if points and points[-1].turn == model.turns:
            points[-1] = point
        else:
            points.append(point)

    # The hooks' loop: a record a fold step fails on is left out and counted, not a traceback.
    fold_records(model, reader, step)
    model.offset = reader.offset
    update_subagents(model, path)  # the subagents still running, as far as they have got
    return model, points


def _outcome(number: int, after_turn: int, boundary: Compaction | None, rec: Recorded | None) -> CompactionOutcome:
    """The boundary's facts (where, tokens) completed by what the hooks recorded."""
    values: dict[str, Any] = {"in_transcript": boundary is not None}
    if boundary is not None:
        values |= {
            "trigger": boundary.trigger,
            "kind": "precomputed" if boundary.precomputed else boundary.trigger,
            "time": boundary.timestamp,
            "pre_tokens": boundary.pre_tokens,
            "post_tokens": boundary.post_tokens,
        }
    if rec is not None:
        check = rec.check if rec.checked else None
        carried = rec.block_items
        if carried is None and check:
            carried = sum(c.get("carried", 0) for c in check.values())
        values |= {
            "trigger": values.get("trigger") or rec.trigger,
            "kind": values.get("kind") if values.get("kind") == "precomputed" else (rec.kind or values.get("kind")),
            "time": values.get("time") or rec.time,
            "pre_tokens": values["pre_tokens"] if values.get("pre_tokens") is not None else rec.context_tokens,
            "post_tokens": values["post_tokens"] if values.get("post_tokens") is not None else rec.post_tokens,
            "recorded_by": rec.source,
            "compaction_id": rec.compaction_id,
            "block_chars": rec.block_chars,
            "carried": carried,
            "kept": sum(c.get("kept", 0) for c in check.values()) if check is not None else None,
            "lost": sum(c.get("lost", 0) for c in check.values()) if check is not None else None,
            "note_items": rec.note_items,
            "refill_queued": rec.refill_queued,
            "refill_sent": rec.refill_sent,
            "refill_chars": rec.refill_chars,
            "refill_event": rec.refill_event,
            "check": check,
        }
    return CompactionOutcome(number=number, after_turn=after_turn, **values)


def match_compactions(model: SessionModel, recorded: list[Recorded]) -> tuple[CompactionOutcome, ...]:
    """Each boundary of the transcript with the hook record that belongs to it.

    A record names its boundary by `boundaries_before` (the boundaries already written when
    the hook ran: it is number boundaries_before + 1); records without it take the next
    free boundary not older than themselves, in order. A record left over is a compaction
    the transcript does not show (yet): it is placed after the last turn.
    """
    boundaries = list(model.compactions)
    owner: dict[int, Recorded] = {}
    loose: list[Recorded] = []
    for rec in recorded:
        index = rec.boundaries_before
        if index is not None and 0 <= index < len(boundaries) and index not in owner:
            owner[index] = rec
        else:
            loose.append(rec)
    extra: list[Recorded] = []
    for rec in loose:
        if rec.boundaries_before is not None and rec.boundaries_before >= len(boundaries):
            extra.append(rec)  # made for a boundary not written yet
            continue
        free = [
            i
            for i in range(len(boundaries))
            if i not in owner and ((stamp := boundaries[i].timestamp) is None or stamp >= rec.time)
        ]
        if free:
            owner[free[0]] = rec
        else:
            extra.append(rec)
    out = [_outcome(i + 1, b.turn, b, owner.get(i)) for i, b in enumerate(boundaries)]
    out += [_outcome(len(out) + 1, model.turns, None, rec) for rec in extra]
    return tuple(out)


def gather(
    transcript: Path | str,
    *,
    runs: RunsDir | None = None,
    repo: Path | str | None = None,
    session_id: str | None = None,
    window_override: int | None = None,
) -> SessionReport:
    """Everything the report shows about one session. `runs` (the repository's runs dir)
    adds the hooks' compaction records and the cold summaries; `repo` is what paths are
    shown relative to (else the session's working directory, up to its repo root)."""
    model, points = read_session(transcript)
    session = session_id or model.session_id or Path(transcript).stem
    cwd = redact(model.cwd) if model.cwd else None
    bases = [str(repo) if repo else None, str(find_repo_root(Path(cwd))) if cwd else None, cwd]
    usage = model.context_usage(window_override)
    recorded = recorded_compactions(runs, session) if runs is not None else []
    summaries = load_summaries(runs, session) if runs is not None else []
    return SessionReport(
        session_id=session,
        transcript=str(transcript),
        cwd=cwd,
        repo=str(repo) if repo else None,
        runs_dir=str(runs.root) if runs is not None and runs.root.is_dir() else None,
        model=redact(model.model) if model.model else None,
        window=usage.window,
        turns=model.turns,
        context_tokens=usage.tokens,
        context_source=usage.source,
        points=tuple(points),
        compactions=match_compactions(model, recorded),
        tasks=tuple(
            TaskRow(t.id, t.subject, t.status, t.created_turn, t.completed_turn) for t in model.tasks.tasks.values()
        ),
        files=tuple(
            FileRow(relative_to_any(f.path, bases), f.tool, f.first_turn, f.last_turn, f.count)
            for f in model.files.values()
        ),
        errors=_error_rows(model, bases),
        subagents=_subagent_rows(model),
        subagent_compactions=subagent_compactions(runs, session) if runs is not None else 0,
        summaries=_summary_rows(summaries),
    )


def _error_rows(model: SessionModel, bases: list[str | None]) -> tuple[ErrorRow, ...]:
    return tuple(
        ErrorRow(
            e.turn,
            e.tool,
            e.target if e.tool == "Bash" else relative_to_any(e.target, bases),
            e.line,
            e.exit_code,
            e.resolved_turn,
            relative_in_text(e.resolved_by, bases) if e.resolved_by else None,
        )
        for e in model.errors
    )


def _subagent_rows(model: SessionModel) -> tuple[SubagentRow, ...]:
    return tuple(
        SubagentRow(
            redact(a.agent_type),
            redact(a.description),
            a.status,
            a.background,
            a.start_turn,
            a.end_turn,
            len(a.files),
            len(a.commands),
            sum(1 for e in model.unresolved_errors() if e.agent == a.agent_id),
            redact(a.result),
        )
        for a in model.subagents.values()
    )


def _summary_rows(summaries: list[ColdSummary]) -> tuple[ColdSummaryRow, ...]:
    return tuple(
        ColdSummaryRow(
            s.task_id,
            s.kind,
            s.status or "-",
            s.start_turn,
            s.end_turn,
            redact(s.subject),
            s.compressed_at,
            s.path.name if s.path else None,
        )
        for s in summaries
    )
