"""Tokens an address carries where a tool prints it for its user to copy: read by their place.

- a join's address: the word `join` as a command's word, then (past flags) an address without a
  scheme, `host:port`, whose path holds tokens (`… join 10.0.0.5:25000/<token>/<hash>`): whoever
  runs the line joins the cluster, so each random segment of the path is taken;
- a link whose host is a token: `scheme://<credential>@<host>` where the host has no dot, no
  port and is twenty random letters and digits or more (a notification service's
  `pover://<user key>@<app token>`): no machine is named so, so it is a second credential.

A segment is a token as `link_tokens.is_link_token` judges one (letters and digits, not words,
not a date); words (`/orders/items`), a room (`/#python`), a port alone, a host with a dot are
left.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .link_tokens import is_link_token
from .patterns import MARK, LazyPattern

JOIN_TRIGGERS = ("join ",)
HOST_TRIGGERS = ("://",)
# `join` as a command's word (start of the line, after a prompt or another word), flags after it.
_JOIN_ADDRESS = LazyPattern(
    r"(?:^|[ \t$#>])join[ \t]+(?:--?[\w-]+(?:=\S*)?[ \t]+){0,4}"
    r"(?P<addr>[A-Za-z0-9][\w.-]{0,252}:\d{2,5})(?P<path>(?:/[^\s/\"'<>`]+){1,4})(?=[\s\"'`]|$)"
)
_HOST_TOKEN = LazyPattern(r"[a-z][a-z0-9+.-]{1,20}://[^\s@/\"'<>`]{1,400}@(?P<h>[A-Za-z0-9]{20,200})(?=[/\"'`\s]|$)")


def _join_address(m: re.Match[str]) -> str:
    path = m.group("path")
    segments = path.split("/")[1:]
    if not any(is_link_token(s) for s in segments):
        return m.group(0)
    taken = "/" + "/".join(MARK if is_link_token(s) else s for s in segments)
    return m.group(0)[: m.start("path") - m.start()] + taken


def redact_join_addresses(line: str) -> str:
    """`line` with the tokens in a join command's `host:port/…` path marked."""
    if "join" not in line or ":" not in line:
        return line
    return _JOIN_ADDRESS.sub(_join_address, line)


def _host_token(m: re.Match[str]) -> str:
    if not is_link_token(m.group("h"), 20):
        return m.group(0)
    return m.group(0)[: m.start("h") - m.start()] + MARK


def redact_host_tokens(line: str) -> str:
    """`line` with a link's host marked when it is a token (see the module)."""
    if "@" not in line:
        return line
    return _HOST_TOKEN.sub(_host_token, line)


def line_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, line -> line), run with the other last line rules."""
    return ((JOIN_TRIGGERS, redact_join_addresses), (HOST_TRIGGERS, redact_host_tokens))
