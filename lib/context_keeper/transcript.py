"""Streaming reader for Claude Code transcript JSONL.

Claude Code appends one JSON object per line and may be in the middle of writing the last
one when a hook runs, so the reader only ever consumes complete lines and reports the byte
offset after the last one; callers resume from there. Anything it does not understand is
skipped and counted, never raised: a transcript is written by another program, over years
of format changes.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path
# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False

from . import jsonio
from .records import record

if TYPE_CHECKING:
    from typing import Any, BinaryIO, Iterator

CHUNK_SIZE = 1 << 20
# A line longer than this is skipped as malformed rather than held in memory whole.
MAX_LINE_BYTES = 64 << 20

# Record types that carry nothing for the session model. Lines that *start* with one of
# them are skipped without parsing: they include the largest lines of a transcript
# (api-request-blob holds whole request bodies).
_NOISE_PREFIX = b'{"type":"'
_PARSED_TYPES = frozenset({"user", "assistant", "system"})


@record
class TextBlock:
    text: str


@record
class ToolUse:
    id: str
    name: str
    input: dict[str, Any]


@record
class ToolResult:
    tool_use_id: str
    text: str
    is_error: bool


Block = TextBlock | ToolUse | ToolResult


@record
class Usage:
    input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cache_read_input_tokens: int = 0
    output_tokens: int = 0

    @property
    def context_tokens(self) -> int:
        # What Claude Code's own auto-compaction compares: cache reads ARE context.
        return (
            self.input_tokens
            + self.cache_creation_input_tokens
            + self.cache_read_input_tokens
            + self.output_tokens
        )


@record
class Message:
    """A `user` or `assistant` record (one content block per assistant record, usually)."""

    role: str
    uuid: str | None
    parent_uuid: str | None
    timestamp: str | None
    blocks: tuple[Block, ...]
    message_id: str | None = None
    model: str | None = None
    usage: Usage | None = None
    is_sidechain: bool = False
    is_meta: bool = False
    is_compact_summary: bool = False
    tool_use_result: Any = None
    cwd: str | None = None
    session_id: str | None = None

    @property
    def is_main_response(self) -> bool:
        """An assistant response of the main conversation: not a subagent's (sidechain),
        not an injected meta record, not Claude Code's synthetic placeholder."""
        return self.role == "assistant" and not self.is_sidechain and not self.is_meta and self.model != "<synthetic>"


@record
class CompactBoundary:
    """`system` record with subtype `compact_boundary`."""

    uuid: str | None
    timestamp: str | None
    trigger: str | None
    pre_tokens: int | None
    post_tokens: int | None
    logical_parent_uuid: str | None
    preserved_head_uuid: str | None = None
    preserved_tail_uuid: str | None = None


Record = Message | CompactBoundary


@record(frozen=False)
class ReadStats:
    lines: int = 0
    records: int = 0
    blank: int = 0
    malformed: int = 0
    non_object: int = 0
    skipped_type: int = 0
    partial_tail: bool = False

    def merge(self, other: "ReadStats") -> None:
        self.lines += other.lines
        self.records += other.records
        self.blank += other.blank
        self.malformed += other.malformed
        self.non_object += other.non_object
        self.skipped_type += other.skipped_type
        self.partial_tail = other.partial_tail


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _int(value: Any) -> int | None:
    # bool is an int subclass; a JSON true is not a token count.
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None
    return Usage(
        input_tokens=_int(raw.get("input_tokens")) or 0,
        cache_creation_input_tokens=_int(raw.get("cache_creation_input_tokens")) or 0,
        cache_read_input_tokens=_int(raw.get("cache_read_input_tokens")) or 0,
        output_tokens=_int(raw.get("output_tokens")) or 0,
    )


def result_text(content: Any) -> str:
    """Text of a tool_result's content: a string, or a list of text blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [
            item["text"]
            for item in content
            if isinstance(item, dict) and isinstance(item.get("text"), str)
        ]
        return "\n".join(parts)
    return ""


def _blocks(content: Any) -> tuple[Block, ...]:
    if isinstance(content, str):
        return (TextBlock(content),)
    if not isinstance(content, list):
        return ()
    blocks: list[Block] = []
    for item in content:
        if not isinstance(item, dict):
            continue
        kind = item.get("type")
        if kind == "text":
            text = _str(item.get("text"))
            if text is not None:
                blocks.append(TextBlock(text))
        elif kind == "tool_use":
            tool_id, name = _str(item.get("id")), _str(item.get("name"))
            if tool_id and name:
                tool_input = item.get("input")
                blocks.append(ToolUse(tool_id, name, tool_input if isinstance(tool_input, dict) else {}))
        elif kind == "tool_result":
            tool_id = _str(item.get("tool_use_id"))
            if tool_id:
                blocks.append(
                    ToolResult(tool_id, result_text(item.get("content")), item.get("is_error") is True)
                )
    return tuple(blocks)


def parse_record(obj: dict[str, Any]) -> Record | None:
    """Turn one decoded line into a record; None for types the model does not use."""
    kind = obj.get("type")
    if kind == "user" or kind == "assistant":
        message = obj.get("message")
        if not isinstance(message, dict):
            return None
        return Message(
            role=kind,
            uuid=_str(obj.get("uuid")),
            parent_uuid=_str(obj.get("parentUuid")),
            timestamp=_str(obj.get("timestamp")),
            blocks=_blocks(message.get("content")),
            message_id=_str(message.get("id")),
            model=_str(message.get("model")),
            usage=_usage(message.get("usage")),
            is_sidechain=obj.get("isSidechain") is True,
            is_meta=obj.get("isMeta") is True,
            is_compact_summary=obj.get("isCompactSummary") is True,
            tool_use_result=obj.get("toolUseResult"),
            cwd=_str(obj.get("cwd")),
            session_id=_str(obj.get("sessionId")),
        )
    if kind == "system" and obj.get("subtype") == "compact_boundary":
        meta = obj.get("compactMetadata")
        meta = meta if isinstance(meta, dict) else {}
        segment = meta.get("preservedSegment")
        segment = segment if isinstance(segment, dict) else {}
        return CompactBoundary(
            uuid=_str(obj.get("uuid")),
            timestamp=_str(obj.get("timestamp")),
            trigger=_str(meta.get("trigger")),
            pre_tokens=_int(meta.get("preTokens")),
            post_tokens=_int(meta.get("postTokens")),
            logical_parent_uuid=_str(obj.get("logicalParentUuid")),
            preserved_head_uuid=_str(segment.get("headUuid")),
            preserved_tail_uuid=_str(segment.get("tailUuid")),
        )
    return None


_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def open_regular(path: Path | str) -> BinaryIO:
    """Open `path` for reading, refusing anything but a regular file.

    O_NONBLOCK so that a FIFO with no writer cannot hang the hook in open(), and the type
    check so that a FIFO, /dev/zero or a tty is never read (forever) as a transcript.
    Raises OSError (EINVAL for a non-regular file).
    """
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "transcript is not a regular file", str(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def iter_lines(path: Path | str, offset: int = 0) -> Iterator[tuple[bytes | None, int]]:
    """Yield (line, offset after it) for each complete line from `offset`.

    A line over MAX_LINE_BYTES is yielded as None (skipped, but still consumed). A partial
    last line is never yielded: the offset stays before it. Only a regular file is read
    (OSError otherwise, see open_regular).
    """
    with open_regular(path) as handle:
        handle.seek(offset)
        pos = offset  # file offset of chunk[0]
        pending: list[bytes] = []  # pieces of the current line from earlier chunks
        pending_len = 0
        oversized = False
        while True:
            chunk = handle.read(CHUNK_SIZE)
            if not chunk:
                return
            start = 0
            while True:
                newline = chunk.find(b"\n", start)
                if newline < 0:
                    break
                end = pos + newline + 1
                if oversized or pending_len + newline - start > MAX_LINE_BYTES:
                    yield None, end
                elif pending:
                    pending.append(chunk[start:newline])
                    yield b"".join(pending), end
                else:
                    yield chunk[start:newline], end
                pending, pending_len, oversized = [], 0, False
                start = newline + 1
            if start < len(chunk):
                pending_len += len(chunk) - start
                if pending_len > MAX_LINE_BYTES:
                    # Stop holding it: only its end (the next newline) matters now.
                    oversized, pending = True, []
                elif not oversized:
                    pending.append(chunk[start:])
            pos += len(chunk)


class TranscriptReader:
    """Iterate records from a byte offset; `offset` and `stats` are updated as it goes."""

    def __init__(self, path: Path | str, offset: int = 0) -> None:
        self.path = Path(path)
        self.offset = offset
        self.stats = ReadStats()

    def __iter__(self) -> Iterator[Record]:
        stats = self.stats
        for line, end in iter_lines(self.path, self.offset):
            stats.lines += 1
            self.offset = end
            record = _decode(line, stats)
            if record is not None:
                stats.records += 1
                yield record
        stats.partial_tail = self._has_partial_tail()

    def _has_partial_tail(self) -> bool:
        try:
            return self.path.stat().st_size > self.offset
        except OSError:
            return False


def _decode(line: bytes | None, stats: ReadStats) -> Record | None:
    if line is None:
        stats.malformed += 1
        return None
    if not line.strip():
        stats.blank += 1
        return None
    if line.startswith(_NOISE_PREFIX):
        end = line.find(b'"', len(_NOISE_PREFIX))
        if end > 0 and line[len(_NOISE_PREFIX) : end].decode("utf-8", "replace") not in _PARSED_TYPES:
            stats.skipped_type += 1
            return None
    try:
        obj = jsonio.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # not JSON, invalid UTF-8, nested too deep
        stats.malformed += 1
        return None
    if not isinstance(obj, dict):
        stats.non_object += 1
        return None
    try:
        record = parse_record(obj)
    except (TypeError, ValueError, AttributeError, RecursionError):
        stats.malformed += 1
        return None
    if record is None:
        stats.skipped_type += 1
    return record


def decode_line(line: bytes) -> Record | None:
    """One line to a record (None for junk and types the model does not use)."""
    return _decode(line, ReadStats())


def read_records(path: Path | str, offset: int = 0) -> tuple[list[Record], int, ReadStats]:
    """Convenience for small files and tests: all records, the resume offset, the stats."""
    reader = TranscriptReader(path, offset)
    records = list(reader)
    return records, reader.offset, reader.stats
