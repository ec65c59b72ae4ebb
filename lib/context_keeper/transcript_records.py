"""The records of a transcript that the session model reads, and how a decoded JSON line
becomes one (`parse_record`): messages with their blocks (text, tool calls, tool results)
and compaction boundaries. Everything else is None: skipped and counted by the reader
(transcript.py), never raised.
"""

from __future__ import annotations

from .records import record

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from typing import Any


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
        return self.input_tokens + self.cache_creation_input_tokens + self.cache_read_input_tokens + self.output_tokens


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
    # the summary was computed in the background, beside the running turn, and swapped in later
    precomputed: bool = False


Record = Message | CompactBoundary


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
        parts = [item["text"] for item in content if isinstance(item, dict) and isinstance(item.get("text"), str)]
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
                blocks.append(ToolResult(tool_id, result_text(item.get("content")), item.get("is_error") is True))
    return tuple(blocks)


def parse_record(obj: dict[str, Any]) -> Record | None:
    """Turn one decoded line into a record; None for types the model does not use."""
    kind = obj.get("type")
    if kind == "user" or kind == "assistant":
        message = obj.get("message")
        if not isinstance(message, dict):
            return None
        get, message_get = obj.get, message.get  # ~17,000 records in a 100 MB fold
        usage = message_get("usage")
        return Message(  # the fields in order: role, uuid, parent_uuid, timestamp, blocks,
            # message_id, model, usage, is_sidechain, is_meta, is_compact_summary,
            # tool_use_result, cwd, session_id
            kind,
            _str(get("uuid")),
            _str(get("parentUuid")),
            _str(get("timestamp")),
            _blocks(message_get("content")),
            _str(message_get("id")),
            _str(message_get("model")),
            _usage(usage) if usage is not None else None,
            get("isSidechain") is True,
            get("isMeta") is True,
            get("isCompactSummary") is True,
            get("toolUseResult"),
            _str(get("cwd")),
            _str(get("sessionId")),
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
            precomputed=meta.get("precomputed") is True,
        )
    return None
