"""With the real Claude Code: the installed hooks do not depend on the
checkout, and nothing of ours can block a compaction.

Before 0.2 the registered commands were `<venv>/bin/python <checkout>/hooks/<script>.py`:
deleting the checkout made Python exit 2 ("can't open file"), and Claude Code takes exit 2
from PreCompact as "block this compaction" (manual and auto, every session). Here the real
./install.sh of a copy of the checkout builds a real virtualenv; the copy is deleted before
the session starts, and the virtualenv before a second compaction.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from fake_api import context_usage, step, tool
from harness import REPO_ROOT, ClaudeSession, RunResult
from keeper import BLOCK_HEADER, HOOK_SCRIPTS, keeper_env, preservation_block

pytestmark = pytest.mark.slow  # a real pip install into a fresh virtualenv


def copy_checkout(dest: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    dest.mkdir(parents=True)
    for name in ("install.sh", "pyproject.toml", "README.md"):
        shutil.copy2(REPO_ROOT / name, dest / name)
    for name in ("lib", "hooks"):
        shutil.copytree(REPO_ROOT / name, dest / name, ignore=ignore)
    return dest


def install_from(checkout: Path, home: Path, venv: Path) -> None:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    done = subprocess.run([str(checkout / "install.sh"), "--prefix", str(venv)], env=env, cwd=checkout,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"install.sh failed:\n{done.stdout}\n{done.stderr}"


def compaction_status(result: RunResult) -> dict:
    [status] = [e for e in result.system_events("status") if "compact_result" in e]
    return status


def test_compaction_survives_a_deleted_checkout_then_a_deleted_venv(claude: ClaudeSession, tmp_path: Path) -> None:
    checkout = copy_checkout(tmp_path / "ck-checkout")
    venv = tmp_path / "ck-venv"
    install_from(checkout, claude.home, venv)
    commands = [h["command"] for groups in claude.read_settings()["hooks"].values()
                for g in groups for h in g["hooks"]]
    for name in HOOK_SCRIPTS.values():
        assert f"{venv}/bin/context-keeper hook {name}" in commands
    assert f"{venv}/bin/python -c 'from context_keeper.hooks.context_refill import main; main()'" in commands
    assert all(c.startswith(f"{venv}/bin/") for c in commands) and not any(str(checkout) in c for c in commands)
    shutil.rmtree(checkout)

    env = keeper_env(tmp_path / "ck-data")
    notes = str(claude.repo / "notes.md")
    claude.api.set_script([
        step(tool("Write", file_path=notes, content="alpha\n"), usage=context_usage(20_000)),
        step("Wrote the notes.", usage=context_usage(21_000)),
        step("Carrying on."),
    ])
    first = claude.run("Write the notes.", extra_env=env)
    assert first.ok, first.describe()

    # The checkout is gone: the hooks run from the virtualenv, and the block arrives.
    compact = claude.run("/compact keep the notes", extra_env=env, continue_session=True)
    assert compact.ok, compact.describe()
    assert compaction_status(compact)["compact_result"] == "success"
    [request] = claude.api.compaction_requests()
    block = preservation_block(request)
    assert block.startswith(f"{BLOCK_HEADER} manual compaction"), block[:300]
    assert "\n- notes.md\n" in block

    # The virtualenv is gone too: the hook command is missing (the shell says 127), which
    # Claude Code reports but does not take as "block": compaction still succeeds.
    shutil.rmtree(venv)
    again = claude.run("/compact keep the notes", extra_env=env, continue_session=True)
    assert again.ok, again.describe()
    assert compaction_status(again)["compact_result"] == "success", compaction_status(again)
    assert len(claude.api.compaction_requests()) == 2
    after = claude.run("Carry on.", extra_env=env, continue_session=True)
    assert after.ok, after.describe()
