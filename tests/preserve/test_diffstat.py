"""git diff --stat HEAD: in a real repo, outside one, without commits, on timeout; lazily imported."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from context_keeper.preserve.diffstat import diff_stat
from hook_support import GIT_ENV



def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env={**os.environ, **GIT_ENV})


def make_repo(path: Path, commit: bool = True) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    git(path, "init", "-q")
    (path / "app.py").write_text("print('one')\n")
    deep = path / "some" / "very" / "deeply" / "nested" / "directory" / "with" / "a" / "long" / "name"
    deep.mkdir(parents=True)
    (deep / "module_with_a_long_file_name.py").write_text("x = 1\n")
    if commit:
        git(path, "add", ".")
        git(path, "commit", "-q", "-m", "init")
    return path


def test_uncommitted_changes(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    (repo / "app.py").write_text("print('two')\nprint('three')\n")
    long_file = next(repo.rglob("module_with_a_long_file_name.py"))
    long_file.write_text("x = 2\n")
    out = diff_stat(repo, 5.0)
    assert out is not None
    assert "app.py" in out and "2 files changed" in out
    # the path is shown whole, not shortened to ".../module_with_a_long_file_name.py"
    assert str(long_file.relative_to(repo)) in out


def test_from_a_subdirectory(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    (repo / "app.py").write_text("changed\n")
    out = diff_stat(repo / "some" / "very", 5.0)
    assert out is not None and "app.py" in out


def test_clean_repo_is_empty(tmp_path: Path) -> None:
    assert diff_stat(make_repo(tmp_path / "repo"), 5.0) == ""


def test_outside_a_repo_and_missing_dir(tmp_path: Path) -> None:
    assert diff_stat(tmp_path, 5.0) is None
    assert diff_stat(tmp_path / "missing", 5.0) is None


def test_no_head_commit(tmp_path: Path) -> None:
    assert diff_stat(make_repo(tmp_path / "repo", commit=False), 5.0) is None


def test_timeout_kills_git(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo")
    (repo / "app.py").write_text("changed\n")
    # An fsmonitor hook that hangs: git diff waits for it while refreshing the index.
    hook = tmp_path / "slow-fsmonitor.sh"
    hook.write_text("#!/bin/sh\nsleep 30\n")
    hook.chmod(0o755)
    git(repo, "config", "core.fsmonitor", str(hook))
    started = time.monotonic()
    assert diff_stat(repo, 0.5) is None
    assert time.monotonic() - started < 20  # the hung hook alone takes 30 s


def test_gitpython_not_imported_with_the_module() -> None:
    code = "import sys, context_keeper.preserve.diffstat, context_keeper.preserve; print('git' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "False"


def test_a_diff_stat_no_longer_wanted_is_killed(tmp_path: Path) -> None:
    from context_keeper.preserve.diffstat import DiffStat

    repo = make_repo(tmp_path / "repo")
    hook = tmp_path / "slow-fsmonitor.sh"
    hook.write_text("#!/bin/sh\nsleep 30\n")
    hook.chmod(0o755)
    git(repo, "config", "core.fsmonitor", str(hook))
    started = time.monotonic()
    job = DiffStat(repo, 60.0)
    job.close()
    assert job.proc is not None and job.proc.returncode is not None
    assert time.monotonic() - started < 20  # the hung hook alone takes 30 s


def test_a_stat_asked_for_after_its_deadline_is_kept_when_git_finished_in_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # PreCompact asks for the stat after folding the model, which can take longer than the
    # git timeout; git itself was done long before. 2,000 changed files: more output than a
    # pipe holds, so git finishes only if its output is read as it comes.
    import context_keeper.preserve.diffstat as gitinfo

    repo = make_repo(tmp_path / "repo")
    for i in range(2000):
        (repo / f"file_with_a_longish_name_{i:04d}.py").write_text("x\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "many")
    for i in range(2000):
        (repo / f"file_with_a_longish_name_{i:04d}.py").write_text("y\n")
    job = gitinfo.DiffStat(repo, 30.0)
    assert job.proc is not None
    job.proc.wait(timeout=25)  # done: its output did not wait for result()
    later = time.monotonic() + 100
    monkeypatch.setattr(gitinfo.time, "monotonic", lambda: later)  # long past its deadline
    out = job.result()
    assert out is not None and "2000 files changed" in out and len(out) > 65536
