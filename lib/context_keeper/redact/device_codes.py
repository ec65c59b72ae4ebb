"""The code a device sign-in prints for its user to type in a browser: a one-time credential.

A CLI that signs in by the OAuth device flow prints a sentence that says where to go and what
to type (`To sign in, use a web browser to open the page https://microsoft.com/devicelogin and
enter the code 90ZCLTKJG to authenticate.`). The code, while it lives, binds whoever types it
to the CLI's session, so it is a secret. Read: `enter`/`type`/`use`/`input` the code, then one
code-shaped token (capitals and digits, maybe split by a dash) on a line that speaks of signing
in (`authenticate`, `sign in`, `log in`, a `device` page); a promotional code or a word stays.
The label form (`one-time code: …`, `device code: …`) is `printed_labels`'.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern
from .values import has_word_part

TRIGGERS = ("the code ", "The code ", "the Code ")
_CODE = LazyPattern(
    r"\b(?i:enter|type|use|input)[ \t]+(?:the[ \t]+)?(?i:code)[ \t]+(?P<s>[A-Z0-9]{4,12}(?:-[A-Z0-9]{4,8})?)"
    r"(?=[ \t]+to\b|[ \t]*[.,;]?[ \t]*$|[ \t]+(?:and|in|on|at)\b)"
)
_SIGN_IN = LazyPattern(r"(?i:authenticat|sign[ \t-]?in|log[ \t-]?in|devicelogin|/device\b|/activate\b)")


def _code_shaped(v: str) -> bool:
    """Capitals and digits with both in them, a dashed pair of runs (`U5J0-3S1Y`, `BDWP-HQPK`),
    or eight capitals or more that hold no word (`SDCDBYDEB`; `PASSWORD` is a word)."""
    letters = sum(c.isalpha() for c in v)
    digits = sum(c.isdigit() for c in v)
    if letters and digits:
        return True
    return ("-" in v and letters >= 6) or (letters >= 8 and not has_word_part(v.lower()))


def redact_device_codes(line: str) -> str:
    """`line` with the code of a device sign-in sentence marked."""
    if _SIGN_IN.search(line) is None:
        return line

    def mark(m: re.Match[str]) -> str:
        if not _code_shaped(m.group("s")):
            return m.group(0)
        return m.group(0)[: m.start("s") - m.start()] + MARK

    return _CODE.sub(mark, line)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, redact_device_codes),)
