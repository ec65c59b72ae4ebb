"""A value a command prints alone under a heading that names a secret, where `printed`'s
reading of a heading (a sentence ending in `:`) does not reach: a heading underlined
(`Initial root password` over `-----`), or one that ends in a remark in parentheses (`The
recovery key (keep it offline):`). The value is the one token on the next line that holds
something (a blank line between allowed), judged as `printed` judges a printed value.
"""

from __future__ import annotations

from collections.abc import Callable

from .patterns import MARK, LazyPattern

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


def _sub(m: object) -> str:
    import re

    from .printed import _secret_value

    assert isinstance(m, re.Match)
    head = m.group("head").strip().lower()
    if len(head.split()) < 2 or not any(w in head for w in _SECRET_WORDS) or MARK in m.group("v"):
        return m.group(0)
    if not _secret_value(m.group("v")):
        return m.group(0)
    return m.string[m.start() : m.start("v")] + MARK + m.string[m.end("v") : m.end()]


def redact_headed(text: str) -> str:
    """Each value alone under an underlined heading, or a heading with a remark, that names a secret."""
    return _HEADED.sub(_sub, text)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((("\n---", "\n===", "):\n", ") :\n", "):\r\n"), redact_headed),)
