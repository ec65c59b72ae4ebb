"""With the real Claude Code: a subagent's work is part of the session. Its requests
are answered from their own script (the fake API tells them by `cc_is_subagent=true`); its
records are in `<session>/subagents/`, never in the main transcript, and the real hooks
still carry its files and its error through the compaction, beside the main agent's file."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from fake_api import LoggedRequest, context_usage, step, tool
from harness import ClaudeSession, RunResult
from keeper import hook_errors, install_hooks, keeper_env, preservation_block, restore_note, runs_dir
from test_scenarios import AUTO_COMPACT_USAGE, KEEPER_SETTINGS, PYTHON, run_ok, settled, waits_until

from context_keeper.compaction.history import read_history
from context_keeper.session import build_model

pytestmark = pytest.mark.e2e

NOTES_A = "# Notes A\n\nThe tokenizer splits on whitespace.\n"
NOTES_B = "# Notes B\n\nThe parser is recursive descent.\n"
FAILING = "cat notes/index.md"
MESSAGE = "cat: notes/index.md: No such file or directory"  # what cat really prints
LABEL = "(by subagent general-purpose: Write the notes files)"


@pytest.fixture
def env(claude: ClaudeSession, tmp_path: Path) -> dict[str, str]:
    install_hooks(claude, PYTHON)
    return keeper_env(tmp_path / "ck-data", **KEEPER_SETTINGS)


def notes_subagent(claude: ClaudeSession, *, first: str = "") -> list:
    """The subagent writes two files and runs a command that fails; `first`: a command it
    runs before (a slow one keeps it running)."""
    before = [step(tool("Bash", command=first, description="Wait"))] if first else []
    return [
        *before,
        step(tool("Write", file_path=str(claude.repo / "notes/a.md"), content=NOTES_A)),
        step(tool("Write", file_path=str(claude.repo / "notes/b.md"), content=NOTES_B)),
        step(tool("Bash", command=FAILING, description="Print the index")),
        step("Wrote notes/a.md and notes/b.md; notes/index.md does not exist."),
    ]


def main_requests_after_compaction(claude: ClaudeSession) -> list[LoggedRequest]:
    return [r for r in claude.api.requests_after_compaction() if r.subagent is None]


def check_no_hook_errors(claude: ClaudeSession, runs: list[RunResult]) -> None:
    errors = hook_errors(runs, claude.transcript())
    assert errors == [], "\n".join(errors)


def test_a_subagents_files_and_error_survive_a_manual_compact(claude: ClaudeSession, env: dict[str, str]) -> None:
    claude.api.set_script([
        step(tool("Agent", description="Write the notes files", subagent_type="general-purpose",
                  prompt="NOTES: Write notes/a.md and notes/b.md, then print notes/index.md.")),
        step(tool("Edit", file_path=str(claude.repo / "README.md"), old_string="# e2e test repo",
                  new_string="# e2e test repo\n\nNotes live in notes/.")),
        step("The subagent is writing the notes; the README points to them."),
        step("The notes are written; notes/index.md is still missing."),  # after its notification
        step("Continuing with the index."),
    ])
    claude.api.set_subagent_script({"NOTES:": notes_subagent(claude)})
    first = run_ok(claude, "Write the notes with a subagent and point the README to them.", env)
    assert claude.api.subagent_steps_left == {"NOTES:": 0} and claude.api.steps_left == 1
    transcript = claude.transcript_path()
    [agent_file] = (transcript.parent / transcript.stem / "subagents").glob("agent-*.jsonl")
    assert FAILING in agent_file.read_text() and FAILING not in transcript.read_text()

    compact = run_ok(claude, "/compact", env, continue_session=True)
    after = run_ok(claude, "Go on.", env, continue_session=True)
    [request] = claude.api.compaction_requests()
    block = preservation_block(request).splitlines()
    for line in ("- notes/a.md", "- notes/b.md", "- README.md", f"- `{FAILING}` → exit 1: {MESSAGE} {LABEL}"):
        assert line in block, line
    [subagent_line] = [line for line in block if line.startswith('- general-purpose "Write the notes files"')]
    assert "files: notes/a.md, notes/b.md" in subagent_line and f"unresolved: {MESSAGE}" in subagent_line
    note = restore_note(main_requests_after_compaction(claude)[0])
    assert note, "no restore note after the compaction"
    for text in ("notes/a.md", "notes/b.md", "README.md", f"{MESSAGE} {LABEL}", '"Write the notes files"'):
        assert text in note, text
    check_no_hook_errors(claude, [first, compact, after])


def test_a_background_subagent_still_running_at_an_auto_compaction(claude: ClaudeSession, env: dict[str, str]) -> None:
    """It waits first: the main agent's second response crosses the threshold and Claude Code
    compacts while the subagent is still running (it waits for the compaction's PostCompact
    hook to have recorded it); it finishes after, and reports back."""
    claude.api.set_script([
        step(tool("Agent", description="Write the notes files", subagent_type="general-purpose",
                  prompt="NOTES: Write notes/a.md and notes/b.md, then print notes/index.md."),
             usage=context_usage(20_000)),
        step(tool("Bash", command=settled("git status --short"), description="Status"), usage=context_usage(AUTO_COMPACT_USAGE)),
        step("Waiting for the notes subagent.", usage=context_usage(3_000)),
        step("The notes are written; notes/index.md is still missing.", usage=context_usage(3_500)),
    ])
    history = runs_dir(env, claude.repo).compactions
    after_compaction = waits_until(f"command grep -qs post_compact {shlex.quote(str(history))}")
    claude.api.set_subagent_script({"NOTES:": notes_subagent(claude, first=after_compaction)})
    result = run_ok(claude, "Write the notes with a subagent.", env | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"})
    assert [e["compact_metadata"]["trigger"] for e in result.system_events("compact_boundary")] == ["auto"]
    assert claude.api.steps_left == 0 and claude.api.subagent_steps_left == {"NOTES:": 0}
    [request] = claude.api.compaction_requests()
    block = preservation_block(request)
    assert "SUBAGENTS (1 running;" in block
    assert '- general-purpose "Write the notes files" — RUNNING in the background since turn 1' in block
    assert "task: NOTES: Write notes/a.md and notes/b.md, then print notes/index.md." in block
    assert "List the subagents still running with their task" in block
    note = restore_note(main_requests_after_compaction(claude)[0])
    assert "RUNNING in the background" in note and '"Write the notes files"' in note
    [record] = [r for r in read_history(runs_dir(env, claude.repo), result.session_id) if r.source == "pre_compact"]
    assert record.block_families.get("subagent") == 1
    # What it did after the compaction is in the session model now: a next block carries it.
    model = build_model(claude.transcript_path())
    [sub] = model.subagents.values()
    assert (sub.status, sub.description) == ("completed", "Write the notes files")
    assert [(e.line, e.agent) for e in model.unresolved_errors()] == [(MESSAGE, sub.agent_id)]
    assert {str(claude.repo / "notes/a.md"), str(claude.repo / "notes/b.md")} <= set(model.files)
    check_no_hook_errors(claude, [result])
