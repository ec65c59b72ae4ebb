"""session.fold_errors: a record a fold step fails on is left out, counted and told to the
log; the rest of the session folds, and later folds go on from after it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_keeper.session import SessionModel, build_model, read_notes, texts, update_from_file


def _session(path: Path) -> Path:
    def say(n: int, text: str) -> dict[str, object]:
        return {"type": "assistant", "uuid": f"a{n}", "message": {"id": f"m{n}", "role": "assistant", "model": "claude-sonnet-4-5",
                                                                "content": [{"type": "text", "text": text}]}}

    write = {"type": "tool_use", "id": "toolu_1", "name": "Write", "input": {"file_path": "/p/app.py", "content": "x = 1\n"}}
    records = [
        {"type": "user", "uuid": "u1", "message": {"role": "user", "content": "Build the app."}},
        say(1, "We'll keep the config in one module because two copies drifted."),
        say(2, "BOOM: a text the fold step trips on"),
        {"type": "assistant", "uuid": "a3", "message": {"id": "m3", "role": "assistant", "model": "claude-sonnet-4-5", "content": [write]}},
        {"type": "user", "uuid": "u2", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "ok"}]}},
    ]
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.fixture
def tripping(monkeypatch: pytest.MonkeyPatch) -> None:
    real = texts.assistant_text

    def step(model: SessionModel, text: str) -> None:
        if text.startswith("BOOM"):
            raise KeyError("user" if "secret" not in text else "password=hunter2hunter2")
        real(model, text)

    monkeypatch.setattr(texts, "assistant_text", step)


def test_a_record_a_fold_step_fails_on_is_left_out_and_the_rest_folds(tmp_path: Path, tripping: None) -> None:
    model = build_model(_session(tmp_path / "t.jsonl"))
    assert list(model.files) == ["/p/app.py"]  # folded after the failing record
    assert model.turns == 3  # the failing response still counted as a turn before its text
    assert model.stats["fold_errors"] == 1
    assert read_notes(model) == ["left out 1 record(s) the fold failed on (first: KeyError: 'user'); please report it"]
    # Saved and resumed: nothing is folded twice, nothing more is told.
    again = update_from_file(SessionModel.from_bytes(model.to_bytes()), tmp_path / "t.jsonl")
    assert again == model and read_notes(again) == []


def test_without_a_failing_step_nothing_is_left_out(tmp_path: Path) -> None:
    model = build_model(_session(tmp_path / "t.jsonl"))
    assert "fold_errors" not in model.stats and read_notes(model) == []


def test_what_the_log_is_told_is_redacted(tmp_path: Path, tripping: None) -> None:
    path = _session(tmp_path / "t.jsonl")
    path.write_text(path.read_text().replace("BOOM: a text the fold step trips on", "BOOM: secret"))
    [note] = read_notes(build_model(path))
    assert "hunter2hunter2" not in note and "[REDACTED]" in note


def test_the_report_leaves_out_a_record_a_fold_step_fails_on_like_the_hooks(tmp_path: Path, tripping: None) -> None:
    """One fold loop for the hooks and the report: `context-keeper report` reads the whole
    transcript itself, and a record its fold step fails on must not end it in a traceback."""
    from context_keeper.report.data import read_session

    model, points = read_session(_session(tmp_path / "t.jsonl"))
    assert list(model.files) == ["/p/app.py"] and model.turns == 3
    assert model.stats["fold_errors"] == 1
    hooks = build_model(tmp_path / "t.jsonl")  # the same digest as the hooks fold
    assert (model.files, model.errors, model.turns) == (hooks.files, hooks.errors, hooks.turns)
