"""`context-keeper report` on a runs dir populated by the real hooks: a session named by a
prefix of its id or by its transcript, text and --json, and a clear error for an unknown one."""

from __future__ import annotations

import os
import re
from pathlib import Path

import orjson
import pytest

from cli_support import FIXTURE_CWD, Populated
from context_keeper.cli import main


@pytest.fixture
def projects(populated: Populated) -> dict[str, Path]:
    """The sessions' transcripts where Claude Code keeps them (measured: docs/how-it-works.md): under
    ~/.claude/projects/<the repo path, every non-alphanumeric character a dash>/<session>.jsonl."""
    folder = populated.base / ".claude" / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(populated.repo))
    folder.mkdir(parents=True)
    out = {}
    for name, path in populated.transcripts.items():
        out[name] = folder / f"{populated.sessions[name]}.jsonl"
        # Started in the repository: `context-keeper sessions` tells a repo's sessions by the
        # cwd their records carry.
        out[name].write_bytes(path.read_bytes().replace(FIXTURE_CWD.encode(), str(populated.repo).encode()))
    return out


def test_report_by_session_prefix(populated: Populated, projects: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    session = populated.sessions["tools_and_tasks"]
    assert main(["report", session[:6], "--width", "100"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"session     {session}\n")
    assert f"transcript  {projects['tools_and_tasks']}" in out
    assert f"runs dir    {populated.runs}" in out
    assert "turns       13" in out
    assert "tasks (2)" in out and "cold summaries (1)" in out
    summary_row = out.split("cold summaries (1)\n", 1)[1].splitlines()[1]
    assert summary_row.split()[:4] == ["1", "task", "completed", "8-9"] and summary_row.endswith("Write tests")
    assert "notes.txt  Edit" in out  # relative, not /home/dev/project/notes.txt
    assert all(len(line) <= 100 for line in out.split("context per turn", 1)[1].splitlines())


def test_report_json(populated: Populated, projects: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    session = populated.sessions["auto_compact"]
    assert main(["report", session, "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["session_id"] == session and data["turns"] == 4
    assert [p["tokens"] for p in data["points"]] == [22_108, 990_310, 22_108, 22_108]
    first = data["compactions"][0]
    assert (first["after_turn"], first["trigger"], first["pre_tokens"], first["in_transcript"]) == (2, "auto", 990_312, True)
    # The real PreCompact hook recorded this session's compaction (with today's fields).
    assert any(c["recorded_by"] == "pre_compact" and c["block_chars"] for c in data["compactions"])


def test_report_of_a_transcript_path(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", str(populated.transcripts["bash_failure"]), "--width", "120"]) == 0
    out = capsys.readouterr().out
    assert f"session     {populated.sessions['bash_failure']}" in out
    assert "open errors (2)" in out and "README.md" in out


def test_newest_session_by_default(populated: Populated, projects: dict[str, Path], capsys: pytest.CaptureFixture[str]) -> None:
    newest = projects["manual_compact"]
    later = max(p.stat().st_mtime for p in projects.values()) + 60
    os.utime(newest, (later, later))
    assert main(["report", "--json"]) == 0
    assert orjson.loads(capsys.readouterr().out)["session_id"] == populated.sessions["manual_compact"]


def test_unknown_session_is_a_usage_error(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["report", "zzzz"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("context-keeper: zzzz: no such file, nor a session of ") and err.count("\n") == 1
