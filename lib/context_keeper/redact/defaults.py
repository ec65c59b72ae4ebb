"""The literal default of a lookup that gives a secret's name its value.

`password=os.environ.get("X", "…")`, `secret = env("SECRET", default="…")`,
`token := getEnv("GH", "…")`, `System.getenv().getOrDefault("PG", "…")`: the name says what the
value is, the lookup says where it is read from, and the literal is what it is when the lookup
finds nothing, the secret itself in a session that never sets the variable. (A lookup whose own
variable names a secret, `os.getenv("DB_PASSWORD", "…")`, is read by `assignments` already.)
A fallback after any reference is such a default too: `password: secrets.redis ?? '…'`,
`token = config.token || "…"`, `password = os.environ.get("PW") or '…'`.
The literal is judged as a value under the name is (`nouns.judged`): an empty string, a
placeholder, a reference or a word stays.
"""

from __future__ import annotations

from collections.abc import Callable

from .names import NOT_SECRET, tier
from .patterns import MARK, LazyPattern

# (every lookup the patterns read holds one, and JavaScript's, C#'s, PHP's, shell's fallback; Python's
# `or` is read on a line holding a lookup: in prose, `or` is too common a word to search for)
TRIGGERS = ("env", "Env", "ENV", "??", "||")
# The lookup and its default, searched for first (a literal's alternation: cheap on a line
# without one); the name it is assigned to is read back from where the lookup starts.
_LOOKUP = LazyPattern(
    r"(?:getenv|getEnv|GetEnv|environ\.get|env|Env|ENV\.fetch|fetch_env|getOrDefault)(?:\.\w+)?"
    r"(?:\(\))?(?:\.getOrDefault)?\((?P<args>[^()\n]{0,120}?),[ \t]*(?:default[ \t]*[=:][ \t]*)?"
    r"(?P<q>[\"'])(?P<v>[^\"'\\\n]{1,200})(?P=q)[ \t]*\)"
)
# A name, its sign, a reference (a dotted path, an index, a call without arguments), then its fallback.
_FALLBACK = LazyPattern(
    r"(?P<name>[A-Za-z_][\w.-]{0,60})[\"']?[ \t]*(?::=|=|:)[ \t]*"
    r"[A-Za-z_$][\w$]{0,60}(?:(?:\.|\?\.)[A-Za-z_$][\w$]{0,60}|\[[\"']?[\w.:-]{1,60}[\"']?\]|\((?:[\"'][\w.:-]{1,60}[\"'])?\)){0,8}"
    r"[ \t]*(?:\?\?|\|\||\bor\b)[ \t]*(?P<q>[\"'`])(?P<v>[^\"'`\\\n$]{1,200})(?P=q)"
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
        text = text if not out else "".join(out) + text[pos:]
        return _fallbacks(text, judged) if ("??" in text or "||" in text or " or " in text) else text

    return redact_defaults


def _fallbacks(text: str, judged: Callable[[int, str], bool]) -> str:
    """`text` with the literal fallback after a reference under a secret's name marked."""
    out: list[str] = []
    pos = 0
    for m in _FALLBACK.finditer(text):
        level = tier(m.group("name"))
        if level == NOT_SECRET or MARK in m.group("v") or not judged(level, m.group("v")):
            continue
        out += [text[pos : m.start("v")], MARK]
        pos = m.end("v")
    return text if not out else "".join(out) + text[pos:]
