"""The plugin route: Claude Code runs the hooks with a bare `python3` from the checkout.

The hook path needs nothing outside the standard library (records, jsonio, XDG paths), so
the hooks work without install.sh's virtualenv: here with site-packages switched off (-S),
so neither the package nor orjson, platformdirs or gitpython can be imported from it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def test_every_hook_works_without_site_packages(tmp_path: Path) -> None:
    samples = json.loads((FIXTURES / "hook_stdin_samples.json").read_text())["samples"]
    transcript = tmp_path / "live.jsonl"  # the session's transcript, appended to as Claude Code does
    transcript.write_bytes((FIXTURES / "tools_and_tasks.jsonl").read_bytes())
    env = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(tmp_path),
        "CONTEXT_KEEPER_HOME": str(tmp_path / "data"),
        "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0",
        "CONTEXT_KEEPER_CHECK_FREQUENCY": "1",
        "CONTEXT_KEEPER_TURNS_UNTIL_COLD": "1",
        "CONTEXT_KEEPER_RESTORE_MAX_CHARS": "700",  # so the summary check leaves a refill
    }
    outputs = {}
    for script, sample in [
        ("auto_context_manager.py", "PostToolUse:Bash"),
        ("pre_compact_preserve.py", "PreCompact:manual"),
        ("session_start_restore.py", "SessionStart:compact"),
        ("post_compact_check.py", "PostCompact:manual"),
        ("context_refill.py", "UserPromptSubmit"),
    ]:
        stdin = dict(samples[sample]["stdin"], transcript_path=str(transcript), cwd=str(tmp_path), session_id="s-plugin")
        if script == "post_compact_check.py":
            stdin["compact_summary"] = "<summary>The user asked for work; nothing of the block kept.</summary>"
        if script == "context_refill.py":  # the compaction's boundary, as Claude Code appends it
            with open(transcript, "ab") as handle:
                handle.write(b'{"type":"system","subtype":"compact_boundary","uuid":"b"}\n')
        result = subprocess.run(
            [sys.executable, "-S", str(REPO / "hooks" / script)], input=json.dumps(stdin), capture_output=True, text=True, env=env, timeout=60
        )
        assert (result.returncode, result.stderr) == (0, ""), script
        outputs[script] = result.stdout
    [log] = (tmp_path / "data" / "runs").glob("*/context-keeper.log")
    assert " ERROR " not in log.read_text()
    assert outputs["auto_context_manager.py"] == ""
    assert "Write tests" in outputs["pre_compact_preserve.py"]
    assert outputs["session_start_restore.py"].startswith("[context-keeper restored state]")
    assert outputs["post_compact_check.py"] == ""
    refill = json.loads(outputs["context_refill.py"])["hookSpecificOutput"]
    assert refill["hookEventName"] == "UserPromptSubmit"
    # The summary (the sample's) lost the file; the small note or the refill carries it.
    assert "notes.txt" in outputs["session_start_restore.py"] + refill["additionalContext"]
    [summary] = (tmp_path / "data" / "runs").glob("*/summaries/*.json")
    assert json.loads(summary.read_text())["subject"] == "Write tests"
