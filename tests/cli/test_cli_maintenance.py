"""`context-keeper clear`, `reset` and `prune`: each removes exactly what it says, and says it."""

from __future__ import annotations

import fcntl
import os

import orjson
import pytest

from cli_support import Populated
from context_keeper.cli import main
from context_keeper.cli.runs_info import parse_duration


def _names(folder) -> set[str]:
    return {p.name for p in folder.iterdir()}


def test_clear_all(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    summaries = populated.runs / "summaries"
    (summaries / "junk.json").write_text("not a summary")  # cleared too: clear means empty
    size = sum(p.stat().st_size for p in summaries.iterdir())
    assert main(["clear", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert (data["count"], data["bytes"], data["dry_run"], data["failed"]) == (2, size, False, [])
    assert sorted(data["paths"]) == sorted(str(summaries / n) for n in ("junk.json", data["paths"][0].rsplit("/", 1)[1]))
    assert _names(summaries) == set()
    assert main(["clear"]) == 0
    assert capsys.readouterr().out.startswith("no summaries to remove")


def test_clear_one_session_dry_run_then_real(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    summaries = populated.runs / "summaries"
    before = _names(summaries)
    assert main(["clear", "--session", "2192", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("would remove 1 summary (") and _names(summaries) == before
    assert main(["clear", "--session", populated.sessions["bash_failure"]]) == 0  # a session without summaries
    assert capsys.readouterr().out.startswith("no summaries to remove")
    assert main(["clear", "--session", "2192"]) == 0
    assert capsys.readouterr().out.startswith("removed 1 summary (")
    assert _names(summaries) == set()


def test_reset_one_session_keeps_the_others(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    state = populated.runs / "state"
    session = populated.sessions["bash_failure"]
    assert main(["reset", "--session", session, "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["paths"] == [str(state / f"{session}.json")] and data["count"] == 1 and data["bytes"] > 0
    assert f"{session}.json" not in _names(state)
    assert f"{session}.lock" in _names(state)  # see runs_info.remove_states
    assert sum(n.endswith(".json") for n in _names(state)) == 4


def test_reset_all_and_the_next_hook_rebuilds(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    from cli_support import hook_env, run_hook

    assert any(n.endswith(".check") for n in _names(populated.runs / "state"))  # the hooks checked
    assert main(["reset"]) == 0
    assert capsys.readouterr().out.startswith("removed 5 session states (")
    # The gate's check records go with the states, or it would skip the next calls.
    assert not any(n.endswith((".json", ".check")) for n in _names(populated.runs / "state"))
    session = populated.sessions["tools_and_tasks"]
    run_hook("auto_context_manager.py", "PostToolUse:Bash", hook_env(populated.base, populated.home),
             session_id=session, transcript_path=str(populated.transcripts["tools_and_tasks"]), cwd=str(populated.repo))
    assert f"{session}.json" in _names(populated.runs / "state")


def test_reset_waits_for_a_running_hook(populated: Populated, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_LOCK_TIMEOUT", "0.1")
    session = populated.sessions["bash_failure"]
    fd = os.open(populated.runs / "state" / f"{session}.lock", os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # as a hook of the session would
    try:
        assert main(["reset", "--session", session]) == 1
    finally:
        os.close(fd)
    captured = capsys.readouterr()
    assert "a hook of this session is running; try again" in captured.err
    assert f"{session}.json" in _names(populated.runs / "state")


def test_unknown_session_is_a_usage_error(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("clear", "reset"):
        assert main([command, "--session", "zzz"]) == 2
        assert capsys.readouterr().err.startswith("context-keeper: no session 'zzz' in ")


def test_prune_removes_only_old_archives(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    archives = populated.runs / "archives"
    first = sorted(archives.iterdir())[0]
    # archive.py stamps the name with the UTC time it was taken: make one ten days old.
    old = archives / first.name.replace(first.name.split("_")[1], "20200101T000000Z")
    first.rename(old)
    assert main(["prune", "--older-than", "7d", "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("would remove 1 archive older than 7d (") and str(old) in out and old.exists()
    assert main(["prune", "--older-than", "7d", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["paths"] == [str(old)] and data["count"] == 1 and data["dry_run"] is False
    assert not old.exists() and len(_names(archives)) == 1
    assert main(["prune", "--older-than", "1w"]) == 0
    assert capsys.readouterr().out.startswith("no archives older than 1w to remove")


@pytest.mark.parametrize("age", ["7", "-1d", "7 days", "d", "1y", ""])
def test_prune_rejects_bad_durations(populated: Populated, age: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = _names(populated.runs / "archives")
    assert main(["prune", f"--older-than={age}"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("context-keeper: --older-than: ") and "90s, 30m, 12h, 7d, 2w" in err and len(err.splitlines()) == 1
    assert _names(populated.runs / "archives") == before


def test_prune_needs_older_than(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prune"]) == 2
    assert "--older-than" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "seconds"), [("90s", 90), ("30m", 1800), ("12h", 43200), ("7d", 604800), ("2w", 1209600), ("1.5H", 5400), ("0d", 0)])
def test_parse_duration(text: str, seconds: float) -> None:
    assert parse_duration(text) == seconds
