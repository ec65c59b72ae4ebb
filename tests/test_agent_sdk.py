"""agent_sdk.settings(): the --settings JSON an SDK agent passes to register context-keeper's hooks."""

from __future__ import annotations

import asyncio
import json
import os
import shlex
import stat
from pathlib import Path

import pytest

from context_keeper import agent_sdk
from context_keeper.claude_settings import REGISTRATION, SettingsError, script_of


def fake_venv(tmp_path: Path, with_command: bool = True) -> Path:
    """A bin/ with a `python` (a symlink, as in a virtualenv) and maybe the console script."""
    bin_dir = tmp_path / "venv" / "bin"
    bin_dir.mkdir(parents=True)
    python = bin_dir / "python"
    python.symlink_to("/usr/bin/python3")
    if with_command:
        command = bin_dir / "context-keeper"
        command.write_text("#!/bin/sh\n")
        command.chmod(command.stat().st_mode | stat.S_IXUSR)
    return python


def registered(value: dict) -> list[tuple[str, str | None, str, dict]]:
    """(event, matcher, our hook name, handler) of every handler of ours, in file order."""
    out = []
    for event, groups in value["hooks"].items():
        for group in groups:
            for handler in group["hooks"]:
                name = script_of(handler)
                if name:
                    out.append((event, group.get("matcher"), name, handler))
    return out


def test_every_registration_once_through_the_console_script_beside_the_interpreter(tmp_path: Path) -> None:
    python = fake_venv(tmp_path)
    value = json.loads(agent_sdk.settings(python=python))
    found = registered(value)
    assert [(e, m, n) for e, m, n, _ in found] == [(s.event, s.matcher, s.name) for s in REGISTRATION]
    command = str(python.parent / "context-keeper")
    for _event, _matcher, name, handler in found:
        spec = next(s for s in REGISTRATION if s.name == name)
        words = shlex.split(handler["command"])
        if spec.fast:  # the tool-loop hook starts the interpreter itself: no wrapper's imports
            assert words[:2] == [str(python), "-c"]
        else:
            assert words == [command, "hook", name]
        assert handler["timeout"] == spec.timeout
        assert handler.get("async", False) == spec.is_async
    # The venv's python is kept as the symlink it is (resolving it would leave the venv).
    assert str(python) in json.dumps(value) and "/usr/bin/python3" not in json.dumps(value)


def test_without_a_console_script_the_hooks_run_as_a_module(tmp_path: Path) -> None:
    python = fake_venv(tmp_path, with_command=False)
    value = json.loads(agent_sdk.settings(python=python))
    pre_compact = [h for e, _m, _n, h in registered(value) if e == "PreCompact"]
    assert [shlex.split(h["command"]) for h in pre_compact] == [
        [str(python), "-m", "context_keeper", "hook", "pre_compact_preserve"]
    ]


def test_the_default_interpreter_is_the_running_one(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    python = fake_venv(tmp_path)
    monkeypatch.setattr(agent_sdk.sys, "executable", str(python))
    assert agent_sdk.settings() == agent_sdk.settings(python=python)


BASE = {
    "model": "claude-sonnet-4-5",
    "hooks": {"PreCompact": [{"hooks": [{"type": "command", "command": "notify-send compacting"}]}]},
}


@pytest.mark.parametrize("form", ["value", "json", "path"])
def test_the_agents_own_settings_are_kept_and_ours_come_after(tmp_path: Path, form: str) -> None:
    python = fake_venv(tmp_path)
    path = tmp_path / "agent-settings.json"
    path.write_text(json.dumps(BASE))
    base = {"value": BASE, "json": json.dumps(BASE), "path": str(path)}[form]
    value = json.loads(agent_sdk.settings(base, python=python))
    assert value["model"] == "claude-sonnet-4-5"
    commands = [h["command"] for g in value["hooks"]["PreCompact"] for h in g["hooks"]]
    assert commands[0] == "notify-send compacting"
    assert script_of(value["hooks"]["PreCompact"][-1]["hooks"][0]) == "pre_compact_preserve"
    assert BASE["hooks"]["PreCompact"][0]["hooks"] == [{"type": "command", "command": "notify-send compacting"}]


def test_settings_of_settings_is_the_same(tmp_path: Path) -> None:
    python = fake_venv(tmp_path)
    once = agent_sdk.settings(python=python)
    assert agent_sdk.settings(once, python=python) == once


@pytest.mark.parametrize("base", ["[1, 2]", '{"hooks": [', '{"hooks": "none"}'])
def test_unusable_base_settings_are_refused(tmp_path: Path, base: str) -> None:
    with pytest.raises(SettingsError):
        agent_sdk.settings(base, python=fake_venv(tmp_path))


def test_a_missing_settings_file_is_refused_with_its_name(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    with pytest.raises(SettingsError, match="nope.json"):
        agent_sdk.settings(str(missing), python=fake_venv(tmp_path))


def test_the_launcher_is_absolute_for_a_relative_interpreter(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_venv(tmp_path)
    monkeypatch.chdir(tmp_path)
    start, python = agent_sdk.launcher(os.path.join("venv", "bin", "python"))
    assert start == (str(tmp_path / "venv" / "bin" / "context-keeper"),)
    assert python == str(tmp_path / "venv" / "bin" / "python")


# -- the in-process PreCompact callback for the agent's own state ------------------------------

FAKE_TOKEN = "ghp_" + "x7Qm2Rk9Lp4Tz8Wv1Nc6Hd3Fj5Gb0Ys2Ea9K"  # made up, shaped like a GitHub token
MAIN_INPUT = {"hook_event_name": "PreCompact", "trigger": "auto", "session_id": "s"}


def call(callback: agent_sdk.HookCallback, hook_input: dict) -> dict:
    return asyncio.run(callback(hook_input, None, {"signal": None}))


def test_the_state_goes_to_the_summariser_redacted_and_bounded() -> None:
    out = call(agent_sdk.state_callback(lambda: f"  Queue: 4711, 4712. token={FAKE_TOKEN}\n"), MAIN_INPUT)
    assert out == {"systemMessage": f"{agent_sdk.STATE_HEADER}\nQueue: 4711, 4712. token=ghp_[REDACTED]"}
    long = call(agent_sdk.state_callback(lambda: "x" * 10_000, max_chars=500), MAIN_INPUT)
    assert len(long["systemMessage"]) == 500 and long["systemMessage"].endswith("…")


def test_the_callback_never_fails_and_says_nothing_without_state() -> None:
    def broken() -> str:
        raise RuntimeError("the agent's bug")

    assert call(agent_sdk.state_callback(broken), MAIN_INPUT) == {}
    assert call(agent_sdk.state_callback(lambda: "   "), MAIN_INPUT) == {}
    assert call(agent_sdk.state_callback(lambda: None), MAIN_INPUT) == {}  # type: ignore[arg-type,return-value]


def test_a_subagents_own_compaction_gets_nothing() -> None:
    subagent = MAIN_INPUT | {"agent_id": "a1", "agent_type": "general-purpose"}
    assert call(agent_sdk.state_callback(lambda: "Queue: 4711"), subagent) == {}
