"""A map of users to their passwords: `basicAuth({ users: { admin: '…' } })`, `users = {"admin":
"…"}`, `gin.Accounts{"admin": "…"}`, `credentials: { bob: "…" }`.

A map named for users, accounts, logins or credentials, opened right after its name, whose keys
are logins (`user_pairs.user_like`): each value shaped like a password is that user's password (in a map
of accounts, which holds ids as often, only one of both cases, with a symbol or random). A map of
users to roles or other words (`{"admin": "Administrator"}`) or of accounts to ids (`{ main:
'acct-main-01' }`) keeps its values.
"""

from __future__ import annotations

from collections.abc import Iterator

from .haystack import WIDE_FROM, line_spans_holding_folded
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern, matches_by_run
from .user_pairs import user_like
from .values import looks_random, not_a_secret

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re

_USER_MAP = LazyPattern(
    r"(?i:users|(?P<a>accounts)|logins|credentials|passwords)[\"']?[ \t]*(?:[:=]|=>)?[ \t]*(?:[A-Za-z_][\w.]*)?[ \t]*\{"
)
_MAP_ENTRY = LazyPattern(
    r"\s*(?P<k>[\"']?)(?P<u>[a-z][\w.@+-]{1,40})(?P=k)[ \t]*(?::|=>)[ \t]*"
    r"(?P<q>[\"'])(?P<s>[^\"'\s\\]{1,200})(?P=q)[ \t]*,?"
)
_NAMES = ("users", "accounts", "logins", "credentials", "passwords")  # (`_USER_MAP`'s, in lower case)
_MAP_NAME = LazyPattern(r"(?i:users|accounts|logins|credentials|passwords)")
# Where `_USER_MAP` stops reading a name from one of its words (a name after it, to its end): the
# words inside fail where the first did (`patterns.matches_by_run`).
_MAP_NAME_RUN = LazyPattern(r"(?i:users|accounts|logins|credentials|passwords)(?:[A-Za-z_][\w.]*)?")
# (the map's name in its cases; `ccounts` for `accounts` and `Accounts`)
TRIGGERS = ("users", "Users", "USERS", "ccounts", "logins", "Logins", "redentials", "asswords")


def redact_user_maps(text: str) -> str:
    """The password of each entry of a map of users to passwords, marked."""
    out, pos = [], 0
    for m in _headers(text):
        if m.start() < pos:
            continue
        at = m.end()
        accounts = m.group("a") is not None  # (an account map holds ids as often: its values must be mixed)
        while (entry := _MAP_ENTRY.match(text, at)) is not None:
            v = entry.group("s")
            mixed = (v.lower() != v and v.upper() != v) or any(c in "!@#$%^&*+=?~" for c in v) or looks_random(v)
            if user_like(entry.group("u")) and (mixed or not accounts) and password_shaped(v) and not not_a_secret(v):
                out.append(text[pos : entry.start("s")])
                out.append(MARK)
                pos = entry.end("s")
            at = entry.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _headers(text: str) -> Iterator[re.Match[str]]:
    """`_USER_MAP.finditer(text)`, tried only on the lines that hold one of its names in some
    case (a map's name and its `{` stand on one line): a case-blind alternation tried at every
    offset of a 10 MB text costs a third of a second."""
    pattern = _USER_MAP.compiled()
    if len(text) < WIDE_FROM:  # (a short text is searched at once: finding its lines would cost more)
        yield from matches_by_run(pattern, _MAP_NAME, _MAP_NAME_RUN, text)
        return
    for begin, end in line_spans_holding_folded(text, _NAMES):
        yield from matches_by_run(pattern, _MAP_NAME, _MAP_NAME_RUN, text, begin, end)
