"""The facts the session model is made of (commands, files, errors, notes, episodes, compactions,
per-unit facts) as records, and the capped list they are kept in.

Each is saved and loaded through `context_keeper.records` (derived from its fields), so a
field added here is saved and loaded with nothing else to edit.
"""

from __future__ import annotations

from ..records import field, record

# The saved form's version (SessionModel.version). 2: a failed run keeps its messages.
MODEL_VERSION = 2
# Failure messages kept per failed run: the first MESSAGES of every failure it reported
# (failures.failure_messages's cap), then only a count.
MESSAGES = 5

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


def joined(messages: tuple[str, ...], more: int) -> str:
    """Failure messages as one line: ` | ` between them, `(+N more)` after."""
    line = " | ".join(messages)
    if more:
        line = f"{line} (+{more} more)" if line else f"+{more} more"
    return line


@record
class CommandRun:
    command: str
    turn: int
    ok: bool
    exit_code: int | None = None
    # A failed run's failure messages (failures.failure_messages: every failure of the run,
    # one line each, redacted), at most MESSAGES of them, and how many more it reported.
    messages: tuple[str, ...] = ()
    is_test: bool = False
    more: int = 0
    agent: str | None = field(
        default=None, sparse=True
    )  # the subagent that ran it (subagents.py); None: the main agent

    @property
    def error_line(self) -> str | None:
        """The messages as one line (None for a run that passed or said nothing)."""
        return joined(self.messages, self.more) or None


@record
class ErrorEvent:
    tool: str
    target: str  # the command, or the file path, the error is about
    messages: tuple[str, ...]  # every failure of the run (at most MESSAGES), one line each, redacted
    turn: int
    exit_code: int | None = None
    resolved_turn: int | None = None
    resolved_by: str | None = None
    more: int = 0  # failures the run reported beyond `messages`
    agent: str | None = field(
        default=None, sparse=True
    )  # the subagent that hit it (subagents.py); None: the main agent

    @property
    def line(self) -> str:
        """The messages as one line ("" when the error had no output)."""
        return joined(self.messages, self.more)


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
    precomputed: bool = field(default=False, sparse=True)  # a summary swapped in turns after it began


@record
class PendingCall:
    name: str
    input: dict[str, Any]
    turn: int
    units: tuple[str, ...]  # the tasks/episode the call belongs to, fixed when it was made
    # A Bash call's working directory when it was made: Claude Code keeps a `cd` for later
    # calls, and its result's record already carries the directory the command ended in.
    cwd: str | None = field(default=None, sparse=True)


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


def upgrade_saved(raw: dict[str, Any], version: int) -> dict[str, Any]:
    """A saved model of an older `version` in the current saved form (changed in place;
    anything malformed is left for the loader to refuse).

    Version 1 kept one line per failed run (an error's `line`, a command's `error_line`):
    that line becomes the run's one message."""
    if version < 2:
        units = raw.get("facts")
        errors = [raw.get("errors")] + (
            [u.get("errors") for u in units.values() if isinstance(u, dict)] if isinstance(units, dict) else []
        )
        tests = raw.get("tests")
        runs = [raw.get("commands"), list(tests.values()) if isinstance(tests, dict) else None]
        for lists, key in ((errors, "line"), (runs, "error_line")):
            for entries in lists:
                for entry in entries if isinstance(entries, list) else ():
                    if isinstance(entry, dict) and key in entry and "messages" not in entry:
                        line = entry.pop(key)
                        entry["messages"] = [line] if line else []
    raw["version"] = MODEL_VERSION
    return raw
