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

from fake_api import FakeApi
from harness import BINARY_ENV_VAR, E2E_DIR, ClaudeSession, find_claude_binary


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Every test under tests/e2e is an e2e test, whether or not its file says so.
    for item in items:
        if E2E_DIR in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def claude_binary() -> Path:
    binary = find_claude_binary()
    if binary is None:
        message = (f"Claude Code binary not installed: run tests/e2e/install_claude.sh "
                   f"(or set {BINARY_ENV_VAR})")
        if os.environ.get("CI") == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    return binary


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
