"""state: the saved session model, brought up to date under the session lock."""

from __future__ import annotations

import json
from pathlib import Path

from context_keeper.session import SessionModel, build_model
from context_keeper.session.state import load_session
from context_keeper.store import RunsDir

FIXTURES = Path(__file__).parents[1] / "fixtures"
LATE = {"type": "user", "uuid": "late-1", "message": {"role": "user", "content": "A LATE PROMPT written while settling"}}


def test_lines_written_while_the_transcript_settles_are_folded_and_saved(tmp_path: Path) -> None:
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "tools_and_tasks.jsonl").read_bytes())
    runs = RunsDir.at(tmp_path / "runs").ensure()
    waited = []

    def settled() -> None:  # Claude Code writes the last record while PreCompact waits
        waited.append(SessionModel.from_bytes(runs.state_path("s").read_bytes()) if runs.state_path("s").exists() else None)
        with open(transcript, "a") as handle:
            handle.write(json.dumps(LATE) + "\n")

    model = load_session(runs, "s", transcript, 1.0, settled=settled)
    assert waited == [None]  # waited for after the first fold, before anything was saved
    assert model is not None and model.offset == transcript.stat().st_size
    assert model.prompts[-1].text == "A LATE PROMPT written while settling"
    saved = SessionModel.from_bytes(runs.state_path("s").read_bytes())
    assert saved.to_bytes() == model.to_bytes() == build_model(transcript).to_bytes()


def test_the_catch_up_stops_where_the_transcript_settled(tmp_path: Path) -> None:
    """A turn that goes on beside a summary computed in the background writes past the size the
    archive settled at: the model stops there, so its turns are the archive's."""
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "tools_and_tasks.jsonl").read_bytes())
    runs = RunsDir.at(tmp_path / "runs").ensure()
    settled_at: list[int] = []

    def settled() -> int:
        with open(transcript, "a") as handle:
            handle.write(json.dumps(LATE) + "\n")
        settled_at.append(transcript.stat().st_size)
        with open(transcript, "a") as handle:  # the turn goes on after the archive's end
            handle.write(json.dumps(LATE | {"uuid": "later", "message": {"role": "user", "content": "AFTER THE ARCHIVE"}}) + "\n")
        return settled_at[0]

    model = load_session(runs, "s", transcript, 1.0, settled=settled)
    assert model is not None and model.offset == settled_at[0] < transcript.stat().st_size
    assert model.prompts[-1].text == "A LATE PROMPT written while settling"
    # The next fold goes on from there: nothing is lost.
    later = load_session(runs, "s", transcript, 1.0)
    assert later is not None and later.prompts[-1].text == "AFTER THE ARCHIVE"
    assert later.to_bytes() == build_model(transcript).to_bytes()


def test_without_settled_nothing_is_waited_for(tmp_path: Path) -> None:
    runs = RunsDir.at(tmp_path / "runs").ensure()
    model = load_session(runs, "s", FIXTURES / "bash_failure.jsonl", 1.0)
    assert model is not None and model.offset == (FIXTURES / "bash_failure.jsonl").stat().st_size
