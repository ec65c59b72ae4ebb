"""A flat reply of fields and values, one numbered item a line, as `redis-cli` prints a hash, a
`CONFIG GET` or a `SENTINEL MASTER`: `39) "auth-pass"` then `40) "…"`.

A field stands at an odd number and its value at the next; a field named for a secret (`names`:
`auth-pass`, `requirepass`, `masterauth`) lends its name to the value, judged as the value after
that name anywhere (`nouns.judged`). An item that nests a list (`4) 1) "…"`) is no field's value.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import NOT_SECRET, tier
from .patterns import MARK, LazyPattern

TRIGGERS = (') "',)
_PAIR = LazyPattern(
    r"^[ \t]*(?P<i>\d{1,6})\)[ \t]+\"(?P<n>[\w.-]{1,80})\"[ \t]*\r?\n"
    r"[ \t]*(?P<j>\d{1,6})\)[ \t]+\"(?P<v>[^\"\n]{1,4096})\"[ \t]*\r?$",
    re.MULTILINE,
)


def rule(judged: Callable[[int, str], bool]) -> Callable[[str], str]:
    """text -> text: each value under a secret's field marked; `judged` as `nouns.judged`."""

    def one(m: re.Match[str]) -> str:
        i, j = int(m.group("i")), int(m.group("j"))
        level = tier(m.group("n"))
        if i % 2 == 0 or j != i + 1 or level == NOT_SECRET or not judged(level, m.group("v")):
            return m.group(0)
        a, b = m.span("v")
        return m.group(0)[: a - m.start()] + MARK + m.group(0)[b - m.start() :]

    return lambda text: _PAIR.sub(one, text)


def compile_rules(judged: Callable[[int, str], bool]) -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((TRIGGERS, rule(judged)),)
