"""The answer typed or printed after a prompt whose label names a secret (`nouns` reads it).

An interactive CLI's question (Inquirer's `? What's the value of SMTP_PASS? …`, as Vercel's,
Netlify's and Yeoman's prompts echo the answer) names the secret by a word or a variable's name.

`Password for 'https://bob@github.com': …`, `Enter new password for user "app": …`: a label
holding the noun, more words, a colon, then one token to the line's end. A word right after the
noun that makes it a name for something else (`Secret fingerprint: …`, `Token hash: …`) is no
prompt for a secret.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from . import names
from .names import NOT_SECRET, PASSWORD, STRONG
from .patterns import MARK, LazyPattern

# `Password for 'https://bob@github.com': …`, `Admin password [default: admin]: …`, `Enter new
# password for user "app": …`: a label holding the noun, more words, a colon, one token to the end.
# The label starts a line, or a sentence after another or after a log record's prefix (`[Server] A
# temporary password is generated for root@localhost: …`, `… was not set. A temporary password …: …`).
PROMPT = (
    r"(?:(?m:^)|(?<=[.!\]][ \t]))[^\n]{0,40}?(?<![\w-])(?P<n>(?i:password|passwd|pass[ \t]?phrase|passcode|secret|token|api[ \t_-]?key))"
    r"(?![\w-])[^\n]{0,60}?:[ \t]+(?P<s>[^\s\"'`]+)[ \t]*$"
)
# How every match of `PROMPT` ends: a text without it is not searched from each position for a label.
PROMPT_END = r":[ \t]+[^\s\"'`]+[ \t]*$"


def prompt_answer(m: re.Match[str], judged: Callable[[int, str], bool]) -> str:
    """The prompt's answer marked when `judged` takes it at the level its noun names."""
    noun = m.group("n").lower().replace(" ", "")
    level = PASSWORD if noun in ("password", "passwd", "passphrase", "passcode", "secret") else STRONG
    if names.described(m.group("n"), m.string, m.end("n")) or not judged(level, m.group("s")):
        return m.group(0)
    a, b = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]


# `? What's the value of SMTP_PASS? …`, `? Enter your API token: …`: a question, its answer echoed.
QUESTION = r"(?m:^)\?[ \t]+(?P<q>[^\n?:]{1,100})[?:][ \t]+(?P<s>[^\s\"'`]+)[ \t]*$"
_QUESTION_WORDS = LazyPattern(r"[A-Za-z_][\w-]*")


def question_answer(m: re.Match[str], judged: Callable[[int, str], bool]) -> str:
    """The answer marked when a word of the question names a secret and `judged` takes it."""
    q = m.group("q")
    found = _QUESTION_WORDS.finditer(q)  # (`Secret fingerprint`: a word after the noun names something else)
    level = max((names.tier(w.group(0)) for w in found if not names.described(w.group(0), q, w.end())), default=0)
    if level == NOT_SECRET or not judged(level, m.group("s")):
        return m.group(0)
    a, b = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]
