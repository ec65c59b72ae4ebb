"""bench/dense.py's sessions are what it says they are: the dense body's tasks are all
created and completed, each episode with its own; a repeated transcript keeps every copy's
tasks as new tasks, with ids unique per copy."""

from __future__ import annotations

import json
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import dense  # noqa: E402
from context_keeper.session.cursor import build_model  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def test_the_dense_body_folds_to_its_tasks(tmp_path: Path) -> None:
    path = tmp_path / "dense.jsonl"
    dense.write_dense(path, 200_000, seed=3)
    lines = path.read_bytes().splitlines()
    created = sum(b"created successfully" in line for line in lines)
    model = build_model(path)
    assert created >= 10 and len(model.tasks.tasks) == created
    assert all(task.status == "completed" for task in model.tasks.tasks.values())
    assert len({task.subject for task in model.tasks.tasks.values()}) == created  # subjects differ
    assert model.turns == sum(b'"type":"assistant"' in line for line in lines)  # one turn a response
    assert model.stats["malformed"] == 0 and model.stats["records"] == len(lines)


def test_a_repeated_transcript_keeps_every_copys_tasks(tmp_path: Path) -> None:
    source = FIXTURES / "tools_and_tasks.jsonl"
    once = build_model(source)
    path = tmp_path / "repeated.jsonl"
    dense.write_repeated(path, source, 3 * source.stat().st_size - 1)
    lines = path.read_bytes().splitlines()
    assert len(lines) == 3 * len(source.read_bytes().splitlines())
    uuids = [json.loads(line).get("uuid") for line in lines]
    assert len({u for u in uuids if u}) == sum(1 for u in uuids if u)  # unique across copies
    model = build_model(path)
    assert len(model.tasks.tasks) == 3 * len(once.tasks.tasks)
    assert model.turns == 3 * once.turns and model.session_id == once.session_id
