"""Models and helpers the preserve, restore-note and item tests share."""

from __future__ import annotations

from pathlib import Path

from context_keeper.cold.summaries import ResolvedError, ColdSummary
from context_keeper.session import CommandRun, ErrorEvent, FileChange, Note, SessionModel

FIXTURES = Path(__file__).parent / "fixtures"
ROOT = Path("/home/dev/project")
FIXTURE_NAMES = sorted((p.name for p in FIXTURES.glob("*.jsonl")))


def section(text: str, title_start: str) -> str:
    """The lines of the section whose title starts with `title_start` ("" if absent)."""
    for part in text.split("\n\n"):
        if part.startswith(title_start):
            return part
    return ""


def busy_model(tasks: int = 4, files: int = 5, errors: int = 3, decisions: int = 3, tests: int = 2) -> SessionModel:
    model = SessionModel(session_id="s-1", turns=500, context_tokens=150_000, tokens_source="usage")
    for i in range(1, tasks + 1):
        model.tasks.ensure(str(i), i, f"Task number {i}")
        model.tasks.set_fields(str(i), i, description=f"Do the work of task {i} carefully")
        model.tasks.set_status(str(i), ("in_progress", "pending", "completed")[i % 3], i + 1)
    for i in range(files):
        path = f"/home/dev/project/pkg{i % 7}/sub/module_{i}.py"
        model.files[path] = FileChange(path, "Edit", i, i)
    for i in range(errors):
        model.errors.append(ErrorEvent("Bash", f"make build-{i}", (f"error: target {i} failed",), i, 2))
    for i in range(decisions):
        model.decisions.append(Note(i, f"We chose approach {i} because it keeps the hot path flat."))
    for i in range(tests):
        cmd = f"pytest -q tests/test_{i}.py"
        model.tests[cmd] = CommandRun(
            cmd, i, i % 2 == 0, 0 if i % 2 == 0 else 1, () if i % 2 == 0 else ("E assert 1 == 2",), True
        )
    model.prompts.append(Note(1, "Please build the archiver."))
    return model


def summary(task_id: str, start: int, end: int, **kw: object) -> ColdSummary:
    base = dict(
        session_id="s-1",
        task_id=task_id,
        subject=f"Subject {task_id}",
        start_turn=start,
        end_turn=end,
        compressed_at="2026-11-22T10:00:00Z",
        files_modified=("/home/dev/project/lib/a.py", "/home/dev/project/tests/test_a.py"),
        commands_run=("pytest -q tests/test_a.py",),
        key_outcomes=("All 12 tests pass.",),
        errors_resolved=(
            ResolvedError("E assert 1 == 2", "pytest -q tests/test_a.py", "fixing the off-by-one in a.py"),
        ),
        kind="task",
        status="completed",
    )
    base.update(kw)
    return ColdSummary(**base)  # type: ignore[arg-type]
