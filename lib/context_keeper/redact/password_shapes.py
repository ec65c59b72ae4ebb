"""Whether a value is shaped like a password a person chose or a random key (`password_shaped`):
letters with digits or symbols, no space, and not a host, a path, a URL, a version, an email,
a number, a file's place or a directory entry's name. The rules that find a value by where it
stands (`positions`, `calls`, `nouns`, `printed`, …) take it only when it is so shaped.
"""

from __future__ import annotations

from .patterns import MARK, LazyPattern
from .values import (
    TECH_WORDS,
    is_numberish,
    is_placeholder,
    is_type_name,
    is_wordlike,
    is_wordy,
    looks_random,
    not_a_secret,
    strongly_mixed,
)

SYMBOLS = frozenset("!@#$%^&*+=?~")
# Words and a number of three digits or more, as people choose them: `sunset7714`, `maple-river-2291`.
WORDS_AND_DIGITS = LazyPattern(r"[A-Za-z]{3,}(?:[.-][A-Za-z]{3,}){0,3}[._-]?\d{3,}[!@#$%^&*?]?")
_SECRET_NOUNS = frozenset("password passwd passphrase pass pwd secret token key apikey".split())
_HOST_PORT = LazyPattern(r"[\w.-]+:\d{1,5}")
DOMAIN = LazyPattern(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}")
_VERSION = LazyPattern(r"v?\d+(?:[.-]\w+)*")
_AT_HOST = LazyPattern(r"@[A-Za-z0-9-]+\.[A-Za-z0-9.-]*[A-Za-z]")
_DN = LazyPattern(r"(?:[A-Za-z][\w-]*=[^,=\s]+,)+[A-Za-z][\w-]*=[^,=\s]+")
_FILE_NAME = LazyPattern(r"[\w-]+\.[a-z]{1,5}(?::\d+)*:?")  # `types_test.go:40`: a place in a file
# `rabbitmq:3-management`, `nginx:1.25.3`, `node:20-bookworm-slim`: an image and its tag (a release,
# dotted or with lower-case variant words), as `docker`, compose files and CI name them
_IMAGE_TAG = LazyPattern(
    r"[a-z][a-z0-9]*(?:[._/-][a-z0-9]+)*:v?\d+(?:(?:\.\d+)+(?:-[a-z][a-z0-9]*)*|(?:-[a-z]{3,}[0-9]*)+)"
)


def password_shaped(v: str) -> bool:
    """A value a person chose as a password or a random key, not a host, a path, a version."""
    if not 6 <= len(v) <= 200 or any(c.isspace() for c in v) or MARK in v or "://" in v:
        return False
    if _AT_HOST.search(v) or (":" in v and "/" in v):
        return False  # `git@github.com:…`, `bob@example.com`, `host:/path`: a place, not a password
    if "`" in v or (any(c in _BRACKETS for c in v) and not _generated(v)):
        return False  # code: `wallets={[]}`, `fn(x)`, `List<String>`
    if _DN.fullmatch(v) is not None:
        return False  # `uid=bob,ou=people,dc=example,dc=org`: a directory entry's name
    if looks_random(v) and not not_a_secret(v):
        return True  # a key (base64 may hold `/`)
    if "\\" in v or ("/" in v and not _generated_with_slash(v)):
        return False  # a path
    if not any(c.isalpha() for c in v):
        return False
    if v.isalpha():
        # letters only: a random run of both cases (`uMuGKsysfdOFE`), never a word or a name
        return len(v) >= 8 and not v.islower() and not v.isupper() and not is_wordy(v) and not is_type_name(v)
    if not any(c.isdigit() or c in SYMBOLS or c in _BRACKETS for c in v):
        return False  # (a bracket is here only when `_generated` took it for a generator's symbol)
    if v.isupper() and v.rstrip("0123456789_").lower() in _SECRET_NOUNS:
        return False  # `PASSWORD2`, `TOKEN_1`: a numbered column's title or variable's name
    if is_placeholder(v.strip("".join(SYMBOLS))):
        return False  # `guest@`: anonymous FTP's customary password, `<password>!`
    if is_wordlike(v) or is_numberish(v) or TECH_WORDS.fullmatch(v) or not_a_secret(v):
        return False
    return not (
        _HOST_PORT.fullmatch(v)
        or DOMAIN.fullmatch(v)
        or _VERSION.fullmatch(v)
        or _FILE_NAME.fullmatch(v)
        or _IMAGE_TAG.fullmatch(v)
    )


_BRACKETS = "(){}[]<>"
# Symbols a path or a query holds no more than once beside capitals and digits: a generator's.
_GENERATOR_SYMBOLS = frozenset("!#$%^&*?~")
_ENV_REFERENCE = LazyPattern(r"%\w+%|^\$|\$\{")


def _generated_with_slash(v: str) -> bool:
    """`t$cY/Zn7?sQ%`, `Kq9/x#Lm2&Vp`: a generator whose alphabet holds `/` (mysqld's, a secrets
    manager's) mixes both cases, a digit and its other symbols into short runs; a path's parts
    are words or names (`src/Auth2.ts?raw`, `%APPDATA%/Keys2`, `api/v1?retry=3` hold no run of
    both cases and a symbol), and a reference names a variable."""
    if len(v) > 64 or _ENV_REFERENCE.search(v) is not None or v.startswith(("/", "~", ".")):
        return False
    symbols = sum(c in _GENERATOR_SYMBOLS for c in v)
    cases = any(c.isupper() for c in v) and any(c.islower() for c in v)
    return symbols >= 1 and cases and any(c.isdigit() for c in v) and not is_wordlike(v.replace("/", ""))


def _generated(v: str) -> bool:
    """`uhB^wVb^m1$$jFz2Xb7(4ZlI`, `k#%<a9B;x.?Q`, `g9N7e)za*W8Y(CP`, `CypMy[hiT{UEir`: a
    generator's symbols (`!@#$%^&*()`, mysqld's `<>;:,.?/`, LAPS' brackets) hold a bracket left
    open or closed before it opens, among both cases and a digit, another symbol or another such
    bracket, as no code does (an arrow, `->`, `=>`, is no bracket)."""
    w = v.replace("->", "").replace("=>", "")
    unbalanced = sum(
        w.count(a) != w.count(b) or -1 < w.find(b) < w.find(a) or (b in w and a not in w)
        for a, b in ("()", "<>", "[]", "{}")
    )
    return (
        unbalanced > 0
        and not v.endswith("(")  # `System.fetch_env!("…")`: a call cut at its argument's quote
        and any(c.isupper() for c in v)
        and any(c.islower() for c in v)
        and (unbalanced > 1 or any(c in SYMBOLS or c.isdigit() for c in v))
    )


_CHOSEN_SYMBOLS = frozenset("!#$^&*?~@")
# A word, a number and a symbol a person adds (`Winter@2007`, `Silver182!`, `Tig3r#1075`), or
# three kinds of character and a symbol inside (`Tr!ck9Fox`); a word, digits and a word of both
# cases (`Willow.5438Meadow`); three lower-case words and digits (a passphrase,
# `rocket-copper-sunshine-9361`): chosen as passwords, not as names, tags or versions.
_WORD_NUMBER_SYMBOL = LazyPattern(
    r"(?=[^!#$^&*?~@]*[!#$^&*?~@][^!#$^&*?~@]*$)[A-Za-z][A-Za-z0-9!#$^&*?~@]{2,}\d{2,}[!#$^&*?~@]?"
)
_WORD_DIGITS_WORD = LazyPattern(r"(?=.*[a-z])(?=.*[A-Z])[A-Za-z]{3,}[._-]?\d{3,}[._-]?[A-Za-z]{3,}")
_PASSPHRASE = LazyPattern(r"[a-z]{3,}(?:[.-][a-z]{3,}){2,}[.-]\d{2,}")
_PACKAGE_AT_VERSION = LazyPattern(r"[a-z][a-z0-9._-]*@\d[\d.]*")  # `node@18`, `typescript@5.4`


def person_chosen(v: str, passphrase: bool = True) -> bool:
    """Whether `v` is shaped as people choose passwords (see the patterns above), whatever names
    it; without `passphrase`, not lower-case words and digits (also a cache's or a build's key)."""
    if _PACKAGE_AT_VERSION.fullmatch(v) is not None:
        return False
    if _WORD_NUMBER_SYMBOL.fullmatch(v) is not None:
        return True
    if strongly_mixed(v) and not _CHOSEN_SYMBOLS.isdisjoint(v[1:-1]):
        return True  # `Tr!ck9Fox`: both cases, a digit, a symbol inside
    return _WORD_DIGITS_WORD.fullmatch(v) is not None or (passphrase and _PASSPHRASE.fullmatch(v) is not None)
