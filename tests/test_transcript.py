"""The streaming reader: complete lines only, resumable offsets, junk skipped and counted."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from context_keeper import transcript
from context_keeper.transcript import CompactBoundary, Message, ToolResult, ToolUse, TranscriptReader, read_records

FIXTURES = Path(__file__).parent / "fixtures"


def write(tmp_path: Path, data: bytes) -> Path:
    path = tmp_path / "t.jsonl"
    path.write_bytes(data)
    return path


def user_line(text: str, uuid: str = "u1") -> bytes:
    return orjson.dumps({"type": "user", "uuid": uuid, "message": {"role": "user", "content": text}}) + b"\n"


def test_partial_last_line_is_not_consumed(tmp_path: Path) -> None:
    complete = user_line("one")
    partial = user_line("two")[:-10]
    path = write(tmp_path, complete + partial)
    records, offset, stats = read_records(path)
    assert [r.blocks[0].text for r in records] == ["one"]
    assert offset == len(complete)
    assert stats.partial_tail is True
    # Once the writer finishes the line, resuming picks it up whole.
    path.write_bytes(complete + user_line("two"))
    records, offset2, _ = read_records(path, offset)
    assert [r.blocks[0].text for r in records] == ["two"]
    assert offset2 == path.stat().st_size


def test_junk_lines_are_skipped_and_counted(tmp_path: Path) -> None:
    data = b"\n".join(
        [
            b"",
            b"   ",
            b"{not json",
            b"[1, 2]",
            b'"a string"',
            b'{"type": "attachment", "attachment": {}}',
            b'{"type":"api-request-blob","message":{"role":"user"}}',
            b'{"type": "user", "message": "not a dict"}',
            b'{"type": "brand-new-type"}',
            b"\xff\xfe\x00binary",
            user_line("kept").rstrip(b"\n"),
        ]
    ) + b"\n"
    records, offset, stats = read_records(write(tmp_path, data))
    assert len(records) == 1 and records[0].blocks[0].text == "kept"
    assert offset == len(data)
    assert stats.blank == 2
    assert stats.malformed == 2
    assert stats.non_object == 2
    assert stats.skipped_type == 4
    assert stats.lines == 11


def test_oversized_line_is_skipped_without_holding_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transcript, "MAX_LINE_BYTES", 1000)
    monkeypatch.setattr(transcript, "CHUNK_SIZE", 64)
    big = user_line("x" * 5000)
    data = user_line("before") + big + user_line("after")
    records, offset, stats = read_records(write(tmp_path, data))
    assert [r.blocks[0].text for r in records] == ["before", "after"]
    assert stats.malformed == 1
    assert offset == len(data)


def test_lines_spanning_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transcript, "CHUNK_SIZE", 7)
    texts = [f"text {i} " + "y" * i for i in range(30)]
    data = b"".join(user_line(t, uuid=str(i)) for i, t in enumerate(texts))
    records, offset, _ = read_records(write(tmp_path, data))
    assert [r.blocks[0].text for r in records] == texts
    assert offset == len(data)


def test_real_records_become_dataclasses() -> None:
    records, _, _ = read_records(FIXTURES / "tools_and_tasks.jsonl")
    uses = [b for r in records for b in r.blocks if isinstance(b, ToolUse)]
    assert [u.name for u in uses][:4] == ["Bash", "Write", "Edit", "Read"]
    assert uses[0].input["command"] == "echo hello-from-bash && ls"
    results = {b.tool_use_id: b for r in records for b in r.blocks if isinstance(b, ToolResult)}
    assert results[uses[0].id].text == "hello-from-bash\nREADME.md"
    assistant = next(r for r in records if isinstance(r, Message) and r.role == "assistant")
    assert assistant.model == "claude-opus-5-5"
    assert assistant.usage is not None and assistant.usage.context_tokens == 12 + 3000 + 15000 + 120
    create_result = next(
        r for r in records if isinstance(r, Message) and isinstance(r.tool_use_result, dict) and "task" in r.tool_use_result
    )
    assert create_result.tool_use_result["task"]["id"] == "1"


def test_failed_results_keep_is_error() -> None:
    records, _, _ = read_records(FIXTURES / "bash_failure.jsonl")
    errors = [b for r in records for b in r.blocks if isinstance(b, ToolResult) and b.is_error]
    assert [e.text.splitlines()[0] for e in errors] == ["Exit code 3", "<tool_use_error>String to replace not found in file."]


@pytest.mark.parametrize(
    ("name", "trigger", "pre", "post"),
    [("manual_compact.jsonl", "manual", 22108, 2640), ("auto_compact.jsonl", "auto", 990312, 2650)],
)
def test_compact_boundary_and_summary(name: str, trigger: str, pre: int, post: int) -> None:
    records, _, _ = read_records(FIXTURES / name)
    boundaries = [r for r in records if isinstance(r, CompactBoundary)]
    assert [(b.trigger, b.pre_tokens, b.post_tokens) for b in boundaries] == [(trigger, pre, post)]
    assert boundaries[0].logical_parent_uuid
    summaries = [r for r in records if isinstance(r, Message) and r.is_compact_summary]
    assert len(summaries) == 1 and "FAKE-COMPACT-SUMMARY" in summaries[0].blocks[0].text


def test_reading_is_flat_in_memory(tmp_path: Path) -> None:
    # ~24 MB of transcript, much of it in 200 KB lines: peak allocation stays a few MB.
    blob = orjson.dumps({"type": "api-request-blob", "message": {"content": "z" * 200_000}}) + b"\n"
    text = user_line("t" * 2000)
    path = tmp_path / "big.jsonl"
    with open(path, "wb") as handle:
        for _ in range(100):
            handle.write(blob + text * 20)
    size = path.stat().st_size
    tracemalloc.start()
    reader = TranscriptReader(path)
    count = sum(1 for _ in reader)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert count == 2000 and reader.offset == size
    assert peak < 8 << 20, f"peak {peak} bytes for a {size} byte file"


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
RECORD_LIKE = st.fixed_dictionaries(
    {"type": st.sampled_from(["user", "assistant", "system", "attachment", "x"])},
    optional={
        "message": JSON_VALUES
        | st.fixed_dictionaries(
            {"content": JSON_VALUES | st.lists(st.fixed_dictionaries({"type": st.sampled_from(["text", "tool_use", "tool_result"])}, optional={"text": JSON_VALUES, "id": JSON_VALUES, "name": JSON_VALUES, "input": JSON_VALUES, "tool_use_id": JSON_VALUES, "content": JSON_VALUES, "is_error": JSON_VALUES}), max_size=3)},
            optional={"id": JSON_VALUES, "usage": JSON_VALUES, "model": JSON_VALUES},
        ),
        "subtype": st.sampled_from(["compact_boundary", "other"]),
        "compactMetadata": JSON_VALUES,
        "isSidechain": JSON_VALUES,
        "isMeta": JSON_VALUES,
        "toolUseResult": JSON_VALUES,
    },
)


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=2000))
def test_arbitrary_bytes_never_raise(tmp_path: Path, data: bytes) -> None:
    records, offset, stats = read_records(write(tmp_path, data))
    assert 0 <= offset <= len(data)
    assert offset == (data.rfind(b"\n") + 1)
    assert stats.lines == data.count(b"\n")


@settings(max_examples=150, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(RECORD_LIKE | JSON_VALUES, max_size=12))
def test_arbitrary_json_lines_never_raise(tmp_path: Path, lines: list) -> None:
    data = b"".join(json.dumps(line).encode() + b"\n" for line in lines)
    records, offset, stats = read_records(write(tmp_path, data))
    assert offset == len(data)
    assert stats.records == len(records) <= len(lines)
