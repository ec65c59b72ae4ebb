"""The literal default of a lookup that gives a secret's name its value.

`password=os.environ.get("X", "…")`, `secret = env("SECRET", default="…")`,
`token := getEnv("GH", "…")`, `System.getenv().getOrDefault("PG", "…")`: the name says what the
value is, the lookup says where it is read from, and the literal is what it is when the lookup
finds nothing, the secret itself in a session that never sets the variable. (A lookup whose own
variable names a secret, `os.getenv("DB_PASSWORD", "…")`, is read by `assignments` already.)
The literal is judged as a value under the name is (`nouns.judged`): an empty string, a
placeholder, a reference or a word stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import NOT_SECRET, tier
from .patterns import MARK, LazyRule

TRIGGERS = ("env", "Env", "ENV", "environ", "etOrDefault", "fetch")
_DEFAULT = (
    r"(?P<name>[A-Za-z_][\w.-]{0,60})[\"']?[ \t]*(?::=|=|:)[ \t]*"
    r"[\w$.]*(?:getenv|getEnv|GetEnv|environ\.get|env|Env|ENV\.fetch|fetch_env|getOrDefault)(?:\.\w+)?"
    r"(?:\(\))?(?:\.getOrDefault)?\((?P<args>[^()\n]{0,120}?),[ \t]*(?:default[ \t]*[=:][ \t]*)?"
    r"(?P<q>[\"'])(?P<v>[^\"'\\\n]{1,200})(?P=q)[ \t]*\)"
)


def rule(judged: Callable[[int, str], bool]) -> LazyRule:
    """The rule, judging each default with `judged(level of the name, value)`."""

    def one(m: re.Match[str]) -> str:
        level = tier(m.group("name"))
        if level == NOT_SECRET or not judged(level, m.group("v")):
            return m.group(0)
        a, b = m.start("v") - m.start(), m.end("v") - m.start()
        return m.group(0)[:a] + MARK + m.group(0)[b:]

    return LazyRule(_DEFAULT, one)
