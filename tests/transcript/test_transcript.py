"""The streaming reader: complete lines only, resumable offsets, junk skipped and counted."""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from context_keeper.transcript import reader as transcript
from context_keeper.transcript.reader import TranscriptReader, read_records
from context_keeper.transcript.entries import CompactBoundary, Message, ToolResult, ToolUse, parse_record

FIXTURES = Path(__file__).parents[1] / "fixtures"


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


# -- orjson for big reads: the same records as the stdlib parser -----------------------------------


def _both(line: bytes) -> tuple[str, str]:
    """(record and stats via orjson, the same via json), as reprs: 2**70 == float(2**70)."""
    fast, slow = transcript.ReadStats(), transcript.ReadStats()
    a = transcript._decode(line, fast, orjson.loads)
    b = transcript._decode(line, slow, None)
    return repr((a, fast)), repr((b, slow))


def _assistant(content: list, usage: object = None) -> dict:
    return {"parentUuid": None, "type": "assistant", "uuid": "a1",
            "message": {"id": "m1", "model": "claude-x", "content": content, "usage": usage or {"input_tokens": 5}}}


def _result(data: object, text: str = "ok") -> dict:
    return {"parentUuid": "a1", "type": "user", "uuid": "u1", "toolUseResult": data,
            "message": {"content": [{"type": "tool_result", "tool_use_id": "t1", "content": text}]}}


def _nested(depth: int) -> str:
    return "[" * depth + "]" * depth


EDGE_LINES = [
    # orjson reads integers beyond 64 bits as floats; json keeps them exact
    json.dumps(_assistant([{"type": "text", "text": "x"}], {"input_tokens": 2**70, "output_tokens": 1})),
    json.dumps(_assistant([{"type": "tool_use", "id": "t1", "name": "TaskUpdate", "input": {"taskId": 2**64}}])),
    json.dumps(_assistant([{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "x", "n": -(2**63) - 1}}])),
    json.dumps(_result({"task": {"id": 123456789012345678901234567890}})),
    json.dumps({"type": "system", "subtype": "compact_boundary", "compactMetadata": {"preTokens": 2**80, "postTokens": 3}}),
    json.dumps(_result({"tokens": 18446744073709551615, "low": -9223372036854775808})),  # still 64 bits
    # floats where the model reads data
    json.dumps(_assistant([{"type": "tool_use", "id": "t1", "name": "X", "input": {"f": 0.1, "g": 1e22, "h": -0.0}}])),
    json.dumps(_result({"f": 2.2250738585072014e-308})),
    # what orjson refuses and json reads: NaN, Infinity, 1e400, lone surrogates
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": NaN}',
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": [Infinity, -Infinity]}',
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": 1e400}',
    '{"type": "user", "message": {"content": "lone \\ud800 surrogate"}}',
    '{"type": "user", "message": {"content": "\\udc00\\ud800 reversed"}}',
    '{"type": "user", "message": {"content": "pair \\ud83d\\ude00 ok"}}',
    # nesting: json stops near the recursion limit, orjson at 1024
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": %s}' % _nested(400),
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": %s}' % _nested(980),
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": %s}' % _nested(1010),
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": %s}' % _nested(1100),
    '{"type": "user", "message": {"content": "x"}, "attachment": %s}' % _nested(1000),
    # long lines: nesting just under and at the bound (the stdlib decides from it on), in
    # lists and objects, and many brackets that nest shallowly
    '{"type": "user", "message": {"content": "' + "x" * 2000 + '"}, "toolUseResult": ' + _nested(transcript._DEEP_BRACKETS - 2) + "}",
    '{"type": "user", "message": {"content": "' + "x" * 2000 + '"}, "toolUseResult": ' + _nested(transcript._DEEP_BRACKETS - 1) + "}",
    '{"type": "user", "message": {"content": "x"}, "toolUseResult": ' + '{"a":' * 950 + "1" + "}" * 950 + "}",
    json.dumps(_result([{"k": [i, {"v": [i]}]} for i in range(1000)], "{[" * 1000)),
    # duplicate keys: the last one wins in both
    '{"type": "attachment", "message": {"content": "x"}, "type": "user"}',
    '{"type": "user", "message": {"content": "first"}, "message": {"content": "second"}}',
    '{"type": "user", "uuid": "a", "uuid": "b", "message": {"content": "x"}}',
    # bytes and whitespace
    '\ufeff{"type": "user", "message": {"content": "bom"}}',
    '{"type": "user", "message": {"content": "crlf"}}\r',
    ' \t{"type": "user", "message": {"content": "spaces"}} ',
    '{"type": "user", "message": {"content": "raw\ttab"}}',
    '{"type": "user", "message": {"content": "del\x7f and nul \\u0000"}}',
    '{"type": "user", "message": {"content": "x"}}\x0c',
    '{"type": "us\\u0065r", "message": {"content": "an escaped type is parsed"}}',
    '{"type": "user", "message": {"content": "x"}} {"type": "user"}',
    '[{"type": "user"}]',
    '"just a string"',
    '{"type": "user", "message": {"content": [{"type": "text", "text": "\\u00e9t\\u00e9 \\/ \\""}]}}',
]


@pytest.mark.parametrize("line", EDGE_LINES)
def test_orjson_and_json_make_the_same_records(line: str) -> None:
    fast, slow = _both(line.encode("utf-8", "surrogatepass"))
    assert fast == slow


def test_a_long_line_of_shallow_brackets_is_read_by_orjson(monkeypatch: pytest.MonkeyPatch) -> None:
    """How deep a long line nests is told by what orjson made of it, not by how many
    brackets it holds (code in a file's contents): no second parse by the stdlib."""
    line = json.dumps(_result({"file": {"content": "{[" * 5000}, "hunks": [[i] for i in range(2000)]})).encode()

    def slow(_: str) -> object:
        raise AssertionError("parsed again by the stdlib")

    monkeypatch.setattr(transcript.jsonio, "loads", slow)
    record = transcript._decode(line, transcript.ReadStats(), orjson.loads)
    assert isinstance(record, Message) and record.tool_use_result["hunks"][-1] == [1999]


@pytest.mark.parametrize("depth", [1, 2, 899, 900, 901])
def test_nesting_is_counted_container_by_container(depth: int) -> None:
    nested = orjson.loads(_nested(depth).replace("[]", '[{"a": "[[[["}]') if depth > 1 else "[]")
    expected_depth = depth + (1 if depth > 1 else 0)
    assert transcript._shape(nested, 900) == (expected_depth >= 900, False)
    assert transcript._shape("[[[[", 1) == (False, False)  # a string holds no containers


@pytest.mark.parametrize(
    ("text", "floats"),
    [('{"a": [1, {"b": 2.5}]}', True), ('{"a": [1, {"b": 25}], "c": "2.5"}', False), ("3.0", True), ("[[], {}]", False)],
)
def test_a_float_anywhere_in_a_line_is_seen(text: str, floats: bool) -> None:
    assert transcript._shape(orjson.loads(text), 900) == (False, floats)


def _long_result(data: object) -> bytes:
    content = [{"type": "tool_result", "tool_use_id": "t", "content": "x" * 4000}]
    return json.dumps({"type": "user", "message": {"role": "user", "content": content}, "toolUseResult": data}).encode()


def test_a_long_line_without_floats_is_not_checked_field_by_field(monkeypatch: pytest.MonkeyPatch) -> None:
    def exact(*_: object) -> bool:
        raise AssertionError("checked field by field")

    monkeypatch.setattr(transcript, "_exact", exact)
    record = transcript._decode(_long_result({"n": 7}), transcript.ReadStats(), orjson.loads)
    assert isinstance(record, Message) and record.tool_use_result == {"n": 7}


def test_a_long_line_with_a_big_integer_is_parsed_again_exactly() -> None:
    big = 18446744073709551616 * 3  # past 64 bits: orjson reads it as a float
    record = transcript._decode(_long_result({"n": big}), transcript.ReadStats(), orjson.loads)
    assert isinstance(record, Message) and type(record.tool_use_result["n"]) is int and record.tool_use_result["n"] == big


@pytest.mark.parametrize("raw", [b'{"type": "user", "message": {"content": "\xff"}}', b'{"type":"user","message":{"content":"\xed\xa0\x80"}}',
                                 b'{"type":"user","message":{"content":"\xc0\x80"}}', b"\x00", b"{" * 2000])
def test_orjson_and_json_agree_on_invalid_bytes(raw: bytes) -> None:
    fast, slow = _both(raw)
    assert fast == slow


NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=2**63 - 3, max_value=2**64 + 3),
    st.floats(allow_nan=False, allow_infinity=False),
)
DATA = st.recursive(
    st.none() | st.booleans() | NUMBERS | st.text(max_size=12),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4),
    max_leaves=15,
)
FAST_RECORD = st.builds(
    lambda kind, content, usage, data, meta, sub: {
        "type": kind,
        "subtype": sub,
        "message": {"id": "m", "content": content, "usage": usage},
        "toolUseResult": data,
        "compactMetadata": meta,
    },
    st.sampled_from(["user", "assistant", "system"]),
    DATA | st.lists(st.fixed_dictionaries({"type": st.sampled_from(["text", "tool_use", "tool_result"]), "id": st.just("t"),
                                           "name": st.just("Bash"), "tool_use_id": st.just("t"), "text": DATA,
                                           "input": DATA, "content": DATA}), max_size=3),
    DATA | st.fixed_dictionaries({"input_tokens": NUMBERS, "output_tokens": NUMBERS}),
    DATA,
    DATA | st.fixed_dictionaries({"preTokens": NUMBERS, "postTokens": NUMBERS}),
    st.sampled_from(["compact_boundary", "x"]),
)


@settings(max_examples=300, deadline=None)
@given(record=FAST_RECORD, ascii_only=st.booleans(), indent=st.sampled_from([None, 0]))
def test_orjson_and_json_make_the_same_records_for_any_record(record: dict, ascii_only: bool, indent: int | None) -> None:
    line = json.dumps(record, ensure_ascii=ascii_only, indent=indent).replace("\n", " ")
    fast, slow = _both(line.encode("utf-8", "surrogatepass"))
    assert fast == slow


@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=300) | st.text(alphabet='{}[]":,0123456789.eE-+ \\untrfalsey', max_size=80).map(str.encode))
def test_orjson_and_json_agree_on_arbitrary_bytes(data: bytes) -> None:
    fast, slow = _both(data)
    assert fast == slow


def test_a_big_read_parses_with_orjson_and_reads_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"".join((FIXTURES / f).read_bytes() for f in sorted(p.name for p in FIXTURES.glob("*.jsonl")))
                     + "".join(line.replace("\n", " ") + "\n" for line in EDGE_LINES).encode("utf-8", "surrogatepass"))
    used = []
    real = transcript._fast_loads
    monkeypatch.setattr(transcript, "_fast_loads", lambda: used.append(1) or real())
    slow = TranscriptReader(path, fast=False)
    slow_records = list(slow)
    monkeypatch.setattr(transcript, "FAST_READ_BYTES", 0)
    fast = TranscriptReader(path)  # big enough now: orjson
    assert repr(list(fast)) == repr(slow_records) and repr(fast.stats) == repr(slow.stats)
    assert used == [1] and fast.offset == slow.offset == path.stat().st_size


def test_a_small_read_never_imports_orjson(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(transcript, "_fast_loads", lambda: pytest.fail("orjson asked for on a small read"))
    assert len(list(TranscriptReader(FIXTURES / "tools_and_tasks.jsonl"))) > 10


def test_without_orjson_a_big_read_uses_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_orjson(name: str, *args, **kwargs):  # a plugin checkout run by a bare python3
        if name == "orjson":
            raise ImportError("no orjson here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_orjson)
    monkeypatch.setattr(transcript, "FAST_READ_BYTES", 0)
    assert transcript._fast_loads() is None
    records, _, _ = read_records(FIXTURES / "tools_and_tasks.jsonl")
    assert repr(records) == repr(list(TranscriptReader(FIXTURES / "tools_and_tasks.jsonl", fast=False)))


# -- lines skipped on their bytes are lines the model ignores --------------------------------------


def _skip_matches_the_parser(line: bytes) -> None:
    if transcript._skipped_on_bytes(line):
        assert parse_record(json.loads(line)) is None, line[:200]


def test_lines_skipped_on_bytes_are_never_records_on_real_transcripts(tmp_path: Path) -> None:
    sys_path = str(Path(__file__).resolve().parents[2] / "bench")
    import sys

    sys.path.insert(0, sys_path)
    try:
        import gen_transcript as gen
    finally:
        sys.path.remove(sys_path)
    generated = gen.generate(gen.SessionSpec("skip", 400_000, seed=7, compactions=1), tmp_path)
    paths = [*FIXTURES.glob("*.jsonl"), *(p for p in tmp_path.glob("*.jsonl"))]
    assert generated is not None and len(paths) >= 6
    skipped = parsed = 0
    for path in paths:
        for line in path.read_bytes().splitlines():
            _skip_matches_the_parser(line)
            kind = json.loads(line).get("type")
            if transcript._skipped_on_bytes(line):
                skipped += 1
            elif kind in ("user", "assistant", "system"):
                parsed += 1
    assert skipped > 50 and parsed > 50  # both kinds really met


@settings(max_examples=300)
@given(
    kind=st.sampled_from(["user", "assistant", "system", "attachment", "api-request-blob", "last-prompt", "us\\u0065r",
                          "assistant\\u0020", "\\u0073ystem", "user ", "", "\\\\"]),
    first=st.booleans(),
    body=st.dictionaries(st.sampled_from(["parentUuid", "message", "uuid", "subtype", "isSidechain", "toolUseResult"]),
                         st.just({"content": "x"}) | st.just("compact_boundary") | st.just(None), max_size=4),
)
def test_lines_skipped_on_bytes_are_never_records(kind: str, first: bool, body: dict) -> None:
    head = '"type":"%s"' % kind
    rest = json.dumps(body, separators=(",", ":"))[1:-1]
    inner = ",".join(part for part in ((head, rest) if first else (rest, head)) if part)
    _skip_matches_the_parser(("{" + inner + "}").encode())
