"""Errors a tool prints as a JSON list of records, each with its message and where it is.

    records(lines) -> list[str]  # `where: message` for each record, or [] for no such list

A validator that reports in JSON prints its errors as a list of objects: a code, parameters,
the message a developer quotes, and the place in the document it is about (`"path": "#/id"`).
Read as lines, the list is a column of fields where no line says which message goes with
which place. Read as JSON, each record is one failure, written `place: message`. Only a list
that parses whole as JSON, every item an object with a message, is read so.
"""

from __future__ import annotations

import json
import re

from context_keeper.failures import shapes
from context_keeper.failures.lines import collapse, compose

# The field that holds a record's message, and those that may hold its place, first found first.
_MESSAGE_KEYS = ("message", "msg")
_PLACE_KEYS = ("path", "instancePath", "dataPath", "instance_path", "pointer", "location")
# A control character the JSON escapes (`\u001b[31m`), written back as it was printed: decoded,
# it would put a terminal's escape, or a NUL, where the output had plain text.
_CONTROL_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
# A list longer than this is left to the lines (a JSON dump of data, not a report).
_MAX_LINES = 2_000
# An exception whose message is the list (zod's `ZodError: [` over its issues).
_EXCEPTION_OPENS_RE = re.compile(r"^[\w.$]*(?:Error|Exception): \[$")


def records(lines: list[shapes.Line]) -> list[str]:
    """One message per record of the first JSON list printed alone from its `[` line (or an
    exception's `ZodError: [`, the list its message) to the `]` at the same indentation."""
    start = next((n for n, line in enumerate(lines) if _opens(line.text.strip())), None)
    if start is None:
        return []
    indent = lines[start].indent
    end = next(
        (
            m
            for m in range(start + 1, min(len(lines), start + _MAX_LINES))
            if lines[m].indent == indent and lines[m].text.strip() in ("]", "],")
        ),
        None,
    )
    if end is None:
        return []
    first = "[" if lines[start].text.rstrip().endswith(": [") else lines[start].text
    try:
        data = json.loads("\n".join([first] + [line.text for line in lines[start + 1 : end + 1]]).rstrip().rstrip(","))
    except (ValueError, RecursionError):  # (a list nested deeper than the parser's stack)
        return []
    if not isinstance(data, list) or not data:
        return []
    out = []
    for record in data:
        message = next((record[k] for k in _MESSAGE_KEYS if isinstance(record, dict) and k in record), None)
        if not isinstance(message, str) or not message.strip():
            return []
        place = _printed(next((record[k] for k in _PLACE_KEYS if isinstance(record.get(k), str) and record[k]), ""))
        out.append(compose(place, [collapse(_printed(message))]) if place else collapse(_printed(message)))
    return out


def _opens(text: str) -> bool:
    """A line that opens the list: `[` alone, or after an exception's name (`ZodError: [`)."""
    return text == "[" or bool(_EXCEPTION_OPENS_RE.match(text))


def _printed(value: str) -> str:
    """A decoded string with its control characters escaped again, as the tool printed them."""
    return _CONTROL_RE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", value)
