"""`context-keeper config`: effective settings, where each came from, the project file."""

from __future__ import annotations

import os
from pathlib import Path

import orjson
import pytest

from context_keeper.cli import main


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for key in [k for k in os.environ if k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(tmp_path))
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "sub").mkdir()
    monkeypatch.chdir(repo / "sub")
    return repo


def test_every_value_and_its_origin(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    user = tmp_path / ".config" / "context-keeper" / "config.toml"
    user.parent.mkdir(parents=True)
    user.write_text("turns_until_cold = 30\nblock_max_chars = 9000\n")
    (repo / ".context-keeper.toml").write_text("turns_until_cold = 5\nenabled = false\n")
    monkeypatch.setenv("CONTEXT_KEEPER_CONTEXT_THRESHOLD", "60%")
    assert main(["config"]) == 0
    out = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:] for line in out.split("\n\n")[1].splitlines()[1:]}
    assert rows["turns_until_cold"] == ["5", "project", "file", ".context-keeper.toml"]
    assert rows["enabled"] == ["false", "project", "file", ".context-keeper.toml"]
    assert rows["block_max_chars"] == ["9,000", "config", "file", "~/.config/context-keeper/config.toml"]
    assert rows["context_threshold"] == ["60.0%", "environment", "CONTEXT_KEEPER_CONTEXT_THRESHOLD"]
    assert rows["lock_timeout"] == ["5.0", "default"] and rows["context_window"] == ["(per", "model)", "default"]
    assert rows["home"] == [str(tmp_path / ".local" / "share" / "context-keeper"), "default"]
    assert f"project file  {repo / '.context-keeper.toml'}\n" in out and "warnings" not in out

    assert main(["config", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["settings"]["enabled"] == {"value": False, "origin": "project", "where": str(repo / ".context-keeper.toml"), "env": "CONTEXT_KEEPER_ENABLED"}
    assert data["settings"]["context_window"]["value"] is None
    assert data["config_file"] == {"path": str(user), "exists": True} and data["warnings"] == []


def test_unknown_keys_and_bad_values_are_listed(repo: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (repo / ".context-keeper.toml").write_text("turns_until_colt = 5\ncheck_frequency = 0\nhome = '/tmp/x'\n")
    assert main(["config"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # part of the output, not warnings on the side
    warnings = captured.out.split("\n\nwarnings (3)\n")[1].splitlines()
    project = repo / ".context-keeper.toml"
    assert warnings == [
        f"  project file {project}: unknown setting 'turns_until_colt' ignored (did you mean 'turns_until_cold'?)",
        f"  project file {project}: check_frequency = 0 is below the minimum 1; using 10",
        f"  project file {project}: home cannot be set in a project file (it belongs to the user); ignored",
    ]


def test_other_commands_use_the_project_file_and_warn(repo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(tmp_path / "data"))
    (repo / ".context-keeper.toml").write_text("enabled = false\nzzz = 1\n")
    assert main(["status"]) == 0
    captured = capsys.readouterr()
    assert "enabled   false (~/repo/.context-keeper.toml): the hooks do nothing in this repository" in captured.out
    assert captured.err == f"context-keeper: warning: project file {repo / '.context-keeper.toml'}: unknown setting 'zzz' ignored\n"
