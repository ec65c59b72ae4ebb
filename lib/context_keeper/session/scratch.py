"""What the fold keeps beside the saved digest, never saved: indexes derived from the saved
fields (dropped and rebuilt at will, so a loaded model needs none of them) and what the current
read of the transcript has met. The model holds one `FoldScratch` in its `scratch` field.

Each cache says what it was derived from, by identity and size, so its user can tell whether
it still describes the same list: the fold steps only ever append to those lists, drop from
their front, or replace them whole (a loaded model, a TodoWrite snapshot).
"""

from __future__ import annotations

from ..records import field, record
from ..transcript.reader import ReadStats
from .facts import Episode, ErrorEvent
from .task_index import Phrases, TaskIndex

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


@record(frozen=False)
class EpisodeTerms:
    """The episodes' key terms (mentions.episode_index): file names by token, prompt lines by
    substring."""

    names: dict[str, set[str]] = field(default_factory=dict)
    phrases: Phrases = field(default_factory=Phrases)


@record
class TasksView:
    """The working tasks' units and the task index, made from `book` (that dict, of `size`)."""

    units: tuple[str, ...]
    index: TaskIndex
    book: dict[str, Any]
    size: int


@record
class EpisodesByName:
    """The episodes by unit, made from the list whose identity, length and ends are `made_from`
    (that list, `episodes`, and its last episode then, `last`)."""

    made_from: tuple[int, int, int, int]
    by_unit: dict[str, Episode]
    episodes: list[Episode]
    last: Episode


@record
class OpenErrorCounts:
    """How many open errors of each (target, tool) the list `errors` (of `size`) holds."""

    errors: list[ErrorEvent]
    size: int
    counts: dict[tuple[str, str], int]


@record(frozen=False)
class FoldScratch:
    # derived indexes (mentions, errors): dropped when a record's fold failed half-way
    episode_terms: EpisodeTerms | None = None
    task_index: TaskIndex | None = None
    tasks_view: TasksView | None = None
    episodes_by_name: EpisodesByName | None = None
    open_errors: OpenErrorCounts | None = None
    # what the last cursor.update_from_file met (for the hook's log)
    last_read: ReadStats | None = None
    restart_reason: str | None = None
    fold_errors: list[str] | None = None  # what fold steps raised (fold_errors.skip and count)
    absent_messages: int = 0  # of those, failed runs kept without their messages (late_messages)
    behind: bool = False  # the last read stopped at its deadline before the file's end
    # the transcript being folded (its subagents' files are beside it), and the subagent whose
    # tool calls are being folded (None: the main agent's)
    transcript: str | None = None
    agent: str | None = None

    def drop_indexes(self) -> None:
        self.episode_terms = self.task_index = self.tasks_view = None
        self.episodes_by_name = self.open_errors = None
