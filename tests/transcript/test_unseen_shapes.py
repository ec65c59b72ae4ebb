"""Records as a Claude Code version nobody has seen yet may write them: `type` as the first key
of every record, numbers written as strings, flags as the string "true". What they say is
read as it is read in the shapes of the versions seen so far."""

from __future__ import annotations

import json
from pathlib import Path

from context_keeper.transcript.entries import CompactBoundary, Message, QueuedCommand, ToolResult, ToolUse, parse_record
from context_keeper.transcript.reader import read_records


def _line(record: dict[str, object]) -> bytes:
    return json.dumps(record, separators=(",", ":")).encode() + b"\n"


def test_a_queued_command_written_type_first_is_read(tmp_path: Path) -> None:
    # Versions so far write an attachment's "type" after "parentUuid"; one that writes it first
    # must not have its queued prompts and task notifications taken for noise.
    attachment = {"type": "queued_command", "prompt": "and keep the old route", "commandMode": "prompt"}
    lines = [
        _line({"type": "attachment", "parentUuid": None, "attachment": attachment, "isSidechain": False}),
        _line({"parentUuid": None, "type": "attachment", "attachment": attachment}),
        _line({"type": "progress", "data": {"message": {"content": "not read"}}}),
    ]
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"".join(lines))
    records, _, stats = read_records(path)
    assert [type(r) for r in records] == [QueuedCommand, QueuedCommand]
    assert [r.text for r in records if isinstance(r, QueuedCommand)] == ["and keep the old route"] * 2
    assert stats.skipped_type == 1


def test_token_counts_written_as_strings_are_read() -> None:
    usage = {
        "input_tokens": "12",
        "cache_creation_input_tokens": " 100 ",
        "cache_read_input_tokens": "40000",
        "output_tokens": 33,
    }
    record = parse_record(
        {
            "type": "assistant",
            "message": {
                "id": "m1",
                "role": "assistant",
                "model": "claude-sonnet-4-6",
                "content": [{"type": "text", "text": "done"}],
                "usage": usage,
            },
        }
    )
    assert isinstance(record, Message) and record.usage is not None
    assert record.usage.context_tokens == 12 + 100 + 40000 + 33
    # what is not a count counts nothing (never a wrong number)
    for junk in ("12k", "-5", "1e3", "", "４２", "1" * 40, None, [], 2.5):
        odd = parse_record(
            {"type": "assistant", "message": {"role": "assistant", "content": [], "usage": {"input_tokens": junk}}}
        )
        assert isinstance(odd, Message) and odd.usage is not None and odd.usage.input_tokens == 0, junk


def test_a_boundarys_counts_written_as_strings_are_read() -> None:
    meta = {"trigger": "auto", "preTokens": "167000", "postTokens": "9000"}
    record = parse_record({"type": "system", "subtype": "compact_boundary", "compactMetadata": meta})
    assert isinstance(record, CompactBoundary)
    assert (record.pre_tokens, record.post_tokens) == (167000, 9000)
    meta = {"trigger": "auto", "preTokens": "lots", "postTokens": True}
    record = parse_record({"type": "system", "subtype": "compact_boundary", "compactMetadata": meta})
    assert isinstance(record, CompactBoundary) and (record.pre_tokens, record.post_tokens) == (None, None)


def test_is_error_written_as_a_string_is_read() -> None:
    def flag(value: object) -> bool:
        block = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "1 failed", "is_error": value}
        record = parse_record({"type": "user", "message": {"role": "user", "content": [block]}})
        assert isinstance(record, Message) and isinstance(record.blocks[0], ToolResult)
        return record.blocks[0].is_error

    assert [flag(v) for v in (True, "true", "True", " TRUE ")] == [True] * 4
    assert [flag(v) for v in (False, "false", None, "", "yes", 0, [])] == [False] * 7


def _result(block: dict[str, object]) -> ToolResult:
    record = parse_record({"type": "user", "message": {"role": "user", "content": [block]}})
    assert isinstance(record, Message) and isinstance(record.blocks[0], ToolResult)
    return record.blocks[0]


def test_a_results_text_grouped_in_nested_blocks_beside_an_image_is_read() -> None:
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}}
    content = [
        {"type": "content_group", "content": [{"type": "text", "text": "Exit code 1"}, image]},
        image,
        {"type": "text", "text": "FAILED tests/test_cart.py::test_total"},
    ]
    result = _result({"type": "tool_result", "tool_use_id": "toolu_1", "content": content, "is_error": True})
    assert result.text == "Exit code 1\nFAILED tests/test_cart.py::test_total"


def test_without_is_error_claude_codes_own_failure_texts_still_tell_a_failure() -> None:
    def failed(text: str, **flag: object) -> bool:
        return _result({"type": "tool_result", "tool_use_id": "toolu_1", "content": text, **flag}).is_error

    assert failed("Exit code 2\nnpm ERR! missing script: lint")
    assert failed("<tool_use_error>File has not been read yet.</tool_use_error>")
    # what is no failure, or where the record says otherwise, stays as it was
    assert not failed("Exit code 0")
    assert not failed("3 passed in 0.41s")
    assert not failed("Exit code 1\n", is_error=False)


def test_a_renamed_file_tool_is_told_by_what_it_is_given() -> None:
    def name(tool: str, given: dict[str, object]) -> str:
        call = {"type": "tool_use", "id": "toolu_1", "name": tool, "input": given}
        record = parse_record({"type": "assistant", "message": {"role": "assistant", "content": [call]}})
        assert isinstance(record, Message) and isinstance(record.blocks[0], ToolUse)
        return record.blocks[0].name

    edit = {"file_path": "/home/dev/shop/cart.py", "old_string": "a", "new_string": "b"}
    assert name("EditFile", edit) == "Edit"
    assert name("StrReplace", {**edit, "replace_all": True}) == "Edit"
    assert name("CreateFile", {"file_path": "/home/dev/shop/tax.py", "content": "RATE = 0.2\n"}) == "Write"
    assert name("EditMany", {"file_path": "/home/dev/shop/cart.py", "edits": []}) == "MultiEdit"
    # named tools, a server's tools and other shapes stay what they are
    assert name("Read", {"file_path": "/home/dev/shop/cart.py"}) == "Read"
    assert name("Write", {"file_path": "/home/dev/shop/cart.py", "content": "x"}) == "Write"
    assert name("mcp__fs__edit_file", edit) == "mcp__fs__edit_file"
    assert name("Monitor", {"command": "tail -f log", "description": "watch"}) == "Monitor"
    assert name("Shell", {"command": "pytest -q"}) == "Shell"
    assert name("Lint", {"file_path": "/home/dev/shop/cart.py", "content": 3}) == "Lint"
