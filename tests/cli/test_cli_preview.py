"""`context-keeper preview`: the PreCompact block and the cold units, with nothing written."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest

from cli_support import FIXTURES, Populated
from context_keeper.cli import main


def _snapshot(root: Path) -> dict[str, tuple[int, float, int]]:
    out = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            st = os.lstat(os.path.join(folder, name))
            out[os.path.relpath(os.path.join(folder, name), root)] = (st.st_size, st.st_mtime_ns, st.st_mode)
    return out


def test_preview_writes_nothing_when_there_is_no_runs_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "data"
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(home))
    monkeypatch.setenv("CONTEXT_KEEPER_TURNS_UNTIL_COLD", "1")
    monkeypatch.setenv("HOME", str(tmp_path))
    transcript = tmp_path / "t.jsonl"
    transcript.write_bytes((FIXTURES / "tools_and_tasks.jsonl").read_bytes())
    before = _snapshot(tmp_path)
    assert main(["preview", str(transcript), "--repo", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert not home.exists()
    assert _snapshot(tmp_path) == before
    assert "cold now (turns until cold 1): 1" in out
    assert "would be written" in out and "Write tests" in out
    assert "[context-keeper] Session state recorded just before this manual compaction" in out


def test_preview_json_on_a_populated_runs_dir(populated: Populated, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_TURNS_UNTIL_COLD", "1")
    before = _snapshot(populated.base)
    assert main(["preview", "--json", "--trigger", "auto", str(populated.transcripts["tools_and_tasks"])]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert _snapshot(populated.base) == before
    assert data["session_id"] == populated.sessions["tools_and_tasks"]
    assert data["runs_dir"] == str(populated.runs)
    assert [(c["task_id"], c["kind"], c["summary_exists"]) for c in data["cold"]] == [("1", "task", True)]
    assert data["block"].startswith("[context-keeper] Session state recorded just before this auto compaction")
    assert 'task #1 "Write tests"' in data["block"]  # the summary the hook wrote is in the block
    assert data["block_chars"] == len(data["block"]) <= 10_000


def test_preview_with_default_threshold_has_no_cold_units(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", "--json", str(populated.transcripts["bash_failure"])]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["cold"] == [] and "UNRESOLVED" in data["block"].upper()


def test_preview_missing_transcript(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["preview", "nope.jsonl"]) == 2
    assert capsys.readouterr().err.startswith("context-keeper: nope.jsonl: no such file")
