"""Where the line holding an offset of a text starts, and where white space ends, without
slicing or searching through the rest of the text.

A rule that asks this once per candidate of a long line (`password=x\\r` repeated, one line of
a quarter megabyte) would otherwise search back to the line's start each time: a cost that
grows with the square of the line. The newlines of the last few texts asked about are found
once and kept; each question is then a bisection.
"""

from __future__ import annotations

import functools
from bisect import bisect_left


@functools.lru_cache(maxsize=4)
def _newlines(text: str) -> tuple[int, ...]:
    offsets: list[int] = []
    at = text.find("\n")
    while at != -1:
        offsets.append(at)
        at = text.find("\n", at + 1)
    return tuple(offsets)


def line_start(text: str, at: int) -> int:
    """`text.rfind("\\n", 0, at) + 1`: the offset just after the last newline before `at`."""
    if at <= 0:
        return 0
    offsets = _newlines(text)
    k = bisect_left(offsets, at)
    return offsets[k - 1] + 1 if k else 0


def blank_before(text: str, at: int, begin: int) -> bool:
    """Whether `text[begin:at]` is all white space (`not text[begin:at].strip()`), read back
    from `at` only as far as the white space goes."""
    while at > begin and text[at - 1].isspace():
        at -= 1
    return at <= begin


def space_end(text: str, at: int) -> int:
    """Where the white space from `at` ends (`len(text) - len(text[at:].lstrip())`), read in
    place: a slice of the rest of a long line per value costs the line its square."""
    while at < len(text) and text[at].isspace():
        at += 1
    return at
