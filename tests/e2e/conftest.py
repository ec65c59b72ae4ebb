"""Fixtures for end-to-end tests that drive the real Claude Code CLI.

    def test_x(claude: ClaudeSession) -> None:
        claude.api.set_script([step(tool("Bash", command="true")), step("done")])
        result = claude.run("do it")
        assert result.ok, result.describe()

Without the pinned binary (see install_claude.sh) these tests skip, except under CI=true
where a missing binary is a failure: CI must never silently skip the e2e suite.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from clock_shift import compile_shim
from fake_api import FakeApi
from harness import (BINARY_ENV_VAR, E2E_DIR, VERSION_ENV_VAR, ClaudeSession, claude_version,
                     find_claude_binary, installed_version)


def pytest_report_header(config: pytest.Config) -> str:
    binary = find_claude_binary()
    found = f"{installed_version(binary) or 'unknown version'} at {binary}" if binary else "not installed"
    return f"claude code: {claude_version()} asked (${VERSION_ENV_VAR}), {found}"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Every test under tests/e2e is an e2e test, whether or not its file says so.
    for item in items:
        if E2E_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def claude_binary() -> Path:
    binary = find_claude_binary()
    if binary is None:
        message = (f"Claude Code {claude_version()} not installed: run tests/e2e/install_claude.sh "
                   f"(or set {BINARY_ENV_VAR})")
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    found = installed_version(binary)
    if found is not None and found != claude_version() and not os.environ.get(BINARY_ENV_VAR):
        # A stale install would silently test another version than the one asked for.
        pytest.fail(f"{binary} is Claude Code {found}, not {claude_version()}: rerun install_claude.sh",
                    pytrace=False)
    return binary


@pytest.fixture(scope="session")
def clock_shift_library(tmp_path_factory: pytest.TempPathFactory) -> Path | None:
    """clock_shift.c compiled once per run; None without gcc (the tests then wait in real time)."""
    return compile_shim(tmp_path_factory.mktemp("clock-shift"))


@pytest.fixture
def fake_api() -> Iterator[FakeApi]:
    with FakeApi() as api:
        yield api


@pytest.fixture
def claude(claude_binary: Path, fake_api: FakeApi, tmp_path: Path) -> ClaudeSession:
    """A temp HOME + committed git repo wired to `fake_api`; call `.run(prompt)`."""
    return ClaudeSession(claude_binary, fake_api, tmp_path)


@pytest.fixture
def hook_dump(tmp_path: Path) -> Path:
    """Where dump_hook.py appends what it received (read it with harness.read_dump)."""
    return tmp_path / "hook_dump.jsonl"
