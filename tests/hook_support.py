"""Running the compaction hooks as Claude Code does, for the PreCompact and SessionStart tests."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from context_keeper.session import build_model
from context_keeper.store import RunsDir, find_repo_root, repo_key

ROOT = Path(__file__).resolve().parent.parent
PRE_COMPACT = ROOT / "hooks" / "pre_compact_preserve.py"
SESSION_START = ROOT / "hooks" / "session_start_restore.py"
FIXTURES = Path(__file__).parent / "fixtures"
SAMPLES = json.loads((FIXTURES / "hook_stdin_samples.json").read_text())["samples"]
GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}


@dataclass(frozen=True)
class Result:
    rc: int
    out: str
    err: str


@dataclass(frozen=True)
class Env:
    home: Path
    project: Path
    transcript: Path
    session_id: str

    @property
    def runs(self) -> RunsDir:
        return RunsDir.at(self.home / "runs" / repo_key(find_repo_root(self.project)))

    def stdin(self, sample: str, **changes: Any) -> dict[str, Any]:
        data = dict(SAMPLES[sample]["stdin"])
        data.update(session_id=self.session_id, transcript_path=str(self.transcript), cwd=str(self.project))
        data.update(changes)
        return {k: v for k, v in data.items() if v is not None or k == "custom_instructions"}

    def run(self, script: Path, stdin: dict[str, Any] | bytes, **env: str) -> Result:
        raw = stdin if isinstance(stdin, bytes) else json.dumps(stdin).encode()
        environ = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(self.home.parent),
            "CONTEXT_KEEPER_HOME": str(self.home),
            "CONTEXT_KEEPER_CONFIG": str(self.home.parent / "config.toml"),
            **GIT_ENV,
            **env,
        }
        proc = subprocess.run(
            [sys.executable, str(script)], input=raw, capture_output=True, env=environ, cwd=self.project, timeout=120
        )
        return Result(proc.returncode, proc.stdout.decode(), proc.stderr.decode())

    def log(self) -> str:
        path = self.runs.log_path
        return path.read_text() if path.exists() else ""


def make_env(tmp_path: Path, fixture: str = "tools_and_tasks.jsonl", project: Path | None = None) -> Env:
    project = project or tmp_path / "project"
    project.mkdir(parents=True, exist_ok=True)
    (tmp_path / "config.toml").write_text("")
    transcript = tmp_path / "claude" / "projects" / f"{fixture}"
    transcript.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURES / fixture, transcript)
    session = build_model(transcript).session_id or "s"
    return Env(tmp_path / "ck-home", project, transcript, session)


def sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()
