"""A service's log line that says it made a secret, then the secret after a colon.

A self-hosted service started without a secret it needs makes one and logs it once: `[init]
APP_KEY not set, generated: base64:…`, `WOODPECKER_AGENT_SECRET not set, generated one: …` (in a
JSON record's message), `ADMIN_TOKEN generated for this run (set it in .env to keep it): …`. The
line names the secret (a variable or a noun `names` counts a secret's, before the verb) and says it
was generated; the value is the one token after the colon that follows, up to the line's or the
message's end. A name that is no secret's (`request id generated: …`) leaves the line as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import NOT_SECRET, described, tier
from .patterns import MARK, LazyRule

TRIGGERS = ("enerated",)
# The name and the verb within one clause, then a colon and one token that ends the line, the
# message's quoted string, or a sentence (`…: <token> (use it as …)`).
_NOTE = (
    r"(?P<n>[A-Za-z][\w.-]{1,80})[ \t]+(?:[^\n:\"]{0,40}?[ \t])?(?i:generated)\b[^\n:\"]{0,60}:[ \t]+"
    r"(?P<s>[^\s\"'`,;()]{8,4096})(?=[ \t]*(?:[\"'}\]]|\(|\r?$|\n))"
)


def _generated(m: re.Match[str], judged: Callable[[int, str], bool]) -> str:
    name = m.group("n")
    level = tier(name)
    if level == NOT_SECRET or described(name, m.string, m.end("n")) or not judged(level, m.group("s")):
        return m.group(0)
    a, b = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]


def compile_rules(judged: Callable[[int, str], bool]) -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`; `judged` as `nouns.judged`."""
    rule = LazyRule(_NOTE, lambda m: _generated(m, judged))
    return ((TRIGGERS, rule),)
