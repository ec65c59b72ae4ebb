"""hooks/session_start_restore.py as Claude Code runs it (SessionStart, source "compact"):
the restore note after a PreCompact, and the fallback archive when PreCompact did not run.
"""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from context_keeper.cold.summaries import write_summary
from context_keeper.compaction.history import HistoryLine, append_history, read_history
from context_keeper.hooks.session_start_restore import this_compaction
from context_keeper.session import Compaction, SessionModel
from hook_support import PRE_COMPACT, SESSION_START, Env, make_env, sha


@pytest.fixture
def env(tmp_path: Path) -> Env:
    return make_env(tmp_path)


def test_note_after_precompact(env: Env) -> None:
    pre = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    (archive,) = env.runs.archives.iterdir()
    result = env.run(SESSION_START, env.stdin("SessionStart:compact"))
    assert (pre.rc, result.rc, result.err) == (0, 0, "")
    note = result.out
    assert len(note) <= 4_000
    assert note.startswith("[context-keeper restored state] As recorded just before the auto compaction (turn 13)")
    assert "- /home/dev/project/notes.txt" in note
    assert f"- Full pre-compaction transcript: {archive}" in note
    assert f"- State block given to the summariser: {env.runs.preserved_path(env.session_id)}" in note
    # PreCompact ran: no second archive, no second history line
    assert list(env.runs.archives.iterdir()) == [archive]
    assert [e.source for e in read_history(env.runs)] == ["pre_compact"]


def test_note_shows_open_tasks_errors_and_summaries(tmp_path: Path) -> None:
    env = make_env(tmp_path, "bash_failure.jsonl", project=tmp_path / "home" / "dev" / "project")
    env.runs.ensure()
    write_summary(
        env.runs,
        {
            "session_id": env.session_id,
            "task_id": "prompt-1",
            "subject": "bash failure test",
            "start_turn": 1,
            "end_turn": 3,
            "compressed_at": "2026-11-22T10:00:00Z",
            "files_modified": [],
            "commands_run": ["echo out; echo err >&2; exit 3"],
            "key_outcomes": [],
            "errors_resolved": [],
            "kind": "episode",
            "status": "",
        },
    )
    env.run(PRE_COMPACT, env.stdin("PreCompact:manual"))
    note = env.run(SESSION_START, env.stdin("SessionStart:compact")).out
    assert "Unresolved errors:\n- file /home/dev/project/README.md: String to replace not found in file." in note
    assert "- `echo out; echo err >&2; exit 3` → exit 3: err" in note
    assert f"- Summaries of finished work (1, JSON): {env.runs.summaries}" in note


def test_fallback_archive_when_precompact_did_not_run(env: Env) -> None:
    result = env.run(SESSION_START, env.stdin("SessionStart:compact"))
    assert (result.rc, result.err) == (0, "")
    (archive,) = env.runs.archives.iterdir()
    assert archive.read_bytes() == env.transcript.read_bytes()
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    (entry,) = read_history(env.runs)
    assert entry.source == "session_start" and entry.trigger is None
    assert (entry.archive_path, entry.archive_sha256) == (str(archive), sha(env.transcript))
    assert entry.chars == len(result.out) and entry.boundaries_before == 0
    assert result.out.startswith("[context-keeper restored state] As recorded just before the compaction (turn 13)")
    assert f"- Full pre-compaction transcript: {archive}" in result.out
    assert "State block given to the summariser" not in result.out  # there is none for this compaction
    # a second SessionStart for the same compaction finds the record: no second archive
    again = env.run(SESSION_START, env.stdin("SessionStart:compact"))
    assert again.rc == 0 and len(list(env.runs.archives.iterdir())) == 1
    assert len(read_history(env.runs)) == 1


def test_record_of_an_earlier_compaction_does_not_count(tmp_path: Path) -> None:
    # auto_compact.jsonl already holds one boundary; the PreCompact record of THAT compaction
    # (made when there were 0 boundaries) must not stand for the one finishing now.
    env = make_env(tmp_path, "auto_compact.jsonl")
    env.runs.ensure()
    append_history(env.runs, HistoryLine("2026-11-22T11:58:00.000Z", env.session_id, "auto", "pre_compact", boundaries_before=0))
    result = env.run(SESSION_START, env.stdin("SessionStart:compact"))
    assert result.rc == 0
    assert len(list(env.runs.archives.iterdir())) == 1
    assert [(e.source, e.boundaries_before) for e in read_history(env.runs)] == [("pre_compact", 0), ("session_start", 1)]


def test_precompact_then_restore_on_a_compacted_session(tmp_path: Path) -> None:
    env = make_env(tmp_path, "manual_compact.jsonl")
    assert env.run(PRE_COMPACT, env.stdin("PreCompact:manual")).rc == 0
    result = env.run(SESSION_START, env.stdin("SessionStart:compact"))
    assert result.rc == 0 and "manual compaction" in result.out
    assert len(list(env.runs.archives.iterdir())) == 1
    assert [(e.source, e.boundaries_before) for e in read_history(env.runs)] == [("pre_compact", 1)]


@pytest.mark.parametrize("source", ["startup", "resume", "clear"])
def test_other_sources_print_nothing(env: Env, source: str) -> None:
    sample = "SessionStart:resume" if source == "resume" else "SessionStart:startup"
    result = env.run(SESSION_START, env.stdin(sample, source=source))
    assert (result.rc, result.out, result.err) == (0, "", "")
    assert not env.runs.archives.exists() or not any(env.runs.archives.iterdir())
    assert f"{source!r}, not a compaction; nothing done" in env.log()


def test_a_start_with_no_usable_source_prints_nothing_and_says_why(env: Env) -> None:
    for source in (None, 0, ["compact"]):
        result = env.run(SESSION_START, env.stdin("SessionStart:compact", source=source))
        assert (result.rc, result.out, result.err) == (0, "", "")
    assert env.log().count("no usable source, not a compaction; nothing done") == 3


def test_restore_cap(env: Env) -> None:
    env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    result = env.run(SESSION_START, env.stdin("SessionStart:compact"), CONTEXT_KEEPER_RESTORE_MAX_CHARS="300")
    assert result.rc == 0 and 0 < len(result.out) <= 300


def test_failure_paths_exit_zero(env: Env, tmp_path: Path) -> None:
    for stdin in (b"", b"{", b"null", json.dumps({"hook_event_name": "SessionStart", "source": "compact"}).encode()):
        assert env.run(SESSION_START, stdin) == type(env.run(SESSION_START, b""))(0, "", "")
    no_path = env.stdin("SessionStart:compact")
    del no_path["transcript_path"]
    result = env.run(SESSION_START, no_path)
    assert (result.rc, result.err) == (0, "")
    assert result.out.startswith("[context-keeper restored state]")
    fresh = make_env(tmp_path / "fresh")
    missing = fresh.run(SESSION_START, fresh.stdin("SessionStart:compact", transcript_path=str(fresh.transcript) + ".x"))
    assert (missing.rc, missing.err) == (0, "")
    assert missing.out.startswith("[context-keeper restored state]")
    assert "archive skipped" in fresh.log()


def test_this_compaction_matching() -> None:
    model = SessionModel(offset=10)
    rec = lambda t, b: HistoryLine(t, "s", "auto", "pre_compact", boundaries_before=b)  # noqa: E731
    assert this_compaction([], model) is None
    assert this_compaction([rec("2026-01-01T00:00:00.000Z", 0)], model) is not None
    model.compactions.append(Compaction(5, "auto", 100, 10, "2026-01-01T00:00:05.000Z"))
    assert this_compaction([rec("2026-01-01T00:00:00.000Z", 0)], model) is None
    assert this_compaction([rec("2026-01-01T00:00:09.000Z", 1)], model) is not None
    # a record made without a model is matched by time
    assert this_compaction([rec("2026-01-01T00:00:01.000Z", None)], model) is None
    assert this_compaction([rec("2026-01-01T00:00:06.000Z", None)], model) is not None
    # no transcript to compare with: the newest record
    assert this_compaction([rec("x", 0), rec("y", 3)], None).time == "y"  # type: ignore[union-attr]
