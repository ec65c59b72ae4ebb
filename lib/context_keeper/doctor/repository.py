"""The repository as the preservation block will see it, read with GitPython: whether git
runs, the branch, and what `git diff --stat HEAD` will report at the next compaction.

The hooks run git as a plain child process (GitPython's import and its `git version` probe
cost about 0.1 s, too much for PreCompact); doctor has the time, and GitPython tells the cases
apart a user would otherwise only see as a missing "uncommitted changes" section: no git on
PATH, a folder outside any repository, a repository with no commit yet.
"""

from __future__ import annotations

import os
from pathlib import Path

from .checks import Check

NAME = "repository"


def check_repository(repo: Path) -> Check:
    # Without a git executable GitPython's import fails unless told to stay quiet about it.
    os.environ.setdefault("GIT_PYTHON_REFRESH", "quiet")
    try:
        import git
    except ImportError as exc:  # the package itself missing: the install is broken
        return Check(NAME, False, f"cannot import GitPython: {exc}", "run ./install.sh again")
    try:
        found = git.Repo(repo, search_parent_directories=True)
    except (git.InvalidGitRepositoryError, git.NoSuchPathError):
        return Check(NAME, True, f"{repo} is not in a git repository: the block leaves uncommitted changes out")
    try:
        with found:
            if not found.head.is_valid():
                return Check(NAME, True, "no commit yet: the block shows uncommitted changes after the first commit")
            branch = "detached HEAD" if found.head.is_detached else f"branch {found.active_branch.name}"
            changed = len(found.index.diff(None)) + len(found.index.diff("HEAD"))
            where = found.working_tree_dir or str(repo)
    except git.GitCommandNotFound:
        return Check(NAME, False, "git is not on PATH: the block cannot show uncommitted changes", "install git")
    except (git.GitCommandError, OSError, ValueError) as exc:
        return Check(NAME, False, f"git could not read the repository: {exc}", "run `git status` there to see why")
    files = "no uncommitted change" if not changed else f"{changed} uncommitted change(s)"
    return Check(NAME, True, f"{where}: {branch}, {files} (the block shows `git diff --stat HEAD`)")
