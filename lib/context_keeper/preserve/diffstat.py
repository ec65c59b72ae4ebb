"""`git diff --stat HEAD` for the preservation block, bounded in time.

git runs as a plain child process, started as soon as the hook knows the project
(`DiffStat`) and collected when the block is rendered, so it works on the second core while
the session model is folded. (It used gitpython: ~0.1 s of imports and a `git version`
probe for one command whose output is used as it comes.)
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

# Wide enough that git does not shorten paths to ".../name" (the block wants exact paths).
STAT_WIDTH = "--stat=240,200"
# GIT_OPTIONAL_LOCKS=0: a status-like command must not take index.lock and make the
# user's (or Claude Code's) own git command fail at the same moment.
_ENV = {"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"}


class DiffStat:
    """`git diff --stat HEAD` in `repo`, started now; `result()` waits for it, at most until
    `timeout` seconds after the start."""

    def __init__(self, repo: Path, timeout: float) -> None:
        self.deadline = time.monotonic() + timeout
        self.proc: subprocess.Popen[bytes] | None
        try:
            self.proc = subprocess.Popen(
                ["git", "diff", STAT_WIDTH, "--no-color", "--no-ext-diff", "HEAD", "--"],
                cwd=repo,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env={**os.environ, **_ENV},
                # Its own process group: on timeout, git and whatever it started (a hook, an
                # fsmonitor, a wrapper script's children) are killed together.
                start_new_session=True,
            )
        except (OSError, ValueError):  # no git on PATH, no such directory
            self.proc = None
            return
        # Its output is read as it comes: a stat bigger than the pipe's buffer would otherwise
        # keep git waiting for a reader until the deadline, however early it was done.
        self._out: list[bytes] = []
        stdout = self.proc.stdout
        assert stdout is not None
        self._reader = threading.Thread(target=lambda: self._out.append(stdout.read()), daemon=True, name="git")
        self._reader.start()

    def result(self) -> str | None:
        """The stat of uncommitted changes against HEAD; "" when there are none.

        None outside a repository, without a HEAD commit, without git, on any git error and
        when git did not finish in time (it is killed then)."""
        proc = self.proc
        if proc is None:
            return None
        self._reader.join(max(0.0, self.deadline - time.monotonic()))
        try:
            if self._reader.is_alive():
                raise subprocess.TimeoutExpired(proc.args, 0)
            proc.wait(max(0.1, self.deadline - time.monotonic()))  # it closed its output: exiting
        except subprocess.TimeoutExpired:
            _kill(proc)
            return None
        if proc.returncode != 0 or not self._out:
            return None
        return self._out[0].decode("utf-8", "replace").strip("\n")

    def close(self) -> None:
        """Kill git if it is still running (its result is no longer wanted)."""
        if self.proc is not None and self.proc.returncode is None and self.proc.poll() is None:
            _kill(self.proc)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        proc.kill()
    # The pipe is left to the reader thread (a daemon): a child of git that escaped the
    # kill may hold it open.
    proc.wait()


def diff_stat(repo: Path, timeout: float) -> str | None:
    """The stat of uncommitted changes against HEAD, now (see DiffStat.result)."""
    return DiffStat(repo, timeout).result()
