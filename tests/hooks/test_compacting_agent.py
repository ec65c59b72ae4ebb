"""Whose compaction a compaction hook without `agent_id` is for (2.1.299 fires a subagent's
compaction hooks that way): the main agent's unless a running subagent answered after the
main agent with more context."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_keeper.compaction.listing import read_views
from context_keeper.hooks.compacting_agent import compacting_subagent
from context_keeper.hooks.hook_input import HookInput
from hook_support import PRE_COMPACT, SESSION_START, make_env

SESSION = "b3445fea-82de-4faa-bf75-29dba206bde4"


def response(tokens: int, when: str, sidechain: bool, n: int) -> dict[str, object]:
    return {"type": "assistant", "isSidechain": sidechain, "uuid": f"u{n}", "timestamp": when, "sessionId": SESSION,
            "message": {"id": f"msg_{n}", "role": "assistant", "model": "claude-opus-5-5",
                        "content": [{"type": "text", "text": "ok"}],
                        "usage": {"input_tokens": 1, "output_tokens": 20, "cache_read_input_tokens": tokens - 21,
                                  "cache_creation_input_tokens": 0}}}


def write(path: Path, *records: dict[str, object]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in records))


def layout(tmp_path: Path, main: int, sub: int, sub_when: str, finished: bool = False) -> Path:
    transcript = tmp_path / f"{SESSION}.jsonl"
    write(transcript, response(5_000, "2026-11-27T07:00:00.000Z", False, 1),
          response(main, "2026-11-27T07:00:05.000Z", False, 2))
    folder = tmp_path / SESSION / "subagents"
    write(folder / "agent-a1.jsonl", response(sub, sub_when, True, 3))
    meta = {"agentType": "general-purpose", **({"finished": True} if finished else {})}
    (folder / "agent-a1.meta.json").write_text(json.dumps(meta))
    return transcript


def hook(transcript: Path, trigger: str | None = "auto", agent_id: str | None = None) -> HookInput:
    return HookInput(event="PreCompact", session_id=SESSION, transcript_path=transcript, cwd=transcript.parent,
                     trigger=trigger, custom_instructions=None, source=None, agent_id=agent_id,
                     tool_name=None, tool_use_id=None)


LATER, EARLIER = "2026-11-27T07:00:09.000Z", "2026-11-27T07:00:01.000Z"


@pytest.mark.parametrize("main, sub, sub_when, finished, trigger, expected", [
    (6_000, 99_000, LATER, False, "auto", "a1"),  # the subagent crossed the threshold
    (6_000, 99_000, LATER, True, "auto", None),  # it finished: not compacting now
    (6_000, 99_000, LATER, False, "manual", None),  # /compact is the main agent's
    (99_000, 6_000, LATER, False, "auto", None),  # the main agent holds more context
    (6_000, 99_000, EARLIER, False, "auto", None),  # the main agent answered since
])
def test_whose_compaction(tmp_path: Path, main: int, sub: int, sub_when: str, finished: bool, trigger: str,
                          expected: str | None) -> None:
    transcript = layout(tmp_path, main, sub, sub_when, finished)
    assert compacting_subagent(hook(transcript, trigger)) == expected


def test_without_subagents_it_is_the_main_agents(tmp_path: Path) -> None:
    transcript = tmp_path / f"{SESSION}.jsonl"
    write(transcript, response(99_000, LATER, False, 1))
    assert compacting_subagent(hook(transcript)) is None


def test_the_hooks_leave_a_subagents_compaction_without_agent_id_alone(tmp_path: Path) -> None:
    env = make_env(tmp_path)
    folder = env.transcript.with_suffix("") / "subagents"
    write(folder / "agent-a1.jsonl", response(900_000, "2999-01-01T00:00:00.000Z", True, 9))
    assert env.run(PRE_COMPACT, env.stdin("PreCompact:auto")).out == ""
    assert env.run(SESSION_START, env.stdin("SessionStart:compact")).out == ""
    assert not env.runs.archives.exists() or list(env.runs.archives.iterdir()) == []
    [view] = read_views(env.runs)
    assert (view.source, view.kind, view.records[0]["agent_id"]) == ("subagent", "subagent", "a1")
    # The same hooks for the main agent's compaction still work.
    (folder / "agent-a1.meta.json").write_text(json.dumps({"finished": True}))
    assert env.run(PRE_COMPACT, env.stdin("PreCompact:auto")).out


def test_a_main_compact_keeps_its_note_while_a_busier_subagent_runs(tmp_path: Path) -> None:
    """SessionStart carries no trigger: the compaction PreCompact opened as the main agent's
    (a /compact) gets its note whatever a running subagent's usage says."""
    env = make_env(tmp_path)
    folder = env.transcript.with_suffix("") / "subagents"
    write(folder / "agent-a1.jsonl", response(900_000, "2999-01-01T00:00:00.000Z", True, 9))
    assert env.run(PRE_COMPACT, env.stdin("PreCompact:manual")).out
    assert env.run(SESSION_START, env.stdin("SessionStart:compact")).out
