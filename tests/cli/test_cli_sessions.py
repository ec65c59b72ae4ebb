"""`context-keeper sessions`, and session ids in place of transcript paths (inspect, preview)."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest

from cli_support import claude_transcript
from context_keeper.cli import main


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repo with sessions in it and its subdirectories, and lookalikes that are not its."""
    for key in [k for k in os.environ if k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(tmp_path / "data"))
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "vendor" / "lib" / ".git").mkdir(parents=True)  # a repository of its own
    claude = tmp_path / ".claude"
    claude_transcript(claude, "tools_and_tasks", repo)
    claude_transcript(claude, "manual_compact", repo / "src" / "app")
    claude_transcript(claude, "auto_compact", repo / "old")  # folder -…-repo-old, like /…/repo-old's
    claude_transcript(claude, "bash_failure", tmp_path / "repo-old")  # same folder, another directory
    claude_transcript(claude, "todowrite_variant", repo / "vendor" / "lib")
    (repo / "src").mkdir()  # the other directories need not exist any more
    (tmp_path / "repo-old").mkdir()
    monkeypatch.chdir(repo / "src")
    return tmp_path


def test_sessions_of_the_repo_newest_first(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sessions"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["session", "started", "last", "active", "turns", "context", "compactions", "cwd"]
    rows = [line.split() for line in lines[1:4]]
    assert [r[0] for r in rows] == ["21924ad1", "95e30f3b", "345b0387"]  # by last activity
    assert rows[0][1:] == ["2026-11-22T11:58:16Z", "2026-11-22T11:58:18Z", "13", "18,132", "(1.8%)", "0", "."]
    assert rows[1][-2:] == ["1", "old"] and rows[2][-2:] == ["1", "src/app"]
    assert lines[4:] == ["", f"3 sessions in {home / '.claude' / 'projects' / project(home / 'repo')}*"]


def project(path: Path) -> str:
    from context_keeper.session.repo_sessions import project_folder

    return project_folder(path)


def test_sessions_json_and_claude_config_dir(home: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    (home / ".claude").rename(home / "elsewhere")
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(home / "elsewhere"))
    assert main(["sessions", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert [s["cwd"] for s in data] == [str(home / "repo"), str(home / "repo" / "old"), str(home / "repo" / "src" / "app")]
    first = data[0]
    assert first["session_id"] == "21924ad1-6682-4fb7-9081-ad5504e1f420"
    assert (first["turns"], first["compactions"], first["context"]["tokens"]) == (13, 0, 18132)
    assert first["path"] == str(home / "elsewhere" / "projects" / project(home / "repo") / f"{first['session_id']}.jsonl")
    assert first["bytes"] == Path(first["path"]).stat().st_size
    assert main(["sessions", "--repo", str(home / "repo-old")]) == 0  # its own session only
    assert capsys.readouterr().out.splitlines()[1].split()[0] == "2f8e2586"


def test_no_sessions(tmp_path: Path, home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["sessions", "--repo", str(tmp_path / "empty")]) == 0
    assert capsys.readouterr().out.startswith(f"no sessions of {tmp_path / 'empty'} in ")


def test_inspect_and_preview_take_a_session_id_prefix(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "2192"]) == 0
    out = capsys.readouterr().out
    assert "session  21924ad1-6682-4fb7-9081-ad5504e1f420" in out
    assert "\nnotes.txt  Edit" in out  # a path in the repo, shown relative to it
    assert main(["preview", "--json", "21924ad1-6682-4fb7-9081-ad5504e1f420"]) == 0
    assert orjson.loads(capsys.readouterr().out)["session_id"] == "21924ad1-6682-4fb7-9081-ad5504e1f420"
    assert main(["inspect", "--json", "95e3"]) == 0  # started in a subdirectory
    assert len(orjson.loads(capsys.readouterr().out)["compactions"]) == 1


def test_session_ids_that_are_not_the_repos(home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "2f8e"]) == 2  # the lookalike directory's session
    err = capsys.readouterr().err
    assert err.startswith("context-keeper: 2f8e: no such file, nor a session of ") and len(err.splitlines()) == 1
    assert main(["inspect", "2f8e", "--repo", str(home / "repo-old")]) == 0
    capsys.readouterr()
    claude_transcript(home / ".claude", "bash_failure", home / "repo", session_id="21924ad1-0000-4000-8000-000000000000")
    assert main(["preview", "2192"]) == 2
    assert "session '2192' is ambiguous: 21924ad1-0000-4000-8000-000000000000, 21924ad1-6682" in capsys.readouterr().err
