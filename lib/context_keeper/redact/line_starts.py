"""Where the line holding an offset of a text starts, and where white space ends, without
slicing or searching through the rest of the text.

A rule that asks this once per candidate of a long line (`password=x\\r` repeated, one line of
a quarter megabyte) would otherwise search back to the line's start each time: a cost that
grows with the square of the line. The newlines of the last few texts asked about are found
once and kept; each question is then a bisection.

The same for where an unquoted value's run of characters ends (`password=password=…`: every
name's value runs to the same end): a run of one character class ends where it ends whichever
of its characters it is read from, so the last run found of each pattern is kept for the names
inside it.
"""

from __future__ import annotations

from bisect import bisect_left

from .patterns import MARK

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .patterns import LazyPattern


_KEPT_OFFSETS = 8  # texts whose offsets are kept: the last few asked about
# Keyed by the text's identity, not its value: a cache keyed by value compares a text equal to a
# kept one but another object character by character on every question, a cost that grows
# with the text on each of a long line's candidates.
_OFFSETS: dict[tuple[int, str], tuple[str, tuple[int, ...]]] = {}


def _offsets(text: str, char: str) -> tuple[int, ...]:
    """Where `char` stands in `text` (its newlines, its quotes), found once for the last texts asked about."""
    key = (id(text), char)
    kept = _OFFSETS.pop(key, None)
    if kept is not None and kept[0] is text:
        _OFFSETS[key] = kept  # (back at the end: a text asked about again is kept the longest)
        return kept[1]
    if len(_OFFSETS) >= _KEPT_OFFSETS:
        del _OFFSETS[next(iter(_OFFSETS))]  # the least recently asked (a kept text keeps its id from reuse)
    offsets = _find_all(text, char)
    _OFFSETS[key] = (text, offsets)
    return offsets


def _find_all(text: str, char: str) -> tuple[int, ...]:
    offsets: list[int] = []
    at = text.find(char)
    while at != -1:
        offsets.append(at)
        at = text.find(char, at + 1)
    return tuple(offsets)


def count_in(text: str, char: str, begin: int, end: int) -> int:
    """`text.count(char, begin, end)`; a long span is counted from the offsets of `char` in the
    text, found once (a count back to the line's start for each noun of a long line costs the
    line its square)."""
    if end - begin <= 512:
        return text.count(char, begin, end)
    offsets = _offsets(text, char)
    return bisect_left(offsets, end) - bisect_left(offsets, begin)


def line_start(text: str, at: int) -> int:
    """`text.rfind("\\n", 0, at) + 1`: the offset just after the last newline before `at`."""
    if at <= 0:
        return 0
    offsets = _offsets(text, "\n")
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


_RUNS: dict[object, tuple[object, int, int]] = {}  # a pattern's last run found: (text, start, end)
_NO_RUN: tuple[object, int, int] = (None, 0, 0)
_MARKED: list[object] = [None, False]  # the last text `inside_marked_run` read, and whether it holds a mark


def run_end(pattern: LazyPattern, text: str, at: int) -> int:
    """Where the run of `pattern` (characters of one class, escapes between them) read from
    `at` ends: `pattern.match(text, at).end()`, or `at` when it does not match there."""
    kept_text, start, end = _RUNS.get(pattern, _NO_RUN)
    if kept_text is text and start <= at < end:
        return end
    m = pattern.match(text, at)
    if m is None:
        return at
    _RUNS[pattern] = (text, at, m.end())
    return m.end()


def inside_marked_run(pattern: LazyPattern, text: str, at: int) -> bool:
    """Whether `at` stands inside a run of `pattern` read from an earlier offset (not at its
    start) that ends at a mark, which no run's class holds (`[`). Otherwise the run from `at`
    is found, and kept for the offsets after it. (`assignments`: a name inside such a run has
    an unquoted value that runs to the mark or past it, whichever way the name is read, and a
    value that holds a mark is not read again: `password=password=…` with its tail marked by
    `nouns` is read once, not once per name.)"""
    if _MARKED[0] is not text:
        _MARKED[:] = [text, MARK in text]
    if not _MARKED[1]:
        return False  # (no run ends at a mark in a text without one: no run is looked for)
    kept_text, start, end = _RUNS.get(pattern, _NO_RUN)
    if kept_text is text and start < at < end:
        return text.startswith(MARK, end)
    run_end(pattern, text, at)
    return False


_AROUND: list[object] = [None, None, 0, 0]  # (text, chars, start, end) of the last run `run_around` found


def run_around(text: str, i: int, j: int, chars: frozenset[str]) -> tuple[int, int]:
    """(`i` moved back, `j` moved on, over the characters of `chars`): for a word of `chars`,
    the longest run of them holding it, found once for the words inside it (a line of one long
    identifier, `--auth--auth…`, read back and on from each of its words costs the line its
    square)."""
    kept_text, kept_chars, start, end = _AROUND
    if kept_text is text and kept_chars is chars and start <= i and j <= end:  # type: ignore[operator]
        return start, end  # type: ignore[return-value]
    word = all(c in chars for c in text[i:j])
    n = len(text)
    while i and text[i - 1] in chars:
        i -= 1
    while j < n and text[j] in chars:
        j += 1
    if word:  # (a run: any word inside it gives the same)
        _AROUND[:] = [text, chars, i, j]
    return i, j


def quoted_key_start(text: str, start: int) -> int | None:
    """Where the quoted key holding the name at `start` begins (`Jwt:` of `"Jwt:SigningKey"`), or
    None: looked back at most 100 characters, so a long run of names costs each one no more."""
    back, stop = start, max(0, start - 100)
    while back > stop and (text[back - 1].isalnum() or text[back - 1] in "_.:-"):
        back -= 1
    return back if back and text[back - 1] in "\"'`" else None
