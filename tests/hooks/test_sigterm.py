"""the async PostToolUse hook (auto_context_manager) is killed with SIGTERM when a
`claude -p` run ends while it works (measured: docs/how-it-works.md, "The hooks"). Killed at random points of
real runs, it leaves every file whole: the saved state loads, no temporary file stays, every
log line is complete, every summary parses; the next uninterrupted call finishes the work."""

from __future__ import annotations

import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from context_keeper.session import SessionModel, build_model
from context_keeper.store import RunsDir, find_repo_root, repo_key

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "bench"))
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \d+ (INFO|WARNING|ERROR) \S")

pytestmark = pytest.mark.slow


def test_sigterm_at_random_points_leaves_every_file_whole(tmp_path: Path) -> None:
    from gen_transcript import SessionSpec, generate

    transcript, truth_path = generate(SessionSpec(name="sigterm", target_bytes=16_000_000, seed=7), tmp_path)
    session = json.loads(truth_path.read_text())["session_id"]
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    home = tmp_path / "data"
    runs = RunsDir.at(home / "runs" / repo_key(find_repo_root(project)))
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "CONTEXT_KEEPER_HOME": str(home),
           "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0",
           "CONTEXT_KEEPER_CHECK_FREQUENCY": "1", "CONTEXT_KEEPER_TURNS_UNTIL_COLD": "2"}
    stdin = json.dumps({"session_id": session, "transcript_path": str(transcript), "cwd": str(project),
                        "hook_event_name": "PostToolUse", "tool_name": "Bash", "tool_input": {"command": "ls"},
                        "tool_response": {"stdout": ""}, "tool_use_id": "toolu_1"}).encode()
    rng = random.Random(15)
    outcomes = []
    for attempt in range(16):
        if attempt % 2 == 0:
            for state in runs.state.glob("*"):
                state.unlink()  # a fold from the start again, cut somewhere else
        lock = runs.lock_path(session)
        if lock.exists():
            lock.unlink()
        proc = subprocess.Popen([sys.executable, str(REPO / "hooks" / "auto_context_manager.py")], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        assert proc.stdin is not None
        proc.stdin.write(stdin)
        proc.stdin.close()
        # Half the kills at any moment from the start; half once the hook holds the session
        # lock (it is folding or writing), so some surely land inside the work.
        if attempt % 2:
            time.sleep(rng.uniform(0.0, 0.6))
        else:
            deadline = time.monotonic() + 30
            while not lock.exists() and proc.poll() is None and time.monotonic() < deadline:
                time.sleep(0.002)
            time.sleep(rng.uniform(0.0, 0.15))
        proc.send_signal(signal.SIGTERM)
        assert proc.stdout is not None and proc.stderr is not None
        out, err = proc.stdout.read(), proc.stderr.read()
        proc.wait(timeout=60)
        # Before the guard is up (interpreter start, imports) the default action ends it.
        assert proc.returncode in (0, -signal.SIGTERM), (proc.returncode, err)
        assert (out, err) == (b"", b"")
        outcomes.append(proc.returncode)
        check_whole(runs, session)

    assert "terminated by SIGTERM" in logs(runs), "no kill landed inside the hook's work"
    final = subprocess.run([sys.executable, str(REPO / "hooks" / "auto_context_manager.py")], input=stdin, env=env,
                           capture_output=True, timeout=120)
    assert (final.returncode, final.stdout, final.stderr) == (0, b"", b"")
    for _ in range(10):  # a first fold stops after a few seconds; the next calls go on
        state = SessionModel.from_bytes(runs.state_path(session).read_bytes())
        if state.offset == transcript.stat().st_size:
            break
        subprocess.run([sys.executable, str(REPO / "hooks" / "auto_context_manager.py")], input=stdin, env=env, timeout=120)
    assert state.offset == transcript.stat().st_size and state.turns == build_model(transcript).turns
    check_whole(runs, session)


def logs(runs: RunsDir) -> str:
    return runs.log_path.read_text() if runs.log_path.exists() else ""


def check_whole(runs: RunsDir, session: str) -> None:
    leftovers = [p.name for p in runs.root.rglob(".*") if p.is_file() and p.name not in (".lock",)]
    assert leftovers == [], f"temporary files left behind: {leftovers}"
    state = runs.state_path(session)
    if state.exists():
        SessionModel.from_bytes(state.read_bytes())  # raises on a torn or partial state
    for summary in runs.summaries.glob("*.json"):
        json.loads(summary.read_bytes())
    text = logs(runs)
    assert text == "" or text.endswith("\n")
    entries = [line for line in text.splitlines() if not line.startswith("    ")]  # continuation lines are indented
    assert all(LOG_LINE.match(line) for line in entries), [line for line in entries if not LOG_LINE.match(line)][:3]
