"""JSON for the hook path: the stdlib's C codec, with records and sets encoded.

orjson is faster per byte but its import costs ~30 ms (it loads dataclasses, inspect, uuid,
enum and json itself), more than a whole PostToolUse call reads and writes; only the CLI
uses it. One parser everywhere keeps folding deterministic (a model resumed from a saved
state equals the one-pass model byte for byte), and the hooks then need nothing outside the
standard library, so they also run from a plugin checkout with a bare `python3`.
"""

from __future__ import annotations

import json

from .records import to_jsonable

JSONDecodeError = json.JSONDecodeError
_encoder = json.JSONEncoder(default=to_jsonable, ensure_ascii=False, separators=(",", ":"), check_circular=False)
_indented = json.JSONEncoder(default=to_jsonable, ensure_ascii=False, indent=2, check_circular=False)


def loads(data: bytes | str) -> object:
    """Parse JSON; ValueError (incl. UnicodeDecodeError) or RecursionError on bad input."""
    return json.loads(data)


def dumps(obj: object, *, indent: bool = False) -> bytes:
    """Compact JSON (one line: state, history lines), or indented for files people read."""
    return (_indented if indent else _encoder).encode(obj).encode("utf-8", "surrogatepass")
