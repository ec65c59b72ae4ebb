"""A long text searched for many short needles, in the form that searches fastest, and the
line each hit stands on.

The rules that read across lines search a whole text (10 MB of tool output) once per needle,
dozens of needles. A `str` with one character beyond the Basic Multilingual Plane (an emoji)
stores four bytes a character and is searched four bytes at a time, one with an em dash two:
such a text is searched in its UTF-8 bytes instead, three to six times faster. The hits are
the same: UTF-8 never encodes a character with bytes that start another one, so a needle's
bytes occur exactly where the needle does (a lone surrogate, which JSON can carry, is encoded
as its three bytes, `surrogatepass`, and matches no needle). An ASCII text is searched as it
is: it already stores one byte a character.

Offsets are in the searched form's units; `line_of` turns one into the index of its line (the
text's `split("\\n")`, which the bytes split the same way). The last few texts asked about are
kept, so the rules that run one after another on the same text encode it once.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from collections.abc import Iterator
from itertools import accumulate


class Haystack:
    """`text` ready for needle searches (see the module's docstring)."""

    __slots__ = ("_hay", "_wide", "_starts")

    def __init__(self, text: str) -> None:
        self._wide = not text.isascii()
        self._hay: str | bytes = text.encode("utf-8", "surrogatepass") if self._wide else text
        self._starts: list[int] | None = None

    def _needle(self, needle: str) -> str | bytes:
        return needle.encode("utf-8", "surrogatepass") if self._wide else needle

    def holds(self, needle: str) -> bool:
        """`needle in text`."""
        return self._needle(needle) in self._hay  # type: ignore[operator]

    def hits(self, needle: str) -> Iterator[int]:
        """The offsets (in the searched form) where `needle` starts, overlapping ones included,
        as `text.find(needle, previous + 1)` finds them one after another."""
        hay, n = self._hay, self._needle(needle)
        at = hay.find(n)  # type: ignore[arg-type]
        while at != -1:
            yield at
            at = hay.find(n, at + 1)  # type: ignore[arg-type]

    def line_of(self, offset: int) -> int:
        """The index of the line (of `text.split("\\n")`) that holds `offset`."""
        if self._starts is None:
            rows = self._hay.split(b"\n" if self._wide else "\n")  # type: ignore[arg-type]
            self._starts = list(accumulate((len(row) + 1 for row in rows), initial=0))
        return bisect_right(self._starts, offset) - 1


@functools.lru_cache(maxsize=4)
def haystack(text: str) -> Haystack:
    """The `Haystack` of `text`, kept for the next rule that searches the same text."""
    return Haystack(text)
