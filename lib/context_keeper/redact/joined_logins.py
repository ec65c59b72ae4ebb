"""A login written as one token, its user and its password joined by a colon (`bob:…`), where a
whole token stands: a flag's argument (`-A bob:…`, `--auth=deploy:…`), a whole quoted literal
(`Blob.valueOf('bob:…')`, `b64encode(b"svc:…")`, a bundler's `"ci:…"`, a driver's
`userinfo:"app:…"`) or a whole line (a plain-text password file's `bob:…`, `chpasswd`'s input).

The shape of the pair is the evidence: the left a login's name (`user_pairs.user_like`, not a
digest's algorithm), the right shaped like a password (`password_shaped`) and as people choose
one (`person_chosen`: a word, a number and a symbol; a word, digits and a word of both cases; a
passphrase), or a word and digits. A random run is not taken (`"h1:…="` is a lockfile's hash,
`"prod:…"` a cloud's id). A word and digits, in either case (`sunshine6422`, `Release2024`), is
also an image's tag, a build's or a branch's name, a label's value or a locale's string
(`web:Release2024`, `app:Frontend2024`, `"en:Winter2024"`), so it is taken only where the
position is a login's: the line speaks of a login (`auth`, `login`, `basic`, `cred`, `user`,
`pass`), or, for one with a capital, the pair is the argument of a login's short flag (`-u`,
`-a`, `-U`, `-A`: short flags mean other things in other tools, and an all-lower-case pair there
is as often a tag). More colons
(`arn:aws:…`), a path (`vol:/data`), a host's port, a version, a reference or a placeholder are
no pair.
"""

from __future__ import annotations

from collections.abc import Callable

from .password_shapes import WORDS_AND_DIGITS, password_shaped, person_chosen
from .patterns import MARK, LazyPattern
from .user_pairs import user_like
from .values import is_hexlike, not_a_secret

_USER = LazyPattern(r"[a-z][a-z0-9._-]{0,31}(?:@[a-z0-9-]+(?:\.[a-z0-9-]+)+)?")
_USER_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._-@")
# A colon and what may follow it as a password (searched from the colon: a literal first
# character lets the search skip ahead, where a pattern opening on the user would try each one).
_COLON = LazyPattern(r":[^\s\"':\\`/,]{6,128}")
# The first test: a colon with a user's character before it and a password's six after (without
# one, every colon's user is empty and no pair is read; a line of `key: value` has none).
_PAIR_GATE = LazyPattern(r":(?<=[a-z0-9._@-]:)[^\s\"':\\`/,]{6}")
# A flag right before the user, given its argument by a space or `=`: `-A `, `--auth=`.
_FLAG_BEFORE = LazyPattern(r"(?:^|[ \t])--?[A-Za-z][\w-]{0,30}(?:[ \t]+|=)$")
_ARGUMENT_END = frozenset(" \t;|&)")
_DIGEST_NAME = LazyPattern(r"(?:sha|md|blake|crc|xxh|murmur)\d*[a-z]?")
_LOGIN_WORDS = LazyPattern(r"(?i:auth|login|basic|cred|user|pass)")
# The short flags a client takes a login with (`curl -u`, `http -a`, `ab -A`, `psql -U`; a long
# flag for a login holds a login word, which `_LOGIN_WORDS` finds on the line).
_LOGIN_FLAG = LazyPattern(r"(?:^|[ \t])-[uUaA](?:[ \t]+|=)$")


def _is_password(user: str, secret: str, speaks_of_login: Callable[[], bool], login_flag: bool) -> bool:
    """Whether `user:secret` is a login's pair (see the module's note); `speaks_of_login`:
    whether the line without the pair does (`web:feature-login-2291` does not); `login_flag`:
    whether the pair is a login's short flag's argument."""
    if MARK in secret or not user_like(user) or _DIGEST_NAME.fullmatch(user) is not None:
        return False
    if not password_shaped(secret) or not_a_secret(secret) or is_hexlike(secret):
        return False
    if person_chosen(secret):
        return True
    if WORDS_AND_DIGITS.fullmatch(secret) is None:
        return False
    return (login_flag and not secret.islower()) or speaks_of_login()


def _whole_token(line: str, start: int, end: int) -> bool:
    """Whether `start:end` (a user, a colon, a secret) is a whole quoted literal, a whole line
    or a flag's whole argument."""
    quote = line[start - 1 : start]
    if quote in ("'", '"'):
        before = line[start - 2 : start - 1]
        return line[end : end + 1] == quote and not (before.isalnum() and before != "b") and before != "\\"
    if start == 0 or quote == "\n":
        stop = line.find("\n", end)
        return not line[end : len(line) if stop == -1 else stop].strip()
    at_end = end == len(line) or line[end] in _ARGUMENT_END
    return at_end and _FLAG_BEFORE.search(line, max(0, start - 40), start) is not None


def redact_joined_logins(line: str) -> str:
    """`line` with the password of each login written as `user:password` in a whole token marked."""
    if _PAIR_GATE.search(line) is None:
        return line
    out: list[str] = []
    pos = 0
    # (the first login word's end and the last one's start, found once: a line rebuilt without
    # each pair to search it costs time quadratic in a line of many pairs)
    login_words: tuple[int, int] | None = None
    for m in _COLON.finditer(line):
        colon, end = m.start(), m.end()
        start = colon
        while start > max(pos, colon - 80) and line[start - 1] in _USER_CHARS:
            start -= 1
        user, secret = line[start:colon], line[colon + 1 : end]
        if _USER.fullmatch(user) is None or not _whole_token(line, start, end):
            continue

        def speaks_of_login(start: int = start, end: int = end) -> bool:
            nonlocal login_words
            if login_words is None:
                spans = [w.span() for w in _LOGIN_WORDS.finditer(line)]
                login_words = (spans[0][1], spans[-1][0]) if spans else (len(line) + 1, -1)
            first_end, last_start = login_words
            return first_end <= start or last_start >= end

        login_flag = _LOGIN_FLAG.search(line, max(0, start - 8), start) is not None
        if _is_password(user, secret, speaks_of_login, login_flag):
            out += [line[pos : colon + 1], MARK]
            pos = end
    if not out:
        return line
    out.append(line[pos:])
    return "".join(out)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`."""
    return (((":",), redact_joined_logins),)
