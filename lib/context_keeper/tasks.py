"""Task tracking from the Task tools (TaskCreate/TaskUpdate/TaskList/TaskGet) and TodoWrite.

Task ids come from the TaskCreate RESULT (FACTS.md), so calls are applied when their result
arrives, joined by tool_use_id in `session`. TodoWrite carries whole snapshots instead;
its items are keyed by their text and get ids `todo-<n>` in order of first appearance.
"""

from __future__ import annotations

import re
from itertools import compress
from operator import is_not

from .records import field, record, replace
from .redact import redact

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any

STATUSES = ("pending", "in_progress", "completed", "deleted")
OPEN_STATUSES = ("pending", "in_progress")
TASK_TOOLS = frozenset({"TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "TodoWrite"})

_CREATED_RE = re.compile(r"Task #(\S+?) created")
_LIST_LINE_RE = re.compile(r"^#(\S+) \[(\w+)\] (.+)$", re.MULTILINE)


@record
class StatusChange:
    status: str
    turn: int


@record
class Task:
    id: str
    subject: str
    description: str = ""
    status: str = "pending"
    created_turn: int = 0
    started_turn: int | None = None
    completed_turn: int | None = None
    last_touched_turn: int = 0
    history: tuple[StatusChange, ...] = ()
    source: str = "task"  # "task" (Task tools) or "todo" (TodoWrite)

    @property
    def start_turn(self) -> int:
        """Where the task's work began: first in_progress, else creation."""
        return self.started_turn if self.started_turn is not None else self.created_turn


def _text(value: Any) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return None
    # Every TaskList result names every task again (hundreds of subjects, each time): a
    # text already redacted is looked up instead of scanned again (redact is a pure function).
    done = _REDACTED.get(value)
    if done is None:
        done = redact(value)
        if len(value) <= _REDACTED_TEXT_MAX:
            if len(_REDACTED) >= _REDACTED_MAX:
                _REDACTED.clear()
            _REDACTED[value] = done
    return done


_REDACTED: dict[str, str] = {}
_REDACTED_MAX = 4096
_REDACTED_TEXT_MAX = 2000


@record(frozen=False)
class TaskBook:
    tasks: dict[str, Task] = field(default_factory=dict)
    todo_ids: dict[str, str] = field(default_factory=dict)
    # Derived, not saved: the key of every task added or replaced, in order (appended only;
    # TaskIndex reads what is new since it last looked instead of comparing every task).
    _changed: list[str] = field(default_factory=list, repr=False, compare=False)

    def _put(self, task_id: str, task: Task) -> None:
        self.tasks[task_id] = task
        self._changed.append(task_id)

    # -- primitive changes -------------------------------------------------------------

    def ensure(self, task_id: str, turn: int, subject: str | None = None, source: str = "task") -> Task:
        task = self.tasks.get(task_id)
        if task is None:
            task = Task(
                id=task_id,
                subject=subject or f"Task #{task_id}",
                status="pending",
                created_turn=turn,
                last_touched_turn=turn,
                history=(StatusChange("pending", turn),),
                source=source,
            )
            self._put(task_id, task)
        return task

    def set_status(self, task_id: str, status: str, turn: int) -> None:
        if status not in STATUSES:
            return
        task = self.tasks[task_id]
        if task.status == status:
            return
        self._put(
            task_id,
            replace(
                task,
                status=status,
                started_turn=turn if status == "in_progress" and task.started_turn is None else task.started_turn,
                completed_turn=turn if status == "completed" else task.completed_turn,
                last_touched_turn=max(task.last_touched_turn, turn),
                history=task.history + (StatusChange(status, turn),),
            ),
        )

    def set_fields(self, task_id: str, turn: int, subject: str | None = None, description: str | None = None) -> None:
        task = self.tasks[task_id]
        subject = subject or task.subject
        description = description if description is not None else task.description
        touched = max(task.last_touched_turn, turn)
        if subject == task.subject and description == task.description and touched == task.last_touched_turn:
            return  # a TaskList repeating what is known: no new record
        self._put(task_id, replace(task, subject=subject, description=description, last_touched_turn=touched))

    def touch(self, task_id: str, turn: int) -> None:
        task = self.tasks.get(task_id)
        if task is not None and task.last_touched_turn < turn:
            self._put(task_id, replace(task, last_touched_turn=turn))

    # -- tool calls ----------------------------------------------------------------------

    def apply_call(
        self,
        name: str,
        tool_input: dict[str, Any],
        result_text: str,
        result: Any,
        is_error: bool,
        turn: int,
    ) -> None:
        """Apply one joined Task-tool call (input + result) made at `turn`."""
        if is_error:
            return
        result = result if isinstance(result, dict) else {}
        if name == "TaskCreate":
            self._create(tool_input, result_text, result, turn)
        elif name == "TaskUpdate":
            self._update(tool_input, result_text, result, turn)
        elif name == "TaskList":
            self._sync_list(result_text, result, turn)
        elif name == "TaskGet":
            task = result.get("task")
            if isinstance(task, dict):
                self._sync(task, turn)
        elif name == "TodoWrite":
            todos = result.get("newTodos")
            if not isinstance(todos, list):
                todos = tool_input.get("todos")
            if isinstance(todos, list):
                self.apply_todos(todos, turn)

    def _create(self, tool_input: dict[str, Any], text: str, result: dict[str, Any], turn: int) -> None:
        task_id = None
        task = result.get("task")
        if isinstance(task, dict) and task.get("id") is not None:
            task_id = str(task["id"])
        if task_id is None:
            match = _CREATED_RE.search(text)
            task_id = match.group(1) if match else None
        if task_id is None:
            return
        subject = _text(tool_input.get("subject")) or (isinstance(task, dict) and _text(task.get("subject"))) or None
        self.ensure(task_id, turn, subject)
        self.set_fields(task_id, turn, subject=subject, description=_text(tool_input.get("description")))

    def _update(self, tool_input: dict[str, Any], text: str, result: dict[str, Any], turn: int) -> None:
        if result.get("success") is False or text.strip() == "Task not found":
            return
        raw_id = result.get("taskId", tool_input.get("taskId"))
        if raw_id is None or isinstance(raw_id, (dict, list)):
            return
        task_id = str(raw_id)
        self.ensure(task_id, turn, _text(tool_input.get("subject")))
        self.set_fields(
            task_id,
            turn,
            subject=_text(tool_input.get("subject")),
            description=_text(tool_input.get("description")),
        )
        status = None
        change = result.get("statusChange")
        if isinstance(change, dict):
            status = change.get("to")
        if status is None:
            status = tool_input.get("status")
        if isinstance(status, str):
            self.set_status(task_id, status, turn)

    def _sync(self, task: dict[str, Any], turn: int) -> None:
        if task.get("id") is None or isinstance(task.get("id"), (dict, list)):
            return
        task_id = str(task["id"])
        subject = _text(task.get("subject"))
        self.ensure(task_id, turn, subject)
        self.set_fields(task_id, turn, subject=subject, description=_text(task.get("description")))
        status = task.get("status")
        if isinstance(status, str):
            self.set_status(task_id, status, turn)

    def _sync_list(self, text: str, result: dict[str, Any], turn: int) -> None:
        listed = result.get("tasks")
        if isinstance(listed, list):
            for task in listed:
                if isinstance(task, dict):
                    self._sync(task, turn)
            return
        for task_id, status, subject in _LIST_LINE_RE.findall(text):
            self._sync({"id": task_id, "status": status, "subject": subject}, turn)

    def apply_todos(self, todos: list[Any], turn: int) -> None:
        seen: set[str] = set()
        for item in todos:
            if not isinstance(item, dict):
                continue
            content = _text(item.get("content"))
            if content is None:
                continue
            task_id = self.todo_ids.get(content)
            if task_id is None:
                task_id = f"todo-{len(self.todo_ids) + 1}"
                self.todo_ids[content] = task_id
            seen.add(task_id)
            self.ensure(task_id, turn, content, source="todo")
            status = item.get("status")
            if isinstance(status, str):
                self.set_status(task_id, status, turn)
        # A todo that vanished from the list unfinished was dropped, not done.
        for task_id, task in list(self.tasks.items()):
            if task.source == "todo" and task_id not in seen and task.status in OPEN_STATUSES:
                self.set_status(task_id, "deleted", turn)

    # -- queries -------------------------------------------------------------------------

    def open_tasks(self) -> list[Task]:
        return [task for task in self.tasks.values() if task.status in OPEN_STATUSES]

    def working_ids(self) -> list[str]:
        """Tasks that facts of the current turn belong to: in progress, else all pending."""
        in_progress = [t.id for t in self.tasks.values() if t.status == "in_progress"]
        if in_progress:
            return in_progress
        return [t.id for t in self.tasks.values() if t.status == "pending"]


# What the session fold calls a token of a text (session.mentions matches file names by it).
TOKEN_RE = re.compile(r"[\w.\-]+")


class TaskIndex:
    """The task book as the session fold asks for it on every response and every mention:
    the ids of the tasks the turn's facts belong to (TaskBook.working_ids) and the completed
    tasks by lowered subject (the tasks a text can mention).

    A long session has hundreds of tasks; deriving both from all of them on each ask cost a
    100 MB fold most of a second. `sync`, called after the book may have changed, finds the
    changed tasks by identity instead — Task records are immutable (a change is a new record)
    and a book never loses a task, so comparing the values with the ones last seen, in C,
    is enough — and updates only those.
    """

    __slots__ = (
        "_tasks",
        "_keys",
        "_values",
        "_ids",
        "_open",
        "_journal",
        "_seen",
        "_positions",
        "working",
        "completed",
    )

    def __init__(self) -> None:
        self._reset(None)

    def _reset(self, tasks: dict[str, Task] | None) -> None:
        self._tasks = tasks
        self._keys: list[str] = []
        self._values: list[Task] = []
        self._ids: list[str] = []
        self._open: dict[str, set[int]] = {"in_progress": set(), "pending": set()}  # positions by status
        self._journal: list[str] | None = None  # the book's journal (TaskBook._changed) and how far it was read
        self._seen = 0
        self._positions: dict[str, int] | None = None  # position by key, made on the journal's first use
        self.working: list[str] = []
        self.completed = Phrases()

    def sync(self, tasks: dict[str, Task], changed: list[str] | None = None) -> None:
        """Bring the index up to `tasks`. `changed`: the book's journal (TaskBook._changed),
        where every task added or replaced is named: only those named since the last call
        are looked at then (a session with thousands of tasks syncs after every Task call)."""
        if changed is not None and tasks is self._tasks and changed is self._journal and self._sync_journal(tasks):
            return
        self._sync_all(tasks)
        if changed is not None:
            self._journal, self._seen, self._positions = changed, len(changed), None

    def _sync_journal(self, tasks: dict[str, Task]) -> bool:
        """The journal's new entries applied; False when they do not account for the book
        (then nothing was changed, and the whole book is compared)."""
        journal, keys = self._journal, self._keys
        assert journal is not None
        if len(journal) == self._seen:
            return len(tasks) == len(keys)
        positions = self._positions
        if positions is None:
            positions = self._positions = {key: index for index, key in enumerate(keys)}
        fresh = dict.fromkeys(journal[self._seen :])  # each key once, in order
        added = [key for key in fresh if key not in positions]
        if len(keys) + len(added) != len(tasks):
            return False
        # New keys were added to the book in the journal's order, so they take its next places.
        for key in added:
            positions[key] = len(keys)
            keys.append(key)
        self._seen = len(journal)
        indexes = sorted(positions[key] for key in fresh)
        values = self._values
        self._apply(indexes, [tasks[keys[index]] for index in indexes])
        for index in indexes:
            if index < len(values):
                values[index] = tasks[keys[index]]
            else:
                values.append(tasks[keys[index]])
        return True

    def _sync_all(self, tasks: dict[str, Task]) -> None:
        if tasks is not self._tasks or len(tasks) < len(self._keys):
            self._reset(tasks)
        keys, values = self._keys, self._values
        current = list(tasks.values())
        if len(current) > len(keys):
            now = list(tasks)
            if now[: len(keys)] != keys:  # not the book last seen, grown: start over
                self._reset(tasks)
                keys, values = self._keys, self._values
            keys.extend(now[len(keys) :])
            self._positions = None
        changed = list(compress(range(len(values)), map(is_not, current, values)))
        changed.extend(range(len(values), len(current)))
        if changed:
            self._apply(changed, [current[index] for index in changed])
        self._values = current

    def _apply(self, indexes: list[int], tasks: list[Task]) -> None:
        """The tasks at these positions (ascending; those past the end are new) as they are now."""
        values, open_tasks, statuses_changed = self._values, self._open, False
        for index, task in zip(indexes, tasks, strict=True):
            old = values[index] if index < len(values) else None
            if old is not None and old.status == task.status and old.subject == task.subject and old.id == task.id:
                continue  # touched: only last_touched_turn moved
            statuses_changed = True
            if old is not None:
                if old.status == "completed":
                    self.completed.remove(old.subject.lower(), index)
                open_tasks.get(old.status, set()).discard(index)
                self._ids[index] = task.id
            else:
                self._ids.append(task.id)
            if task.status == "completed":
                self.completed.add(task.subject.lower(), index)
            elif task.status in open_tasks:
                open_tasks[task.status].add(index)
        if statuses_changed:
            ids = self._ids
            self.working = [ids[i] for i in sorted(open_tasks["in_progress"] or open_tasks["pending"])]

    def mentioned(self, text: str, tokens: set[str] | None = None) -> list[str]:
        """Keys of the completed tasks whose lowered subject occurs in `text` (whose tokens,
        by TOKEN_RE, are `tokens` if known), in the book's order."""
        return [self._keys[index] for index in sorted(self.completed.found_in(text, tokens))]


class Phrases:
    """Phrases to look for in texts, each standing for some keys.

    `phrase in text` for every phrase, on every text, is what made mention tracking cost
    seconds per 100 MB. So each phrase is indexed by one *inner* token (by TOKEN_RE, with a
    non-token character on both sides inside the phrase): wherever the phrase occurs in a
    text, that token is a whole token of the text too. A text's tokens (one scan of it) then
    name the few phrases worth a search. Of a phrase's inner tokens, the one fewest phrases
    are filed under yet: subjects share words ("the parser of ..."), and a text naming a
    word thousands of subjects were filed under would be searched for each (texts x tasks).
    Phrases without an inner token (one or two words) are searched for every time. Exact
    whichever token files a phrase.
    """

    __slots__ = ("keys", "by_token", "loose", "anchors")

    def __init__(self) -> None:
        self.keys: dict[str, set[Any]] = {}
        self.by_token: dict[str, set[str]] = {}
        self.loose: set[str] = set()
        self.anchors: dict[str, str] = {}  # phrase -> the token it is filed under

    def _anchor(self, phrase: str) -> str | None:
        inner = [m.group() for m in TOKEN_RE.finditer(phrase) if m.start() > 0 and m.end() < len(phrase)]
        if not inner:
            return None
        by_token = self.by_token
        # The least used token; of those, the longest (the rarer word, most likely), then the first.
        return min(inner, key=lambda token: (len(by_token.get(token, ())), -len(token)))

    def add(self, phrase: str, key: Any) -> None:
        keys = self.keys.get(phrase)
        if keys is None:
            keys = self.keys[phrase] = set()
            anchor = self._anchor(phrase)
            if anchor is None:
                self.loose.add(phrase)
            else:
                self.anchors[phrase] = anchor
                self.by_token.setdefault(anchor, set()).add(phrase)
        keys.add(key)

    def remove(self, phrase: str, key: Any) -> None:
        keys = self.keys.get(phrase)
        if keys is None or key not in keys:
            return
        keys.discard(key)
        if not keys:
            del self.keys[phrase]
            anchor = self.anchors.pop(phrase, None)
            if anchor is None:
                self.loose.discard(phrase)
            else:
                self.by_token[anchor].discard(phrase)
                if not self.by_token[anchor]:
                    del self.by_token[anchor]

    def found_in(self, text: str, tokens: set[str] | None = None) -> list[Any]:
        """The keys of the phrases that occur in `text` (whose tokens are `tokens` if known)."""
        if not self.keys:
            return []
        if tokens is None:
            tokens = set(TOKEN_RE.findall(text))
        by_token = self.by_token
        found = [phrase for token in tokens & by_token.keys() for phrase in by_token[token] if phrase in text]
        if self.loose:
            found += [phrase for phrase in self.loose if phrase in text]
        return [key for phrase in found for key in self.keys[phrase]]
