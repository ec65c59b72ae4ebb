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

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

WIDE_FROM = 16384  # characters: a shorter text is searched as it is


def holds_any(text: str, needles: tuple[str, ...]) -> bool:
    """Whether `text` holds one of `needles`."""
    if len(text) < WIDE_FROM:
        return any(map(text.__contains__, needles))
    return _long(text).holds_any(needles)


def rule_out(text: str, needles: tuple[str, ...]) -> None:
    """Learn at once which of `needles` a long `text` holds nowhere (`Haystack.rule_out`), for the
    rules that search it next: a needle absent costs a search of the whole text, dozens of them
    most of a long text's reading."""
    if len(text) >= WIDE_FROM:
        _long(text).rule_out(needles)


def lines_holding(text: str, lines: list[str], needles: tuple[str, ...]) -> set[int]:
    """The indices of the lines (`lines`: `text.split("\\n")`) that hold one of `needles`."""
    if len(text) < WIDE_FROM:
        # A short text holds few of the needles, if any: those it holds are placed on their
        # lines, the rest cost one substring test each (a needle nowhere holds no line).
        held = tuple(filter(text.__contains__, needles))
        return Haystack(text, lines).lines_holding(held) if held else set()
    return _long(text).lines_holding(needles)


def line_starts_holding(text: str, needles: tuple[str, ...]) -> list[int]:
    """Where the lines of `text` that hold one of `needles` start, in characters, in order:
    without splitting the text into its lines (a long one's line starts are the haystack's,
    kept for every rule that searches it; in its UTF-8 bytes, only the stretches up to the
    lines found are decoded to count their characters)."""
    hay = Haystack(text) if len(text) < WIDE_FROM else _long(text)
    found = sorted(hay.lines_holding(needles))
    if not found:
        return []
    starts = hay._starts  # (set by the search once a needle is found)
    assert starts is not None
    if not hay._wide:
        return [starts[i] for i in found]
    form = hay._form
    assert isinstance(form, bytes)
    chars: list[int] = []
    byte_at = char_at = 0
    for i in found:  # (a line starts after a newline: each stretch ends on a character's boundary)
        char_at += len(form[byte_at : starts[i]].decode("utf-8", "surrogatepass"))
        byte_at = starts[i]
        chars.append(char_at)
    return chars


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
    """`text` ready for needle searches (see the module's docstring). What a needle's search
    found is kept: the rules that read a long text ask for many of the same needles (`ecret`,
    `assw`, `oken` by several; a rule's gate, then its lines, for the same ones), and each is
    then searched once."""

    __slots__ = ("_form", "_wide", "_lines", "_starts", "_first", "_rows")

    def __init__(self, text: str, lines: list[str] | None = None) -> None:
        self._wide = len(text) >= WIDE_FROM and not text.isascii()
        self._form: str | bytes = text.encode("utf-8", "surrogatepass") if self._wide else text
        self._lines = None if self._wide else lines  # (`text.split("\\n")`, when the caller has it)
        self._starts: list[int] | None = None  # where each line starts, in the form's units
        self._first: dict[str, int] = {}  # needle -> where it first occurs in the form (-1: nowhere)
        self._rows: dict[str, frozenset[int]] = {}  # needle -> the lines that hold it

    def _find_first(self, needle: str) -> int:
        at = self._first.get(needle)
        if at is None:
            at = self._form.find(needle.encode("utf-8", "surrogatepass") if self._wide else needle)  # type: ignore[arg-type]
            self._first[needle] = at
        return at

    def rule_out(self, needles: tuple[str, ...]) -> None:
        """The needles not yet searched for that the text holds nowhere, noted as such, found by
        one scan per first character two of them or more share (`_first_scan`): at each place
        it reads the longest of their rests there, and a needle occurs where one found starts
        with its rest (the rests found at one place are each other's starts). The needles held
        are left to their own search, which ends at their first occurrence."""
        wide = self._wide
        groups: dict[Any, list[tuple[str, Any]]] = {}
        for n in needles:
            if n and n not in self._first:
                key = n.encode("utf-8", "surrogatepass") if wide else n
                groups.setdefault(key[:1], []).append((n, key[1:]))
        for first, members in groups.items():
            # (a scan reads every occurrence of its first character: for a space or a lower-case
            # letter, everywhere in prose, it costs more than a few needles' own searches)
            if len(members) >= (4 if first in _EVERYWHERE else 2):
                rests = tuple(sorted({rest for _, rest in members}, key=len, reverse=True))
                found = set(_first_scan(first, rests).findall(self._form))
                for n, rest in members:
                    if not any(f.startswith(rest) for f in found):
                        self._first[n] = -1

    def holds_any(self, needles: tuple[str, ...]) -> bool:
        """Whether the text holds one of `needles`."""
        # (the shortest first: a text that holds none is searched for all of them anyway)
        return any(self._find_first(n) != -1 for n in _shortest_first(needles))

    def lines_holding(self, needles: tuple[str, ...]) -> set[int]:
        """The indices of the lines (of `text.split("\\n")`) that hold one of `needles`."""
        found: set[int] = set()
        for n in needles:
            rows = self._rows.get(n)
            if rows is None:
                rows = self._rows[n] = self._lines_of(n)
            found |= rows
        return found

    def _lines_of(self, needle: str) -> frozenset[int]:
        at = self._find_first(needle)
        if at == -1:
            return frozenset()
        form = self._form
        n = needle.encode("utf-8", "surrogatepass") if self._wide else needle
        if self._starts is None:
            rows = self._lines or form.split(b"\n" if self._wide else "\n")  # type: ignore[arg-type]
            self._starts = list(accumulate((len(row) + 1 for row in rows), initial=0))
        starts = self._starts
        found: set[int] = set()
        while at != -1:
            row = bisect_right(starts, at) - 1
            found.add(row)
            at = form.find(n, starts[row + 1])  # type: ignore[arg-type]  # (the line holds it: on to the next)
        return frozenset(found)


@functools.lru_cache(maxsize=4)
def _long(text: str) -> Haystack:
    """The `Haystack` of a long text, kept for the next rule that searches the same text (a
    short one is searched as it is: keeping it would cost more than the search)."""
    return Haystack(text)


_EVERYWHERE = frozenset([*" abcdefghijklmnopqrstuvwxyz", *(c.encode() for c in " abcdefghijklmnopqrstuvwxyz")])


@functools.lru_cache(maxsize=256)
def _first_scan(first: Any, rests: tuple[Any, ...]) -> re.Pattern[Any]:
    """`first`, then (looked ahead, so each occurrence is read) the first of `rests` that follows
    it, longest first: `re` jumps from one occurrence of a literal to the next. (`str`s or
    `bytes`, as the text's form.)"""
    import re

    bar, group = (b"|", b"(?=(%s))") if isinstance(first, bytes) else ("|", "(?=(%s))")
    return re.compile(re.escape(first) + group % bar.join(re.escape(r) for r in rests))


@functools.lru_cache(maxsize=64)
def _encoded(needles: tuple[str, ...]) -> tuple[bytes, ...]:
    return tuple(n.encode("utf-8", "surrogatepass") for n in needles)


@functools.lru_cache(maxsize=64)
def _shortest_first(needles: tuple[str, ...]) -> tuple[str, ...]:
    """`needles`, the shortest first: a short needle is the likelier to be found early, which
    ends the search (a command's name before `:\\n` would scan all of a 10 MB text for nothing)."""
    return tuple(sorted(needles, key=len))
