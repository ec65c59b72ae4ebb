"""The failures-in-context bench builds what it says: the recording's failing call as the
newest open error of a session in Claude Code's shape, and scores the block and the note."""

from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import failures_in_context as bench  # noqa: E402

from context_keeper.session import build_model  # noqa: E402

TOOLCHAINS = Path(__file__).resolve().parent / "fixtures" / "toolchains"


def cases() -> list[dict]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(TOOLCHAINS.glob("*.json"))]


def test_the_recording_is_the_newest_open_error_among_ordinary_work(tmp_path: Path) -> None:
    all_cases = cases()
    i = next(n for n, c in enumerate(all_cases) if c["name"] == "vitest-three-failing")
    resolved, others = bench.neighbours(all_cases, i)
    assert len({c["toolchain"] for c in (all_cases[i], resolved, *others)}) >= 2 and len(others) == 2
    model = build_model(bench.session_with(all_cases[i], resolved, others).write(tmp_path / "t.jsonl"))
    newest = model.unresolved_errors()[0]
    assert (newest.target, newest.messages) == ("npx vitest run", tuple(all_cases[i]["expected"]))
    assert [e.target for e in model.errors if e.resolved_turn is not None] == [resolved["command"]]
    assert len(model.files) == 4 and len(model.tasks.open_tasks()) == 2 and model.decisions


def test_the_scores_count_messages_present_per_toolchain() -> None:
    picked = [c for c in cases() if c["name"] in ("pytest-three-failing", "ruff-check", "shell-silent-grep")]
    table, misses = bench.measure(picked, hooks=False, lib=BENCH.parent / "lib")
    assert table["pytest"]["messages"] == 3 and table["ruff"]["messages"] == 5
    for row in table.values():
        assert row["block_messages"] == row["note_messages"] == row["messages"] and row["block_runs"] == row["runs"]
    assert misses == []
    # A message not shown is not counted: the scorer reads the text, not the model.
    assert bench.carried({"expected": ["a: b", "c"], "command": "x"}, "... a: b ...") == (1, False)
    assert bench.carried({"expected": [], "command": "grep -q x f"}, "`grep -q x f` → exit 1: (no output)") == (0, True)
    assert bench.loosely("tests/a.py::t: AssertionError: boom", "FAILED tests/a.py::t - AssertionError:   boom")
