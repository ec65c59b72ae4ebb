"""Shared set-up for the CLI tests: a runs dir populated by the REAL hooks.

The hook scripts run as subprocesses, exactly as Claude Code runs them, with the stdin
shapes of tests/fixtures/hook_stdin_samples.json pointed at copies of the shared
transcripts, CONTEXT_KEEPER_HOME at a temp dir and thresholds low enough that every
hook does its work (a cold check on every call, tasks cold after one turn).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import orjson
import pytest

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
HOOKS = ROOT / "hooks"
SAMPLES = orjson.loads((FIXTURES / "hook_stdin_samples.json").read_bytes())["samples"]

TRANSCRIPTS = ("tools_and_tasks", "bash_failure", "todowrite_variant", "manual_compact", "auto_compact")
LOW_THRESHOLDS = {
    "CONTEXT_KEEPER_CHECK_FREQUENCY": "1",
    "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0",
    "CONTEXT_KEEPER_TURNS_UNTIL_COLD": "1",
}


@dataclass(frozen=True)
class Populated:
    base: Path  # HOME for the CLI too: no real ~/.claude or ~/.config is read
    home: Path  # CONTEXT_KEEPER_HOME
    repo: Path
    runs: Path  # the repo's runs dir
    transcripts: dict[str, Path]
    sessions: dict[str, str]  # transcript name -> session id


def hook_env(base: Path, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))}
    return env | {"HOME": str(base), "CONTEXT_KEEPER_HOME": str(home)} | LOW_THRESHOLDS


def run_hook(script: str, sample: str, env: dict[str, str], **fields: str) -> subprocess.CompletedProcess[bytes]:
    stdin = dict(SAMPLES[sample]["stdin"]) | fields
    result = subprocess.run(
        [sys.executable, str(HOOKS / script)], input=orjson.dumps(stdin), env=env, capture_output=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result


def populate(base: Path) -> Populated:
    home, repo = base / "data", base / "repo"
    (repo / ".git").mkdir(parents=True)
    env = hook_env(base, home)
    transcripts: dict[str, Path] = {}
    sessions: dict[str, str] = {}
    for name in TRANSCRIPTS:
        path = base / "projects" / f"{name}.jsonl"
        path.parent.mkdir(exist_ok=True)
        shutil.copyfile(FIXTURES / f"{name}.jsonl", path)
        session = orjson.loads(path.read_bytes().split(b"\n", 1)[0])["sessionId"]
        transcripts[name], sessions[name] = path, session
        where = {"session_id": session, "transcript_path": str(path), "cwd": str(repo)}
        assert run_hook("auto_context_manager.py", "PostToolUse:Bash", env, **where).stdout == b""
        if name in ("manual_compact", "auto_compact"):
            trigger = name.split("_")[0]
            block = run_hook("pre_compact_preserve.py", f"PreCompact:{trigger}", env, **where).stdout
            assert block.startswith(b"[context-keeper]")
            run_hook("session_start_restore.py", "SessionStart:compact", env, **where)
    runs = next((home / "runs").iterdir())
    return Populated(base, home, repo, runs, transcripts, sessions)


@pytest.fixture(scope="session")
def populated_once(tmp_path_factory: pytest.TempPathFactory) -> Populated:
    return populate(tmp_path_factory.mktemp("populated"))


@pytest.fixture
def populated(populated_once: Populated, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Populated:
    """A private copy of the populated runs dir (tests may delete from it), with the
    CLI's environment pointed at it and the current directory in its repo."""
    base = tmp_path / "p"
    shutil.copytree(populated_once.base, base, symlinks=True)
    moved = Populated(
        base,
        base / "data",
        base / "repo",
        base / populated_once.runs.relative_to(populated_once.base),
        {k: base / v.relative_to(populated_once.base) for k, v in populated_once.transcripts.items()},
        dict(populated_once.sessions),
    )
    # The repo moved, so its runs dir key changed: move the runs dir to the new key.
    from context_keeper.store import find_repo_root, repo_key

    new_runs = moved.home / "runs" / repo_key(find_repo_root(moved.repo))
    moved.runs.rename(new_runs)
    moved = Populated(moved.base, moved.home, moved.repo, new_runs, moved.transcripts, moved.sessions)
    for key in [k for k in os.environ if k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(base))
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(moved.home))
    monkeypatch.chdir(moved.repo)
    return moved
