"""A failed comparison against a masked value: the other side is the secret the mask hid.

A test that checks a value is masked fails by printing both sides, the mask it expected and
the value it got (`expected: <********> but was: <…>`, testify's `expected:` / `actual  :`
lines, PHPUnit's `-'********'` / `+'…'` diff, Rust's `left:` / `right:`). The mask says what
the value is: a secret that should have been hidden. Only sides under a comparison's label (or
a diff's `+`/`-`) are read, and only beside a side that is nothing but a mask (`***`,
`[REDACTED]`, `•••`): a partly masked value (`pass=***`) is its own rule's, and a side that
holds a mask character is a mask's output, not the secret.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from .patterns import MARK, LazyPattern
from .values import not_a_secret

# A text without one of these holds no mask (`***` also in Markdown's bold italics: the labels
# below decide).
TRIGGERS = ("***", MARK, "•••")
# A comparison's label then a colon (`expected:`, `actual  :`, `but was:`, `left:`), `!=`/`==`, or
# a diff's line opening a literal (`+'…'`); a label word in prose (`left blank`) is none.
_LABELLED = LazyPattern(
    r"(?i:\b(?:expected|actual|but[ \t]+was|left|right|got|want|received)[ \t]*:)|[!=]=|\A[ \t]*[-+][\"'<]"
)
# A side: a quoted or angle-bracketed literal on one line.
_SIDE = LazyPattern(r"\"(?P<d>[^\"\n]{1,200})\"|'(?P<s>[^'\n]{1,200})'|<(?P<a>[^<>\n]{1,200})>")
_MASK = LazyPattern(r"\[?(?:\*{3,}|•{3,}|REDACTED)\]?|(?i:<?redacted>?|\[masked\])")  # (JUnit's `<[…]>`)
_NEAR = 3  # lines: testify and PHPUnit print the two sides within a few lines of each other


def _masked(line: str) -> bool:
    return any(_MASK.fullmatch(_value(m)) is not None for m in _SIDE.finditer(line))


def _value(m: re.Match[str]) -> str:
    return next(g for g in m.groups() if g is not None)


def _unmasked(line: str, shared: set[str]) -> str:
    """`line` with each side that is not a mask (nor holds one), nor `shared`, redacted."""

    def side(m: re.Match[str]) -> str:
        v = _value(m)
        v = v[1:-1] if v[:1] == "[" and v[-1:] == "]" else v  # JUnit's `<[…]>`: the differing part
        whole = m.group(0)
        if v in shared or _MASK.fullmatch(v) is not None or "*" in v or MARK in v or "•" in v or " " in v:
            return whole
        if not_a_secret(v):
            return whole
        return whole[0] + MARK + whole[-1]

    return _SIDE.sub(side, line)


def redact_masked_comparisons(text: str) -> str:
    """The sides compared with a mask, on its line or a labelled line near it, redacted."""
    lines = text.split("\n")
    masked = [i for i, line in enumerate(lines) if _LABELLED.search(line) is not None and _masked(line)]
    if not masked:
        return text
    for i in masked:
        near = [j for j in range(max(0, i - _NEAR), min(len(lines), i + _NEAR + 1)) if _LABELLED.search(lines[j])]
        # a literal on both sides (`{'user': 'bot', …} == {'user': 'bot', …}`) is not what differs
        seen = Counter(_value(m) for j in near for m in _SIDE.finditer(lines[j]))
        shared = {v for v, n in seen.items() if n > 1}
        for j in near:
            lines[j] = _unmasked(lines[j], shared)
    return "\n".join(lines)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`: on one line and on a whole text."""
    return ((TRIGGERS, redact_masked_comparisons),)
