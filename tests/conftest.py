"""Shared by every test: the fixtures several test files use, and which test files are slow.

A test file needing the runs dir the real hooks populate takes `populated` (or `survival`,
compactions recorded with the survival figures) from here; their building blocks live in
cli_support.py. `./test.sh -m "not e2e and not slow"` is the quick run (CONTRIBUTING.md).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from cli_support import Compacted, Populated, compacted, populate

# Files whose tests run real subprocess hooks by the dozen, a real install, or large data:
# each takes several seconds. The quick run leaves them out; CI runs everything.
SLOW_FILES = frozenset(
    {
        "test_hardening_input.py",
        "test_hardening_faults.py",
        "test_hardening_concurrency.py",
        "test_hardening_fuzz.py",
        "test_hardening_security.py",
        "test_install.py",
        "test_cli_doctor.py",
        "test_docs.py",
        "test_sigterm.py",
        "test_settings_text.py",
        "test_auto_context_hook.py",
        "test_precompact_hook.py",
        "test_restore_hook.py",
        "test_survival_hooks.py",
    }
)


@pytest.hookimpl(tryfirst=True)  # before `-m` deselects by marker
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.path)).name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def populated_once(tmp_path_factory: pytest.TempPathFactory) -> Populated:
    return populate(tmp_path_factory.mktemp("populated"))


@pytest.fixture
def populated(populated_once: Populated, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Populated:
    """A private copy of the populated runs dir (tests may delete from it), with the
    CLI's environment pointed at it and the current directory in its repo."""
    base = tmp_path / "p"
    shutil.copytree(populated_once.base, base, symlinks=True)
    moved = Populated(
        base,
        base / "data",
        base / "repo",
        base / populated_once.runs.relative_to(populated_once.base),
        {k: base / v.relative_to(populated_once.base) for k, v in populated_once.transcripts.items()},
        dict(populated_once.sessions),
    )
    # The repo moved, so its runs dir key changed: move the runs dir to the new key.
    from context_keeper.store import find_repo_root, repo_key

    new_runs = moved.home / "runs" / repo_key(find_repo_root(moved.repo))
    moved.runs.rename(new_runs)
    moved = Populated(moved.base, moved.home, moved.repo, new_runs, moved.transcripts, moved.sessions)
    for key in [k for k in os.environ if k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(base))
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(moved.home))
    monkeypatch.chdir(moved.repo)
    return moved


@pytest.fixture
def survival(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Compacted:
    """compacted() in a temp HOME, the CLI's environment pointed at it, run from the repo."""
    made = compacted(tmp_path)
    for key in [k for k in os.environ if k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(made.base))
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(made.home))
    monkeypatch.chdir(made.repo)
    return made
