"""Every hook's output on every fixture transcript, byte for byte as recorded.

Refactoring must not change what the hooks print or write; a change of behaviour shows up here
as a diff to read and, when intended, to record again with
`CONTEXT_KEEPER_UPDATE_GOLDEN=1 ./test.sh tests/golden` (the diff then goes in that commit).
"""

from __future__ import annotations

import difflib
import os
import shutil
from pathlib import Path

import pytest
from capture import CONFIGS, TRANSCRIPTS, capture, fresh_dir

EXPECTED = Path(__file__).parent / "expected"
UPDATE = os.environ.get("CONTEXT_KEEPER_UPDATE_GOLDEN") == "1"


CASES = [f"{name}.{config}" for name in sorted(TRANSCRIPTS) for config in CONFIGS]


@pytest.mark.parametrize("case", CASES)
def test_hook_outputs_match_the_recorded_ones(case: str) -> None:
    name, config = case.split(".")
    work = fresh_dir()
    try:
        got = capture(name, work, config)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    path = EXPECTED / f"{case}.txt"
    if UPDATE:
        path.parent.mkdir(exist_ok=True)
        path.write_text(got)
    want = path.read_text()
    if got != want:
        diff = difflib.unified_diff(want.splitlines(), got.splitlines(), "recorded", "now", lineterm="", n=2)
        pytest.fail("hook outputs changed:\n" + "\n".join(list(diff)[:80]))


def test_the_capture_sees_every_hook_and_file() -> None:
    """The net has holes if a step stopped running: each recorded capture shows all seven
    outputs and the files a compaction leaves."""
    for case in CASES:
        text = (EXPECTED / f"{case}.txt").read_text()
        for part in (
            "==== PreCompact: exit 0",
            "==== SessionStart(compact): exit 0",
            "==== PostCompact: exit 0",
            "==== context-keeper report: exit 0",
            "compactions.jsonl",
            "/state/",
            "/preserved/",
        ):
            assert part in text, (case, part)
    assert any("/summaries/" in (EXPECTED / f"{case}.txt").read_text() for case in CASES)
