"""The last records of a transcript, read from its end only: what the compaction hooks ask of
the moment a compaction began, without folding the file.

- `latest_response`: the context and time of the latest response (whose compaction it is:
  compacting_agent);
- `between_turns`: whether the compaction began with no turn running, the last message
  being the model's answer that ended a turn (an idle compaction), rather than a tool result
  mid tool loop or a prompt not yet answered;
- `awaits_tool_result`: whether the file ends in a tool call whose result is still to be
  written (the archive waits for it: store.archive.Settle).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from .entries import Message, ToolUse
from .reader import decode_line, open_regular

TAIL_BYTES = 256 << 10  # the latest messages are in the last records of a file


def latest_response(path: Path | str, sidechain: bool) -> tuple[int, str] | None:
    """(context tokens, timestamp) of the latest response with usage in the file's tail."""
    for record in _messages_backwards(path, b'"usage"'):
        if (
            record.role == "assistant"
            and record.usage is not None
            and record.is_sidechain == sidechain
            and record.model != "<synthetic>"
            and record.timestamp is not None
        ):
            return record.usage.context_tokens, record.timestamp
    return None


def between_turns(path: Path | str) -> bool:
    """The last message of the main conversation is a response that ended its turn (text,
    no tool call). False when it cannot be told."""
    for record in _messages_backwards(path, b'"message"'):
        if record.is_sidechain or record.is_meta or record.is_compact_summary:
            continue
        if record.role == "assistant" and record.model == "<synthetic>":
            continue
        return record.role == "assistant" and not any(isinstance(b, ToolUse) for b in record.blocks)
    return False


def awaits_tool_result(path: Path | str, end: int) -> bool:
    """The last message of the main conversation before byte `end` is a response with a tool
    call: Claude Code has yet to write its result (it writes behind a delay, and fires an
    auto compaction's hooks after the tool loop's results; a summary computed in the
    background fires them at the arm point, where the call may still be running). False when
    it cannot be told."""
    for record in _messages_backwards(path, b'"message"', end):
        if record.is_sidechain or record.is_meta or record.is_compact_summary:
            continue
        if record.role == "assistant" and record.model == "<synthetic>":
            continue
        return record.role == "assistant" and any(isinstance(b, ToolUse) for b in record.blocks)
    return False


def _messages_backwards(path: Path | str, marker: bytes, end: int | None = None) -> Iterator[Message]:
    try:
        with open_regular(path) as handle:
            size = os.fstat(handle.fileno()).st_size if end is None else end
            handle.seek(max(0, size - TAIL_BYTES))
            tail = handle.read(min(size, TAIL_BYTES))
    except OSError:
        return
    for line in reversed(tail.split(b"\n")):
        if marker in line:
            record = decode_line(line)
            if isinstance(record, Message):
                yield record
