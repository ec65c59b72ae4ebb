"""context-keeper inside an agent built on the Claude Agent SDK (Python, from PyPI), driving the
pinned Claude Code CLI against the fake API: `settings()` registers the hooks for the session
alone (`setting_sources=[]`), and the session compacts twice, automatically mid-turn and by
`/compact`. Every check reads what reached the fake API or what the hooks wrote.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from fake_api import context_usage, step, tool
from harness import E2E_DIR, ClaudeSession, claude_version, dump_hook_command, parse_stream_json, read_dump, run_bounded
from keeper import BLOCK_HEADER, RESTORE_HEADER, keeper_env, preservation_block, restore_note, runs_dir

from context_keeper.compaction.history import read_history

pytest.importorskip("claude_agent_sdk")
pytestmark = pytest.mark.e2e

AGENT = E2E_DIR / "sdk_agent.py"
RUN_TIMEOUT_S = 90.0
AUTO_COMPACT_USAGE = 99_000  # past 98,000, the threshold with CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=10
NOTES = "notes.txt"
MANUAL_INSTRUCTIONS = "Keep the notes file name."
FAKE_TOKEN = "ghp_" + "x7Qm2Rk9Lp4Tz8Wv1Nc6Hd3Fj5Gb0Ys2Ea9K"  # made up, shaped like a GitHub token
AGENT_STATE = f"Queue: ticket 4711 next, then ticket 4712. token={FAKE_TOKEN}"


def run_agent(claude: ClaudeSession, env: dict[str, str], prompts: list[str]) -> list[dict[str, Any]]:
    args = [sys.executable, str(AGENT), "--cli", str(claude.binary), "--cwd", str(claude.repo), "--state", AGENT_STATE]
    for prompt in prompts:
        args += ["--prompt", prompt]
    result = run_bounded(args, cwd=claude.repo, env=claude.env(env), timeout_s=RUN_TIMEOUT_S)
    assert result.ok, result.describe()
    return list(parse_stream_json(result.stdout))


def test_sdk_agent_keeps_state_across_auto_and_manual_compaction(claude: ClaudeSession, tmp_path: Path) -> None:
    # The user's own settings: a hook of theirs that would show up in the dump if the file
    # were read. setting_sources=[] keeps it out, and the file stays as it was.
    dump = tmp_path / "user_hook.jsonl"
    claude.add_hook("PreCompact", dump_hook_command(dump))
    user_settings = claude.settings_path("user")
    before = hashlib.sha256(user_settings.read_bytes()).hexdigest()

    notes = claude.repo / NOTES
    claude.api.set_script(
        [
            step(
                "Writing the notes.",
                tool("Write", file_path=str(notes), content="alpha\n"),
                usage=context_usage(20_000),
            ),
            # Its result pushes the context past the threshold: Claude Code compacts before the
            # next request of the same turn.
            step(
                tool("Bash", command="sleep 0.5 && cat notes.txt", description="Show notes"),
                usage=context_usage(AUTO_COMPACT_USAGE),
            ),
            step("The notes are written.", usage=context_usage(3_000)),
            # /compact answers from the fake API's canned summary; then the third prompt.
            step("Going on with the notes.", usage=context_usage(4_000)),
        ]
    )
    env = keeper_env(tmp_path / "ck-data") | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}
    messages = run_agent(
        claude, env, ["Write the notes file.", f"/compact {MANUAL_INSTRUCTIONS}", "Go on with the notes."]
    )

    [init] = [m for m in messages if m["type"] == "SystemMessage" and m["subtype"] == "init"][:1]
    assert init["data"]["claude_code_version"] == claude_version(), "the SDK ran its bundled CLI, not the one under test"
    boundaries = [m for m in messages if m["type"] == "SystemMessage" and m["subtype"] == "compact_boundary"]
    assert [b["data"]["compact_metadata"]["trigger"] for b in boundaries] == ["auto", "manual"], messages
    assert claude.api.steps_left == 0

    # The block reached each compaction request; the restore note the first request after it.
    auto, manual = claude.api.compaction_requests()
    for request, trigger in ((auto, "auto"), (manual, "manual")):
        block = preservation_block(request)
        assert block.startswith(f"{BLOCK_HEADER} {trigger} compaction"), block[:300]
        assert f"- {NOTES}" in block
        # The agent's in-process callback put its own state after the block, redacted.
        assert "Queue: ticket 4711 next, then ticket 4712." in block
        assert block.index(BLOCK_HEADER) < block.index("Queue: ticket 4711")
        assert FAKE_TOKEN not in claude.api.all_text(request)
    assert MANUAL_INSTRUCTIONS in claude.api.all_text(manual)
    for which, trigger in ((0, "auto"), (1, "manual")):
        note = restore_note(claude.api.requests_after_compaction(which)[0])
        assert note.startswith(f"{RESTORE_HEADER} As recorded just before the {trigger} compaction"), note[:300]

    # The archive of each compaction: written, private, a byte-identical prefix of the transcript.
    session_id = boundaries[0]["data"]["session_id"]
    runs = runs_dir(env, claude.repo)
    records = [r for r in read_history(runs, session_id) if r.source == "pre_compact"]
    assert [r.trigger for r in records] == ["auto", "manual"]
    transcript = claude.transcript_path(session_id).read_bytes()
    for record in records:
        assert record.archive_path
        archive = Path(record.archive_path)
        data = archive.read_bytes()
        assert archive.stat().st_mode & 0o777 == 0o600
        assert hashlib.sha256(data).hexdigest() == record.archive_sha256
        assert transcript.startswith(data)
    # PostCompact checked each summary against its block.
    assert [r.trigger for r in read_history(runs, session_id) if r.source == "post_compact"] == ["auto", "manual"]

    # Nothing came from, or went to, the user's settings.
    assert read_dump(dump) == []
    assert hashlib.sha256(user_settings.read_bytes()).hexdigest() == before
    assert not (claude.repo / ".claude").exists()
    assert json.loads(user_settings.read_text())["hooks"].keys() == {"PreCompact"}
