"""A `claude -p --input-format stream-json` run whose stdin stays open: prompts are sent one
by one while the process lives, so what Claude Code does between turns (a sleep compaction
after a quiet spell) can be watched. Waits are for events (a hook's dump record, the fake
API's script), with a ceiling far above any normal run, never a tight time budget.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from types import TracebackType

from harness import ClaudeSession

CEILING_S = 600.0  # only a hung run gets near this
POLL_S = 0.5


class StreamingRun:
    """`with StreamingRun(claude, env) as run: run.send("hi"); run.wait_for(lambda: ...)`."""

    def __init__(self, claude: ClaudeSession, extra_env: Mapping[str, str | None], out: Path) -> None:
        args = [str(claude.binary), "-p", "--input-format", "stream-json", "--output-format", "stream-json",
                "--verbose", "--dangerously-skip-permissions"]
        self.out = out
        self._stdout = open(out, "w", encoding="utf-8")  # noqa: SIM115 - closed in close()
        self.proc = subprocess.Popen(args, cwd=claude.repo, env=claude.env(extra_env), stdin=subprocess.PIPE,
                                     stdout=self._stdout, stderr=subprocess.STDOUT, text=True,
                                     start_new_session=True)

    def send(self, prompt: str) -> None:
        assert self.proc.stdin is not None
        line = {"type": "user", "message": {"role": "user", "content": prompt}}
        self.proc.stdin.write(json.dumps(line) + "\n")
        self.proc.stdin.flush()

    def wait_for(self, done: Callable[[], bool], what: str, ceiling_s: float = CEILING_S) -> None:
        deadline = time.monotonic() + ceiling_s
        while not done():
            assert self.proc.poll() is None, f"claude exited ({self.proc.returncode}) before {what}"
            assert time.monotonic() < deadline, f"no {what} within {ceiling_s:.0f} s"
            time.sleep(POLL_S)

    def close(self) -> int | None:
        """Close stdin (Claude Code then finishes and exits) and wait for it."""
        try:
            if self.proc.stdin is not None and not self.proc.stdin.closed:
                self.proc.stdin.close()
            return self.proc.wait(timeout=60)
        except (subprocess.TimeoutExpired, OSError):
            return None
        finally:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)  # only the group this run created
            except ProcessLookupError:
                pass
            self._stdout.close()

    def __enter__(self) -> StreamingRun:
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()
