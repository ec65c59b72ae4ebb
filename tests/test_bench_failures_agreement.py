"""The agreement bench counts what it says: runs read alike, and each reading's messages found
verbatim in the other's; and the committed second reading names only recorded runs."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import failures_agreement as bench  # noqa: E402

TOOLCHAINS = Path(__file__).resolve().parent / "fixtures" / "toolchains"


def test_messages_found_verbatim_either_way() -> None:
    first = {
        "a": {"expected": ["x.py:1: boom", "x.py:2: bang"], "expected_more": 0},
        "b": {"expected": json.dumps(["Error: no such file"]), "expected_more": 2},
    }
    second = {
        "a": {"expected": ["x.py:1: boom; detail"], "expected_more": 0},
        "b": {"expected": ["Error: no such file"], "expected_more": 1},
        "c": {"expected": ["only in the second"], "expected_more": 0},
    }
    row = bench.agreement(first, second)
    assert row == {
        "runs": 2,
        "identical": 1,
        "same_count": 1,
        "same_more": 1,
        "first": 3,
        "first_in_second": 2,  # `x.py:1: boom` stands inside the second's longer message
        "second": 2,
        "second_in_first": 1,
    }


@pytest.mark.parametrize(("batch", "runs"), [(25, 64), (26, 50)])
def test_the_second_reading_covers_recorded_runs_only(batch: int, runs: int) -> None:
    second = json.loads((BENCH / "data" / f"second_reading_batch{batch}.json").read_text())
    assert len(second) == runs
    for name, reading in second.items():
        assert (TOOLCHAINS / f"{name}.json").is_file(), name
        assert all(len(m) <= 300 for m in reading["expected"]), name
