"""The records the session model is made of, and the capped list they are kept in.

Each is saved and loaded through `context_keeper.records` (derived from its fields), so a
field added here is saved and loaded with nothing else to edit.
"""

from __future__ import annotations

from ..records import field, record

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@record
class FileChange:
    path: str
    tool: str
    first_turn: int
    last_turn: int
    count: int = 1


@record
class CommandRun:
    command: str
    turn: int
    ok: bool
    exit_code: int | None = None
    error_line: str | None = None
    is_test: bool = False
    agent: str | None = field(default=None, sparse=True)  # the subagent that ran it (subagents.py); None: the main agent


@record
class ErrorEvent:
    tool: str
    target: str  # the command, or the file path, the error is about
    line: str  # the most useful line of the error output
    turn: int
    exit_code: int | None = None
    resolved_turn: int | None = None
    resolved_by: str | None = None
    agent: str | None = field(default=None, sparse=True)  # the subagent that hit it (subagents.py); None: the main agent


@record
class Note:
    turn: int
    text: str


@record
class Compaction:
    turn: int
    trigger: str | None
    pre_tokens: int | None
    post_tokens: int | None
    timestamp: str | None


@record
class PendingCall:
    name: str
    input: dict[str, Any]
    turn: int
    units: tuple[str, ...]  # the tasks/episode the call belongs to, fixed when it was made


@record(frozen=False)
class UnitFacts:
    """What happened inside one task or episode (capped lists, in order, no duplicates)."""

    files: list[str] = field(default_factory=list)
    commands: list[str] = field(default_factory=list)
    decisions: list[str] = field(default_factory=list)
    texts: list[str] = field(default_factory=list)
    errors: list[ErrorEvent] = field(default_factory=list)


@record(frozen=False)
class Episode:
    """The turns answering one real user prompt."""

    n: int
    subject: str
    start_turn: int
    end_turn: int
    last_touched_turn: int
    ended: bool = False
    has_tasks: bool = False

    @property
    def unit(self) -> str:
        return f"prompt-{self.n}"


def add_capped(items: list[Any], value: Any, cap: int) -> None:
    """Append `value` unless it is there already; drop the oldest item past `cap`."""
    if value in items:
        return
    items.append(value)
    if len(items) > cap:
        del items[0]
