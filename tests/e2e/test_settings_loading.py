"""How Claude Code reads settings files, which install.sh, status and doctor rely on:

- a settings file with a comment, or a trailing comma, is ignored whole and silently (its hooks
  do not run, its model is not used): claude_settings says so and never edits one;
- hooks in `<project>/.claude/settings.local.json` run (where `./install.sh --project` writes);
- one command registered in two settings files runs once; two different commands both run
  (doctor warns only then).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from fake_api import step
from harness import ClaudeSession, dump_hook_command, read_dump


def _hooks(command: str) -> str:
    return json.dumps({"UserPromptSubmit": [{"hooks": [{"type": "command", "command": command, "timeout": 30}]}]})


def _run(claude: ClaudeSession, hook_dump: Path) -> tuple[int, str | None]:
    """(how often the hook ran, the model the request asked for)."""
    claude.api.set_script([step("Hello.")])
    result = claude.run("hi")
    assert result.ok, result.describe()
    [request] = claude.api.requests
    return len(read_dump(hook_dump)), request.body.get("model")


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


@pytest.mark.parametrize("text, runs, model", [
    ('{{"model": "claude-sonnet-4-5", "hooks": {hooks}}}', 1, "claude-sonnet-4-5"),
    ('{{\n  // mine\n  "model": "claude-sonnet-4-5", "hooks": {hooks}}}', 0, "claude-opus-5-5"),
    ('{{\n  /* mine */\n  "model": "claude-sonnet-4-5", "hooks": {hooks}}}', 0, "claude-opus-5-5"),
    ('{{"model": "claude-sonnet-4-5", "hooks": {hooks},}}', 0, "claude-opus-5-5"),
    ('\ufeff{{"model": "claude-sonnet-4-5", "hooks": {hooks}}}', 1, "claude-sonnet-4-5"),
    ('{{"model": "claude-sonnet-4-5", "hooks": {{}}, "hooks": {hooks}}}', 1, "claude-sonnet-4-5"),
], ids=["plain", "line-comment", "block-comment", "trailing-comma", "bom", "duplicate-key-last-wins"])
def test_a_user_settings_file_loads_as_json_or_not_at_all(claude: ClaudeSession, hook_dump: Path,
                                                           text: str, runs: int, model: str) -> None:
    _write(claude.settings_path("user"), text.format(hooks=_hooks(dump_hook_command(hook_dump))))
    assert _run(claude, hook_dump) == (runs, model)


def test_hooks_in_the_projects_settings_local_json_run(claude: ClaudeSession, hook_dump: Path) -> None:
    _write(claude.repo / ".claude" / "settings.local.json", f'{{"hooks": {_hooks(dump_hook_command(hook_dump))}}}')
    assert _run(claude, hook_dump)[0] == 1


@pytest.mark.parametrize("suffix, runs", [("", 1), (" ", 2)], ids=["same-command", "other-command"])
def test_a_command_registered_twice_runs_once_per_distinct_command(claude: ClaudeSession, hook_dump: Path,
                                                                   suffix: str, runs: int) -> None:
    command = dump_hook_command(hook_dump)
    _write(claude.settings_path("user"), f'{{"hooks": {_hooks(command)}}}')
    _write(claude.repo / ".claude" / "settings.local.json", f'{{"hooks": {_hooks(command + suffix)}}}')
    assert _run(claude, hook_dump)[0] == runs
