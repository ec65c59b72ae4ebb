"""The cold rule, the summary of one unit, writing it once, and reading summaries back."""

from __future__ import annotations

import json
import os
import stat
from datetime import datetime, timezone
from pathlib import Path

import pytest

from context_keeper.cold.summaries import (
    REQUIRED_KEYS,
    ResolvedError,
    build_summary,
    cold_units,
    episode_is_cold,
    load_summaries,
    summarize_cold,
    task_is_cold,
)
from context_keeper.session import Episode, ErrorEvent, SessionModel, UnitFacts, build_model
from context_keeper.store import RunsDir
from context_keeper.session.tasks import Task

FIXTURES = Path(__file__).parents[1] / "fixtures"
NOW = datetime(2026, 11, 22, 12, 0, 0, tzinfo=timezone.utc)


def task(status: str = "completed", completed: int | None = 10, touched: int = 10, **kw: object) -> Task:
    return Task(id="1", subject="Write tests", status=status, created_turn=2, started_turn=4,
                completed_turn=completed, last_touched_turn=touched, **kw)  # type: ignore[arg-type]


def episode(end: int = 10, touched: int = 3, ended: bool = True, has_tasks: bool = False) -> Episode:
    return Episode(n=1, subject="Add a flag", start_turn=3, end_turn=end, last_touched_turn=touched,
                   ended=ended, has_tasks=has_tasks)


# -- the rule ------------------------------------------------------------------------------------


def test_completed_task_goes_cold_strictly_after_n_turns() -> None:
    assert not task_is_cold(task(), now=30, turns_until_cold=20)  # 20 turns ago: not yet
    assert task_is_cold(task(), now=31, turns_until_cold=20)


@pytest.mark.parametrize("status", ["pending", "in_progress", "deleted"])
def test_only_completed_tasks_go_cold(status: str) -> None:
    assert not task_is_cold(task(status=status), now=1000, turns_until_cold=20)


def test_a_recently_mentioned_task_stays_warm() -> None:
    assert not task_is_cold(task(touched=25), now=31, turns_until_cold=20)
    assert task_is_cold(task(touched=25), now=46, turns_until_cold=20)


def test_episode_cold_rule() -> None:
    assert episode_is_cold(episode(), now=31, turns_until_cold=20)
    assert not episode_is_cold(episode(), now=30, turns_until_cold=20)
    assert not episode_is_cold(episode(ended=False), now=1000, turns_until_cold=20)  # still current
    assert not episode_is_cold(episode(has_tasks=True), now=1000, turns_until_cold=20)  # tasks cover it
    assert not episode_is_cold(episode(touched=15), now=31, turns_until_cold=20)  # mentioned recently


def test_cold_units_skip_summarised_and_order_by_start() -> None:
    model = SessionModel(turns=50)
    model.tasks.tasks["7"] = Task(id="7", subject="Late task", status="completed", created_turn=20,
                                  completed_turn=22, last_touched_turn=22)
    model.tasks.tasks["3"] = Task(id="3", subject="Early task", status="completed", created_turn=5,
                                  started_turn=6, completed_turn=9, last_touched_turn=9)
    model.tasks.tasks["4"] = Task(id="4", subject="Open task", status="in_progress", created_turn=5)
    model.episodes = [episode(end=12, touched=1), Episode(2, "With tasks", 13, 30, 13, True, True),
                      Episode(3, "Now", 31, 50, 31)]
    units = cold_units(model, turns_until_cold=20)
    assert [(u.key, u.task_id, u.kind, u.start_turn, u.end_turn) for u in units] == [
        ("prompt-1", "prompt-1", "episode", 3, 12),
        ("task-3", "3", "task", 6, 9),  # started_turn, not created_turn
        ("task-7", "7", "task", 20, 22),  # never in progress: from creation
    ]
    model.summarized["task-3"] = 40
    assert [u.key for u in cold_units(model, turns_until_cold=20)] == ["prompt-1", "task-7"]


def test_real_transcript_task_goes_cold_and_its_episode_never_does(tmp_path: Path) -> None:
    model = build_model(FIXTURES / "tools_and_tasks.jsonl")
    # Task 1 completed at turn 9; TaskGet named it at turn 11; 13 turns in all.
    assert (model.tasks.tasks["1"].completed_turn, model.tasks.tasks["1"].last_touched_turn) == (9, 11)
    assert cold_units(model, turns_until_cold=2) == []
    [unit] = cold_units(model, turns_until_cold=1)
    assert (unit.key, unit.subject, unit.description) == ("task-1", "Write tests", "Write the unit tests for notes")
    # The only episode used task tools, and is current anyway; task 2 was deleted.
    runs = RunsDir.at(tmp_path / "runs")
    assert summarize_cold(runs, model, "s1", FIXTURES / "tools_and_tasks.jsonl", 1, NOW) == ["1"]
    [summary] = load_summaries(runs)
    assert (summary.task_id, summary.start_turn, summary.end_turn, summary.status) == ("1", 8, 9, "completed")


# -- one summary ----------------------------------------------------------------------------------


def facts() -> UnitFacts:
    fixed = ErrorEvent("Bash", "pytest -q", ("FAILED t.py::a - assert 1 == 2",), 4, 1, 6, "`pytest -q` succeeded after editing t.py")
    open_ = ErrorEvent("file", "/r/x.py", ("String to replace not found in file.",), 5)
    return UnitFacts(
        files=["/r/t.py", "/r/x.py"],
        commands=["pytest -q", "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789"],
        decisions=["I chose a fake clock because sleeping is flaky."],
        texts=["Looking at t.py.", "I chose a fake clock because sleeping is flaky."],
        errors=[fixed, fixed, open_],
    )


def test_summary_has_the_required_keys_deduplicated_and_redacted(tmp_path: Path) -> None:
    model = SessionModel(turns=40)
    model.episodes = [Episode(1, "Fix the flaky test", 2, 9, 2, True)]
    model.facts["prompt-1"] = facts()
    [unit] = cold_units(model, 20)
    summary = build_summary(unit, model.facts["prompt-1"], "sess", "/t.jsonl", NOW)
    assert set(REQUIRED_KEYS) <= set(summary)
    assert summary == {
        "session_id": "sess",
        "task_id": "prompt-1",
        "subject": "Fix the flaky test",
        "start_turn": 2,
        "end_turn": 9,
        "compressed_at": "2026-11-22T12:00:00Z",
        "files_modified": ["/r/t.py", "/r/x.py"],
        "commands_run": ["pytest -q", "export GITHUB_TOKEN=ghp_[REDACTED]"],
        "key_outcomes": ["I chose a fake clock because sleeping is flaky.", "Looking at t.py."],
        "errors_resolved": [
            {"error": "FAILED t.py::a - assert 1 == 2", "target": "pytest -q",
             "fixed_by": "`pytest -q` succeeded after editing t.py"},
        ],
        "kind": "episode",
        "status": "ended",
        "description": "",
        "errors_unresolved": [{"error": "String to replace not found in file.", "target": "/r/x.py"}],
        "transcript_path": "/t.jsonl",
        "details_recorded": True,
    }


def test_a_run_with_several_failures_is_one_error_naming_each() -> None:
    model = SessionModel(turns=40)
    model.episodes = [Episode(1, "Fix the suite", 2, 9, 2, True)]
    messages = ("tests/test_a.py::test_x: assert 1 == 2", "tests/test_a.py::test_y: IndexError: list index out of range")
    model.facts["prompt-1"] = UnitFacts(errors=[
        ErrorEvent("Bash", "pytest -q", messages, 4, 1, 6, "`pytest -q` succeeded", more=3),
        ErrorEvent("Bash", "ruff check", ("a.py:1:1: F401 `os` imported but unused",), 5, 1),
    ])
    [unit] = cold_units(model, 20)
    summary = build_summary(unit, model.facts["prompt-1"], "s", None, NOW)
    assert summary["errors_resolved"] == [{
        "error": "tests/test_a.py::test_x: assert 1 == 2 | tests/test_a.py::test_y: IndexError: list index out of range (+3 more)",
        "target": "pytest -q", "fixed_by": "`pytest -q` succeeded"}]
    assert summary["errors_unresolved"] == [{"error": "a.py:1:1: F401 `os` imported but unused", "target": "ruff check"}]


def test_summary_lists_are_capped_in_order() -> None:
    model = SessionModel(turns=40)
    model.episodes = [Episode(1, "Many things", 2, 9, 2, True)]
    many = UnitFacts(files=[f"/r/f{i}.py" for i in range(50)], commands=["x " * 400],
                     texts=[f"text {i}" for i in range(30)])
    [unit] = cold_units(model, 20)
    summary = build_summary(unit, many, "s", None, NOW)
    assert summary["files_modified"] == [f"/r/f{i}.py" for i in range(30)]
    assert summary["key_outcomes"] == [f"text {i}" for i in range(10)]
    assert len(summary["commands_run"][0]) == 300
    assert summary["transcript_path"] is None
    # Facts evicted from the model (or never recorded): said so, not silently empty.
    bare = build_summary(unit, None, "s", None, NOW)
    assert bare["details_recorded"] is False and bare["files_modified"] == [] and bare["subject"] == "Many things"


def test_written_once_private_and_state_shrinks(tmp_path: Path) -> None:
    runs = RunsDir.at(tmp_path / "runs")
    model = SessionModel(turns=40)
    model.episodes = [Episode(1, "Fix the flaky test", 2, 9, 2, True)]
    model.facts["prompt-1"] = facts()
    assert summarize_cold(runs, model, "sess", "/t.jsonl", 20, NOW) == ["prompt-1"]
    path = runs.summary_path("sess", "prompt-1")
    assert path.name == __import__("hashlib").md5(b"sess:prompt-1").hexdigest() + ".json"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(runs.summaries.stat().st_mode) == 0o700
    assert model.summarized == {"prompt-1": 40} and "prompt-1" not in model.facts
    assert summarize_cold(runs, model, "sess", "/t.jsonl", 20, NOW) == []  # already summarised
    before = path.read_bytes()
    # A model rebuilt from scratch (state lost) finds the unit cold again: the file stays as it was.
    fresh = SessionModel(turns=41)
    fresh.episodes = [Episode(1, "Fix the flaky test", 2, 9, 2, True)]
    assert summarize_cold(runs, fresh, "sess", "/t.jsonl", 20, datetime(2030, 1, 1, tzinfo=timezone.utc)) == []
    assert fresh.summarized == {"prompt-1": 41}
    assert path.read_bytes() == before
    assert [p.name for p in runs.summaries.iterdir()] == [path.name]  # no temp files left


# -- reading back ---------------------------------------------------------------------------------


def test_load_summaries_orders_filters_and_skips_junk(tmp_path: Path) -> None:
    runs = RunsDir.at(tmp_path / "runs")
    late, early, other = SessionModel(turns=90), SessionModel(turns=90), SessionModel(turns=90)
    late.episodes = [Episode(2, "Late", 30, 40, 30, True)]
    early.tasks.tasks["1"] = Task(id="1", subject="Early", status="completed", created_turn=1, completed_turn=5, last_touched_turn=5)
    early.facts["task-1"] = facts()
    other.episodes = [Episode(1, "Other session", 1, 2, 1, True)]
    summarize_cold(runs, late, "s1", None, 20, NOW)
    summarize_cold(runs, early, "s1", None, 20, NOW)
    summarize_cold(runs, other, "s2", None, 20, NOW)
    (runs.summaries / "broken.json").write_text("{not json")
    (runs.summaries / "wrong.json").write_text(json.dumps({"session_id": "s1", "task_id": "9"}))
    (runs.summaries / "types.json").write_text(json.dumps({k: 1 for k in REQUIRED_KEYS}))
    (runs.summaries / ".x.json.123.tmp").write_text("")
    os.symlink(runs.summary_path("s1", "1"), runs.summaries / "link.json")
    got = load_summaries(runs, "s1")
    assert [(s.task_id, s.kind, s.start_turn) for s in got] == [("1", "task", 1), ("prompt-2", "episode", 30)]
    first = got[0]
    assert first.errors_resolved == (ResolvedError("FAILED t.py::a - assert 1 == 2", "pytest -q",
                                                   "`pytest -q` succeeded after editing t.py"),)
    assert first.commands_run[1] == "export GITHUB_TOKEN=ghp_[REDACTED]"
    assert first.path == runs.summary_path("s1", "1")
    assert len(load_summaries(runs)) == 3
    assert load_summaries(RunsDir.at(tmp_path / "missing")) == []
