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


def line_spans_holding_folded(text: str, needles: tuple[str, ...]) -> list[tuple[int, int]]:
    """Where the lines of `text` that hold one of `needles` (lower-case ASCII) in any ASCII case
    start and end, in order: for a pattern that ignores ASCII case (and holds no newline) to be
    tried on those lines only. The text is searched in its UTF-8 bytes lower-cased: `bytes.lower`
    folds ASCII letters alone, so the needles' bytes occur exactly where they do in some case;
    the offsets in characters are counted only up to the lines found."""
    form = text.encode("utf-8", "surrogatepass").lower()
    begins: set[int] = set()
    for n in _encoded(needles):
        at = form.find(n)
        while at != -1:
            begins.add(form.rfind(b"\n", 0, at) + 1)
            end = form.find(b"\n", at)
            at = -1 if end == -1 else form.find(n, end)  # (the line holds one: on to the next)
    spans: list[tuple[int, int]] = []
    ascii_only = len(form) == len(text)
    byte_at = char_at = 0
    for begin in sorted(begins):
        end = form.find(b"\n", begin)
        end = len(form) if end == -1 else end
        if not ascii_only:  # (characters between the last line found and this one, then in it)
            char_at += len(form[byte_at:begin].decode("utf-8", "surrogatepass"))
            byte_at = begin
            spans.append((char_at, char_at + len(form[begin:end].decode("utf-8", "surrogatepass"))))
        else:
            spans.append((begin, end))
    return spans


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
        needles = _shortest_first(needles)  # (a text that holds none is searched for all of them anyway)
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


@functools.lru_cache(maxsize=64)
def _shortest_first(needles: tuple[str, ...]) -> tuple[str, ...]:
    """`needles`, the shortest first: a short needle is the likelier to be found early, which
    ends the search (a command's name before `:\\n` would scan all of a 10 MB text for nothing)."""
    return tuple(sorted(needles, key=len))
