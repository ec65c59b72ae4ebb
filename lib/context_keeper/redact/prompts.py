"""The answer typed or printed after a prompt whose label names a secret (`nouns` reads it).

`Password for 'https://bob@github.com': …`, `Enter new password for user "app": …`: a label
holding the noun, more words, a colon, then one token to the line's end. A word right after the
noun that makes it a name for something else (`Secret fingerprint: …`, `Token hash: …`) is no
prompt for a secret.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import names
from .names import PASSWORD, STRONG
from .patterns import MARK

# `Password for 'https://bob@github.com': …`, `Admin password [default: admin]: …`, `Enter new
# password for user "app": …`: a label holding the noun, more words, a colon, one token to the end.
PROMPT = (
    r"(?m:^)[^\n]{0,40}?(?<![\w-])(?P<n>(?i:password|passwd|pass[ \t]?phrase|passcode|secret|token|api[ \t_-]?key))"
    r"(?![\w-])[^\n]{0,60}?:[ \t]+(?P<s>[^\s\"'`]+)[ \t]*$"
)


def prompt_answer(m: re.Match[str], judged: Callable[[int, str], bool]) -> str:
    """The prompt's answer marked when `judged` takes it at the level its noun names."""
    noun = m.group("n").lower().replace(" ", "")
    level = PASSWORD if noun in ("password", "passwd", "passphrase", "passcode", "secret") else STRONG
    if names.described(m.group("n"), m.string, m.end("n")) or not judged(level, m.group("s")):
        return m.group(0)
    a, b = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]
