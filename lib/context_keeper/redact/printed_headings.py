"""A value a command prints alone under a heading that names a secret, where `printed`'s
reading of a heading (a sentence ending in `:`) does not reach: a heading underlined
(`Initial root password` over `-----`), one that ends in a remark in parentheses (`The
recovery key (keep it offline):`), or one with no colon that ends in the secret's noun or
says what follows (`Admin password`, `# Root password`, `Your API key is`). The value is the one token on the next line that holds
something (a blank line between allowed), judged as `printed` judges a printed value.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .printed import secret_value

_SECRET_WORDS = (
    *("password", "passphrase", "passwd", "token", "secret", "api key", "apikey", "credential"),
    *("recovery key", "master key", "unseal key", "private key"),
)
# The heading, then its underline or its remark and colon, then the value alone on its line.
_HEADED = LazyPattern(
    r"(?P<head>[ \t]*[A-Za-z][^\n():=`{}\[\]<>;]{2,80}?)"
    r"(?:[ \t]*\n[ \t]*(?:-{3,}|={3,})[ \t]*|[ \t]*\([^()\n]{1,60}\)[ \t]*:[ \t]*)\r?\n(?:[ \t]*\r?\n){0,2}"
    r"(?P<lead>[ \t]*)(?P<v>[^\s\"'`]{8,200})[ \t]*\r?(?=\n|\Z)"
)
# A heading that ends in a secret's noun, or says what follows (`Your API key is`, `Admin password`,
# `# Root password`): words only, two to eight.
_ENDING = LazyPattern(
    r"(?P<head>[ \t]*(?:#{1,4}[ \t]+)?[A-Za-z][A-Za-z' -]{0,60}?"
    r"(?i:pass(?:word|phrase|wd)|token|key|secret|credentials?)(?:[ \t]+(?:is|was))?)[ \t]*\r?\n"
    r"(?:[ \t]*\r?\n){0,2}(?P<lead>[ \t]*)(?P<v>[^\s\"'`]{8,200})[ \t]*\r?(?=\n|\Z)"
)
# Where such a heading may be, found by substring search in the whole text (`haystack`: no pattern
# is tried at every line of a long text): an underline (the heading is the line it ends), a remark's
# `):`, a line ending in a secret's noun or in `is` (each needle one more search of a long text:
# `===` underlines and upper-case headings are left out).
_NEEDLES = ("\n---", "):", " is\n", "assword\n", "ey\n", "oken\n", "ecret\n")


def _heading_starts(text: str) -> list[int]:
    """The starts of the lines that may be a heading over a printed value (found in the haystack
    the other rules search: the text is not split into its lines again)."""
    from .haystack import line_starts_holding

    return line_starts_holding(text, _NEEDLES)


def _judged(m: re.Match[str], ended: bool) -> bool:
    """Whether the value under the heading `m` found is a secret."""
    head = m.group("head").strip().lower()
    value = m.group("v")
    if MARK in value or not any(w in head for w in _SECRET_WORDS):
        return False
    if ended:
        # (`Token` alone is a column's or a field's name; a version, a file or a host is what a
        # sentence about a token may end on)
        words = head.lstrip(" \t#").split()
        return 2 <= len(words) <= 8 and secret_value(value) and password_shaped(value)
    return secret_value(value)


def redact_headed(text: str) -> str:
    """Each value alone under a heading that names a secret: underlined, with a remark, or ending
    in its noun."""
    out: list[str] = []
    pos = 0
    for start in _heading_starts(text):
        if start < pos:
            continue
        m = _HEADED.match(text, start)
        ended = m is None
        if m is None:
            m = _ENDING.match(text, start)
        if m is None or not _judged(m, ended):
            continue
        out.append(text[pos : m.start("v")])
        out.append(MARK)
        pos = m.end("v")
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((_NEEDLES, redact_headed),)
