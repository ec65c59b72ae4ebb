"""A report printed as one JSON document (a linter's or type checker's `--format json`).

    diagnostics(lines) -> list[str]   # one message per diagnostic, or []

Where the whole output is one JSON value, the diagnostics are the objects in it that carry a
`message` under a file (named by the object or an object around it: `filePath`, `file`,
`path`), written as the text formats write them: `file:line:col: message`, a line and column
given only where the object holds them as numbers of their own (a `range` of offsets counted
from 0 is no line a reader would quote), a message over several lines joined with `; `. Where
some are errors, the warnings and notes beside them are left out.
"""

from __future__ import annotations

import json
import re
from typing import Any

from context_keeper.failures.lines import collapse, compose

_FILE_KEYS = ("filePath", "file", "path", "fileName", "filename")
_LOWER = {"warning", "warn", "info", "information", "note", "hint", 1}
_DEPTH = 8  # how deep a report nests its diagnostics (files, then messages)
_ITEMS = 1000  # the most items of one list looked at


def diagnostics(lines: list[str]) -> list[str]:
    first = next((line for line in lines if line.strip()), "")
    last = next((line for line in reversed(lines) if line.strip()), "")
    if first.lstrip()[:1] not in "[{" or last.rstrip()[-1:] not in "]}":
        return []  # (looked at before the output is joined: most outputs are no JSON at all)
    text = "\n".join(lines).strip()
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # (not JSON, or nested deeper than the parser goes)
        return []
    found: list[tuple[bool, str]] = []
    _walk(data, "", found, 0)
    errors = [m for lower, m in found if not lower]
    return errors or [m for _, m in found]


def _walk(node: Any, place: str, out: list[tuple[bool, str]], depth: int) -> None:
    if depth > _DEPTH:
        return
    if isinstance(node, list):
        for item in node[:_ITEMS]:
            _walk(item, place, out, depth + 1)
        return
    if not isinstance(node, dict):
        return
    place = next((node[k] for k in _FILE_KEYS if isinstance(node.get(k), str) and node[k]), place)
    message = node.get("message")
    if isinstance(message, str) and message.strip() and place:
        out.append((node.get("severity") in _LOWER, compose(_where(place, node), [_said(message)])))
    for value in node.values():
        if isinstance(value, list | dict):
            _walk(value, place, out, depth + 1)


def _where(place: str, node: dict[str, Any]) -> str:
    line, column = node.get("line"), node.get("column")
    if not isinstance(line, int) or isinstance(line, bool):
        return place
    if not isinstance(column, int) or isinstance(column, bool):
        return f"{place}:{line}"
    return f"{place}:{line}:{column}"


# A control character the document escaped (`\u001b`): kept as printed, never a terminal's escape.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def _said(message: str) -> str:
    message = _CONTROL_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", message)
    return "; ".join(collapse(part) for part in message.split("\n") if part.strip())
