"""`context-keeper status` on a runs dir populated by the real hooks."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest

from cli_support import Populated
from context_keeper.cli import main


def test_status_tables(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status"]) == 0
    out = capsys.readouterr().out
    assert f"repo      {populated.repo}" in out
    assert f"runs dir  {populated.runs}" in out
    assert "none registered" in out
    lines = {line.split()[0]: line.split() for line in out.splitlines() if line.split()}
    assert lines["summaries"][1] == "1"
    assert lines["archives"][1] == "2"
    assert lines["state"][1] == "5"
    assert lines["preserved"][1] == "2"
    assert "last compaction" in out and "session 95e30f3b, auto, 22,108 tokens before" in out


def test_status_json(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["runs_dir"] == str(populated.runs) and data["runs_dir_exists"] is True
    assert [f["scope"] for f in data["settings_files"]] == ["user", "project", "local"]
    assert all(not f["exists"] and f["hooks"] == [] for f in data["settings_files"])
    assert data["data"]["archives"]["count"] == 2
    assert data["data"]["archives"]["bytes"] == sum(p.stat().st_size for p in (populated.runs / "archives").iterdir())
    assert data["data"]["compactions"]["records"] == 2
    assert data["last_compaction"]["trigger"] == "auto"
    assert data["last_compaction"]["session_id"] == populated.sessions["auto_compact"]
    assert data["data"]["total"]["count"] == sum(v["count"] for k, v in data["data"].items() if k != "total")


def test_status_finds_hooks_in_every_settings_file(populated: Populated, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    hooks_dir = Path(__file__).resolve().parents[2] / "hooks"
    user = populated.base / "claude-config" / "settings.json"
    user.parent.mkdir()
    monkeypatch.setenv("CLAUDE_CONFIG_DIR", str(user.parent))
    user.write_text(json.dumps({"hooks": {"PreCompact": [{"hooks": [
        {"type": "command", "command": f"/usr/bin/true-python {hooks_dir}/pre_compact_preserve.py", "timeout": 60}]}]}}))
    local = populated.repo / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text(json.dumps({"hooks": {"PostToolUse": [{"matcher": "Bash", "hooks": [
        {"type": "command", "command": "/nowhere/python /nowhere/hooks/auto_context_manager.py"}]}]}}))
    (populated.repo / ".claude" / "settings.json").write_text("{ // comment\n}")

    assert main(["status", "--json"]) == 0
    files = {f["scope"]: f for f in orjson.loads(capsys.readouterr().out)["settings_files"]}
    assert files["user"]["path"] == str(user)
    [pre] = files["user"]["hooks"]
    assert (pre["event"], pre["script_ok"], pre["interpreter_ok"], pre["timeout"]) == ("PreCompact", True, False, 60)
    [post] = files["local"]["hooks"]
    assert (post["script_ok"], post["timeout"]) == (False, None)
    assert "comments" in files["project"]["error"]

    assert main(["status"]) == 0
    out = capsys.readouterr().out
    assert "UNREADABLE" in out and "NOT SET" in out and "MISSING" in out


def test_status_of_a_repo_without_data(tmp_path: Path, populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other"
    other.mkdir()
    assert main(["status", "--repo", str(other)]) == 0
    out = capsys.readouterr().out
    assert "(not created yet)" in out and "last compaction  none recorded" in out
    assert not (populated.home / "runs" / "other").exists()


def test_bad_repo_is_a_usage_error(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "--repo", "/no/such/dir"]) == 2
    err = capsys.readouterr().err
    assert err == "context-keeper: --repo /no/such/dir: no such directory\n"
