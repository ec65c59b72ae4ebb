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

from collections.abc import Callable

from .names import NOT_SECRET, tier
from .patterns import MARK, LazyPattern

TRIGGERS = ("env", "Env", "ENV")  # (every lookup the pattern reads holds one)
# The lookup and its default, searched for first (a literal's alternation: cheap on a line
# without one); the name it is assigned to is read back from where the lookup starts.
_LOOKUP = LazyPattern(
    r"(?:getenv|getEnv|GetEnv|environ\.get|env|Env|ENV\.fetch|fetch_env|getOrDefault)(?:\.\w+)?"
    r"(?:\(\))?(?:\.getOrDefault)?\((?P<args>[^()\n]{0,120}?),[ \t]*(?:default[ \t]*[=:][ \t]*)?"
    r"(?P<q>[\"'])(?P<v>[^\"'\\\n]{1,200})(?P=q)[ \t]*\)"
)
_NAME_BEFORE = LazyPattern(r"(?P<name>[A-Za-z_][\w.-]{0,60})[\"']?[ \t]*(?::=|=|:)[ \t]*[\w$.]*$")


def rule(judged: Callable[[int, str], bool]) -> Callable[[str], str]:
    """The rule, judging each default with `judged(level of the name, value)`."""

    def redact_defaults(text: str) -> str:
        out: list[str] = []
        pos = 0
        for m in _LOOKUP.finditer(text):
            name = _NAME_BEFORE.search(text, max(0, m.start() - 100), m.start())
            level = NOT_SECRET if name is None else tier(name.group("name"))
            if level == NOT_SECRET or not judged(level, m.group("v")):
                continue
            out += [text[pos : m.start("v")], MARK]
            pos = m.end("v")
        return text if not out else "".join(out) + text[pos:]

    return redact_defaults
