"""Whether a value after a name is a generic type in an annotation (`password: Option<SecretString>`).

A field's type names its secret's wrapper (`Secret[String]`, `Option<SecretString>`,
`Result<AccessToken, AuthError>`): code, not a value, though its brackets and capitals look
like a password's. Only a type whose brackets close on the line, end the value and name a known
type (`Option`, `String`, `SecretStr`, a type-shaped name) is one: `Maple<Tree>` in a YAML file
is a password.
"""

from __future__ import annotations

from .patterns import LazyPattern
from .values import TECH_WORDS, TYPE_NAMES, is_type_name, is_wordlike, is_wordy

_GENERIC_HEAD = LazyPattern(r"[&*]?(?P<head>[A-Za-z_][\w.]*(?:::[A-Za-z_]\w*)*)[<\[]")
_GENERIC_INNER = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_ \t,&'.|:?*<>[]")
_GENERIC_AFTER = frozenset(("", " ", "\t", "\n", "\r", ",", ";", ")", "=", "|", "{"))
_IDENTIFIER = LazyPattern(r"[A-Za-z_]\w*")
_TYPE_WORDS = frozenset("dyn impl typeof keyof const mut readonly extends ref in out".split())


def is_generic_type(text: str, at: int) -> bool:
    """Whether `text` at `at` holds a generic type (`Option<SecretString>`, `Secret[String]`,
    `Result<AccessToken, AuthError>`, `Box<dyn SigningKey>`): a type's name, then brackets
    whose names are types, words or a language's type keywords, closed on the line and ending
    the value, with a known type among them."""
    m = _GENERIC_HEAD.match(text, at)
    if m is None:
        return False
    head = m.group("head").rsplit(".", 1)[-1].rsplit(":", 1)[-1]
    if not _type_word(head):
        return False
    depth = 0
    end = min(len(text), m.end() + 200)
    for i in range(m.end() - 1, end):
        c = text[i]
        if c in "<[":
            depth += 1
        elif c in ">]":
            depth -= 1
            if depth == 0:
                if text[i + 1 : i + 2] not in _GENERIC_AFTER:
                    return False  # `Maple<Tree>9x!`: the value goes on, a password with brackets
                words = _IDENTIFIER.findall(text, m.end(), i)
                # (`Maple<Tree>` in a YAML file is a password: a known type must be named in it)
                return all(_type_word(w) or w in _TYPE_WORDS or is_wordy(w) for w in words) and any(
                    w in TYPE_NAMES or is_type_name(w) for w in (head, *words)
                )
        elif c not in _GENERIC_INNER:
            return False
    return False


def _type_word(w: str) -> bool:
    return (
        w in TYPE_NAMES
        or is_type_name(w)
        or (is_wordlike(w) and w[:1].isupper())
        or TECH_WORDS.fullmatch(w) is not None
    )


def annotated(name: str, sep: str, text: str, vstart: int) -> bool:
    """`password: Option<SecretString>`: a generic type annotates a name in code (not `DB_PASSWORD:`)."""
    return sep.endswith(":") and any(c.islower() for c in name) and is_generic_type(text, vstart)
