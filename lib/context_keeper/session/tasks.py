"""Task tracking from the Task tools (TaskCreate/TaskUpdate/TaskList/TaskGet) and TodoWrite.

Task ids come from the TaskCreate RESULT (measured: docs/how-it-works.md), so calls are applied when their result
arrives, joined by tool_use_id in `session`. TodoWrite carries whole snapshots instead;
its items are keyed by their text and get ids `todo-<n>` in order of first appearance.
"""

from __future__ import annotations

import re

from ..records import field, record, replace
from ..redact import redact

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
