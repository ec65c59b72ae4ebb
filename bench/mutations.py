"""The record mutations of bench/versions.py: what a Claude Code version nobody has seen yet
plausibly changes in its transcripts, one family at a time.

Each family maps one decoded record to the records a new version would write in its place
(usually one; none drops it, several interleave new ones). A family is *neutral* when the
records still say the same thing (the block, the note and the facts must not change), or
*unknown* when it hides something the product cannot know (the facts it hides must be
absent, none wrong). Mutations are deterministic: the same corpus gives the same figures.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

Obj = dict[str, Any]
NEW = {"futureFlag": True, "futureInfo": {"level": 3, "tags": ["x", "y"]}}


@dataclass(frozen=True)
class Family:
    name: str
    kind: str  # "neutral" or "unknown"
    what: str
    mutate: Callable[[Obj], list[Obj]]
    renames: dict[str, str] | None = None  # old name -> new, for names the mutation changes


def _message(obj: Obj) -> Obj | None:
    message = obj.get("message")
    return message if isinstance(message, dict) else None


def _blocks(obj: Obj) -> list[Any]:
    message = _message(obj)
    content = message.get("content") if message else None
    return content if isinstance(content, list) else []


def _walk_blocks(obj: Obj, fn: Callable[[Obj], None]) -> None:
    """`fn` on every content block of the message, and on the blocks inside tool results."""
    for block in _blocks(obj):
        if isinstance(block, dict):
            fn(block)
            inner = block.get("content")
            for item in inner if isinstance(inner, list) else ():
                if isinstance(item, dict):
                    fn(item)


def _tool_results(obj: Obj) -> list[Obj]:
    return [b for b in _blocks(obj) if isinstance(b, dict) and b.get("type") == "tool_result"]


# -- neutral ------------------------------------------------------------------------------------


def new_fields(obj: Obj) -> list[Obj]:
    obj.update(NEW)
    message = _message(obj)
    if message is not None:
        message.update(NEW)
        if isinstance(message.get("usage"), dict):
            message["usage"]["future_tokens"] = 7
    _walk_blocks(obj, lambda block: block.update(NEW))
    for key in ("toolUseResult", "compactMetadata", "attachment"):
        if isinstance(obj.get(key), dict):
            obj[key].update(NEW)
    return [obj]


def _reversed(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _reversed(value[k]) for k in reversed(list(value))}
    if isinstance(value, list):
        return [_reversed(v) for v in value]
    return value


def keys_reversed(obj: Obj) -> list[Obj]:
    return [_reversed(obj)]


def type_first(obj: Obj) -> list[Obj]:
    """The record's `type` written first (as Claude Code already writes its noise records)."""
    return [{"type": obj.get("type"), **{k: v for k, v in obj.items() if k != "type"}}]


def _base(obj: Obj) -> Obj:
    keep = ("parentUuid", "isSidechain", "userType", "cwd", "sessionId", "version", "gitBranch", "timestamp")
    return {k: obj[k] for k in keep if k in obj}


def new_records(obj: Obj) -> list[Obj]:
    """Records of kinds the product does not read, with no `message`, after every record."""
    base = _base(obj)
    return [
        obj,
        {**base, "type": "progress", "data": {"type": "hook_progress", "hookEvent": "PostToolUse"}, "toolUseID": "x"},
        {**base, "type": "queue-operation", "operation": "enqueue", "content": "later"},
        {**base, "type": "attachment", "attachment": {"type": "future_reminder", "content": "a note"}},
        {**base, "type": "system", "subtype": "future_notice", "content": "notice", "level": "info"},
        {**base, "type": "user", "attachment": {"type": "future_body", "items": [1, 2]}},
        {**base, "type": "future-record", "payload": {"a": 1}},
    ]


def new_blocks(obj: Obj) -> list[Obj]:
    """Block types the product does not read, in assistant and user messages (a user's typed
    words given as a list with an image and a document beside them)."""
    message = _message(obj)
    if message is None or obj.get("type") not in ("user", "assistant"):
        return [obj]
    content = message.get("content")
    if obj["type"] == "assistant" and isinstance(content, list):
        message["content"] = [
            {"type": "redacted_thinking", "data": "EmwKAhgBEgy3"},
            *content,
            {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {"query": "q"}},
            {
                "type": "web_search_tool_result",
                "tool_use_id": "srvtoolu_01",
                "content": [{"type": "web_search_result", "url": "https://example.com", "title": "t"}],
            },
            {"type": "future_block", "data": {"k": "v"}},
        ]
    elif obj["type"] == "user":
        extra = [
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
            {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "doc"}},
            {"type": "future_block", "data": {"k": "v"}},
        ]
        if isinstance(content, str) and not obj.get("isMeta") and not obj.get("isCompactSummary"):
            message["content"] = [{"type": "text", "text": content}, *extra]
        elif isinstance(content, list):
            message["content"] = [*content, *extra]
    return [obj]


def content_flipped(obj: Obj) -> list[Obj]:
    """A user message's string content as a list of one text block, one text block as a
    string; the same for tool results' content."""
    message = _message(obj)
    if message is None or obj.get("type") != "user":
        return [obj]
    content = message.get("content")
    if isinstance(content, str):
        message["content"] = [{"type": "text", "text": content}]
    elif isinstance(content, list) and len(content) == 1 and _is_text(content[0]):
        message["content"] = content[0]["text"]
    for block in _tool_results(obj):
        inner = block.get("content")
        if isinstance(inner, str):
            block["content"] = [{"type": "text", "text": inner}]
        elif isinstance(inner, list) and len(inner) == 1 and _is_text(inner[0]):
            block["content"] = inner[0]["text"]
    return [obj]


def _is_text(block: Any) -> bool:
    return isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str)


def result_absent(obj: Obj) -> list[Obj]:
    obj.pop("toolUseResult", None)
    return [obj]


def result_string(obj: Obj) -> list[Obj]:
    """`toolUseResult` as the tool result's text, as the oldest versions wrote it."""
    if "toolUseResult" in obj and not isinstance(obj["toolUseResult"], str):
        results = _tool_results(obj)
        inner = results[0].get("content") if results else None
        obj["toolUseResult"] = (inner if isinstance(inner, str) else _text(inner))[:2000]
    return [obj]


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "\n".join(b["text"] for b in content if _is_text(b))
    return content if isinstance(content, str) else ""


def result_extended(obj: Obj) -> list[Obj]:
    if isinstance(obj.get("toolUseResult"), dict):
        obj["toolUseResult"].update({"futureStats": {"cpuMs": 12}, "sandboxed": False})
    return [obj]


def _without(*keys: str) -> Callable[[Obj], list[Obj]]:
    def mutate(obj: Obj) -> list[Obj]:
        for key in keys:
            if key == "isSidechain" and obj.get(key) is True:
                continue  # a subagent's record stays one: dropping the flag would change what it says
            obj.pop(key, None)
        return [obj]

    return mutate


# -- unknown ------------------------------------------------------------------------------------

RENAMED = {"Bash": "Shell", "Edit": "EditFile"}


def tool_renamed(obj: Obj) -> list[Obj]:
    for block in _blocks(obj):
        if isinstance(block, dict) and block.get("type") == "tool_use" and block.get("name") in RENAMED:
            block["name"] = RENAMED[block["name"]]
    return [obj]


def is_error_absent(obj: Obj) -> list[Obj]:
    for block in _tool_results(obj):
        block.pop("is_error", None)
    return [obj]


def is_error_string(obj: Obj) -> list[Obj]:
    for block in _tool_results(obj):
        if isinstance(block.get("is_error"), bool):
            block["is_error"] = "true" if block["is_error"] else "false"
    return [obj]


def boundary_missing(obj: Obj) -> list[Obj]:
    if obj.get("subtype") == "compact_boundary":
        obj.pop("compactMetadata", None)
    return [obj]


def boundary_changed(obj: Obj) -> list[Obj]:
    meta = obj.get("compactMetadata")
    if obj.get("subtype") == "compact_boundary" and isinstance(meta, dict):
        obj["compactMetadata"] = {
            "reason": meta.get("trigger"),
            "tokensBefore": meta.get("preTokens"),
            "tokensAfter": meta.get("postTokens"),
            "segment": meta.get("preservedSegment"),
        }
    return [obj]


def result_nested(obj: Obj) -> list[Obj]:
    """A tool result's content as blocks nested one level deeper, beside an image."""
    for block in _tool_results(obj):
        inner = block.get("content")
        parts = [{"type": "text", "text": inner}] if isinstance(inner, str) else inner
        if isinstance(parts, list):
            block["content"] = [
                {"type": "content_group", "content": parts},
                {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
            ]
    return [obj]


def numbers_as_strings(obj: Obj) -> list[Obj]:
    message = _message(obj)
    usage = message.get("usage") if message else None
    for holder in (usage, obj.get("compactMetadata"), obj.get("toolUseResult")):
        if isinstance(holder, dict):
            for key, value in list(holder.items()):
                if isinstance(value, int) and not isinstance(value, bool):
                    holder[key] = str(value)
    return [obj]


FAMILIES = [
    Family("new_fields", "neutral", "new fields on every record, message, block, result, metadata", new_fields),
    Family("keys_reversed", "neutral", "every object's keys in reverse order", keys_reversed),
    Family("type_first", "neutral", "`type` the first key of every record", type_first),
    Family("new_records", "neutral", "6 records of new or unread kinds after every record", new_records),
    Family("new_blocks", "neutral", "redacted_thinking, server tools, image, document, unknown blocks", new_blocks),
    Family("content_flipped", "neutral", "string content <-> one text block (user, tool results)", content_flipped),
    Family("result_absent", "neutral", "`toolUseResult` absent", result_absent),
    Family("result_string", "neutral", "`toolUseResult` a string (the result's text)", result_string),
    Family("result_extended", "neutral", "`toolUseResult` with new fields", result_extended),
    Family("no_cwd", "neutral", "`cwd` missing", _without("cwd")),
    Family(
        "no_meta",
        "neutral",
        "`gitBranch`, `version`, `userType`, a false `isSidechain` missing",
        _without("gitBranch", "version", "userType", "isSidechain"),
    ),
    Family("no_timestamp", "neutral", "`timestamp` missing", _without("timestamp")),
    Family("no_uuids", "neutral", "`uuid`, `parentUuid` missing", _without("uuid", "parentUuid")),
    Family("tool_renamed", "unknown", "Bash -> Shell, Edit -> EditFile", tool_renamed, RENAMED),
    Family("is_error_absent", "unknown", "tool results' `is_error` missing", is_error_absent),
    Family("is_error_string", "unknown", '`is_error` "true"/"false"', is_error_string),
    Family("boundary_missing", "unknown", "compact_boundary without `compactMetadata`", boundary_missing),
    Family("boundary_changed", "unknown", "compact_boundary's metadata keys renamed", boundary_changed),
    Family("result_nested", "unknown", "tool result content nested a level deeper, with an image", result_nested),
    Family("numbers_as_strings", "unknown", "token counts and result numbers as strings", numbers_as_strings),
]


def apply(family: Family, objs: list[Any]) -> list[Any]:
    out: list[Any] = []
    for obj in objs:
        out.extend(family.mutate(copy.deepcopy(obj)) if isinstance(obj, dict) else [obj])
    return out
