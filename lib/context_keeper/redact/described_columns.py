"""A table's column whose header says it holds what describes a secret, not the secret.

A CLI that lists secrets prints each one's name beside a digest, a fingerprint or a version
(`fly secrets list`: `NAME  DIGEST  CREATED AT`, then `DATABASE_PASSWORD  3b1f6c2e…  2m ago`).
Read line by line, a row is a secret's name and a random value, which is how a secret is
printed too; only the header tells them apart. After the line rules ran, a value they took out
of such a column, in a row under the header, is put back when it has a digest's shape (hex,
or `sha256:` and the like); a row whose wider cell ran past the column is read at the header's
place. Nothing else is put back: a column named `VALUE` or `SECRET`, a value of another shape,
a row past a blank line, a table in a text over 64 KB.
"""

from __future__ import annotations

import re

from .patterns import MARK, LazyPattern

# Headers of a column that describes a value: a digest of it, its id or its version.
_DESCRIBING = frozenset("DIGEST HASH CHECKSUM FINGERPRINT SHA SHA1 SHA256 SHA512 MD5 ETAG".split())
# A longer text (a file, a log) is left as its lines' rules left it, as `repeats` leaves it: a
# command's listing is short, and the searches below would read the whole text.
MAX_TEXT = 65536
_HEADER_WORDS = (
    "DIGEST",
    "Digest",
    "HASH",
    "Hash",
    "CHECKSUM",
    "Checksum",
    "FINGERPRINT",
    "Fingerprint",
    "SHA",
    "MD5",
    "ETAG",
    "ETag",
)
# A line that may be such a header, found in the whole text by one search (a long text without
# one costs that search, not a test per line).
_HEADER_WORD_AT = LazyPattern(
    r"\b(?:DIGEST|Digest|HASH|Hash|CHECKSUM|Checksum|FINGERPRINT|Fingerprint|SHA\d*|MD5|ETAG|ETag)\b"
)
_SPLIT = LazyPattern(r"\t+|[ \t]*\|[ \t]*|[ ]{2,}")
_DIGEST = LazyPattern(r"(?i:sha\d*|md5|blake2b?)[:=-][A-Za-z0-9+/=_-]{8,}|[0-9a-fA-F]{8,}")
_HEADER_WORD = re.compile(r"[A-Z][A-Z0-9_ ]*|[A-Z][a-z]+(?: [A-Za-z]+)?")


def _cells(line: str) -> list[str]:
    return [c for c in _SPLIT.split(line.strip().strip("|")) if c != ""]


def _described_column(line: str) -> int:
    """The index of the first describing column when `line` is a table's header, else -1."""
    cells = _cells(line)
    if len(cells) < 2 or not all(_HEADER_WORD.fullmatch(c.strip()) for c in cells):
        return -1
    for k, c in enumerate(cells):
        if c.strip().upper().replace(" ", "_") in _DESCRIBING:
            return k
    return -1


def _column_start(header: str, column: int) -> int:
    """Where the header's `column`-th cell starts on its line."""
    at = 0
    for cell in _cells(header)[: column + 1]:
        at = header.index(cell, at) + len(cell)
    return at - len(_cells(header)[column])


def _word_at(line: str, start: int) -> str:
    """The run of non-blank characters on `line` at the column that starts at `start`: the one
    that starts there, or the next when a wider cell before ran past it."""
    if not 0 < start < len(line):
        return ""
    if line[start - 1] not in " \t":  # (inside the wider cell: the value is the next run)
        start = next((k for k in range(start, len(line)) if line[k].isspace()), len(line))
    words = line[start:].split(None, 1)
    return words[0] if words else ""


def _line_at(text: str, at: int) -> str:
    end = text.find("\n", at)
    return text[text.rfind("\n", 0, at) + 1 : len(text) if end == -1 else end]


def keep_described(original: str, redacted: str) -> str:
    """`redacted` with the digests of described columns that the line rules took put back."""
    if len(original) > MAX_TEXT or not any(w in original for w in _HEADER_WORDS):
        return redacted
    if not any(_described_column(_line_at(original, m.start())) != -1 for m in _HEADER_WORD_AT.finditer(original)):
        return redacted
    before = original.split("\n")
    after = redacted.split("\n")
    if len(before) != len(after):
        return redacted  # (a block rule joined lines: no row can be matched to its line)
    column = start = -1
    changed = False
    for i, line in enumerate(before):
        if not line.strip():
            column = -1
            continue
        found = _described_column(line)
        if found != -1:
            column, start = found, _column_start(line, found)
            continue
        if column == -1 or after[i] == line:
            continue
        cells = _cells(line)
        v = cells[column].strip() if column < len(cells) else ""
        if _DIGEST.fullmatch(v) is None:
            v = _word_at(line, start)  # a wider cell before it overran its column: read by the header's place
        if _DIGEST.fullmatch(v) is None:
            continue
        if line.replace(v, MARK, 1) == after[i]:
            after[i] = line
            changed = True
    return "\n".join(after) if changed else redacted
