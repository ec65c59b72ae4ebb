"""doctor.repository: what the block's "uncommitted changes" will show, read with GitPython,
on real repositories and a PATH without git."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from context_keeper.doctor.repository import check_repository

GIT_ENV = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.com", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@example.com", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, env=GIT_ENV, check=True, capture_output=True)


def _repo(path: Path, commit: bool = True) -> Path:
    path.mkdir()
    _git(path, "init", "-q", "-b", "work")
    if commit:
        (path / "app.py").write_text("x = 1\n")
        _git(path, "add", "app.py")
        _git(path, "commit", "-qm", "init")
    return path


def test_a_repository_with_changes_names_its_branch_and_counts_them(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    (repo / "app.py").write_text("x = 2\n")
    (repo / "new.py").write_text("y = 1\n")
    _git(repo, "add", "new.py")
    (repo / "sub").mkdir()
    check = check_repository(repo / "sub")  # found from a folder inside it
    assert check.ok and check.detail == f"{repo}: branch work, 2 uncommitted change(s) (the block shows `git diff --stat HEAD`)"


def test_a_clean_repository_and_a_detached_head(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    assert "branch work, no uncommitted change" in check_repository(repo).detail
    _git(repo, "checkout", "-q", "--detach")
    assert "detached HEAD" in check_repository(repo).detail


def test_no_commit_yet_and_no_repository_are_said_not_failed(tmp_path: Path) -> None:
    empty = check_repository(_repo(tmp_path / "r", commit=False))
    assert empty.ok and "no commit yet" in empty.detail
    outside = tmp_path / "plain"
    outside.mkdir()
    check = check_repository(outside)
    assert check.ok and "not in a git repository" in check.detail


def test_git_missing_from_path_is_a_problem_with_its_fix(tmp_path: Path) -> None:
    repo = _repo(tmp_path / "r")
    code = (
        "import sys; from pathlib import Path\n"
        "from context_keeper.doctor.repository import check_repository\n"
        "c = check_repository(Path(sys.argv[1])); print(c.ok, c.fix, c.detail, sep='|')\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_PYTHON")} | {"PATH": str(tmp_path / "nobin")}
    out = subprocess.run([sys.executable, "-c", code, str(repo)], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False|install git|git is not on PATH: the block cannot show uncommitted changes"
