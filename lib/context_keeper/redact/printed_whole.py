"""A value printed after a label that names a secret, taken whole whatever symbols it holds.

A generated password holds any printable symbol: `(`, `` ` ``, `&`, `,`, `:`, `=`. The readers
of a name and its value stop at the first one that could end a value in code, so a password
after its label was left whole (`Password: j`0fsx…`) or cut (`Password: IT([REDACTED]&nrCg…`,
the rest of it left beside the mark). Read here after the other line rules and before
`random_tokens`, so the value is taken whole, and the rest of one they cut (`IT([REDACTED]&nrCg…`:
something of the value after the mark, not a format's hint before it) with it; in these positions:

- a label, then its value as the line's last token (`Random password: u/g,-D6B1…=:u=Ux,`,
  `… [Entrypoint]: GENERATED ROOT PASSWORD: IT(*PX3K…`, `password=IT(*PX3K…`): the value is
  everything to the line's end, one token; the label is the one to four words before `:` or the
  name before `=`, judged by `printed_labels.names_secret` (a password, a token, a secret, a strong key);
- a label alone on its line that ends in `:`, then the value alone on the next line
  (`Using certificate key:` over a hex key, `Root password:` over a password): a key's label
  counts here (what a line announcing one value prints under `… key:` is that key), the
  value judged as `printed_labels.shown_secret` judges one, or as above;
- an object under a label that names secrets in the plural (`"functionKeys": {`,
  `"credentials": {"admin": "<hash> <salt>"}`): each member's string is a secret, named by its
  key, when `printed_labels.shown_secret` takes it (each of its words, for a hash and its salt);
- a Windows account written `DOMAIN\\user` then `:` and a token (`[+] ACME\\svc_backup:…`): the
  token is the account's password, whatever letters it holds, unless a number, a word or a path;
- a label that names a password's hash by its scheme (`NTLM`, `NT hash`, `LM hash`,
  `password hash`), then a hex digest of 32 characters or more: the hash signs in as the
  password does.

The value on the label's line must mix three kinds of characters (lower case, upper case,
digits, symbols) and hold a symbol the other readers stop at; code (a call, an index, a
reference, a template), a path, a URL, a mark already there are never taken.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import words_of
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .printed_labels import names_secret, shown_secret
from .printed_selections import names_a_detail
from .values import is_numberish, looks_random, not_a_secret

TRIGGERS = ("assw", "ASSW", "ecret", "ECRET", "oken", "OKEN", "NTLM", "hash", "HASH", "\\")
OBJECT_TRIGGERS = ('Keys": {', 'keys": {', 'ecrets": {', 'okens": {', 'asswords": {', 'redentials": {')
NEXT_LINE_TRIGGERS = ("key:\n", "Key:\n", "KEY:\n", "assword:\n", "ASSWORD:\n", "ecret:\n", "oken:\n")

# The label's words before `:` (one to four, a space apart), or a name before `=`; the value the
# line's last token.
_COLON_LABEL = LazyPattern(r"(?:[A-Za-z][\w-]*[ \t]+){0,3}[A-Za-z][\w-]*[ \t]*:\Z")
_NAME_EQUALS = LazyPattern(r"(?P<label>[A-Za-z][\w.-]{0,60})[=:](?P<v>\S+)\Z")
# Symbols a reader of `name: value` stops at, where a generated password holds them.
_STOPPERS = frozenset("()[]{}<>`;,\"'|&*^~!$%#@?\\:=")
# Code, not a value: a call or an index closed after it opens, a reference, an operator of code.
_CODE = LazyPattern(r"[\w.!?\]][(\[<].*[)\]>]|->|=>|::|&&|\|\||\$\{|\{\{|\$\(|%\(|^[$%@&*][A-Za-z_{(]")
_PAIRS = (("(", ")"), ("[", "]"), ("{", "}"))
# A password's hash named by its scheme, then the digest.
_HASH_LABEL = LazyPattern(
    r"(?P<lead>(?:^|[ \t*|-])(?i:ntlm|nt[ _-]?hash|lm[ _-]?hash|password[ _-]?hash)[ \t]*[:=][ \t]*)"
    r"(?P<v>[0-9a-fA-F]{32,128})(?=[ \t\r]*$)",
    re.M,
)


# `DOMAIN\\user:` then the password (not a drive's `C:\\`, a file's `dir\\f.c:12:`: no dot in the user).
_DOMAIN_LOGIN = LazyPattern(
    r"(?<![\w\\])(?P<lead>[A-Za-z][\w-]{1,30}\\[A-Za-z_][\w$-]{0,40}:)(?P<v>[^\s:\\]{6,128})(?=\s|$)"
)


# Capitalised words run together, each of three letters or more with a vowel (`FullControl`).
_TITLE_WORDS = LazyPattern(r"(?:[AEIOUY][a-z]{2,}|[A-Z](?=[a-z]{2})[a-z]*?[aeiouy][a-z]*){1,5}")


def _domain_login(m: re.Match[str]) -> str:
    v = m.group("v")
    # letters of both cases, not words (`icacls … /grant CORP\\alice:FullControl`: a right granted)
    mixed = v.strip("@!").isalpha() and not v.islower() and not v.isupper() and _TITLE_WORDS.fullmatch(v) is None
    if is_numberish(v) or "/" in v or not (mixed or shown_secret(v) or password_shaped(v) or looks_random(v)):
        return m.group(0)
    return m.group("lead") + MARK


def whole_value(v: str) -> bool:
    """Whether `v`, the last token of a line after a secret's label, is a generated secret
    with symbols in it (see the module), not code, a path, a reference or a coloured word."""
    if MARK in v:  # a part another rule took: the rest of the value after it is left (not a hint before it)
        if not v.rsplit(MARK, 1)[1].rstrip(",;"):
            return False
        v = v.replace(MARK, "Xx9")
    if not 8 <= len(v) <= 200 or "://" in v or "\x1b" in v or v.startswith(("/", "~/", "./", "-")):
        return False
    if not _STOPPERS.intersection(v.rstrip(",;")) or v[0] in "\"'" or _CODE.search(v) is not None:
        # a quoted value is read to its quote by the readers of a name and its value; a name then
        # the `,` or `;` that ends a statement (`holderTokenAccount: holderATA,`) is code
        return False
    if any(v.count(close) > v.count(open_) for open_, close in _PAIRS):
        return False  # the end of a structure opened before it (`{… Password: cfg.Pass})`)
    kinds = (
        any(c.islower() for c in v),
        any(c.isupper() for c in v),
        any(c.isdigit() for c in v),
        any(not c.isalnum() for c in v),
    )
    return sum(kinds) >= 3 and kinds[0] | kinds[1] and not not_a_secret(v.rstrip(",;"))


_PLAIN_WORD = LazyPattern(r"[A-Za-z][\w-]*")


def _labelled(before: str, created: bool = False) -> bool:
    """Whether the plain words that end `before` (one to four) name a secret: all of them (a
    key's label only there, with `created`), or all but the first (`Generated root password`);
    with `of` among them, the words before it must name one too."""
    words: list[str] = []
    for word in reversed(before.split()[-4:]):
        if _PLAIN_WORD.fullmatch(word) is None:
            break
        words.insert(0, word)
    if not words:
        return False
    lower = [w.lower() for w in words]
    if "of" in lower:  # (`Fingerprint of key`: the label names its words before `of`, a detail of the key)
        head = words[: lower.index("of")]
        if not head or not names_secret(" ".join(head), created):
            return False
    return names_secret(" ".join(words), created) or (len(words) > 1 and names_secret(" ".join(words[1:])))


def redact_whole_values(line: str) -> str:
    """`line` with the value after a secret's label taken whole (see the module)."""
    if len(line) > 4096 or (":" not in line and "=" not in line):
        return line  # (every reading here needs a `:` or a `=`)
    if "ntlm" in line.lower() or "hash" in line.lower():
        line = _HASH_LABEL.sub(lambda m: m.group("lead") + MARK, line)
    if "\\" in line:
        line = _DOMAIN_LOGIN.sub(_domain_login, line)
    body = line.rstrip(" \t\r")
    cut = max(body.rfind(" "), body.rfind("\t"))
    token, before = body[cut + 1 :], body[: cut + 1]
    value_at = cut + 1
    if before.rstrip().endswith(":") and _COLON_LABEL.search(before.rstrip()[-120:]) is not None:
        named = _labelled(before.rstrip()[:-1])
    elif (m := _NAME_EQUALS.fullmatch(token)) is not None:
        named = names_secret(m.group("label"))
        token, value_at = m.group("v"), value_at + m.start("v")
    else:
        return line
    if not named or not whole_value(token):
        return line
    return line[:value_at] + MARK + line[value_at + len(token) :]


# A label alone on its line that ends in `:`, the value alone on the next.
_NEXT_LINE = LazyPattern(
    r"(?m)^(?P<head>[^\n:]{0,80}?(?P<label>(?:[A-Za-z][\w-]*[ \t]+){0,3}[A-Za-z][\w-]*)[ \t]*:)[ \t]*\r?\n"
    r"(?P<lead>[ \t]*)(?P<v>[^\s\"']{8,200})[ \t]*\r?$"
)


def _next_line(m: re.Match[str]) -> str:
    v = m.group("v")
    if not _labelled(m.group("label"), created=True) or not (shown_secret(v) or whole_value(v)):
        return m.group(0)
    return m.group(0)[: m.start("v") - m.start()] + MARK + m.group(0)[m.end("v") - m.start() :]


def redact_next_line_values(text: str) -> str:
    return _NEXT_LINE.sub(_next_line, text)


# An object under a quoted label, its members on one line or many (no object inside).
_SECRETS_OBJECT = LazyPattern(r'"(?P<label>[A-Za-z][\w-]{0,60})"[ \t]*:[ \t]*\{(?P<body>[^{}]{1,4000})\}')
_MEMBER = LazyPattern(r'"(?P<key>[^"\n]{1,80})"[ \t]*:[ \t]*"(?P<v>[^"\\\n]{6,600})"')
_PLURAL_SECRETS = frozenset("KEYS SECRETS TOKENS PASSWORDS CREDENTIALS".split())


def _secret_members(m: re.Match[str]) -> str:
    words = words_of(m.group("label"))
    if not words or words[-1] not in _PLURAL_SECRETS or "PUBLIC" in words or "PUB" in words:
        return m.group(0)
    if words[-1] != "CREDENTIALS" and not names_secret(m.group("label"), created=True):
        return m.group(0)
    body = m.group("body")
    for member in reversed(list(_MEMBER.finditer(body))):
        if names_a_detail(member.group("key")):
            continue  # (`"region": "eu-west-1"`, `"created": …` beside the secrets: what describes them)
        if all(shown_secret(part) for part in member.group("v").split(" ")):
            body = body[: member.start("v")] + MARK + body[member.end("v") :]
    return m.group(0)[: m.start("body") - m.start()] + body + m.group(0)[m.end("body") - m.start() :]


def redact_secret_members(text: str) -> str:
    return _SECRETS_OBJECT.sub(_secret_members, text)


def line_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, line -> line): run after the other line rules, before `random_tokens`; the
    part of a value one of them took is taken whole here."""
    return ((TRIGGERS, redact_whole_values), (OBJECT_TRIGGERS, redact_secret_members))


def multiline_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, on a whole text (see `lines`)."""
    return ((NEXT_LINE_TRIGGERS, redact_next_line_values), (OBJECT_TRIGGERS, redact_secret_members))
