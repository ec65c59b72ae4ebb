"""The report's data: the context per turn, compactions and what the hooks recorded of their
outcome, tasks, files, errors and cold summaries, gathered from real transcripts and runs-dir
records in the formats of docs/data.md."""

from __future__ import annotations

import sys
from pathlib import Path

import orjson
import pytest

from cli_support import Populated
from context_keeper.records import to_dict
from context_keeper.report import gather
from context_keeper.report.data import read_session
from context_keeper.session import build_model
from context_keeper.store import RunsDir
from report_support import (
    AUTO_SESSION,
    FIXTURES,
    MANUAL_SESSION,
    items,
    long_transcript,
    write_compaction_file,
    write_history,
)


def test_auto_compact_fixture_context_per_turn_and_its_compaction() -> None:
    report = gather(FIXTURES / "auto_compact.jsonl")
    assert report.session_id == AUTO_SESSION and report.turns == 4
    assert [(p.turn, p.tokens) for p in report.points] == [(1, 22_108), (2, 990_310), (3, 22_108), (4, 22_108)]
    [c] = report.compactions
    assert (c.number, c.after_turn, c.trigger, c.pre_tokens, c.post_tokens, c.in_transcript) == (1, 2, "auto", 990_312, 2_650, True)
    # No runs dir: nothing recorded about the outcome.
    assert (c.recorded_by, c.carried, c.kept, c.lost, c.refill_sent, c.check) == (None, None, None, None, None, None)
    assert report.window == 1_000_000 and report.context_tokens == 22_108 and report.context_source == "usage"
    assert report.peak is not None and (report.peak.turn, report.peak.tokens) == (2, 990_310)


def test_manual_compact_fixture() -> None:
    report = gather(FIXTURES / "manual_compact.jsonl")
    assert [(p.turn, p.tokens) for p in report.points] == [(1, 22_108), (2, 22_108), (3, 22_108)]
    [c] = report.compactions
    assert (c.after_turn, c.trigger, c.pre_tokens, c.post_tokens) == (2, "manual", 22_108, 2_640)


def test_a_response_split_into_records_is_one_turn_and_one_point() -> None:
    # tools_and_tasks has responses written as two records (text + tool_use) sharing an id.
    report = gather(FIXTURES / "tools_and_tasks.jsonl")
    assert report.turns == 13 == len(report.points) == build_model(FIXTURES / "tools_and_tasks.jsonl").turns
    assert [p.turn for p in report.points] == list(range(1, 14))
    assert {p.tokens for p in report.points} == {18_132}


def test_points_and_turns_agree_with_the_session_model(tmp_path: Path) -> None:
    tokens = [1_000 * i for i in range(1, 41)]
    path = long_transcript(tmp_path / "s.jsonl", tokens, {15: (15_500, 900, "auto"), 30: (30_200, 1_100, "manual")})
    model, points = read_session(path)
    reference = build_model(path)
    assert model.turns == reference.turns == 40
    assert [(c.turn, c.pre_tokens) for c in model.compactions] == [(c.turn, c.pre_tokens) for c in reference.compactions]
    assert [(p.turn, p.tokens) for p in points] == list(enumerate(tokens, 1))
    report = gather(path)
    assert [(c.after_turn, c.trigger, c.pre_tokens, c.post_tokens) for c in report.compactions] == [
        (15, "auto", 15_500, 900), (30, "manual", 30_200, 1_100),
    ]


def test_a_late_record_of_an_earlier_response_does_not_change_the_latest_turn(tmp_path: Path) -> None:
    path = long_transcript(tmp_path / "s.jsonl", [5_000, 6_000, 7_000])
    lines = path.read_bytes().splitlines()
    late = orjson.loads(lines[1])  # turn 1's response, written again after turn 3
    assert late["message"]["id"] == "msg_test_000001"
    late["message"]["usage"]["input_tokens"] = 99_999
    path.write_bytes(path.read_bytes() + orjson.dumps(late) + b"\n")
    report = gather(path)
    assert report.turns == 3
    assert [(p.turn, p.tokens) for p in report.points] == [(1, 5_000), (2, 6_000), (3, 7_000)]


def test_turns_without_usage_have_no_point(tmp_path: Path) -> None:
    path = long_transcript(tmp_path / "s.jsonl", [5_000, 0, 7_000])
    report = gather(path)
    assert report.turns == 3
    assert [(p.turn, p.tokens) for p in report.points] == [(1, 5_000), (3, 7_000)]


def test_tasks_files_and_open_errors_from_the_fixtures() -> None:
    report = gather(FIXTURES / "tools_and_tasks.jsonl")
    assert [(t.id, t.subject, t.status, t.created_turn, t.completed_turn) for t in report.tasks] == [
        ("1", "Write tests", "completed", 6, 9), ("2", "Run linter", "deleted", 7, None),
    ]
    # The transcript's paths are absolute under its cwd: shown relative to it.
    assert [(f.path, f.tool, f.first_turn, f.last_turn, f.edits) for f in report.files] == [("notes.txt", "Edit", 2, 3, 2)]
    failing = gather(FIXTURES / "bash_failure.jsonl")
    assert [(e.turn, e.target, e.line) for e in failing.open_errors] == [
        (1, "echo out; echo err >&2; exit 3", "err"), (2, "README.md", "String to replace not found in file."),
    ]
    assert failing.fixed_errors == ()


def test_paths_relative_to_the_repo_given(tmp_path: Path) -> None:
    report = gather(FIXTURES / "tools_and_tasks.jsonl", repo="/home/dev")
    assert [f.path for f in report.files] == ["project/notes.txt"]
    elsewhere = gather(FIXTURES / "tools_and_tasks.jsonl", repo=tmp_path)  # not under it: the session's cwd
    assert [f.path for f in elsewhere.files] == ["notes.txt"]


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A realistic session with errors hit and fixed (bench/gen_transcript.py)."""
    bench = Path(__file__).resolve().parents[2] / "bench"
    sys.path.insert(0, str(bench))
    try:
        import gen_transcript as gen
    finally:
        sys.path.remove(str(bench))
    path, _truth = gen.generate(gen.SessionSpec("report", 400_000, seed=7, compactions=1), tmp_path_factory.mktemp("gen"))
    return path


def test_fixed_errors_say_how_with_relative_paths(generated: Path) -> None:
    model = build_model(generated)
    report = gather(generated)
    assert len(report.errors) == len(model.errors) and report.fixed_errors
    assert len(report.fixed_errors) == sum(1 for e in model.errors if e.resolved_turn is not None)
    for row in report.fixed_errors:
        assert row.resolved_by and "/home/dev/project/" not in row.resolved_by
    assert any("/home/dev/project/" in (e.resolved_by or "") for e in model.errors)  # what was made relative


# -- what the hooks recorded -------------------------------------------------------------------


def _runs(tmp_path: Path) -> RunsDir:
    return RunsDir.at(tmp_path / "runs")


OPENED = "2026-11-22T11:58:20.100Z"


def _new_format(session: str = AUTO_SESSION) -> list[dict[str, object]]:
    """One compaction as the hooks record it: opened by PreCompact, the note, the
    check, the refill sent."""
    return [
        {"time": OPENED, "session_id": session, "trigger": "auto", "source": "pre_compact", "compaction_id": OPENED,
         "boundaries_before": 0, "context_tokens": 990_310, "chars": 2_345, "block_items": 12,
         "block_families": {"task": 2, "file": 10}},
        {"time": "2026-11-22T11:58:21.000Z", "session_id": session, "trigger": "auto", "source": "session_start",
         "compaction_id": OPENED, "chars": 900, "block_items": 9, "block_families": {"task": 2, "file": 7}},
        {"time": "2026-11-22T11:58:21.200Z", "session_id": session, "trigger": "auto", "source": "post_compact",
         "compaction_id": OPENED, "check": {"task": {"carried": 2, "kept": 2, "lost": 0}, "file": {"carried": 10, "kept": 7, "lost": 3}},
         "refill_items": 3, "refill_chars": 250, "post_tokens": 2_650},
        {"time": "2026-11-22T11:58:25.000Z", "session_id": session, "source": "refill", "compaction_id": OPENED,
         "event": "PostToolUse", "refill_items": 2, "refill_chars": 180},
    ]


def test_outcome_from_new_format_records(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    other = [dict(e, session_id="someone-else") for e in _new_format()]
    write_history(runs, _new_format() + other, extra_lines=[b'{"time": "torn', b"[1, 2]"])
    [c] = gather(FIXTURES / "auto_compact.jsonl", runs=runs).compactions
    assert (c.recorded_by, c.compaction_id, c.block_chars) == ("pre_compact", OPENED, 2_345)
    assert (c.carried, c.kept, c.lost, c.note_items) == (12, 9, 3, 9)
    assert (c.refill_queued, c.refill_sent, c.refill_chars, c.refill_event) == (3, 2, 180, "PostToolUse")
    assert c.check == {"task": {"carried": 2, "kept": 2, "lost": 0}, "file": {"carried": 10, "kept": 7, "lost": 3}}
    # The transcript's boundary gives where and the tokens.
    assert (c.after_turn, c.pre_tokens, c.post_tokens, c.in_transcript) == (2, 990_312, 2_650, True)


# Every field of history.HistoryLine as main's hooks serialise it (unset ones null or empty).
RECORD_FIELDS = {
    "trigger": None, "context_tokens": None, "tokens_source": None, "boundaries_before": None, "transcript_path": None,
    "archive_path": None, "archive_size": None, "archive_sha256": None, "chars": 0, "shown": {}, "left_out": {},
    "compaction_id": None, "block_items": None, "block_families": {}, "check": {}, "refill_items": None,
    "refill_chars": None, "event": None,
}


def test_outcome_from_records_with_every_field_written(tmp_path: Path) -> None:
    # The lines as the hooks write them (all fields), the note and the refill in the file only.
    runs = _runs(tmp_path)
    base = {"session_id": AUTO_SESSION, **RECORD_FIELDS}
    write_history(runs, [
        base | {"time": OPENED, "source": "pre_compact", "trigger": "auto", "compaction_id": OPENED, "boundaries_before": 0,
                "context_tokens": 990_310, "chars": 2_000, "block_items": 5, "block_families": {"task": 1, "file": 4}},
        base | {"time": "2026-11-22T11:58:21.200Z", "source": "post_compact", "trigger": "auto", "compaction_id": OPENED,
                "check": {"task": {"carried": 1, "kept": 1, "lost": 0}, "file": {"carried": 4, "kept": 2, "lost": 2}},
                "refill_items": 2, "refill_chars": 150},
    ])
    write_compaction_file(runs, AUTO_SESSION, OPENED, {
        "created": 1.0, "trigger": "auto", "boundaries_before": 0,
        "block": {"text": "...", "items": items("task", 1) + items("file", 4)},
        "note": {"text": "...", "items": items("task", 1) + items("file", 1)},
        "check": {"task": {"carried": 1, "kept": 1, "lost": 0}, "file": {"carried": 4, "kept": 2, "lost": 2}},
        "refill": {"text": "...", "items": items("file", 2), "sent": False},
    })
    [c] = gather(FIXTURES / "auto_compact.jsonl", runs=runs).compactions
    assert (c.carried, c.kept, c.lost, c.note_items, c.refill_queued, c.refill_sent) == (5, 3, 2, 2, 2, None)
    # Not sent yet: the terminal says it is waiting.
    from context_keeper.report.terminal import refill_cell

    assert refill_cell(c) == "2 queued"


def test_old_records_leave_the_outcome_unknown(tmp_path: Path) -> None:
    # What today's PreCompact hook writes: no compaction id, no items.
    runs = _runs(tmp_path)
    write_history(runs, [{
        "time": OPENED, "session_id": AUTO_SESSION, "trigger": "auto", "source": "pre_compact",
        "context_tokens": 990_310, "boundaries_before": 0, "chars": 1_341, "shown": {"files": 0}, "left_out": {},
    }])
    [c] = gather(FIXTURES / "auto_compact.jsonl", runs=runs).compactions
    assert (c.recorded_by, c.block_chars) == ("pre_compact", 1_341)
    assert (c.carried, c.kept, c.lost, c.refill_queued, c.refill_sent, c.check) == (None,) * 6


def test_a_check_with_nothing_lost_queues_no_refill(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    entries = _new_format()[:1] + [{
        "time": "2026-11-22T11:58:21.200Z", "session_id": AUTO_SESSION, "source": "post_compact", "compaction_id": OPENED,
        "check": {"task": {"carried": 2, "kept": 2, "lost": 0}}, "refill_items": 0, "refill_chars": 0,
    }]
    write_history(runs, entries)
    [c] = gather(FIXTURES / "auto_compact.jsonl", runs=runs).compactions
    assert (c.carried, c.kept, c.lost, c.refill_queued, c.refill_sent) == (12, 2, 0, 0, None)


def test_per_compaction_file_fills_what_the_lines_lack(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    opening = dict(_new_format()[0])
    del opening["block_items"]
    write_history(runs, [opening])
    write_compaction_file(runs, AUTO_SESSION, OPENED, {
        "trigger": "auto",
        "block": {"text": "...", "items": items("task", 2) + items("file", 4)},
        "note": {"text": "...", "items": items("task", 2)},
        "check": {"task": {"carried": 2, "kept": 1, "lost": 1}, "file": {"carried": 4, "kept": 4, "lost": 0}},
        "refill": {"text": "...", "items": items("task", 1), "sent": True, "event": "UserPromptSubmit"},
    })
    [c] = gather(FIXTURES / "auto_compact.jsonl", runs=runs).compactions
    assert (c.carried, c.note_items, c.kept, c.lost) == (6, 2, 5, 1)
    assert (c.refill_sent, c.refill_event) == (1, "UserPromptSubmit")


def test_records_find_their_boundary(tmp_path: Path) -> None:
    path = long_transcript(tmp_path / "s.jsonl", [1_000 * i for i in range(1, 31)], {10: (10_000, 500, "auto"), 20: (20_000, 600, "manual")})
    session = orjson.loads(path.read_bytes().splitlines()[0])["sessionId"]
    runs = _runs(tmp_path)
    write_history(runs, [
        # By boundaries_before: the second compaction's record is written first here.
        {"time": "2026-11-22T12:00:20.100Z", "session_id": session, "trigger": "manual", "source": "pre_compact", "boundaries_before": 1, "chars": 222},
        # Without it (older hooks): the first free boundary not older than the record.
        {"time": "2026-11-22T12:00:10.100Z", "session_id": session, "trigger": "auto", "source": "session_start", "chars": 111},
        # Made for a compaction whose boundary is not written yet.
        {"time": "2026-11-22T12:00:40.000Z", "session_id": session, "trigger": "manual", "source": "pre_compact", "boundaries_before": 2, "chars": 333},
    ])
    report = gather(path, runs=runs)
    assert [(c.number, c.after_turn, c.in_transcript, c.recorded_by, c.block_chars) for c in report.compactions] == [
        (1, 10, True, "session_start", 111), (2, 20, True, "pre_compact", 222), (3, 30, False, "pre_compact", 333),
    ]
    assert report.compactions[2].trigger == "manual" and report.compactions[2].pre_tokens is None


# -- summaries, redaction, JSON ----------------------------------------------------------------


def test_cold_summaries_written_by_the_real_hook(populated: Populated) -> None:
    runs = RunsDir.at(populated.runs)
    report = gather(populated.transcripts["tools_and_tasks"], runs=runs, repo=populated.repo)
    assert [(s.task_id, s.kind, s.status, s.start_turn, s.end_turn, s.subject) for s in report.summaries] == [
        ("1", "task", "completed", 8, 9, "Write tests"),
    ]
    assert report.summaries[0].file and (populated.runs / "summaries" / report.summaries[0].file).is_file()
    assert report.runs_dir == str(populated.runs)
    other = gather(populated.transcripts["bash_failure"], runs=runs, repo=populated.repo)
    assert other.summaries == ()


def test_texts_the_report_adds_from_the_transcript_are_redacted(tmp_path: Path) -> None:
    secret = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
    path = long_transcript(tmp_path / "s.jsonl", [1_000, 2_000], cwd=f"/home/dev/{secret}/project")
    report = gather(path)
    assert report.cwd and report.cwd.startswith("/home/dev/")
    assert secret not in orjson.dumps(to_dict(report)).decode()


def test_report_is_json_ready(tmp_path: Path) -> None:
    runs = _runs(tmp_path)
    write_history(runs, _new_format())
    data = orjson.loads(orjson.dumps(to_dict(gather(FIXTURES / "auto_compact.jsonl", runs=runs))))
    assert data["points"][1] == {"turn": 2, "tokens": 990_310, "time": data["points"][1]["time"]}
    assert data["compactions"][0]["check"]["file"] == {"carried": 10, "kept": 7, "lost": 3}
    assert MANUAL_SESSION not in str(data)
