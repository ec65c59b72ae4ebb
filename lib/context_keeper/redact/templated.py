"""A literal inside a template or an interpolation that stands where a secret goes.

A template (`{{ … }}`) or an interpolation (`{…}`, `${…}`) is a reference where it names a
variable, and is kept; one that holds a quoted literal and only passes it through a filter or
an encoding call gives the literal itself: Ansible's `password: "{{ '…' | password_hash('sha512') }}"`,
a URL built in an f-string (`postgresql://shop:{quote_plus('…')}@db/shop`), a template
literal's `${encodeURIComponent('…')}`. The literal is judged as a value in that position is:
under a secret's name as `nouns.judged` judges it for the name's tier, in a URL's password slot
when shaped like a password (`password_shapes`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import NOT_SECRET, tier
from .nouns import judged
from .password_shapes import password_shaped
from .patterns import MARK, LazyRule
from .values import not_a_secret

# `password: "{{ '…' | password_hash('sha512') }}"`: the template starts with the literal, a filter follows.
_NAMED = (
    r"(?P<name>[A-Za-z_][\w.-]{0,60})[\"']?[ \t]*[:=][ \t]*[\"']?\{\{-?[ \t]*"
    r"(?P<q>['\"])(?P<s>[^'\"\\\n]{1,200})(?P=q)[ \t]*\|"
)
# `://user:{quote_plus('…')}@host`, `://user:${encodeURIComponent("…")}@host`: one call of one literal.
_URL = (
    r"://[^\s:/@{}]{1,64}:\$?\{[ \t]*(?:[A-Za-z_][\w.]{0,40}\([ \t]*)?"
    r"(?P<q>['\"])(?P<s>[^'\"\\\n]{1,200})(?P=q)[ \t]*\)?[ \t]*\}@"
)


def _marked(m: re.Match[str]) -> str:
    a, b = m.span("s")
    whole, base = m.group(0), m.start()
    return whole[: a - base] + MARK + whole[b - base :]


def _named(m: re.Match[str]) -> str:
    level = tier(m.group("name"))
    return _marked(m) if level != NOT_SECRET and judged(level, m.group("s")) else m.group(0)


def _in_url(m: re.Match[str]) -> str:
    s = m.group("s")
    return _marked(m) if MARK not in s and password_shaped(s) and not not_a_secret(s) else m.group(0)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`."""
    return (
        (("{{ '", '{{ "', "{{'", '{{"', "{{- '", '{{- "'), LazyRule(_NAMED, _named)),
        (("}@",), LazyRule(_URL, _in_url)),  # (the interpolation closes right before the host)
    )
