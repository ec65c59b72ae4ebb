"""`CLAUDE_CODE_SLEEP_COMPACT` on the pinned CLI: a `-p` session kept open (stream-json input)
and left idle compacts once the wait is over only with `CLAUDE_CODE_REMOTE` set too; without it
the variable changes nothing, which `doctor` says. Both sessions run side by side: the wait is
at least 60 s (Claude Code clamps `CLAUDE_CODE_SLEEP_COMPACT_AFTER_MS` to 60-210 s)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from fake_api import FakeApi, step, tool, usage_of
from harness import ClaudeSession

from context_keeper.doctor import check_compaction

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

SLEEP_ENV = {
    "CLAUDE_CODE_SLEEP_COMPACT": "1",
    "CLAUDE_CODE_SLEEP_COMPACT_AFTER_MS": "60000",
    "CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS": "60000",
}
IDLE_S = 80.0  # past the 60 s wait; with CLAUDE_CODE_REMOTE it compacted at 62 s


def idle_session(claude: ClaudeSession, env: dict[str, str], compacted: dict[str, bool]) -> None:
    """One prompt, a warm prompt cache and 81,000 tokens in context, then stdin left open."""
    claude.api.set_script(
        [
            step(tool("Bash", command="true"), usage=usage_of(1, 20, 1_000, 80_000)),
            step("done", usage=usage_of(1, 20, 0, 81_000)),
        ]
    )
    args = [str(claude.binary), "-p", "--input-format", "stream-json", "--output-format", "stream-json",
            "--verbose", "--dangerously-skip-permissions"]
    proc = subprocess.Popen(args, cwd=claude.repo, env=claude.env(env), stdin=subprocess.PIPE,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    try:
        assert proc.stdin is not None
        proc.stdin.write(json.dumps({"type": "user", "message": {"role": "user", "content": "go"}}) + "\n")
        proc.stdin.flush()
        deadline = time.monotonic() + IDLE_S
        while time.monotonic() < deadline and not claude.api.compaction_requests():
            time.sleep(1)
        compacted[str(env.get("CLAUDE_CODE_REMOTE", ""))] = bool(claude.api.compaction_requests())
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def test_sleep_compaction_needs_claude_code_remote(claude_binary: Path, tmp_path: Path) -> None:
    compacted: dict[str, bool] = {}
    with FakeApi() as plain_api, FakeApi() as remote_api:
        plain = ClaudeSession(claude_binary, plain_api, tmp_path / "plain")
        remote = ClaudeSession(claude_binary, remote_api, tmp_path / "remote")
        threads = [
            threading.Thread(target=idle_session, args=(plain, SLEEP_ENV, compacted)),
            threading.Thread(target=idle_session, args=(remote, SLEEP_ENV | {"CLAUDE_CODE_REMOTE": "1"}, compacted)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=IDLE_S + 60)
    assert compacted == {"": False, "1": True}
    # What doctor says of the same environment.
    names = {c.name: c for c in check_compaction(tmp_path, {"HOME": str(tmp_path), **SLEEP_ENV})}
    assert not names["setting CLAUDE_CODE_SLEEP_COMPACT"].ok
    with_remote = {c.name for c in check_compaction(tmp_path, {"HOME": str(tmp_path), **SLEEP_ENV, "CLAUDE_CODE_REMOTE": "1"})}
    assert "setting CLAUDE_CODE_SLEEP_COMPACT" not in with_remote
