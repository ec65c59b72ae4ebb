"""The random values of a Cookie header or of curl's `--cookie`: sessions, logins, CSRF tokens.
A cookie's attributes (`path`, `expires`) and ids of digits (analytics) are kept; the rule
that finds the header is `positions`'."""

from __future__ import annotations

import re

from .patterns import MARK, LazyPattern
from .values import looks_random, not_a_secret

_COOKIE_PAIR = LazyPattern(r"(?P<n>[\w.%-]{1,60})=(?P<v>[^;,\s\"']{16,400})")
_COOKIE_ATTRIBUTES = frozenset("path domain expires max-age samesite priority".split())


def cookie_values(m: re.Match[str]) -> str:
    """The random values of a Cookie header or a curl `--cookie`: sessions, logins, CSRF tokens."""
    body = m.group("s")
    start = m.start("s") - m.start()

    def one(p: re.Match[str]) -> str:
        value = p.group("v")
        if (
            p.group("n").lower() in _COOKIE_ATTRIBUTES
            or MARK in value
            or not looks_random(value)
            or not_a_secret(value)
        ):
            return p.group(0)
        if sum(c.isalpha() for c in value) < 8:
            return p.group(0)  # `_ga=GA1.2.1234567890.1700000000`: an analytics id of numbers
        return p.group("n") + "=" + MARK

    marked = _COOKIE_PAIR.sub(one, body)
    return m.group(0) if marked == body else m.group(0)[:start] + marked + m.group(0)[start + len(body) :]
