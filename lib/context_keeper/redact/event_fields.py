"""The new value a log record of a credential's event carries under a name that says nothing.

A service that resets a password, rotates a credential or issues a token often logs the event
as a record of fields (logfmt's `msg="credential rotated" … data=…`, an audit line's
`op=reset-password … temp=…`, a JSON line's `"event":"password.reset", … "temp":"…"`). The
event names the credential; the field that carries it is named for its role in the record
(`data`, `value`, `temp`, `new`, `plaintext`), not for what it holds, so no name reader takes
it. Read: a record whose line names a credential's event (the credential's noun and a verb of
its life, either order: `password reset`, `reset-password`, `credentials.rotate`,
`token_issued`), then each of those fields; the value is judged as a password's
(`nouns.judged`: a word, a number, a flag, a path, a reference stay). A field named for what any
record carries (`data`, `value`, `result`, `raw`) holds whatever the event made, not only its
secret (`Generating token... result=Success2024`, `secret created data=ConfigMap2024`, a
budget's `value=Tokens4096`): a word and a number there is a name or a status and stays; one
named for a secret's role (`temp`, `new`, `plaintext`, `initial`, `generated`) takes it too.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern

# (shared with other rules' triggers: a line is tested for them once whatever rules they trigger)
TRIGGERS = ("assw", "ASSW", "cred", "Cred", "CRED", "ecret", "ECRET", "oken", "OKEN")
_NOUN = r"(?:pass(?:word|wd|phrase)|credentials?|secrets?|tokens?|api[-_. ]?keys?)"
_VERB = r"(?:reset|rotat\w*|regenerat\w*|generat\w*|creat\w*|issu\w*|chang\w*|updat\w*|renew\w*)"
# The noun and the verb, either order, joined by a separator or a few words (`secret rotated`,
# `password was reset`, `reset-password`, `credentials.rotate`, `token_issued`).
_EVENT = LazyPattern(
    rf"(?i)(?<![A-Za-z]){_NOUN}(?:[-_. :]+(?:was|has[ \t]+been|is)?[ \t]*){_VERB}\b"
    rf"|(?<![A-Za-z]){_VERB}[-_. ]+(?:the[ \t]+|new[ \t]+)?{_NOUN}(?![A-Za-z])"
)
# A count before the noun (`1234 tokens generated`, `2 secrets created`): a model's or a report's
# tally, no credential's event.
_COUNT = LazyPattern(r"\d[\d,.]*[kKM]?[ \t]+$")
# A field named for its role in the record, then its value (quoted or bare).
_FIELD = LazyPattern(
    r"(?<![\w.-])(?P<q>[\"']?)(?P<k>(?i:temp|tmp|temporary|data|value|val|new|new[_-]?value|plain(?:text)?|cleartext"
    r"|initial|generated|result|raw))(?P=q)[ \t]*[=:][ \t]*(?P<o>[\"']?)(?P<v>[^\s\"',;}\]]{1,200})(?P=o)"
    r"(?=[\s\"',;}\]]|$)"
)


# The fields named for what any record carries, and a word and a number (a name, a status).
_ANY_RECORDS = frozenset(("data", "value", "val", "result", "raw"))
_WORD_AND_NUMBER = LazyPattern(r"[A-Za-z]{3,}[._-]?\d+")


def rule(judged: Callable[[int, str], bool]) -> Callable[[str], str]:
    """line -> line: the role-named fields of a credential's event record, marked."""
    from .names import PASSWORD

    def one(m: re.Match[str]) -> str:
        value = m.group("v")
        if MARK in value or not judged(PASSWORD, value):
            return m.group(0)
        if m.group("k").lower() in _ANY_RECORDS and _WORD_AND_NUMBER.fullmatch(value) is not None:
            return m.group(0)
        a, b = m.span("v")
        return m.group(0)[: a - m.start()] + MARK + m.group(0)[b - m.start() :]

    def redacted(line: str) -> str:
        # (a field first: rarer than an event and cheaper to find, and without one nothing is marked)
        if ("=" not in line and ":" not in line) or _FIELD.search(line) is None:
            return line
        if not any(_COUNT.search(line, max(0, m.start() - 24), m.start()) is None for m in _EVENT.finditer(line)):
            return line
        return _FIELD.sub(one, line)

    return redacted


def compile_rules(judged: Callable[[int, str], bool]) -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, line -> line), as `positions.compile_rules`."""
    return ((TRIGGERS, rule(judged)),)
