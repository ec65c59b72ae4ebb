"""Transcripts written record by record in the shapes Claude Code versions wrote them (from
1.0 to 2.1), for the tests of what real sessions hold: rejected calls, IDE preambles, queued
notifications, sidechain records, large windows."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SESSION = "5f0c3a52-7a51-4c1e-9a43-6f2b2d0c1e10"
CWD = "/home/dev/shop"


class Transcript:
    """Records appended in order; `write` puts them in a JSONL file."""

    def __init__(self, version: str = "2.1.150", model: str = "claude-sonnet-4-6") -> None:
        self.records: list[dict[str, Any]] = []
        self.version = version
        self.model = model
        self._n = 0
        self._parent: str | None = None

    def _uuid(self) -> str:
        self._n += 1
        return f"00000000-0000-4000-8000-{self._n:012d}"

    def add(self, record: dict[str, Any]) -> dict[str, Any]:
        uuid = self._uuid()
        base = {
            "parentUuid": self._parent,
            "isSidechain": False,
            "userType": "external",
            "cwd": CWD,
            "sessionId": SESSION,
            "version": self.version,
            "uuid": uuid,
            "timestamp": f"2026-05-01T10:{self._n // 60:02d}:{self._n % 60:02d}.000Z",
        }
        base.update(record)
        self._parent = uuid
        self.records.append(base)
        return base

    def user(self, content: Any, **extra: Any) -> dict[str, Any]:
        return self.add({"type": "user", "message": {"role": "user", "content": content}, **extra})

    def assistant(self, content: list[dict[str, Any]], tokens: int = 1000, **extra: Any) -> dict[str, Any]:
        self._n += 1
        usage = {
            "input_tokens": 10,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": tokens - 20,
            "output_tokens": 10,
        }
        message = {
            "id": f"msg_{self._n:04d}",
            "type": "message",
            "role": "assistant",
            "model": self.model,
            "content": content,
            "usage": usage,
        }
        return self.add({"type": "assistant", "message": message, **extra})

    def say(self, text: str, tokens: int = 1000, **extra: Any) -> None:
        self.assistant([{"type": "text", "text": text}], tokens, **extra)

    def call(
        self,
        name: str,
        tool_input: dict[str, Any],
        result: Any = "ok",
        is_error: bool = False,
        tool_use_result: Any = None,
        tokens: int = 1000,
        **extra: Any,
    ) -> str:
        """A tool call and its result (`extra`: fields of both records, e.g. isSidechain)."""
        self._n += 1
        call_id = f"toolu_{self._n:06d}"
        self.assistant([{"type": "tool_use", "id": call_id, "name": name, "input": tool_input}], tokens, **extra)
        block: dict[str, Any] = {"type": "tool_result", "tool_use_id": call_id, "content": result}
        if is_error:
            block["is_error"] = True
        record: dict[str, Any] = dict(extra)
        if tool_use_result is not None:
            record["toolUseResult"] = tool_use_result
        self.user([block], **record)
        return call_id

    def attachment(self, attachment: dict[str, Any]) -> None:
        self.add({"type": "attachment", "attachment": attachment})

    def boundary(self, pre_tokens: int, post_tokens: int, summary: str, **extra: Any) -> None:
        meta = {"trigger": "auto", "preTokens": pre_tokens, "postTokens": post_tokens}
        before = self._parent
        self._parent = None  # a boundary starts a chain; the record before it is its logical parent
        self.add(
            {
                "logicalParentUuid": before,
                "type": "system",
                "subtype": "compact_boundary",
                "content": "Conversation compacted",
                "isMeta": False,
                "level": "info",
                "compactMetadata": meta,
                **extra,
            }
        )
        self.user(summary, isCompactSummary=True, isVisibleInTranscriptOnly=True, **extra)

    def write(self, path: Path) -> Path:
        path.write_text("".join(json.dumps(r) + "\n" for r in self.records))
        return path
