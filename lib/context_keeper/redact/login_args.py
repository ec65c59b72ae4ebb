"""What makes a call's literal a login's password beyond its own shape.

- a connection's address right before the user (`("jdbc:postgresql://db/app", "app", "…")`,
  `NewDialer("smtp.example.com", 587, "bot", "…")`, a list of servers `(("cache:11211",), "app", "…")`);
- a callee named for a user and a password together (`username_pw_set("iot", "…")`,
  `setUserPassword`): a credential call, its literals after the first taken when shaped like a
  password (as `calls` takes any credential call's);
- a login call given one literal only (`client.login("…")`, its user given to the client
  before): the literal is the password when it mixes cases and digits, as a user name does not.
"""

from __future__ import annotations

import re

from .names import words_of
from .password_shapes import password_shaped
from .patterns import LazyPattern
from .values import not_a_secret, strongly_mixed

# A connection's address right before the user: a URL of any scheme (`jdbc:postgresql://…`,
# `mongodb://…`), a JDBC one without a host (`jdbc:h2:mem:test`), a DSN's `key=value` string,
# a host and its port (`NewDialer("smtp.example.com", 587, "bot", "…")`), or a list of
# `host:port` servers closed before the user (`Client(("cache:11211",), "app", "…")`), or one such server.
_ADDRESS_BEFORE = LazyPattern(
    r"[\"'](?:[a-z][\w+.-]{1,20}:(?:[a-z][\w+.-]{1,20}:)?//[^\"'\s]{1,200}|jdbc:[^\"'\s]{1,200}|[a-z_]{2,20}=[^\"']{1,200}"
    r"|[a-z][\w-]{0,62}(?:\.[\w-]{1,63}){0,6}[\"'][ \t]*,[ \t]*\d{2,5}(?=[ \t]*,)"  # `"smtp.example.com", 587`
    r"|[a-z][\w-]{0,62}(?:\.[\w-]{1,63}){0,6}:\d{2,5}[\"'](?:[ \t]*,?[ \t]*[)\]])?)"  # `("cache:11211",)`, `("db:5432", `
    r"[\"']?[ \t]*,[ \t]*$"
)


def after_an_address(m: re.Match[str]) -> bool:
    """`(…, "jdbc:postgresql://db/app", "app", "…")`: a user after a connection's address is a
    login, whatever the call is named, so its password needs no symbol to be one."""
    return _ADDRESS_BEFORE.search(m.string, max(0, m.start() - 210), m.start()) is not None


_USER_WORDS = frozenset(("USER", "USERNAME", "LOGIN"))
_PASSWORD_WORDS = frozenset(("PW", "PWD", "PASS", "PASSWD", "PASSWORD"))


def user_and_password_callee(callee: str) -> bool:
    """`username_pw_set(`, `setUserPassword(`: a call named for both halves of a login."""
    words = set(words_of(callee))
    return not words.isdisjoint(_USER_WORDS) and not words.isdisjoint(_PASSWORD_WORDS)


_CALL_END = LazyPattern(r"[ \t]*\)")
_LOGIN_VERBS = ("login", "logon", "signin")
_LAST_PART = LazyPattern(r"\.|::|->")


def lone_login_secret(text: str, close: int, callee: str, inner: str) -> bool:
    """The only literal of a login call (`client.login("…")`, the call ending after it) is its
    password when it mixes cases and digits (a user's name does not)."""
    last = _LAST_PART.split(callee.rstrip("( \t"))[-1].replace("_", "").lower()
    return (
        last.endswith(_LOGIN_VERBS)
        and _CALL_END.match(text, close + 1) is not None
        and strongly_mixed(inner)
        and password_shaped(inner)
        and not not_a_secret(inner)
    )
