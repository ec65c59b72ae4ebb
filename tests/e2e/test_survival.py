"""With the real Claude Code: after compaction the model holds the state, whatever
the summary kept — the summary, the restore note and (where the summary lost facts the note
does not carry) the refill, delivered once by the first main-agent hook after compaction.

The fake API's summariser writes the summary from the compaction request itself: none of
the block, every other line of it, or all of it. The restore note is held small here
(CONTEXT_KEEPER_RESTORE_MAX_CHARS) so the refill has work to do in this short session.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from fake_api import all_text, context_usage, step, tool
from harness import ClaudeSession, read_jsonl
from keeper import BLOCK_HEADER, hook_errors, install_hooks, keeper_env, replace_hook, runs_dir
from test_scenarios import AUTO_COMPACT_USAGE, KEEPER_SETTINGS, PYTHON, TaskSession, run_ok, settled

from context_keeper.compaction.history import read_history
from context_keeper.compaction import file as compaction_file
from context_keeper.compaction.check import is_kept, normalise
from context_keeper.preserve.item import Item, items_from_json

REFILL_HEADER = "[context-keeper] Facts recorded just before the compaction that its summary does not carry"
NOTE_CHARS = "1500"
HANG_CEILING_S = 300.0
# The new hooks' broken commands and timeouts (seconds; Claude Code takes fractions). A failing
# one exits at once, so its timeout only has to be far above a shell's start on a loaded
# machine; a hanging one is killed at its timeout, which every tool call then waits out.
BROKEN = {"fail": ("echo context-keeper-broken >&2; exit 1", 30), "hang": ("sleep 30", 0.25)}
OUTCOME = {"fail": "hook_non_blocking_error", "hang": "hook_cancelled"}  # as the transcript records it


def block_of(body: dict[str, Any]) -> str:
    text = all_text(body).split("Additional Instructions:", 1)[1]
    return text[text.find(BLOCK_HEADER):] if BLOCK_HEADER in text else ""


def summariser(keep: str):
    def summarise(body: dict[str, Any]) -> str:
        lines = block_of(body).splitlines()
        kept = {"none": [], "half": lines[::2], "all": lines}[keep]
        summary = "\n".join(["1. Primary Request and Intent: build the calc tokenizer and parser.", *kept])
        return f"<analysis>Fake analysis.</analysis>\n<summary>{summary}</summary>"

    return summarise


def block_items(claude: ClaudeSession, env: dict[str, str], session_id: str) -> tuple[Item, ...]:
    [(_, data)] = compaction_file.all_for(runs_dir(env, claude.repo), session_id)
    return items_from_json(data["block"]["items"])


def missing(items: tuple[Item, ...], context: str) -> list[Item]:
    text = normalise(context)
    return [i for i in items if not is_kept(i, text)]


@pytest.fixture
def env(claude: ClaudeSession, tmp_path: Path) -> dict[str, str]:
    install_hooks(claude, PYTHON)
    return keeper_env(tmp_path / "ck-data", **KEEPER_SETTINGS) | {"CONTEXT_KEEPER_RESTORE_MAX_CHARS": NOTE_CHARS}


def after_compaction_script(session: TaskSession) -> list[Any]:
    """The task session up to the failing parser run that crosses the auto threshold, then
    one more tool call in the same loop, then the closing text."""
    script = session.script(final_usage=AUTO_COMPACT_USAGE, closing_usage=3_000)
    closing = script.pop()
    return [*script, step(tool("Bash", command=settled("ls calc"), description="List"), usage=context_usage(3_500)),
            closing]


# -- (a) auto compaction mid tool loop, a summary that drops half -------------------------------


def test_auto_compaction_with_a_lossy_summary_refills_at_the_next_tool_call(
    claude: ClaudeSession, env: dict[str, str]
) -> None:
    claude.api.summary = summariser("half")
    session = TaskSession(claude.repo, runs_dir(env, claude.repo))
    claude.api.set_script(after_compaction_script(session))
    result = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.",
                    env | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"})
    assert claude.api.steps_left == 0
    assert [e["compact_metadata"]["trigger"] for e in result.system_events("compact_boundary")] == ["auto"]
    session_id = result.session_id
    assert session_id
    items = block_items(claude, env, session_id)
    [request] = claude.api.compaction_requests()
    summary = summariser("half")(request.body)
    lost = missing(items, summary)
    assert len(lost) >= 3, "the summariser must drop facts for this test to mean anything"

    first, after_tool = claude.api.requests_after_compaction()[:2]
    # The first request after compaction has the summary and the note; the refill comes with
    # the first main-agent tool call (there is no prompt after an auto compaction).
    assert REFILL_HEADER not in all_text(first)
    assert REFILL_HEADER in all_text(after_tool)
    assert missing(lost, all_text(after_tool)) == [], "dropped facts still missing after the tool call"
    # Once only: the last request still holds it once (as context), not twice.
    assert all_text(claude.api.requests[-1]).count(REFILL_HEADER) == 1
    [check] = [r for r in read_history(runs_dir(env, claude.repo), session_id) if r.source == "post_compact"]
    assert sum(f["lost"] for f in check.check.values()) == len(lost)
    assert hook_errors(claude.runs, claude.transcript()) == []


# -- (b) manual /compact with a lossy summary, then a prompt -------------------------------------


def test_manual_compact_with_a_lossy_summary_every_fact_is_in_the_next_request(
    claude: ClaudeSession, env: dict[str, str]
) -> None:
    claude.api.summary = summariser("none")
    session = TaskSession(claude.repo, runs_dir(env, claude.repo))
    claude.api.set_script([*session.script(final_usage=50_000, closing_usage=52_000), step("Continuing.")])
    first = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.", env)
    run_ok(claude, "/compact keep the parser work", env, continue_session=True)
    run_ok(claude, "Continue with the parser fix.", env, continue_session=True)
    items = block_items(claude, env, first.session_id or "")
    [request] = claude.api.compaction_requests()
    next_request = claude.api.requests_after_compaction()[0]
    text = all_text(next_request)
    assert missing(items, summariser("none")(request.body) + text) == []
    # The /compact echo carries the whole block: nothing of it is sent again as a refill.
    assert "<local-command-stdout>" in text and BLOCK_HEADER in text
    assert REFILL_HEADER not in text
    refills = [r for r in read_history(runs_dir(env, claude.repo), first.session_id) if r.source == "refill"]
    assert [(r.event, r.refill_items) for r in refills] == [("UserPromptSubmit", 0)]
    assert hook_errors(claude.runs, claude.transcript()) == []


# -- (c) a summary that copies the block ---------------------------------------------------------


def test_a_summary_that_copies_the_block_gets_no_refill(claude: ClaudeSession, env: dict[str, str]) -> None:
    claude.api.summary = summariser("all")
    session = TaskSession(claude.repo, runs_dir(env, claude.repo))
    claude.api.set_script(after_compaction_script(session))
    result = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.",
                    env | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"})
    assert claude.api.steps_left == 0
    assert all(REFILL_HEADER not in all_text(r) for r in claude.api.requests)
    [check] = [r for r in read_history(runs_dir(env, claude.repo), result.session_id) if r.source == "post_compact"]
    assert check.refill_items == 0 and sum(f["kept"] for f in check.check.values()) == len(
        block_items(claude, env, result.session_id or ""))


# -- (d) every new hook failing or timing out -----------------------------------------------------


@pytest.mark.parametrize("fault", ["fail", "hang"])
def test_failing_or_hanging_new_hooks_never_stop_compaction_or_the_session(
    claude: ClaudeSession, env: dict[str, str], fault: str
) -> None:
    broken, timeout_s = BROKEN[fault]
    settings = claude.read_settings()
    for event in ("PostCompact", "UserPromptSubmit", "PostToolUse"):
        for group in settings["hooks"][event]:
            for handler in group["hooks"]:
                if "post_compact_check" in handler["command"] or "context_refill" in handler["command"]:
                    handler["command"], handler["timeout"] = broken, timeout_s
    claude.write_settings(settings)
    claude.api.summary = summariser("none")
    session = TaskSession(claude.repo, runs_dir(env, claude.repo))
    claude.api.set_script([*after_compaction_script(session), step("Continuing.")])
    # Every tool call waits out a hung hook's timeout: a ceiling, not a budget, so that a
    # loaded machine cannot fail the run (measured with a 1 s timeout: 43 s of 45 on 2.1.332
    # under load 8).
    result = claude.run("Build the calc tokenizer and parser; track the work with tasks.",
                        extra_env=env | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}, timeout_s=HANG_CEILING_S)
    assert result.ok, result.describe()
    [status] = [e for e in result.system_events("status") if "compact_result" in e]
    assert status["compact_result"] == "success", status
    assert claude.api.steps_left == 1, "the tool loop went on after the compaction (one step is left for later)"
    again = run_ok(claude, "/compact", env, continue_session=True)
    [status] = [e for e in again.system_events("status") if "compact_result" in e]
    assert status["compact_result"] == "success", status
    after = run_ok(claude, "Carry on.", env, continue_session=True)
    assert after.ok
    # The broken hooks did run, and ended by their fault: an exit 1, or killed at the timeout.
    ended = {(a["hookEvent"], a["type"]) for a in hook_attachments(claude)}
    assert {("UserPromptSubmit", OUTCOME[fault]), ("PostToolUse", OUTCOME[fault])} <= ended, ended


def hook_attachments(claude: ClaudeSession) -> list[dict[str, Any]]:
    """The hook outcomes Claude Code recorded in the session's transcripts."""
    found = []
    for path in sorted(claude.projects_dir.glob("*/*.jsonl")):
        for record in read_jsonl(path):
            attachment = record.get("attachment")
            if isinstance(attachment, dict) and str(attachment.get("type", "")).startswith("hook_"):
                found.append(attachment)
    return found
