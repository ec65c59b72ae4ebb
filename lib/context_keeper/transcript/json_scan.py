"""JSON decoding that does not import `json`: for the status line, which runs on every refresh.

`json`'s decoder imports `re`, and `re` imports `enum`: measured ~18 ms on top of a ~27 ms
interpreter start, more than the status line's own work. CPython's C scanner
(`_json.make_scanner`) is the very parser `json.loads` uses, and needs neither; where `_json`
is missing (another Python), `json.loads` does the work.
"""

from __future__ import annotations

_CONSTANTS = {"NaN": float("nan"), "Infinity": float("inf"), "-Infinity": float("-inf")}
_WHITESPACE = " \t\n\r"


class _Context:
    """What the C scanner reads from a decoder: json.JSONDecoder's defaults."""

    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = _CONSTANTS.__getitem__


TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_scan: Callable[[str, int], tuple[object, int]] | None
try:
    from _json import make_scanner as _make_scanner

    _scan = _make_scanner(_Context())  # type: ignore[arg-type]  # it reads the decoder's attributes
except ImportError:  # not CPython: the stdlib decoder
    _scan = None


def loads(text: str) -> object:
    """The value of a JSON text; ValueError when it is not one JSON value."""
    if _scan is None:
        import json

        return json.loads(text)
    stripped = text.strip(_WHITESPACE)
    try:
        value, end = _scan(stripped, 0)
    except StopIteration as stop:  # the scanner's "no value at this index"
        raise ValueError(f"not JSON at character {stop.value}") from None
    if end != len(stripped):
        raise ValueError(f"extra data at character {end}")
    return value
