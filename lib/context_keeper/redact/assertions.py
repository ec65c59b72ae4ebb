"""A failed test's report of a value whose expression names a secret: the actual value printed.

RSpec's `Failure/Error: expect(config.smtp_password).to be_nil` then `got: "…"`; any runner that
names the expression under test on its failure line (`expect(…)`, `assert_eq!(…`,
`Assert.Equal(…`, `assertThat(…`) and prints the actual value a few lines on under `got:`,
`actual:`, `received:` or `left:`. The expression's last name says what the value is (`names`);
the value is judged as it would be after that name anywhere (`nouns.judged`). An expression that
names no secret, or a value too far from it, leaves the report as it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import NOT_SECRET, tier
from .patterns import MARK, LazyPattern

TRIGGERS = ("got:", "ctual:", "eceived:", "left:")
_LINES_BEFORE = 8  # how far above the value the expression may stand
_ACTUAL = LazyPattern(
    r"^[ \t]*(?i:got|actual|received|left):[ \t]+(?:Some\()?(?P<q>[\"']?)(?P<v>[^\s\"']{1,4096})(?P=q)\)?[ \t]*\r?$",
    re.MULTILINE,
)
_EXPRESSION = LazyPattern(
    r"\b(?:expect|assert(?:_eq!?|_equal|Equals?|That)?|Assert\.\w+)[ \t]*\([ \t]*(?P<e>[\w.$:]{1,120}?(?:\[[\"'][\w.-]{1,80}[\"']\])?)[ \t]*[,)]"
)
_LAST_NAME = LazyPattern(r"[A-Za-z_][\w-]*(?=[\"']?\]?$)")


def _named_level(before: str) -> int:
    """The tier of the last expression under test in `before` (the lines above the value)."""
    found = list(_EXPRESSION.finditer(before))
    if not found:
        return NOT_SECRET
    expression = found[-1].group("e")
    last = _LAST_NAME.search(expression)
    return max(tier(expression), tier(last.group(0)) if last else NOT_SECRET)


def rule(judged: Callable[[int, str], bool]) -> Callable[[str], str]:
    """text -> text: each actual value of an expression naming a secret, marked."""

    def one(m: re.Match[str]) -> str:
        text = m.string
        start = m.start()
        for _ in range(_LINES_BEFORE):
            start = text.rfind("\n", 0, max(start - 1, 0))
            if start == -1:
                break
        level = _named_level(text[start + 1 : m.start()])
        if level == NOT_SECRET or not judged(level, m.group("v")):
            return m.group(0)
        a, b = m.span("v")
        return m.group(0)[: a - m.start()] + MARK + m.group(0)[b - m.start() :]

    return lambda text: _ACTUAL.sub(one, text)


def compile_rules(judged: Callable[[int, str], bool]) -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((TRIGGERS, rule(judged)),)
