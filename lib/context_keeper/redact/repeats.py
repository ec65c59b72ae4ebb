"""A secret found once is a secret wherever it appears again in the same text.

A config block gives one password to several keys (`password = "…"; enable_password = "…"`),
a command's output echoes what its line set, a script defines a secret and then passes it on:
only some of those places have a name or a position the rules read. Once a rule has taken a
value out of a text, its other occurrences in that text are the same secret, whatever stands
around them. Only values shaped like a password or a key are carried (8 characters or more):
a short or word-like value taken out in one place may be an ordinary word in another.
"""

from __future__ import annotations

import re

from .password_shapes import password_shaped
from .patterns import MARK

# A longer text (a file, a log) is left to its lines' own rules: the search below reads the
# whole text once per value.
MAX_TEXT = 65536
_MAX_VALUES = 16
_MIN_LEN = 8
# What may not stand beside an occurrence: it would be part of a longer value (`admin2024!`
# inside `admin2024!x`), not the value itself.
_PART = r"\w.!#$%^&*+~-"


def removed_values(original: str, redacted: str) -> list[str] | None:
    """The values `redacted` took out of `original` (each `MARK` stands for one), in order; None
    when the two cannot be aligned without guessing."""
    pieces = redacted.split(MARK)
    values: list[str] = []
    pos = 0
    last = len(pieces) - 1
    for k, piece in enumerate(pieces):
        if not original.startswith(piece, pos):
            return None
        pos += len(piece)
        if k == last:
            break
        following = pieces[k + 1]
        if following:
            end = original.find(following, pos + 1) if k + 1 < last else len(original) - len(following)
        elif k + 1 == last:
            end = len(original)  # the mark ends the text
        else:
            return None  # two marks side by side: where one value ends is not known
        if end <= pos:
            return None
        values.append(original[pos:end])
        pos = end
    return values


def redact_repeats(original: str, redacted: str) -> str:
    """`redacted` with every other occurrence of a value its rules took out of `original` marked."""
    if MARK not in redacted or MARK in original or len(original) > MAX_TEXT:
        return redacted
    values = removed_values(original, redacted)
    if not values:
        return redacted
    # (a value found once in the text has no other place: the common case, one substring count
    # before the shape is read; each value counted once, `-w X -u x -w X …` giving one per flag,
    # in the order they were found: the sort is stable, so that order breaks ties, not a hash)
    distinct = dict.fromkeys(v for v in values if len(v) >= _MIN_LEN and "\n" not in v)
    carried = sorted([v for v in distinct if original.count(v) > 1 and password_shaped(v)], key=len, reverse=True)
    for v in carried[:_MAX_VALUES]:
        if v in redacted:
            redacted = re.sub(f"(?<![{_PART}]){re.escape(v)}(?![{_PART}])", MARK, redacted)
    return redacted
