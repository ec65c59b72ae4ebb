"""`context-keeper summaries` and `show` on summaries written by the real PostToolUse hook."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from cli_support import Populated
from context_keeper.cli import main


def _only_summary(populated: Populated) -> Path:
    [path] = (populated.runs / "summaries").iterdir()
    return path


def _copy_for_session(populated: Populated, session: str) -> Path:
    """A second summary of task 1, as another session of the same repo would write it."""
    import hashlib

    data = orjson.loads(_only_summary(populated).read_bytes()) | {"session_id": session}
    path = populated.runs / "summaries" / (hashlib.md5(f"{session}:1".encode()).hexdigest() + ".json")
    path.write_bytes(orjson.dumps(data))
    path.chmod(0o600)
    return path


def test_summaries_table(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["summaries"]) == 0
    out = capsys.readouterr().out
    name = _only_summary(populated).stem
    assert out.splitlines()[0].split() == ["file", "session", "task", "kind", "status", "turns", "compressed", "subject"]
    row = out.splitlines()[1].split()
    assert row[:6] == [name[:12], "21924ad1", "1", "task", "completed", "8-9"]
    assert out.splitlines()[1].endswith("Write tests")
    assert "1 summary in" in out


def test_summaries_json_round_trips(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["summaries", "--json"]) == 0
    [item] = orjson.loads(capsys.readouterr().out)
    on_disk = orjson.loads(_only_summary(populated).read_bytes())
    assert item["name"] == _only_summary(populated).stem and item["path"] == str(_only_summary(populated))
    for key in ("session_id", "task_id", "subject", "start_turn", "end_turn", "compressed_at", "files_modified", "commands_run", "key_outcomes", "kind", "status"):
        assert item[key] == on_disk[key], key


def test_summaries_of_one_session(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    _copy_for_session(populated, "other-session")
    assert main(["summaries", "--json"]) == 0
    assert len(orjson.loads(capsys.readouterr().out)) == 2
    assert main(["summaries", "--json", "--session", "other"]) == 0  # a unique prefix
    assert [s["session_id"] for s in orjson.loads(capsys.readouterr().out)] == ["other-session"]
    assert main(["summaries", "--session", populated.sessions["bash_failure"]]) == 0  # known, no summaries
    assert "no summaries" in capsys.readouterr().out


def test_unknown_session_is_a_usage_error(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["summaries", "--session", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("context-keeper: no session 'nope'") and len(err.splitlines()) == 1


@pytest.mark.parametrize("key", ["1", "FULL", "FULL.json", "PREFIX"])
def test_show_by_task_id_name_or_prefix(populated: Populated, key: str, capsys: pytest.CaptureFixture[str]) -> None:
    name = _only_summary(populated).stem
    key = key.replace("FULL", name).replace("PREFIX", name[:6])
    assert main(["show", key]) == 0
    out = capsys.readouterr().out
    assert f"file        {_only_summary(populated)}" in out
    assert "task        1 (task, completed)" in out
    assert "subject     Write tests" in out
    assert "turns       8-9" in out


def test_show_json(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "--json", "1"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["task_id"] == "1" and data["session_id"] == populated.sessions["tools_and_tasks"]
    assert data["description"] == orjson.loads(_only_summary(populated).read_bytes())["description"]


def test_show_ambiguous_and_missing(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    other = _copy_for_session(populated, "other-session")
    assert main(["show", "1"]) == 2
    err = capsys.readouterr().err
    assert "matches 2 summaries" in err and "--session" in err and len(err.splitlines()) == 1
    assert main(["show", "1", "--session", "other"]) == 0
    assert "session     other-session" in capsys.readouterr().out
    assert main(["show", other.stem[:10]]) == 0
    capsys.readouterr()
    assert main(["show", "prompt-9"]) == 2
    assert "no summary named or with task id 'prompt-9'" in capsys.readouterr().err


def test_short_file_name_prefix_is_not_guessed(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    name = _only_summary(populated).stem
    assert main(["show", name[:3]]) == 2  # could be a mistyped task id
    assert "no summary named" in capsys.readouterr().err
    assert main(["show", name[:4]]) == 0
