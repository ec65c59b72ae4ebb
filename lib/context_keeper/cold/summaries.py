"""Cold tasks and episodes, and the one summary file each of them gets.

A unit of work is COLD when it is finished and nobody has looked at it for a while:

- a task: status `completed`, completed more than `turns_until_cold` assistant turns ago,
  and not touched since (the session model moves `last_touched_turn` when the subject is
  mentioned in a prompt or an assistant text, or a task tool names the task);
- an episode (the turns answering one real prompt): a later prompt has ended it, it ended
  more than `turns_until_cold` turns ago, it was not touched since (its prompt line or the
  files it modified mentioned again), and no task tool was used in it. Episodes that used
  task tools are covered by their tasks' summaries, so the two kinds never overlap.
- a subagent: it has finished (the main transcript, or its meta file, says so) more than
  `turns_until_cold` main-agent turns ago. Its work is its own unit (its files, commands and
  errors are not the task's or the episode's facts), so it never overlaps the other two.

Each cold unit gets `summaries/<md5("<session>:<task_id>")>.json`, written once: the file is
created with `atomic_write(replace=False)`, so a summary is never rewritten, even by a
racing process or after the state was rebuilt from scratch.
"""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

from ..records import jsonio, record
from ..records.loader import from_dict
from ..redact import redact
from ..session import Episode, SessionModel, UnitFacts
from ..session.subagents import Subagent
from ..session.tasks import Task
from ..store import RunsDir, atomic_write, ensure_private_dir
from ..text import folded, unique

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

# Caps on the lists of one summary: it is read back into a 10,000-character block.
MAX_FILES = 30
MAX_COMMANDS = 20
MAX_OUTCOMES = 10
MAX_ERRORS = 10
COMMAND_CAP = 300
SUBJECT_CAP = 120
DESCRIPTION_CAP = 500

REQUIRED_KEYS = (
    "session_id",
    "task_id",
    "subject",
    "start_turn",
    "end_turn",
    "compressed_at",
    "files_modified",
    "commands_run",
    "key_outcomes",
    "errors_resolved",
)


# -- the cold rule -----------------------------------------------------------------------------


def task_is_cold(task: Task, now: int, turns_until_cold: int) -> bool:
    return (
        task.status == "completed"
        and task.completed_turn is not None
        and now - task.completed_turn > turns_until_cold
        and now - task.last_touched_turn > turns_until_cold
    )


def episode_is_cold(episode: Episode, now: int, turns_until_cold: int) -> bool:
    return (
        episode.ended
        and not episode.has_tasks
        and now - episode.end_turn > turns_until_cold
        and now - episode.last_touched_turn > turns_until_cold
    )


def subagent_is_cold(sub: Subagent, now: int, turns_until_cold: int) -> bool:
    return bool(sub.agent_id) and not sub.running and sub.end_turn is not None and now - sub.end_turn > turns_until_cold


@record
class Unit:
    """A task, an episode or a subagent, as far as its summary is concerned."""

    key: str  # the model's unit key: "task-<id>", "prompt-<n>" or "agent-<agent id>"
    task_id: str  # the summary's task_id: the task id, "prompt-<n>" or "agent-<agent id>"
    kind: str  # "task" | "episode" | "subagent"
    subject: str
    description: str
    status: str
    start_turn: int
    end_turn: int


def _task_unit(task: Task) -> Unit:
    return Unit(
        key=f"task-{task.id}",
        task_id=task.id,
        kind="task",
        subject=task.subject,
        description=task.description,
        status=task.status,
        start_turn=task.start_turn,
        end_turn=task.completed_turn if task.completed_turn is not None else task.last_touched_turn,
    )


def _episode_unit(episode: Episode) -> Unit:
    return Unit(
        key=episode.unit,
        task_id=episode.unit,
        kind="episode",
        subject=episode.subject,
        description="",
        status="ended",
        start_turn=episode.start_turn,
        end_turn=episode.end_turn,
    )


def _subagent_unit(sub: Subagent) -> Unit:
    return Unit(
        key=sub.unit,
        task_id=sub.unit,
        kind="subagent",
        subject=f"{sub.agent_type or 'subagent'}: {sub.description or sub.agent_id}",
        description=sub.task,
        status=sub.status,
        start_turn=sub.start_turn,
        end_turn=sub.end_turn if sub.end_turn is not None else sub.start_turn,
    )


def cold_units(model: SessionModel, turns_until_cold: int) -> list[Unit]:
    """Cold tasks, episodes and subagents that have no summary yet, oldest work first."""
    now = model.turns
    units = [
        _task_unit(task)
        for task in model.tasks.tasks.values()
        if task_is_cold(task, now, turns_until_cold) and f"task-{task.id}" not in model.summarized
    ]
    units += [
        _episode_unit(episode)
        for episode in model.episodes
        if episode_is_cold(episode, now, turns_until_cold) and episode.unit not in model.summarized
    ]
    units += [
        _subagent_unit(sub)
        for sub in model.subagents.values()
        if subagent_is_cold(sub, now, turns_until_cold) and sub.unit not in model.summarized
    ]
    units.sort(key=lambda unit: (unit.start_turn, unit.end_turn))
    return units


# -- the summary -------------------------------------------------------------------------------


def _redacted(value: Any) -> Any:
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, list):
        return [_redacted(item) for item in value]
    if isinstance(value, dict):
        return {key: _redacted(item) for key, item in value.items()}
    return value


def build_summary(
    unit: Unit,
    facts: UnitFacts | None,
    session_id: str,
    transcript_path: Path | str | None,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The summary of one unit, as the JSON object that is written (already redacted)."""
    # The model keeps facts for its most recent units only: an old unit may have none left.
    details_recorded = facts is not None
    facts = facts or UnitFacts()
    resolved = [e for e in facts.errors if e.resolved_turn is not None]
    unresolved = [e for e in facts.errors if e.resolved_turn is None]
    stamp = (now or datetime.now(UTC)).astimezone(UTC)
    summary = {
        "session_id": session_id,
        "task_id": unit.task_id,
        "subject": folded(unit.subject, SUBJECT_CAP),
        "start_turn": unit.start_turn,
        "end_turn": unit.end_turn,
        "compressed_at": stamp.isoformat(timespec="seconds").replace("+00:00", "Z"),
        "files_modified": unique(facts.files, MAX_FILES),
        "commands_run": unique([folded(c, COMMAND_CAP) for c in facts.commands], MAX_COMMANDS),
        # Decisions first: they say why; the short texts say what came out.
        "key_outcomes": unique(facts.decisions + facts.texts, MAX_OUTCOMES),
        # An error is its run's failure messages as one line (` | ` between them, `(+N more)`
        # after: ErrorEvent.line), so a summary names every failure and keeps its format.
        "errors_resolved": unique(
            [
                {"error": e.line, "target": folded(e.target, COMMAND_CAP), "fixed_by": e.resolved_by or ""}
                for e in resolved
            ],
            MAX_ERRORS,
        ),
        "kind": unit.kind,
        "status": unit.status,
        "description": folded(unit.description, DESCRIPTION_CAP),
        "errors_unresolved": unique(
            [{"error": e.line, "target": folded(e.target, COMMAND_CAP)} for e in unresolved], MAX_ERRORS
        ),
        "transcript_path": str(transcript_path) if transcript_path else None,
        "details_recorded": details_recorded,
    }
    return _redacted(summary)


def write_summary(runs: RunsDir, summary: dict[str, Any]) -> bool:
    """Create the summary file; False if it already existed (it is left as it was)."""
    path = runs.summary_path(summary["session_id"], summary["task_id"])
    return atomic_write(path, jsonio.dumps(summary, indent=True) + b"\n", replace=False)


def summarize_cold(
    runs: RunsDir,
    model: SessionModel,
    session_id: str,
    transcript_path: Path | str | None,
    turns_until_cold: int,
    now: datetime | None = None,
) -> list[str]:
    """Write a summary for every cold unit without one; return the units written.

    A unit whose file already exists (another process, or an earlier state of this
    session) counts as summarised too: either way its facts are no longer needed.
    """
    units = cold_units(model, turns_until_cold)
    if not units:
        return []
    ensure_private_dir(runs.summaries)
    written = []
    for unit in units:
        summary = build_summary(unit, model.facts.get(unit.key), session_id, transcript_path, now)
        if write_summary(runs, summary):
            written.append(unit.task_id)
        model.summarized[unit.key] = model.turns
        model.facts.pop(unit.key, None)
    return written


# -- reading summaries back --------------------------------------------------------------------


@record
class ResolvedError:
    error: str
    target: str
    fixed_by: str


@record
class UnresolvedError:
    error: str
    target: str


@record
class ColdSummary:
    """One summary file, as written by `summarize_cold`."""

    session_id: str
    task_id: str
    subject: str
    start_turn: int
    end_turn: int
    compressed_at: str
    files_modified: tuple[str, ...]
    commands_run: tuple[str, ...]
    key_outcomes: tuple[str, ...]
    errors_resolved: tuple[ResolvedError, ...]
    kind: str = "task"
    status: str = ""
    description: str = ""
    errors_unresolved: tuple[UnresolvedError, ...] = ()
    transcript_path: str | None = None
    details_recorded: bool = True  # False: the model had no facts left for this unit
    path: Path | None = None  # the file it was read from

    @classmethod
    def from_dict(cls, data: Any, path: Path | None = None) -> ColdSummary:
        """Validate a decoded summary file; ValueError if it is not one.

        Strict on what every summary has; lenient on the fields older summaries lack or
        left empty (kind, status, description, errors_unresolved, transcript_path)."""
        if not isinstance(data, dict) or any(key not in data for key in REQUIRED_KEYS):
            raise ValueError("not a summary object")
        transcript_path = data.get("transcript_path")
        return from_dict(
            cls,
            {
                **data,
                "kind": data.get("kind") or ("episode" if str(data["task_id"]).startswith("prompt-") else "task"),
                "status": data.get("status") or "",
                "description": data.get("description") or "",
                "errors_unresolved": data.get("errors_unresolved") or [],
                "transcript_path": transcript_path if isinstance(transcript_path, str) else None,
                "details_recorded": data.get("details_recorded") is not False,
                "path": path,
            },
        )


def load_summaries(runs: RunsDir, session_id: str | None = None) -> list[ColdSummary]:
    """The summaries in `runs` (of one session, if given), ordered by start turn.

    Unreadable, foreign or invalid files are skipped: the directory is shared by every
    session of the repository and may hold a half-written temporary file.
    """
    try:
        entries = list(os.scandir(runs.summaries))
    except OSError:
        return []
    out = []
    for entry in entries:
        if not entry.name.endswith(".json") or entry.name.startswith("."):
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            with open(entry.path, "rb") as handle:
                summary = ColdSummary.from_dict(jsonio.loads(handle.read()), Path(entry.path))
        except (OSError, ValueError, RecursionError):  # JSONDecodeError and UnicodeDecodeError are ValueErrors
            continue
        if session_id is None or summary.session_id == session_id:
            out.append(summary)
    out.sort(key=lambda s: (s.start_turn, s.end_turn, s.session_id, s.task_id))
    return out
