"""A secret a command makes, printed before the name it was given: `<token>: ci-bot`.

A command that makes a credential (a secret's noun and a verb of making among its words, after
a shell prompt: `$ … token generate bob ci-bot`, `$ … create api-key deploy`) may print the new
value first and its name or description after it, the other way round from a label. The value
line is one of the next three lines: a random token (letters and digits, sixteen characters or
more, not words: `link_tokens.is_link_token`), then `:` and a name that is one of the command's
own words. A line whose token is words, whose name the command did not give, or under a command
that makes nothing secret is left.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .link_tokens import is_link_token
from .patterns import MARK, LazyPattern

TRIGGERS = ("oken", "OKEN", "ecret", "ECRET", "key", "Key", "KEY", "assword", "ASSWORD")
# A command after a prompt (its words must make a credential: a secret's noun, a verb of making).
_PROMPTED_COMMAND = LazyPattern(r"(?m)^[ \t]*(?:[\w.@~:/-]*[ \t]?)?[$%❯][ \t]+(?P<cmd>[^\n]{1,600})$")
_SECRET_NOUN = LazyPattern(r"(?i:\b(?:token|secret|api[-_]?key|access[-_]?key|password)s?\b)")
_MAKING_VERBS = frozenset("generate create new issue mint add".split())
_VALUE_THEN_NAME = LazyPattern(r"(?P<lead>[ \t]*)(?P<v>[A-Za-z0-9_-]{16,256})(?=:[ \t]+(?P<n>[\w.@-]{1,80})[ \t\r]*$)")
_LINES_BELOW = 3


def _value_lines(text: str, m: re.Match[str]) -> list[tuple[int, int]]:
    words = set(m.group("cmd").lower().split())
    if not words & _MAKING_VERBS or _SECRET_NOUN.search(m.group("cmd")) is None:
        return []
    spans: list[tuple[int, int]] = []
    at = m.end() + 1
    for _ in range(_LINES_BELOW):
        if at > len(text):
            break
        stop = text.find("\n", at)
        stop = len(text) if stop < 0 else stop
        line = _VALUE_THEN_NAME.match(text, at, stop)
        if line is not None and line.group("n").lower() in words and is_link_token(line.group("v"), 16):
            spans.append((line.start("v"), line.end("v")))
        at = stop + 1
    return spans


def redact_values_named_after(text: str) -> str:
    """`text` with each value a making command printed before its name marked (see the module)."""
    # (one value line is one span however many commands above reach it: spans never overlap,
    # and the text is joined once rather than copied once a value)
    spans = sorted({span for m in _PROMPTED_COMMAND.finditer(text) for span in _value_lines(text, m)})
    if not spans:
        return text
    out: list[str] = []
    pos = 0
    for start, end in spans:
        out += (text[pos:start], MARK)
        pos = end
    out.append(text[pos:])
    return "".join(out)


def multiline_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(needles, text -> text): read across lines, on a whole text (see `lines`)."""
    return ((TRIGGERS, redact_values_named_after),)
