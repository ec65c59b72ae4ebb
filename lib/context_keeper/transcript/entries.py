"""The records of a transcript that the session model reads, and how a decoded JSON line
becomes one (`parse_record`): messages with their blocks (text, tool calls, tool results),
compaction boundaries, and commands queued for the model (task notifications). Everything
else is None: skipped and counted by the reader (transcript.py), never raised.
"""

from __future__ import annotations

from ..records import record

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
    agent_id: str | None = None  # the subagent's id, on its records (`agentId`)

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
    is_sidechain: bool = False  # a subagent's own compaction, written inline by older versions
    # the summary was computed in the background, beside the running turn, and swapped in later
    precomputed: bool = False


@record
class QueuedCommand:
    """`attachment` record of a command Claude Code queued for the model while it worked
    (`attachment.type` "queued_command"): a task notification (a background subagent or
    command ended; `mode` "task-notification") or words the user typed meanwhile ("prompt").
    Versions that deliver these as user messages write a `user` record instead."""

    text: str
    mode: str | None = None
    is_sidechain: bool = False
    timestamp: str | None = None
    origin: str | None = None  # `origin.kind` ("human" for the user's words) in versions that write it


Record = Message | CompactBoundary | QueuedCommand


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _int(value: Any) -> int | None:
    # bool is an int subclass; a JSON true is not a token count.
    if type(value) is int:
        return value
    return _digits(value) if type(value) is str else None


def _digits(value: str) -> int | None:
    """A count written as a string of digits ("41213"), as a version may write its numbers."""
    text = value.strip()
    return int(text) if 0 < len(text) <= 18 and text.isascii() and text.isdigit() else None


def _flag(value: Any) -> bool:
    """A JSON true, or the string "true" (in any case): a version may write its flags so."""
    return value is True or (type(value) is str and value.strip().lower() == "true")


def _usage(raw: Any) -> Usage | None:
    if not isinstance(raw, dict):
        return None
    # _int inlined (one Usage per assistant record): a JSON value is an int exactly when
    # its type is int (a bool's type is bool).
    get = raw.get
    a, b, c, d = (
        get("input_tokens"),
        get("cache_creation_input_tokens"),
        get("cache_read_input_tokens"),
        get("output_tokens"),
    )
    return Usage(
        a if type(a) is int else _int(a) or 0,
        b if type(b) is int else _int(b) or 0,
        c if type(c) is int else _int(c) or 0,
        d if type(d) is int else _int(d) or 0,
    )


def result_text(content: Any, depth: int = 0) -> str:
    """Text of a tool_result's content: a string, or a list of text blocks (and of the text
    blocks a block holds in its own `content`, as a version may group them; images and
    blocks of other kinds have none)."""
    if isinstance(content, str):
        return content
    if not isinstance(content, list):
        return ""
    parts = []
    for item in content:
        if isinstance(item, dict):
            text = item.get("text")
            if isinstance(text, str):
                parts.append(text)
            elif isinstance(item.get("content"), list) and depth < _NESTED_DEPTH:
                inner = result_text(item["content"], depth + 1)
                if inner:
                    parts.append(inner)
    return "\n".join(parts)


_NESTED_DEPTH = 4


def _result_failed(flag: Any, text: str) -> bool:
    """Whether a tool result is a failure: its `is_error`; where it has none, Claude Code's
    own failure texts at its start (a command's non-zero exit code, a tool's error tag),
    which it writes only with `is_error` true."""
    if flag is not None:
        return _flag(flag)
    head = text.lstrip()[:20]
    return head.startswith("<tool_use_error>") or (head.startswith("Exit code ") and head[10:11] in _NON_ZERO)


_NON_ZERO = frozenset("123456789")


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
            text = item.get("text")
            if type(text) is str:  # (_str inlined, as in parse_record)
                blocks.append(TextBlock(text))
        elif kind == "tool_use":
            tool_id, name = item.get("id"), item.get("name")
            if type(tool_id) is str and tool_id and type(name) is str and name:
                tool_input = item.get("input")
                tool_input = tool_input if isinstance(tool_input, dict) else {}
                if name not in _FILE_TOOL_NAMES and "file_path" in tool_input:
                    name = _file_tool(name, tool_input)
                blocks.append(ToolUse(tool_id, name, tool_input))
        elif kind == "tool_result":
            tool_id = item.get("tool_use_id")
            if type(tool_id) is str and tool_id:
                text = result_text(item.get("content"))
                blocks.append(ToolResult(tool_id, text, _result_failed(item.get("is_error"), text)))
    return tuple(blocks)


_FILE_TOOL_NAMES = frozenset({"Write", "Edit", "MultiEdit", "NotebookEdit", "Read"})


def _file_tool(name: str, tool_input: dict[str, Any]) -> str:
    """The file tool a call of a tool nobody named here is, told by what it is given: a file
    and the text to replace in it (Edit), the edits to make (MultiEdit) or its whole content
    (Write). A version may rename its file tools; what they are given says what they do. A
    server's tool (`mcp__…`) works on its own side, and any other shape stays what it is named
    (a command is no shell run told by its shape: a tool that watches one reports no outcome)."""
    if name.startswith("mcp__") or type(tool_input.get("file_path")) is not str:
        return name
    if type(tool_input.get("old_string")) is str and type(tool_input.get("new_string")) is str:
        return "Edit"
    if type(tool_input.get("edits")) is list:
        return "MultiEdit"
    if type(tool_input.get("content")) is str:
        return "Write"
    return name


def _queued(obj: dict[str, Any], attachment: dict[str, Any]) -> QueuedCommand:
    prompt = attachment.get("prompt")
    origin = attachment.get("origin")
    return QueuedCommand(
        prompt if isinstance(prompt, str) else result_text(prompt),
        _str(attachment.get("commandMode")),
        obj.get("isSidechain") is True,
        _str(obj.get("timestamp")),
        _str(origin.get("kind")) if isinstance(origin, dict) else None,
    )


def parse_record(obj: dict[str, Any]) -> Record | None:
    """Turn one decoded line into a record; None for types the model does not use."""
    kind = obj.get("type")
    if kind == "user" or kind == "assistant":
        message = obj.get("message")
        if not isinstance(message, dict):
            return None
        get, message_get = obj.get, message.get  # ~100,000 records in a dense 100 MB fold
        usage = message_get("usage")
        # _str inlined: a decoded JSON value is a str exactly when its type is str.
        uuid, parent, stamp = get("uuid"), get("parentUuid"), get("timestamp")
        message_id, model, cwd, session = message_get("id"), message_get("model"), get("cwd"), get("sessionId")
        return Message(  # the fields in order: role, uuid, parent_uuid, timestamp, blocks,
            # message_id, model, usage, is_sidechain, is_meta, is_compact_summary,
            # tool_use_result, cwd, session_id, agent_id
            kind,
            uuid if type(uuid) is str else None,
            parent if type(parent) is str else None,
            stamp if type(stamp) is str else None,
            _blocks(message_get("content")),
            message_id if type(message_id) is str else None,
            model if type(model) is str else None,
            _usage(usage) if usage is not None else None,
            get("isSidechain") is True,
            get("isMeta") is True,
            get("isCompactSummary") is True,
            get("toolUseResult"),
            cwd if type(cwd) is str else None,
            session if type(session) is str else None,
            agent if type(agent := get("agentId")) is str else None,
        )
    if kind == "attachment":
        attachment = obj.get("attachment")
        if isinstance(attachment, dict) and attachment.get("type") == "queued_command":
            return _queued(obj, attachment)
        return None
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
            is_sidechain=obj.get("isSidechain") is True,
            precomputed=meta.get("precomputed") is True,
        )
    return None
