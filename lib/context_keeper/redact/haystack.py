"""A long text searched for many short needles, in the form that searches fastest, and the
lines the needles stand on.

The rules that read across lines search a whole text (10 MB of tool output) once per needle,
dozens of needles. A `str` with one character beyond the Basic Multilingual Plane (an emoji)
stores four bytes a character and is searched four bytes at a time, one with an em dash two:
such a text, when long, is searched in its UTF-8 bytes instead, three to six times faster.
The hits are the same: UTF-8 never encodes a character with bytes that start another one, so
a needle's bytes occur exactly where the needle does (a lone surrogate, which JSON can carry,
is encoded as its three bytes, `surrogatepass`, and matches no needle). An ASCII text is
searched as it is (it stores one byte a character already), and so is a short one (encoding
it and its needles would cost more than the search).

The last few texts asked about are kept, so the rules that run one after another on the same
text encode it once.
"""

from __future__ import annotations

import functools
from bisect import bisect_right
from itertools import accumulate

WIDE_FROM = 16384  # characters: a shorter text is searched as it is


def holds_any(text: str, needles: tuple[str, ...]) -> bool:
    """Whether `text` holds one of `needles`."""
    if len(text) < WIDE_FROM:
        return any(n in text for n in needles)
    return _long(text).holds_any(needles)


def lines_holding(text: str, lines: list[str], needles: tuple[str, ...]) -> set[int]:
    """The indices of the lines (`lines`: `text.split("\\n")`) that hold one of `needles`."""
    return (Haystack(text, lines) if len(text) < WIDE_FROM else _long(text)).lines_holding(needles)


def lines_holding_folded(text: str, lines: list[str], needles: tuple[str, ...]) -> list[int]:
    """The indices of the lines (`lines`: `text.split("\\n")`) that may hold one of `needles`
    (lower-case ASCII) in any ASCII case, in order: every line that does, and maybe one more (a
    character beyond ASCII whose lower case is an ASCII letter, the Kelvin sign's `k`), for a
    pattern that ignores ASCII case to be tried on those lines only. A long text is searched in
    its UTF-8 bytes lower-cased (`bytes.lower` folds ASCII letters only: the needles' bytes occur
    exactly where they do in any case)."""
    if len(text) < WIDE_FROM:
        if not any(n in text.lower() for n in needles):
            return []
        return [j for j, line in enumerate(lines) if any(n in line.lower() for n in needles)]
    form = text.encode("utf-8", "surrogatepass").lower()
    found: set[int] = set()
    starts: list[int] = []
    for n in _encoded(needles):
        at = form.find(n)
        if at != -1 and not starts:
            starts = list(accumulate((len(row) + 1 for row in form.split(b"\n")), initial=0))
        while at != -1:
            j = bisect_right(starts, at) - 1
            found.add(j)
            at = form.find(n, starts[j + 1])  # (the line holds one: on to the next)
    return sorted(found)


class Haystack:
    """`text` ready for needle searches (see the module's docstring)."""

    __slots__ = ("_form", "_wide", "_lines", "_starts")

    def __init__(self, text: str, lines: list[str] | None = None) -> None:
        self._wide = len(text) >= WIDE_FROM and not text.isascii()
        self._form: str | bytes = text.encode("utf-8", "surrogatepass") if self._wide else text
        self._lines = None if self._wide else lines  # (`text.split("\\n")`, when the caller has it)
        self._starts: list[int] | None = None  # where each line starts, in the form's units

    def holds_any(self, needles: tuple[str, ...]) -> bool:
        """Whether the text holds one of `needles`."""
        form = self._form
        return any(n in form for n in (_encoded(needles) if self._wide else needles))  # type: ignore[operator]

    def lines_holding(self, needles: tuple[str, ...]) -> set[int]:
        """The indices of the lines (of `text.split("\\n")`) that hold one of `needles`."""
        found: set[int] = set()
        form = self._form
        for n in _encoded(needles) if self._wide else needles:
            at = form.find(n)  # type: ignore[arg-type]
            if at != -1 and self._starts is None:
                rows = self._lines or form.split(b"\n" if self._wide else "\n")  # type: ignore[arg-type]
                self._starts = list(accumulate((len(row) + 1 for row in rows), initial=0))
            while at != -1:
                found.add(bisect_right(self._starts, at) - 1)  # type: ignore[arg-type]
                at = form.find(n, at + 1)  # type: ignore[arg-type]
        return found


@functools.lru_cache(maxsize=4)
def _long(text: str) -> Haystack:
    """The `Haystack` of a long text, kept for the next rule that searches the same text (a
    short one is searched as it is: keeping it would cost more than the search)."""
    return Haystack(text)


@functools.lru_cache(maxsize=64)
def _encoded(needles: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(n.encode("utf-8", "surrogatepass") for n in needles)
