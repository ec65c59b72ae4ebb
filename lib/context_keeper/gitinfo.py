"""`git diff --stat HEAD` for the preservation block, bounded in time.

gitpython is imported inside the function: it costs tens of milliseconds and starts a git
version probe, which the PostToolUse hot path must never pay for.
"""

from __future__ import annotations

from pathlib import Path

# Wide enough that git does not shorten paths to ".../name" (the block wants exact paths).
STAT_WIDTH = "--stat=240,200"
# GIT_OPTIONAL_LOCKS=0: a status-like command must not take index.lock and make the
# user's (or Claude Code's) own git command fail at the same moment.
_ENV = {"GIT_OPTIONAL_LOCKS": "0", "GIT_TERMINAL_PROMPT": "0"}


def diff_stat(repo: Path, timeout: float) -> str | None:
    """The stat of uncommitted changes against HEAD; "" when there are none.

    None outside a repository, without a HEAD commit, without git, on any git error and
    when git did not finish within `timeout` seconds (it is killed then).

    The whole of it runs in a worker thread that is given up on a little after `timeout`:
    importing gitpython runs `git version` with no timeout of its own, and a git that hangs
    there (a wrapper, a network filesystem) must cost the block its diff stat, not the
    block itself (the hook's budget would end the work with nothing printed).
    """
    import threading

    done: list[str | None] = []
    worker = threading.Thread(target=lambda: done.append(_diff_stat(repo, timeout)), daemon=True)
    worker.start()
    worker.join(timeout + GRACE)
    return done[0] if done else None


GRACE = 0.5  # seconds for gitpython to notice its own timeout and kill git


def _diff_stat(repo: Path, timeout: float) -> str | None:
    try:
        import git  # raises ImportError when no git executable can be found
    except ImportError:
        return None
    try:
        found = git.Repo(repo, search_parent_directories=True)
    except (git.exc.GitError, OSError, ValueError):
        return None
    try:
        with found:
            out = found.git.diff(
                STAT_WIDTH,
                "--no-color",
                "--no-ext-diff",
                "HEAD",
                "--",
                kill_after_timeout=timeout,
                env=_ENV,
            )
    except (git.exc.GitError, OSError, ValueError):
        return None
    return out.strip("\n")
