"""The values of a header list given as one setting: `OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team=…`.

A variable named for headers holds `name=value` pairs, comma-separated, that an exporter sends
with each request; they are there to authenticate it, whatever the vendor names its header
(`x-honeycomb-team`, `signoz-ingestion-key`, `Authorization`). A value that is a random key
(not hex: a request's or a trace's id is) is taken; a name, a tenant or a dataset stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .entropy import is_random_token
from .patterns import MARK, LazyPattern
from .values import not_a_secret

TRIGGERS = ("HEADERS=", "headers=", "Headers=")
_LIST = LazyPattern(r"(?<![\w-])\w*(?i:headers)[ \t]*=[ \t]*[\"']?(?P<list>[\w.-]+=[^\s\"']+)")
_PAIR = LazyPattern(r"(?P<n>[\w.-]+)=(?P<v>[^,]+)")


def _pair(m: re.Match[str]) -> str:
    value = m.group("v")
    if MARK in value or not is_random_token(value) or not_a_secret(value):
        return m.group(0)
    return m.group("n") + "=" + MARK


def redact_header_lists(text: str) -> str:
    """Each random value of a header list, marked."""

    def one(m: re.Match[str]) -> str:
        start = m.start("list") - m.start()
        return m.group(0)[:start] + _PAIR.sub(_pair, m.group("list"))

    return _LIST.sub(one, text)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, redact_header_lists),)
