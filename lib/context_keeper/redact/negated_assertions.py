"""The secret a failing test prints when it checks that the secret is kept out of an output.

A test that a log, a `to_s` or a header list masks a password asserts that the output does not
hold it (`expect(out).not_to include(password)`, `assertNotIn(self.password, out)`,
`expect(out).not.toContain(secret)`); when it fails, the runner prints the secret itself after
the negation: RSpec's `expected "…" not to include "…"`, Chai's `to not include '…'`, Jest's
`Expected substring: not "…"`, PHPUnit's `does not contain "…"`, pytest's `assert '…' not in
'…'`, unittest's `'…' unexpectedly found in '…'`. The literal is taken when, within a few lines,
the expression checked (the argument of the containment, the left side of `not in`) or the
test's name or title names a secret, and the literal is shaped as a password or a key would be
(`nouns.judged`); the same value elsewhere in the text (the output it was found in) goes with it
(`repeats`).
"""

from __future__ import annotations

from collections.abc import Callable

from .names import NOT_SECRET, PASSWORD, STRONG, tier
from .patterns import MARK, LazyPattern

TRIGGERS = (
    "not to include", "to not include", "not to contain", "to not contain", "does not contain",
    "should not contain", "substring: not", "unexpectedly found in", " not in '", ' not in "',
)  # fmt: skip
_LINES_AROUND = 8  # how far from the literal the expression or the test's name may stand
_CHARS_AROUND = 1500
_LITERAL = LazyPattern(
    r"(?i:not[ \t]+to[ \t]+(?:include|contain)|to[ \t]+not[ \t]+(?:include|contain)|(?:does|should)[ \t]+not[ \t]+contain"
    r"|expected[ \t]+substring:[ \t]+not)[ \t:]*(?:\r?\n[ \t]*)?(?P<q>[\"'])(?P<v>[^\"'\n]{4,200}?)(?P=q)"
    r"|\bassert[ \t]+(?P<q2>[\"'])(?P<v2>[^\"'\n]{4,200}?)(?P=q2)[ \t]+not[ \t]+in\b"
    r"|(?P<q3>[\"'])(?P<v3>[^\"'\n]{4,200}?)(?P=q3)[ \t]+unexpectedly[ \t]+found[ \t]+in\b"
)
# The expression a negative containment checks: the last argument of the call (`include(password)`,
# `assertNotIn(self.password, out)`'s first), the left side of `not in`.
_CHECKED = LazyPattern(
    r"\b(?:include|toContain|contain|doesNotContain|NotContains|assertNotIn|not_contains?)[ \t]*\([ \t]*"
    r"(?P<a>[\w.$@:]{1,120})[ \t]*[,)]"
    r"|\bassert[ \t]+(?P<b>[\w.$]{1,120})[ \t]+not[ \t]+in\b"
)
# A test's name (`testLogMasksPassword`, `test_masks_api_key`) or its title (`  1) … hides the
# token`, the line under it in Mocha's report).
_TEST_NAME = LazyPattern(r"\b(?:test|Test)[A-Z_]\w{2,120}")
_TITLE_NOUNS = LazyPattern(r"(?i)\b(?:password|passphrase|passwd|secret|token|api[ \t_-]?key|credentials?)s?\b")
# How far below a failure's numbered line (`  1) redact`) its title's last line (`removes the
# api key:`, Mocha's, under the suites it is nested in) may stand.
_TITLE_LINES = 3
_NAME_PARTS = LazyPattern(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def _level_of_name(name: str) -> int:
    """The tier of a test's name, read as its words (`testLogMasksPassword`: a password)."""
    words = [w.lower() for w in _NAME_PARTS.findall(name)]
    return max((tier(w) for w in words), default=NOT_SECRET)


def _named_level(around: str) -> int:
    """The highest tier a checked expression, a test's name or a failure's title near the literal names."""
    level = NOT_SECRET
    for m in _CHECKED.finditer(around):
        expression = m.group("a") or m.group("b")
        level = max(level, tier(expression.rsplit(".", 1)[-1].lstrip("@$")))
    for m in _TEST_NAME.finditer(around):
        level = max(level, _level_of_name(m.group(0)))
    if level == NOT_SECRET:
        numbered = -_TITLE_LINES - 1  # (the index of the last numbered line)
        for n, line in enumerate(around.splitlines()):
            stripped = line.strip()
            if stripped[:1].isdigit() and ")" in stripped[:4]:
                numbered = n
            elif not (stripped.endswith(":") and n - numbered <= _TITLE_LINES):
                continue  # (a line ending in `:` elsewhere is code's: `if token:`)
            found = _TITLE_NOUNS.search(stripped)
            if found is not None:
                level = max(level, PASSWORD if found.group(0).lower().startswith("pass") else STRONG)
    return level


def _around(text: str, start: int, end: int) -> str:
    """The lines from `_LINES_AROUND` above `start` to `_LINES_AROUND` below `end`."""
    lo = start
    for _ in range(_LINES_AROUND):
        lo = text.rfind("\n", 0, max(lo - 1, 0))
        if lo == -1:
            break
    hi = end
    for _ in range(_LINES_AROUND):
        hi = text.find("\n", hi + 1)
        if hi == -1:
            hi = len(text)
            break
    # (at most `_CHARS_AROUND` either side: a long line with many negations costs each a bounded read)
    return text[max(lo + 1, start - _CHARS_AROUND) : min(hi, end + _CHARS_AROUND)]


def rule(judged: Callable[[int, str], bool]) -> Callable[[str], str]:
    """text -> text: each literal a failed negative containment printed, when a secret is named near it."""

    def redacted(text: str) -> str:
        from .haystack import line_starts_holding

        out: list[str] = []
        pos = 0
        # (only the lines holding a negation are searched, each with the line below it: where
        # AssertJ and RSpec put the literal)
        for start in line_starts_holding(text, TRIGGERS):
            end = text.find("\n", start)
            end = text.find("\n", end + 1) if end >= 0 else -1
            for m in _LITERAL.finditer(text, max(start, pos), end if end >= 0 else len(text)):
                group = "v" if m.group("v") is not None else "v2" if m.group("v2") is not None else "v3"
                if MARK in m.group(group) or m.start(group) < pos:
                    continue
                # (the position is a secret's whatever noun names it: the value is judged as a
                # password's, first, as it costs less than reading the lines around)
                if not judged(PASSWORD, m.group(group)):
                    continue
                if _named_level(_around(text, m.start(), m.end())) == NOT_SECRET:
                    continue
                out.append(text[pos : m.start(group)])
                out.append(MARK)
                pos = m.end(group)
        if not out:
            return text
        out.append(text[pos:])
        return "".join(out)

    return redacted


def compile_rules(judged: Callable[[int, str], bool]) -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((TRIGGERS, rule(judged)),)
