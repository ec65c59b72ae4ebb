"""Shared set-up for the report tests: transcripts cloned from the real fixtures (the records
of Claude Code 2.1.330, with new ids and the usage a test asks for) and runs-dir records in
the formats of docs/data.md, as the compaction hooks write them."""

from __future__ import annotations

import copy
import uuid
from pathlib import Path
from typing import Any

import orjson

from context_keeper.store import RunsDir, safe_name

FIXTURES = Path(__file__).resolve().parent / "fixtures"
AUTO_SESSION = "95e30f3b-8271-4674-a510-fa6e56225096"
MANUAL_SESSION = "345b0387-a067-4946-871b-8253fb49bab6"


def fixture_records(name: str) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_bytes().splitlines() if line.strip()]


def _first(records: list[dict[str, Any]], test: Any) -> dict[str, Any]:
    return copy.deepcopy(next(r for r in records if test(r)))


def long_transcript(
    path: Path,
    tokens: list[int],
    boundaries: dict[int, tuple[int, int, str]] | None = None,
    cwd: str | None = None,
) -> Path:
    """A session of len(tokens) turns, turn i using tokens[i-1] of context, with a
    compact_boundary (preTokens, postTokens, trigger) after each turn named in
    `boundaries`; every record cloned from auto_compact.jsonl."""
    records = fixture_records("auto_compact")
    prompt = _first(records, lambda r: r.get("type") == "user" and isinstance(r["message"].get("content"), str))
    answer = _first(records, lambda r: r.get("type") == "assistant" and r["message"]["content"][0].get("type") == "text")
    boundary = _first(records, lambda r: r.get("subtype") == "compact_boundary")
    boundaries = boundaries or {}
    out: list[dict[str, Any]] = []
    parent = None

    def add(record: dict[str, Any]) -> None:
        nonlocal parent
        record["uuid"] = str(uuid.UUID(int=len(out) + 1))
        record["parentUuid"] = parent
        if cwd is not None and "cwd" in record:
            record["cwd"] = cwd
        parent = record["uuid"]
        out.append(record)

    add(prompt)
    for turn, used in enumerate(tokens, 1):
        record = copy.deepcopy(answer)
        record["message"]["id"] = f"msg_test_{turn:06d}"
        record["message"]["usage"] = {
            "input_tokens": used, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 0,
        }
        record["timestamp"] = f"2026-11-22T12:{turn // 60 % 60:02d}:{turn % 60:02d}.000Z"
        add(record)
        if turn in boundaries:
            pre, post, trigger = boundaries[turn]
            mark = copy.deepcopy(boundary)
            mark["compactMetadata"].update({"preTokens": pre, "postTokens": post, "trigger": trigger})
            mark["timestamp"] = f"2026-11-22T12:{turn // 60 % 60:02d}:{turn % 60:02d}.500Z"
            mark["logicalParentUuid"] = parent
            add(mark)
            mark["parentUuid"] = None  # a boundary starts a new chain, as in the real file
    path.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in out))
    return path


def write_history(runs: RunsDir, entries: list[dict[str, Any]], extra_lines: list[bytes] = ()) -> None:  # type: ignore[assignment]
    runs.root.mkdir(parents=True, exist_ok=True)
    with open(runs.compactions, "ab") as handle:
        for entry in entries:
            handle.write(orjson.dumps(entry) + b"\n")
        for line in extra_lines:
            handle.write(line + b"\n")


def write_compaction_file(runs: RunsDir, session: str, compaction_id: str, data: dict[str, Any]) -> Path:
    name = "".join(c if c.isalnum() else "-" for c in compaction_id)  # survival.pending.file_id on main
    path = runs.root / "compactions" / safe_name(session) / f"{name}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps({"session_id": session, "compaction_id": compaction_id, **data}))
    return path


def items(family: str, n: int) -> list[dict[str, str]]:
    return [{"family": family, "text": f"- {family} {i}", "key": f"{family} {i}"} for i in range(n)]
