"""The compaction hooks across the kinds of compaction Claude Code makes: PreCompact fired again
for the same compaction (repeated, or a summary computed in the background that fires it at
its start and is swapped in turns later), and a real second compaction, which is never taken
for a repeated fire. The real CLI's side of it is in tests/e2e/test_compaction_kinds.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from context_keeper.compaction.listing import read_views, with_tokens_after
from context_keeper.compaction.history import read_history
from context_keeper.compaction import file as compaction_file
from hook_support import PRE_COMPACT, ROOT, SESSION_START, Env, make_env

POST_COMPACT = ROOT / "hooks" / "post_compact_check.py"
BOOKKEEPING = b'{"type":"mode","mode":"x"}\n'
BOUNDARY = (
    b'{"type":"system","subtype":"compact_boundary","content":"Conversation compacted",'
    b'"timestamp":"2026-01-01T00:00:00.000Z","compactMetadata":{"trigger":"auto","preTokens":9000,"postTokens":900}}\n'
)


@pytest.fixture
def env(tmp_path: Path) -> Env:
    return make_env(tmp_path)


def append(env: Env, data: bytes) -> None:
    with open(env.transcript, "ab") as handle:
        handle.write(data)


def new_turn(env: Env, n: int, command: str) -> bytes:
    """A response of a turn that went on after PreCompact: a new message id, a Bash call."""
    last = [json.loads(line) for line in env.transcript.read_text().splitlines() if '"type":"assistant"' in line][-1]
    last["uuid"] = f"after-{n}"
    last["message"] = dict(last["message"], id=f"msg_after_{n}")
    last["message"]["content"] = [{"type": "tool_use", "id": f"toolu_after_{n}", "name": "Bash", "input": {"command": command}}]
    return (json.dumps(last) + "\n").encode()


def turn_of(text: str) -> int:
    found = re.search(r"\bturn (\d+)\b", text)
    assert found, text[:300]
    return int(found.group(1))


def archives(env: Env) -> list[Path]:
    return sorted(env.runs.archives.iterdir()) if env.runs.archives.is_dir() else []


def test_repeated_fires_make_one_compaction_with_one_archive_and_the_latest_block(env: Env) -> None:
    outputs = []
    for trigger in ("PreCompact:auto", "PreCompact:manual", "PreCompact:manual"):
        result = env.run(PRE_COMPACT, env.stdin(trigger))
        assert result.rc == 0 and result.out
        outputs.append(result.out)
        append(env, BOOKKEEPING)  # what Claude Code writes between the fires
    [archive] = archives(env)
    assert archive.stat().st_size == env.transcript.stat().st_size - len(BOOKKEEPING)
    [(_, saved)] = compaction_file.all_for(env.runs, env.session_id)
    assert saved["fires"] == 3 and saved["block"]["text"] == outputs[-1] and saved["archive_path"] == str(archive)
    [view] = read_views(env.runs)
    assert (view.fires, view.trigger, view.archive_size) == (3, "manual", archive.stat().st_size)
    lines = read_history(env.runs, env.session_id)
    assert [line.fire for line in lines] == [None, 2, 3]
    assert len({line.compaction_id for line in lines}) == 1


def test_a_fire_after_the_boundary_is_a_new_compaction(env: Env) -> None:
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    append(env, BOUNDARY)
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert len(archives(env)) == 2
    assert [v.fires for v in read_views(env.runs)] == [1, 1]


def test_a_fire_after_the_summary_was_checked_is_a_new_compaction(env: Env) -> None:
    """PostCompact runs before Claude Code writes the boundary: a PreCompact after it belongs
    to the next compaction even while the transcript has no boundary yet."""
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert env.run(POST_COMPACT, env.stdin("PostCompact:auto")).rc == 0
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert len(compaction_file.all_for(env.runs, env.session_id)) == 2
    assert len(archives(env)) == 2


def test_a_summary_swapped_in_turns_after_precompact_is_recorded_at_the_swap(env: Env) -> None:
    block = env.run(PRE_COMPACT, env.stdin("PreCompact:auto")).out
    [at_precompact] = archives(env)
    append(env, new_turn(env, 1, "echo after-the-arm-point"))
    append(env, new_turn(env, 2, "echo still-going"))
    note = env.run(SESSION_START, env.stdin("SessionStart:compact"))
    assert note.rc == 0 and note.out
    [archive] = archives(env)
    assert archive != at_precompact and archive.read_bytes() == env.transcript.read_bytes()
    # The note tells the state at the swap, two turns on from the block's.
    assert turn_of(note.out) == turn_of(block) + 2
    assert str(archive) in note.out
    [view] = read_views(env.runs)
    assert view.kind == "precomputed" and view.trigger == "auto"
    assert view.archive_size == archive.stat().st_size
    [swap] = [line for line in read_history(env.runs, env.session_id) if line.source == "swap"]
    [opening] = [line for line in read_history(env.runs, env.session_id) if line.source == "pre_compact"]
    assert swap.compaction_id == opening.compaction_id and (swap.turns or 0) == (opening.turns or 0) + 2


def test_a_precompact_whose_fold_ran_past_its_archive_is_archived_again_at_the_swap(env: Env) -> None:
    """On a busy machine the turn beside a background summary can write past the archive's end
    before PreCompact's fold is done: PreCompact records no turn count then (its count is not
    the archive's), and the swap goes by the bytes written since the archive."""
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    [at_precompact] = archives(env)
    [(_, saved)] = compaction_file.all_for(env.runs, env.session_id)
    assert isinstance(saved["turns"], int) and saved["transcript_offset"] == at_precompact.stat().st_size
    compaction_file.update(env.runs, env.session_id, saved["compaction_id"], turns=None)
    append(env, new_turn(env, 1, "echo written-while-precompact-folded"))
    assert env.run(SESSION_START, env.stdin("SessionStart:compact")).rc == 0
    [archive] = archives(env)
    assert archive != at_precompact and b"written-while-precompact-folded" in archive.read_bytes()
    [view] = read_views(env.runs)
    assert view.kind == "precomputed" and view.archive_size == archive.stat().st_size


def test_a_precompact_without_a_turn_count_and_nothing_written_since_keeps_its_archive(env: Env) -> None:
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    [at_precompact] = archives(env)
    [(_, saved)] = compaction_file.all_for(env.runs, env.session_id)
    compaction_file.update(env.runs, env.session_id, saved["compaction_id"], turns=None)
    assert env.run(SESSION_START, env.stdin("SessionStart:compact")).rc == 0
    assert archives(env) == [at_precompact]


def test_a_precompact_without_a_turn_count_and_only_bookkeeping_since_keeps_its_archive(env: Env) -> None:
    """A hook of the session saved a fold past PreCompact's archive (a slow PostToolUse hook
    that read what came after the transcript settled), so PreCompact recorded no turn count;
    what was written since is Claude Code's bookkeeping, not a turn: no swap."""
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    [at_precompact] = archives(env)
    [(_, saved)] = compaction_file.all_for(env.runs, env.session_id)
    compaction_file.update(env.runs, env.session_id, saved["compaction_id"], turns=None)
    append(env, BOOKKEEPING)
    assert env.run(SESSION_START, env.stdin("SessionStart:compact")).rc == 0
    assert archives(env) == [at_precompact]
    [view] = read_views(env.runs)
    assert view.kind != "precomputed" and not [r for r in read_history(env.runs, env.session_id) if r.source == "swap"]


def test_an_ordinary_compaction_keeps_the_precompact_archive(env: Env) -> None:
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    [archive] = archives(env)
    append(env, BOOKKEEPING)  # no new turn between PreCompact and the swap
    assert env.run(SESSION_START, env.stdin("SessionStart:compact")).rc == 0
    assert archives(env) == [archive]
    [view] = read_views(env.runs)
    assert view.kind != "precomputed" and not [r for r in read_history(env.runs, env.session_id) if r.source == "swap"]


TOOL_RESULT = (
    b'{"type":"user","isSidechain":false,"uuid":"r1","timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user",'
    b'"content":[{"type":"tool_result","tool_use_id":"toolu_x","content":"ok"}]}}\n'
)
PROMPT = (
    b'{"type":"user","isSidechain":false,"uuid":"p1","timestamp":"2026-01-01T00:00:00.000Z","message":{"role":"user",'
    b'"content":"next prompt"}}\n'
)


@pytest.mark.parametrize("appended, kind", [
    (b"", "idle"),  # the fixture ends with the model's answer: no turn running
    (TOOL_RESULT, "auto"),  # mid tool loop
    (PROMPT, "auto"),  # at the start of a turn, before its first request
])
def test_an_auto_compaction_between_turns_is_labelled_idle(env: Env, appended: bytes, kind: str) -> None:
    append(env, appended)
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    [view] = read_views(env.runs)
    assert view.kind == kind


def test_a_manual_compaction_between_turns_stays_manual(env: Env) -> None:
    env.run(PRE_COMPACT, env.stdin("PreCompact:manual"))
    assert [v.kind for v in read_views(env.runs)] == ["manual"]


@pytest.mark.parametrize("new_turns, flag, kind", [
    (0, True, "precomputed"),  # the boundary says so, though no turn came between
    (2, False, "auto"),  # turns came between, yet the boundary says it was not precomputed
    (2, True, "precomputed"),
])
def test_the_boundarys_precomputed_flag_decides_the_kind(env: Env, new_turns: int, flag: bool, kind: str) -> None:
    append(env, TOOL_RESULT)  # mid tool loop: an auto compaction, not an idle one
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    for n in range(new_turns):
        append(env, new_turn(env, n, f"echo {n}"))
    env.run(SESSION_START, env.stdin("SessionStart:compact"))
    boundary = json.loads(BOUNDARY)
    boundary["compactMetadata"]["precomputed"] = flag
    append(env, (json.dumps(boundary) + "\n").encode())
    [view] = with_tokens_after(read_views(env.runs), env.runs)
    assert (view.kind, view.tokens_after) == (kind, 900)


def test_a_subagents_compaction_is_listed_apart_from_the_main_ones(tmp_path: Path) -> None:
    """A subagent's own compaction (its line written before the main one) is not matched to
    the main transcript's boundary; the report counts it apart."""
    from context_keeper.report.data import gather
    from context_keeper.report.terminal import header_facts
    from context_keeper.store import RunsDir

    fixtures = ROOT / "tests" / "fixtures"
    session = "95e30f3b-8271-4674-a510-fa6e56225096"  # auto_compact.jsonl's
    runs = RunsDir.at(tmp_path / "runs")
    runs.ensure()
    lines = [
        {"time": "2026-01-01T00:00:00.000Z", "session_id": session, "trigger": "auto", "source": "subagent",
         "compaction_id": "2026-01-01T00:00:00.000Z", "agent_id": "a1"},
        {"time": "2026-01-01T00:00:01.000Z", "session_id": session, "trigger": "auto", "source": "pre_compact",
         "compaction_id": "2026-01-01T00:00:01.000Z", "boundaries_before": 0, "chars": 100},
    ]
    runs.compactions.write_text("".join(json.dumps(line) + "\n" for line in lines))
    report = gather(fixtures / "auto_compact.jsonl", runs=runs)
    [main] = report.compactions
    assert (main.recorded_by, main.compaction_id) == ("pre_compact", "2026-01-01T00:00:01.000Z")
    assert report.subagent_compactions == 1
    assert dict(header_facts(report))["compactions"].endswith("; and 1 of a subagent's own context")
    assert [v.kind for v in read_views(runs)] == ["subagent", "auto"]
