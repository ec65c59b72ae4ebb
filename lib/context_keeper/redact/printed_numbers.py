"""A token printed as a number: a label that names one secret, `:`, then sixteen digits or more.

Some tools mint a token from a random number and print it in decimal (`Super user
authentication token: 1156797861699446571 (use … as the password)`). A number is no secret
where nothing says what it is, but after a label that names a single secret (`names_secret`:
a token, a password, a secret; not a count's plural `Tokens:`, not an id's `Token ID:`, not a
page's `Next token:`) a number of that length is the secret itself: a count, a size or a time
is shorter, and a decimal with a point, a comma or a sign is not one token.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern
from .printed_labels import names_secret

TRIGGERS = ("oken:", "OKEN:", "ecret:", "ECRET:", "assword:", "ASSWORD:")
# The label's words (one to five, each whole: a label starting inside a word would be tried
# again at each of its letters, every try reading to the word's end), `:`, the number; nothing
# of a number after it.
_NUMBER_AFTER_LABEL = LazyPattern(
    r"(?<![\w-])(?P<label>(?:[A-Za-z][\w-]*[ \t]+){0,4}[A-Za-z][\w-]*)[ \t]*:[ \t]*(?P<v>\d{16,40})(?![\w.,/:-])"
)


def _number(m: re.Match[str]) -> str:
    label = m.group("label")
    if label.endswith(("s", "S")) or not names_secret(label):
        return m.group(0)  # (a plural counts: `Tokens: …`, `Secrets: …`)
    return m.group(0)[: m.start("v") - m.start()] + MARK


def redact_numbers_after_labels(line: str) -> str:
    """`line` with a long number after a secret's label marked (see the module)."""
    if ":" not in line:
        return line
    return _NUMBER_AFTER_LABEL.sub(_number, line)


def line_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, line -> line), run with the other last line rules."""
    return ((TRIGGERS, redact_numbers_after_labels),)
