"""`context-keeper inspect`: tables by default, stable JSON with --json, clear errors."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from context_keeper.cli import main

FIXTURES = Path(__file__).parents[1] / "fixtures"


def test_tables(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", str(FIXTURES / "tools_and_tasks.jsonl")]) == 0
    out = capsys.readouterr().out
    assert "turns    13" in out
    assert "context  18,132 / 1,000,000 tokens (1.8%, from usage)" in out
    assert "1   completed  Write tests" in out
    assert "2   deleted    Run linter" in out
    assert "/home/dev/project/notes.txt  Edit" in out


def test_json_round_trips(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "--json", str(FIXTURES / "bash_failure.jsonl")]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["turns"] == 3
    assert [(c["command"], c["ok"], c["exit_code"]) for c in data["commands"]] == [("echo out; echo err >&2; exit 3", False, 3)]
    assert [e["target"] for e in data["errors"]] == ["echo out; echo err >&2; exit 3", "/home/dev/project/README.md"]
    assert data["context"] == {"tokens": 1040, "window": 1_000_000, "percent": 0.1, "source": "usage"}


def test_compactions_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["inspect", "--json", str(FIXTURES / "manual_compact.jsonl")]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert [(c["trigger"], c["pre_tokens"], c["post_tokens"]) for c in data["compactions"]] == [("manual", 22108, 2640)]


@pytest.mark.parametrize("target", ["missing.jsonl", "."])
def test_bad_path_is_a_clear_usage_error(
    tmp_path: Path, target: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["inspect", target]) == 2
    err = capsys.readouterr().err
    assert err.startswith("context-keeper: ") and "Traceback" not in err and len(err.splitlines()) == 1


def test_unreadable_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads everything")
    path = tmp_path / "t.jsonl"
    path.write_text("{}\n")
    path.chmod(0)
    assert main(["inspect", str(path)]) == 2
    assert "cannot be read" in capsys.readouterr().err


def test_console_script_runs() -> None:
    result = subprocess.run([sys.executable, "-m", "context_keeper.cli", "inspect", str(FIXTURES / "todowrite_variant.jsonl")], capture_output=True, text=True, check=False)
    assert result.returncode == 0 and "todo-1  completed  Write tests" in result.stdout
    result = subprocess.run([sys.executable, "-m", "context_keeper.cli", "frobnicate"], capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
