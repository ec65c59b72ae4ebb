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

from .patterns import MARK, LazyPattern
from .positions import password_shaped

_SECRET_WORDS = (
    *("password", "passphrase", "passwd", "token", "secret", "api key", "apikey", "credential"),
    *("recovery key", "master key", "unseal key", "private key"),
)
# The heading, then its underline or its remark and colon, then the value alone on its line.
_HEADED = LazyPattern(
    r"(?m)^(?P<head>[ \t]*[A-Za-z][^\n():=`{}\[\]<>;]{2,80}?)"
    r"(?:[ \t]*\n[ \t]*(?:-{3,}|={3,})[ \t]*|[ \t]*\([^()\n]{1,60}\)[ \t]*:[ \t]*)\r?\n(?:[ \t]*\r?\n){0,2}"
    r"(?P<lead>[ \t]*)(?P<v>[^\s\"'`]{8,200})[ \t]*\r?$"
)


def _sub(m: re.Match[str]) -> str:
    from .printed import _secret_value

    head = m.group("head").strip().lower()
    if not any(w in head for w in _SECRET_WORDS) or MARK in m.group("v"):
        return m.group(0)
    if not _secret_value(m.group("v")):
        return m.group(0)
    return m.string[m.start() : m.start("v")] + MARK + m.string[m.end("v") : m.end()]


# A heading that ends in a secret's noun, or says what follows (`Your API key is`, `Admin password`,
# `# Root password`): found from its end, then read back to its line's start.
_ENDING = LazyPattern(
    r"(?i:pass(?:word|phrase|wd)|token|key|secret|credentials?)(?:[ \t]+(?:is|was))?[ \t]*\r?\n"
    r"(?:[ \t]*\r?\n){0,2}(?P<lead>[ \t]*)(?P<v>[^\s\"'`]{8,200})[ \t]*\r?(?=\n|\Z)"
)
_PLAIN_HEADING = LazyPattern(r"[ \t]*(?:#{1,4}[ \t]+)?[A-Za-z][A-Za-z' -]{0,60}")


def _ended(m: re.Match[str]) -> str:
    text = m.string
    start = text.rfind("\n", 0, m.start()) + 1
    head = text[start : m.start()] + m.group(0)[: m.group(0).find("\n")]
    if _PLAIN_HEADING.fullmatch(text, start, m.start()) is None and start != m.start():
        return m.group(0)  # code, a field, a sentence with more in it: not a heading
    words = head.lstrip(" \t#").split()
    if not 2 <= len(words) <= 8 or MARK in m.group("v") or not any(w in head.lower() for w in _SECRET_WORDS):
        return m.group(0)  # (`Token` alone is a column's or a field's name)
    from .printed import _secret_value

    if not _secret_value(m.group("v")) or not password_shaped(m.group("v")):
        return m.group(0)  # (a version, a file, a host: what a sentence about a token may end on)
    return m.group(0)[: m.start("v") - m.start()] + MARK + m.group(0)[m.end("v") - m.start() :]


def redact_headed(text: str) -> str:
    """Each value alone under a heading that names a secret: underlined, with a remark, or ending
    in its noun."""
    return _ENDING.sub(_ended, _HEADED.sub(_sub, text))


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    endings = ("assword\n", "ASSWORD\n", "hrase\n", "oken\n", "OKEN\n", "ey\n", "EY\n", "ecret\n", " is\n", " was\n")
    return (((*endings, "\n---", "\n===", "):\n", ") :\n", "):\r\n"), redact_headed),)
