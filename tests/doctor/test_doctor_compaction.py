"""doctor's checks of Claude Code's compaction settings: where auto-compaction happens, the
settings that change nothing (each measured on the pinned CLI: tests/e2e/test_compaction_point.py),
idle compaction's state, and the same through `context-keeper doctor`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.doctor import Check, check_compaction


@pytest.fixture
def home(tmp_path: Path) -> Path:
    (tmp_path / "home" / ".claude").mkdir(parents=True)
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    return tmp_path / "home"


def user_settings(home: Path, value: dict) -> Path:
    path = home / ".claude" / "settings.json"
    path.write_text(json.dumps(value))
    return path


def checks(home: Path, **environ: str) -> dict[str, Check]:
    found = check_compaction(home.parent / "repo", {"HOME": str(home), **environ})
    return {c.name: c for c in found}


def test_defaults_auto_compaction_at_the_models_point_idle_on(home: Path) -> None:
    found = checks(home)
    assert list(found) == ["auto-compaction", "idle compaction"]
    assert found["auto-compaction"].ok
    assert found["auto-compaction"].detail.startswith(
        "at 967,000 tokens of a 1,000,000-token window (the default model"
    )
    assert found["idle compaction"].ok and found["idle compaction"].detail.startswith("on (idleCompaction not set")


def test_the_window_setting_and_where_it_is(home: Path) -> None:
    path = user_settings(home, {"autoCompactWindow": 200_000, "idleCompaction": False})
    found = checks(home)
    assert found["auto-compaction"].detail.startswith(
        f"at 167,000 tokens of a 200,000-token window (autoCompactWindow 200,000 in {path})"
    )
    assert found["idle compaction"].detail == f'off ("idleCompaction": false in {path})'
    # The project's local file overrides the user's.
    local = home.parent / "repo" / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text('{"autoCompactWindow": 150000}')
    assert checks(home)["auto-compaction"].detail.startswith("at 117,000 tokens of a 150,000-token window")


@pytest.mark.parametrize(
    ("settings", "environ", "name", "why"),
    [
        (
            {},
            {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "99"},
            "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE",
            "it can only lower the point",
        ),
        (
            {"env": {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "abc"}},
            {},
            "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE",
            "not a percentage",
        ),
        ({"autoCompactWindow": "200k"}, {}, "autoCompactWindow", "not a number"),
        ({"autoCompactWindow": 50_000}, {}, "autoCompactWindow", "below the 100,000-token minimum"),
        ({"autoCompactWindow": 2_000_000}, {}, "autoCompactWindow", "larger than the model's 1,000,000-token window"),
        ({}, {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "abc"}, "CLAUDE_CODE_AUTO_COMPACT_WINDOW", "not a number of tokens"),
        (
            {"autoCompactWindow": 200_000},
            {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300k"},
            "autoCompactWindow",
            "CLAUDE_CODE_AUTO_COMPACT_WINDOW takes precedence",
        ),
    ],
)
def test_a_setting_that_changes_nothing_is_a_problem_named_with_its_place(
    home: Path, settings: dict, environ: dict[str, str], name: str, why: str
) -> None:
    path = user_settings(home, settings)
    found = checks(home, **environ)
    problem = found[f"setting {name}"]
    assert not problem.ok
    assert why in problem.detail and "changes nothing on Claude Code 2.1.330" in problem.detail
    where = "the environment" if name in environ else str(path)
    assert f"({where}" in problem.detail
    assert problem.fix


def test_settings_that_take_effect_are_not_problems(home: Path) -> None:
    user_settings(home, {"autoCompactWindow": 200_000, "env": {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50"}})
    found = checks(home)
    assert all(c.ok for c in found.values()), found
    assert found["auto-compaction"].detail.startswith("at 90,000 tokens of a 200,000-token window")
    assert "lowered by CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=50" in found["auto-compaction"].detail


def test_off(home: Path) -> None:
    assert checks(home, DISABLE_AUTO_COMPACT="1")["auto-compaction"].detail.startswith("off (DISABLE_AUTO_COMPACT)")
    user_settings(home, {"autoCompactEnabled": False})
    assert checks(home)["auto-compaction"].detail.startswith('off ("autoCompactEnabled": false)')


def test_a_settings_file_claude_code_ignores_sets_nothing(home: Path) -> None:
    (home / ".claude" / "settings.json").write_text('{"autoCompactWindow": 200000, // small\n}')
    assert checks(home)["auto-compaction"].detail.startswith("at 967,000 tokens")


def test_doctor_prints_them(home: Path) -> None:
    user_settings(home, {"autoCompactWindow": "200k"})
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", ""), "CONTEXT_KEEPER_HOME": str(home.parent / "data")}
    done = subprocess.run(
        [sys.executable, "-m", "context_keeper", "doctor", "--no-dry-run"],
        cwd=home.parent / "repo",
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1  # the hooks are not installed here, and the setting is a problem
    assert "ok       auto-compaction: at 967,000 tokens" in done.stdout
    assert 'PROBLEM  setting autoCompactWindow: autoCompactWindow = "200k"' in done.stdout
    assert "ok       idle compaction: on" in done.stdout


@pytest.mark.parametrize("how", ["settings", "environment"])
def test_a_model_whose_point_was_not_measured_gets_no_claims(home: Path, how: str) -> None:
    user_settings(home, {"autoCompactWindow": "200k", **({"model": "claude-sonnet-4-5"} if how == "settings" else {})})
    found = checks(home, **({"ANTHROPIC_MODEL": "claude-sonnet-4-5"} if how == "environment" else {}))
    assert list(found) == ["auto-compaction", "idle compaction"]
    assert found["auto-compaction"].detail.startswith("where Claude Code compacts claude-sonnet-4-5 sessions was not measured")


def test_the_status_line_check(home: Path) -> None:
    from context_keeper.doctor import check_status_line

    repo = home.parent / "repo"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "")}
    assert check_status_line(repo, env).detail.startswith("none set")
    path = user_settings(home, {"statusLine": {"type": "command", "command": "my-status"}})
    assert check_status_line(repo, env).detail == f"{path}: my-status (not context-keeper's)"
    ours = f"{sys.executable} -c 'from context_keeper.status_line import main; main()'"
    user_settings(home, {"statusLine": {"type": "command", "command": ours}})
    assert check_status_line(repo, env).ok
    # Its interpreter gone: Claude Code shows nothing, so it is a problem.
    gone = "/nonexistent/venv/bin/python -c 'from context_keeper.status_line import main; main()'"
    user_settings(home, {"statusLine": {"type": "command", "command": gone}})
    found = check_status_line(repo, env)
    assert not found.ok and "does not exist" in found.detail and "--statusline" in found.fix
    # The project's local file wins over the user's.
    local = repo / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text('{"statusLine": {"type": "command", "command": "project-status"}}')
    assert check_status_line(repo, env).detail == f"{local}: project-status (not context-keeper's)"


def test_sleep_compaction_without_claude_code_remote_changes_nothing(home: Path) -> None:
    found = checks(home, CLAUDE_CODE_SLEEP_COMPACT="1")
    problem = found["setting CLAUDE_CODE_SLEEP_COMPACT"]
    assert not problem.ok and "without CLAUDE_CODE_REMOTE" in problem.detail and "(the environment)" in problem.detail
    assert "setting CLAUDE_CODE_SLEEP_COMPACT" not in checks(home, CLAUDE_CODE_SLEEP_COMPACT="1", CLAUDE_CODE_REMOTE="1")
