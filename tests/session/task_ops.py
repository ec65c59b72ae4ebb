"""One task-book operation as the property tests of the task index draw them: (op, task id, arg)."""

from __future__ import annotations

from context_keeper.session.tasks import TaskBook


def apply(book: TaskBook, op: str, task_id: str, arg: object, turn: int) -> None:
    if op == "ensure":
        book.ensure(task_id, turn, str(arg))
    elif task_id in book.tasks and op == "status":
        book.set_status(task_id, str(arg), turn)
    elif task_id in book.tasks and op == "subject":
        book.set_fields(task_id, turn, subject=str(arg))
    elif op == "touch":
        book.touch(task_id, int(arg))  # type: ignore[call-overload]
    elif op == "todos":
        book.apply_todos([{"content": text, "status": "completed"} for text in arg], turn)  # type: ignore[attr-defined]
