"""A login written as one token, its user and its password joined by a colon (`bob:…`), where a
whole token stands: a flag's argument (`-A bob:…`, `--auth=deploy:…`), a whole quoted literal
(`Blob.valueOf('bob:…')`, `b64encode(b"svc:…")`, a bundler's `"ci:…"`, a driver's
`userinfo:"app:…"`) or a whole line (a plain-text password file's `bob:…`, `chpasswd`'s input).

The shape of the pair is the evidence: the left a login's name (`user_pairs.user_like`, not a
digest's algorithm), the right shaped like a password (`password_shaped`) and as people choose
one (`person_chosen`: a word, a number and a symbol; a word, digits and a word of both cases; a
passphrase), or a capitalised word and digits. A random run is not taken (`"h1:…="` is a
lockfile's hash, `"prod:…"` a cloud's id). A word and digits all in lower case (`sunshine6422`)
is also an image's tag or a build's name (`web:build2291`), so it is taken only when the line speaks of a login (`auth`,
`login`, `basic`, `cred`, `user`, `pass`). More colons (`arn:aws:…`), a path (`vol:/data`), a
host's port, a version, a reference or a placeholder are no pair.
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
# A flag right before the user, given its argument by a space or `=`: `-A `, `--auth=`.
_FLAG_BEFORE = LazyPattern(r"(?:^|[ \t])--?[A-Za-z][\w-]{0,30}(?:[ \t]+|=)$")
_ARGUMENT_END = frozenset(" \t;|&)")
_DIGEST_NAME = LazyPattern(r"(?:sha|md|blake|crc|xxh|murmur)\d*[a-z]?")
_LOGIN_WORDS = LazyPattern(r"(?i:auth|login|basic|cred|user|pass)")


def _is_password(user: str, secret: str, around: str) -> bool:
    """Whether `user:secret` is a login's pair (see the module's note); `around`: the line
    without the pair (`web:feature-login-2291` does not speak of a login)."""
    if MARK in secret or not user_like(user) or _DIGEST_NAME.fullmatch(user) is not None:
        return False
    if not password_shaped(secret) or not_a_secret(secret) or is_hexlike(secret):
        return False
    if person_chosen(secret):
        return True
    if WORDS_AND_DIGITS.fullmatch(secret) is None:
        return False
    return not secret.islower() or _LOGIN_WORDS.search(around) is not None


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
    out: list[str] = []
    pos = 0
    for m in _COLON.finditer(line):
        colon, end = m.start(), m.end()
        start = colon
        while start > max(pos, colon - 80) and line[start - 1] in _USER_CHARS:
            start -= 1
        user, secret = line[start:colon], line[colon + 1 : end]
        if _USER.fullmatch(user) is None or not _whole_token(line, start, end):
            continue
        if _is_password(user, secret, line[:start] + line[end:]):
            out += [line[pos : colon + 1], MARK]
            pos = end
    if not out:
        return line
    out.append(line[pos:])
    return "".join(out)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `positions.compile_rules`."""
    return (((":",), redact_joined_logins),)
