"""The parts of a compaction's file as records: each saved and read back, the keys on disk
those of the files users already have, an older refill still read, a part that does not fit
read as absent."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from context_keeper.compaction import file as compaction_file
from context_keeper.compaction.check import check_summary
from context_keeper.compaction.parts import FamilyCheck, Printed, Refill, Swap, block_of, check_of, note_of, refill_of
from context_keeper.preserve.item import Item
from context_keeper.store import RunsDir

SESSION = "3f1c0b7e-1111-4222-8333-444455556666"
OPENED = "2026-11-22T11:58:20.100Z"
ITEMS = (Item("file", "/repo/src/app.py", "/repo/src/app.py"), Item("error", "`make` → exit 2", "no rule to make"))
ITEMS_ON_DISK = [
    {"family": "file", "text": "/repo/src/app.py", "key": "/repo/src/app.py"},
    {"family": "error", "text": "`make` → exit 2", "key": "no rule to make"},
]


def _saved(tmp_path: Path, **parts: object) -> tuple[dict[str, object], dict[str, object]]:
    """The file after a hook wrote `parts`: (as read back, as the raw JSON on disk)."""
    runs = RunsDir.at(tmp_path / "runs")
    path = compaction_file.update(runs, SESSION, OPENED, **parts)
    data = compaction_file.read(path)
    assert data is not None
    return data, json.loads(path.read_text())


def test_block_and_note_round_trip_with_the_keys_on_disk(tmp_path: Path) -> None:
    block, note = Printed("the block", ITEMS), Printed("the note", ITEMS[:1])
    data, raw = _saved(tmp_path, block=block, note=note)
    assert (block_of(data), note_of(data)) == (block, note)
    assert raw["block"] == {"text": "the block", "items": ITEMS_ON_DISK}
    assert raw["note"] == {"text": "the note", "items": ITEMS_ON_DISK[:1]}


def test_check_round_trips_per_family(tmp_path: Path) -> None:
    check = check_summary(ITEMS, "Edited /repo/src/app.py.").per_family()
    data, raw = _saved(tmp_path, check=check)
    assert check_of(data) == check == {"error": FamilyCheck(1, 0, 1), "file": FamilyCheck(1, 1, 0)}
    assert raw["check"] == {"error": {"carried": 1, "kept": 0, "lost": 1}, "file": {"carried": 1, "kept": 1, "lost": 0}}


def test_refill_has_one_shape_queued_or_sent(tmp_path: Path) -> None:
    queued = Refill("refill text", ITEMS)
    data, raw = _saved(tmp_path, refill=queued)
    assert refill_of(data) == queued
    assert raw["refill"] == {"text": "refill text", "items": ITEMS_ON_DISK, "sent": False, "event": None}
    sent = Refill("refill text", ITEMS, sent=True, event="PostToolUse")
    data, raw = _saved(tmp_path, refill=sent)
    assert refill_of(data) == sent
    assert raw["refill"] == {"text": "refill text", "items": ITEMS_ON_DISK, "sent": True, "event": "PostToolUse"}


def test_an_older_queued_refill_without_event_is_read(tmp_path: Path) -> None:
    # What PostCompact wrote before the refill was one record: no "event" until it was sent.
    path = tmp_path / "old.json"
    path.write_text(json.dumps({"refill": {"text": "refill text", "items": ITEMS_ON_DISK, "sent": False}}))
    data = compaction_file.read(path)
    assert data is not None
    assert refill_of(data) == Refill("refill text", ITEMS, sent=False, event=None)


def test_swap_keeps_its_keys_on_disk(tmp_path: Path) -> None:
    _, raw = _saved(tmp_path, swap=Swap(turns=12, turns_at_precompact=9, tokens=None))
    assert raw["swap"] == {"turns": 12, "turns_at_precompact": 9, "tokens": None}


def test_a_part_that_does_not_fit_reads_as_absent() -> None:
    assert block_of({}) is None and refill_of({"refill": None}) is None
    assert block_of({"block": {"text": 3, "items": []}}) is None
    assert note_of({"note": {"text": "t", "items": [{"family": "file"}]}}) is None
    assert refill_of({"refill": ["text"]}) is None
    assert check_of({"check": {"file": {"carried": 1, "kept": "1", "lost": 0}}}) is None
    assert check_of({"check": "none"}) is None


def test_the_parts_cost_the_hooks_no_import() -> None:
    # Every hook that writes or reads a part has the items' module loaded already (it renders
    # or checks them): the parts' records add no module of their own beyond it.
    code = (
        "import sys, context_keeper.preserve.item\n"
        "before = set(sys.modules)\n"
        "import context_keeper.compaction.parts\n"
        "print(sorted(set(sys.modules) - before))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['context_keeper.compaction', 'context_keeper.compaction.parts']"
