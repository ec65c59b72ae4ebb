"""`context-keeper statusline` in the real, interactive Claude Code: registered by the real
`./install.sh --statusline`, refreshed by the REPL after each turn, with the hooks writing the
compaction it reports. The checks read the screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from fake_api import context_usage, step, tool
from harness import REPO_ROOT, ClaudeSession
from interactive import Repl, accept_first_run, status_line, tmux_available
from keeper import keeper_env, runs_dir

pytestmark = pytest.mark.e2e


def install(claude: ClaudeSession) -> str:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(claude.home)}
    done = subprocess.run(
        [str(REPO_ROOT / "install.sh"), "--python", sys.executable, "--statusline"],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def test_the_status_line_through_a_compaction(claude: ClaudeSession, tmp_path: Path) -> None:
    if not tmux_available():
        pytest.skip("tmux is not installed: the interactive CLI needs a terminal")
    assert "status line registered" in install(claude)
    accept_first_run(claude)
    notes = claude.repo / "notes.txt"
    claude.api.set_script(
        [
            step(
                "Writing the notes.",
                tool("Write", file_path=str(notes), content="alpha\n"),
                usage=context_usage(40_000),
            ),
            step("The notes are written.", usage=context_usage(45_000)),
            step("Going on.", usage=context_usage(8_000)),
        ]
    )
    env = keeper_env(tmp_path / "ck-data")
    repl = Repl(claude, env)
    try:
        repl.send("Write the notes file.")
        screen = repl.wait_for("ctx 45k/1M")
        assert status_line(screen, "ctx ") == "ctx 45k/1M 4% · auto-compact at 967k: 922k left · no compaction yet"

        repl.send("/compact keep the notes")
        repl.wait_for("1 compaction")
        repl.send("Go on.")
        screen = repl.wait_for("ctx 8k/1M")
        line = status_line(screen, "ctx ")
    finally:
        repl.close()

    # The fake API's summary names none of the block's facts (a file, a prompt): the summary
    # kept none, and the restore note already carried both, so there is nothing to refill.
    assert line == "ctx 8k/1M 1% · auto-compact at 967k: 959k left · 1 compaction, last kept 0/2, nothing to refill"
    # That is what the hooks recorded for the compaction.
    session_dirs = list((runs_dir(env, claude.repo).root / "compactions").iterdir())
    [record] = [json.loads(p.read_text()) for d in session_dirs for p in d.glob("*.json")]
    assert record["check"] == {
        "file": {"carried": 1, "kept": 0, "lost": 1},
        "prompt": {"carried": 1, "kept": 0, "lost": 1},
    }
    assert record["refill"]["items"] == []
