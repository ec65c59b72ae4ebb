"""The second of a user/secret pair: whatever the call, a user and its secret are passed side
by side, so a literal right after a user-like literal (`("bot", "…")`, `["bob", "…"]`, `"app",
Some("…")`) is a secret when it is a random key or mixes cases, digits and symbols (`("node",
"index2")` is no pair; a person's `Orange4230!` is). Also what a login name looks like
(`user_like`), for the rules that read a user before its password (`calls`, `user_maps`).
"""

from __future__ import annotations

import re

from .entropy import is_random_token
from .login_args import after_an_address
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .values import not_a_secret, strongly_mixed

# A directory entry's name is a login too: `simple_bind_s("cn=admin,dc=example,dc=org", "…")`.
_DN = r"(?:[A-Za-z]{1,20}=[^,=\"'\s]{1,60},){1,8}[A-Za-z]{1,20}=[^,=\"'\s]{1,60}"
_DN_PATTERN = LazyPattern(_DN)
# (The opening quote first, what stands before it then read behind it: `re` skips ahead to a
# character class, where a pattern opening on a lookbehind is tried at every position. The same
# matches: the quote and the one or two characters before it are tested alike.)
_PAIR = (
    r"(?P<q>[\"'])(?:(?<=[(\[,{][\"'])|(?<=[(\[,{][ \t][\"']))(?P<u>[a-z][\w.@+-]{1,40}|(?:AKIA|ASIA|GOOG)(?:[A-Z0-9]{12,28}|\[REDACTED\])|"
    + _DN
    + r")(?P=q)[ \t]*,[ \t]*"
    r"(?:[A-Za-z_][\w.:]*\([ \t]*|&)?(?P<p>[\"'])(?P<s>[^\"'\s\\]{6,200})(?P=p)(?=[ \t]*[,)\]}.])"
)
_PAIR_PATTERN = LazyPattern(_PAIR)
_EMAIL_HOST = LazyPattern(r"@[a-z0-9-]+(?:\.[a-z0-9-]+)+")
_COMMON_USERS = frozenset(("sa", "app", "admin", "root", "test", "demo", "guest"))  # users, though placeholders' words
_LOGIN_NAME = LazyPattern(r"[a-z][a-z0-9_-]{0,30}")
_KEY_ID = LazyPattern(r"(?:AKIA|ASIA|GOOG)(?:[A-Z0-9]{12,28}|\[REDACTED\])")  # HMAC key ids (or their hint)
_STRING_BEFORE = LazyPattern(r"[\"'][ \t]*,[ \t]*$")
_STRING_AFTER = LazyPattern(r"[\"'`][ \t]*\)?[ \t]*,[ \t]*[\"'`]")


def user_like(u: str) -> bool:
    """`bob`, `app`, `sa`, `bot@example.com`, `cn=admin,dc=example,dc=org`: a login name, not a
    word of several cases, a dotted module or a path."""
    if _DN_PATTERN.fullmatch(u) is not None or _KEY_ID.fullmatch(u) is not None:
        return True  # (an access key's id: its secret follows it, `s3(url, 'AKIA…', '…')`)
    name = _EMAIL_HOST.sub("", u)
    return _LOGIN_NAME.fullmatch(name) is not None and (name in _COMMON_USERS or not not_a_secret(name))


def _in_a_list_of_strings(m: re.Match[str]) -> bool:
    """`('any2Date', 'any2Enum', …)`: a string before the user or after the secret makes the
    pair two items of a longer list (of names, unless the second holds a symbol)."""
    before = _STRING_BEFORE.search(m.string, max(0, m.start() - 8), m.start())
    return before is not None or _STRING_AFTER.match(m.string, m.end("s")) is not None


# A word, a number of three digits or more, a word, both cases (`Sunny.4821Harbor`): a password a
# person chose, not a name (`any2Date`, `Win32Api`, `Python312`, `Release_2024`).
_CHOSEN = LazyPattern(r"(?=.*[a-z])(?=.*[A-Z])[A-Za-z]{3,}(?:[._-]?\d{3,}|[._-]\d{2,})[._-]?[A-Za-z]{3,}")
# Words of lower case joined by hyphens or dots, then digits (`silver-falcon-willow-5533`): a passphrase
# in a login's list (`("db", "app", "…", "app")`); alone beside a name it may be a slug.
_PASSPHRASE = LazyPattern(r"[a-z]{3,}(?:[.-][a-z]{3,}){2,}[.-]\d{2,}")


def _is_second_of_pair(m: re.Match[str]) -> bool:
    s = m.group("s")
    if not user_like(m.group("u")) or not password_shaped(s):
        return False
    if after_an_address(m) or _DN_PATTERN.fullmatch(m.group("u")) is not None:
        return not not_a_secret(s)  # (a directory entry's name: a bind's login, whatever the call)
    listed = _in_a_list_of_strings(m)
    phrase = listed and _PASSPHRASE.fullmatch(s) is not None
    if listed and not any(c in "!@#$%^&*+=?~" for c in s[1:-1]) and not _CHOSEN.search(s) and not phrase:
        return False  # `('acos', 'any2Date', …)`: names in a list; `("db", "app", "…#…", "app")` is a login
    # not `("node", "index2")`, `("python", "app_main.py")`
    return phrase or strongly_mixed(s) or is_random_token(s) or _CHOSEN.search(s) is not None


def second_of_pair(text: str) -> str:
    """Each literal that is the second of a user/secret pair, marked. A pair that is none is
    searched again from its second literal, which may be the user of the next pair
    (`Sequelize("app", "app", "…")`)."""
    pattern = _PAIR_PATTERN.compiled()
    out, pos, at = [], 0, 0
    while True:
        m = pattern.search(text, at)
        if m is None:
            break
        if _is_second_of_pair(m):
            out.append(text[pos : m.start("s")])
            out.append(MARK)
            pos = at = m.end("s")
        else:
            at = m.start("p")
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)
