"""JSON for the hook path: the stdlib's C codec, with records and sets encoded.

orjson is faster per byte but its import costs ~30 ms (it loads dataclasses, inspect, uuid,
enum and json itself), more than a whole PostToolUse call reads and writes; the CLI uses
it, and so does the transcript reader for reads of 8 MB or more (transcript._fast_loads),
where it pays — checked to give the records this parser gives, line for line, so a model
resumed from a saved state still equals the one-pass model byte for byte. The hooks need
nothing outside the standard library, so they also run from a plugin checkout with a bare
`python3`.
"""

from __future__ import annotations

import json
import sys

from . import to_jsonable

JSONDecodeError = json.JSONDecodeError
_encoder = json.JSONEncoder(default=to_jsonable, ensure_ascii=False, separators=(",", ":"), check_circular=False)
_indented = json.JSONEncoder(default=to_jsonable, ensure_ascii=False, indent=2, check_circular=False)


def loads(data: bytes | str) -> object:
    """Parse JSON; ValueError (incl. UnicodeDecodeError) or RecursionError on bad input."""
    return json.loads(data)


def dumps(obj: object, *, indent: bool = False) -> bytes:
    """Compact JSON (one line: state, history lines), or indented for files people read."""
    return (_indented if indent else _encoder).encode(obj).encode("utf-8", "surrogatepass")


_LEAVES = (str, int, bool, type(None))


def plain(value: object) -> bool:
    """Whether `value` holds only dicts, lists, strings, integers, booleans and None: no
    float (orjson and json write floats differently, and orjson reads an integer past 64
    bits as one), no record, set or tuple."""
    stack = [value]
    pop, extend = stack.pop, stack.extend
    while stack:
        item = pop()
        kind = type(item)
        if kind is dict:
            extend(item.values())  # type: ignore[attr-defined]
        elif kind is list:
            extend(item)  # type: ignore[arg-type]
        elif kind not in _LEAVES:
            return False
    return True


def size(obj: object) -> int:
    """len(dumps(obj)): computed by orjson when it is already loaded (a big transcript's
    reader loads it; this never imports it) and `obj` is `plain` — there orjson writes
    exactly the bytes `dumps` writes (tests/records/test_jsonio.py); anything else, and what orjson
    refuses (integers past 64 bits, lone surrogates, deep nesting), goes through `dumps`."""
    fast = sys.modules.get("orjson")
    if fast is not None and plain(obj):
        try:
            return len(fast.dumps(obj))
        except (TypeError, ValueError):
            pass
    return len(dumps(obj))


# A value read back from JSON someone else wrote (or an older version of ours) is whatever
# type it is: these take it only when it has the type a field needs.


def as_str(value: object) -> str | None:
    """`value` when it is a string (an empty one too), else None."""
    return value if isinstance(value, str) else None


def as_text(value: object) -> str | None:
    """`value` when it is a non-empty string, else None."""
    return value if isinstance(value, str) and value else None


def as_int(value: object) -> int | None:
    """`value` when it is an integer (a JSON true is not), else None."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None
