"""Proves the e2e infrastructure against the real Claude Code binary.

Tools and tasks land in the transcript; hooks see manual compaction and can steer it;
reported usage triggers auto compaction. The scenario tests for our own hooks build on
exactly these moves.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fake_api import context_usage, step, text, tool
from harness import DEFAULT_TIMEOUT_S, ClaudeSession, content_blocks, dump_hook_command, read_dump

pytestmark = pytest.mark.e2e

RUN_TIMEOUT_S = DEFAULT_TIMEOUT_S  # a hang detector (harness.py)


def test_tools_and_tasks_land_in_the_transcript(claude: ClaudeSession) -> None:
    notes = claude.repo / "notes.txt"
    claude.api.set_script([
        step("Checking.", tool("Bash", command="echo smoke-ok", description="echo")),
        step(tool("Bash", command="echo smoke-boom >&2; exit 3", description="fail")),
        step(tool("Write", file_path=str(notes), content="alpha\n")),
        step(tool("Edit", file_path=str(notes), old_string="alpha", new_string="beta")),
        step(tool("TaskCreate", subject="Smoke task", description="Prove tasks work")),
        step(tool("TaskUpdate", taskId="1", status="completed")),
        step("All smoke steps done."),
    ])

    result = claude.run("Run the smoke steps.", timeout_s=RUN_TIMEOUT_S)

    assert result.ok, result.describe()
    assert claude.api.steps_left == 0
    assert notes.read_text() == "beta\n"
    records = claude.transcript(result.session_id)
    uses = {u["id"]: u for u in content_blocks(records, "tool_use")}
    results = {r["tool_use_id"]: r for r in content_blocks(records, "tool_result")}
    names = [u["name"] for u in uses.values()]
    assert names == ["Bash", "Bash", "Write", "Edit", "TaskCreate", "TaskUpdate"]
    assert set(results) == set(uses), "every tool_use has its tool_result"
    by_command = {u["input"].get("command"): i for i, u in uses.items() if u["name"] == "Bash"}
    ok_result = results[by_command["echo smoke-ok"]]
    failed = results[by_command["echo smoke-boom >&2; exit 3"]]
    assert not ok_result.get("is_error") and "smoke-ok" in str(ok_result["content"])
    assert failed.get("is_error") is True and "Exit code 3" in str(failed["content"])
    task_results = [str(results[i]["content"]) for i, u in uses.items()
                    if u["name"].startswith("Task")]
    assert "Task #1 created successfully: Smoke task" in task_results[0]
    assert "Updated task #1" in task_results[1]
    assert claude.api.errors == []


def test_manual_compaction_reaches_hooks_and_the_api(
    claude: ClaudeSession, hook_dump: Path
) -> None:
    claude.add_hook("PreCompact", dump_hook_command(hook_dump, stdout_text="PC-PLAIN-MARKER"))
    claude.add_hook("PostToolUse", dump_hook_command(hook_dump))
    claude.add_hook("SessionStart", dump_hook_command(hook_dump, stdout_text="SS-COMPACT-MARKER"),
                    matcher="compact")
    claude.api.set_script([
        step(tool("Bash", command="echo before-compact", description="echo")),
        step("First run done."),
        step("Answer after compaction."),
    ])

    first = claude.run("First prompt: run a command.", timeout_s=RUN_TIMEOUT_S)
    assert first.ok, first.describe()
    compact = claude.run("/compact keep X", continue_session=True, timeout_s=RUN_TIMEOUT_S)
    assert compact.ok, compact.describe()
    after = claude.run("Third prompt after compaction.", continue_session=True,
                       timeout_s=RUN_TIMEOUT_S)
    assert after.ok, after.describe()

    assert first.session_id == compact.session_id == after.session_id
    [compaction] = claude.api.compaction_requests()
    instructions = claude.api.all_text(compaction).split("Additional Instructions:")[-1]
    assert "keep X" in instructions and "PC-PLAIN-MARKER" in instructions
    first_after = claude.api.requests_after_compaction()[0]
    assert "SS-COMPACT-MARKER" in claude.api.all_text(first_after)
    assert "FAKE-COMPACTION-SUMMARY" in claude.api.all_text(first_after)

    [pre] = read_dump(hook_dump, "PreCompact")
    assert pre["stdin"]["trigger"] == "manual"
    assert pre["stdin"]["custom_instructions"] == "keep X"
    [post_tool] = read_dump(hook_dump, "PostToolUse")
    assert post_tool["stdin"]["tool_name"] == "Bash"
    [start] = read_dump(hook_dump, "SessionStart")
    assert start["stdin"]["source"] == "compact"
    boundaries = [r for r in claude.transcript() if r.get("subtype") == "compact_boundary"]
    assert [b["compactMetadata"]["trigger"] for b in boundaries] == ["manual"]


def test_reported_usage_triggers_auto_compaction(
    claude: ClaudeSession, hook_dump: Path
) -> None:
    claude.add_hook("PreCompact", dump_hook_command(hook_dump))
    # CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=10 puts the threshold at 98,000 tokens. The high
    # usage must not come on the first response: with a single API round to summarise,
    # Claude Code gives up with compact_error "too_few_groups".
    claude.api.set_script([
        step(tool("Bash", command="echo small", description="echo")),
        step(tool("Bash", command="echo big", description="echo"), usage=context_usage(99_000)),
        step(tool("Bash", command="echo after", description="echo")),
        step(text("Done after auto compaction.")),
    ])

    result = claude.run("Fill the context.", extra_env={"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"},
                        timeout_s=RUN_TIMEOUT_S)

    assert result.ok, result.describe()
    assert len(claude.api.compaction_requests()) == 1
    [status] = [e for e in result.system_events("status") if "compact_result" in e]
    assert status["compact_result"] == "success"
    [pre] = read_dump(hook_dump, "PreCompact")
    assert pre["stdin"]["trigger"] == "auto"
    boundaries = [r for r in claude.transcript() if r.get("subtype") == "compact_boundary"]
    assert [b["compactMetadata"]["trigger"] for b in boundaries] == ["auto"]
    assert claude.api.requests_after_compaction(), "the turn went on after compacting"
