"""Take secrets out of text before anything is written to disk or printed.

Two passes: first well-known token shapes wherever they appear (they are
recognisable on their own), then `NAME=value`-style assignments whose NAME
looks secret. The second pass only looks at the value, so a secret embedded in
a value under an innocent name has already been caught by the first pass.

Over-redaction is preferred to leaks, but ordinary prose, paths, git SHAs,
uuids and code such as `sort_key=name` must come through unchanged.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

MARK = "[REDACTED]"

# Well-known token shapes: (visible hint, rest of the token). The hint is kept
# so a reader can tell what kind of secret stood there.
_AWS_PREFIXES = ("AKIA", "ASIA", "AGPA", "AIDA", "AROA", "AIPA", "ANPA", "ANVA", "ABIA", "ACCA")
_PREFIXED = (
    (("sk-ant-",), r"\bsk-ant-", r"[A-Za-z0-9_-]{10,}"),
    (("sk-",), r"\bsk-(?:proj|svcacct|admin)-", r"[A-Za-z0-9_-]{20,}"),
    (("sk-",), r"\bsk-", r"[A-Za-z0-9]{20,}\b"),
    (("github_pat_",), r"\bgithub_pat_", r"[A-Za-z0-9_]{20,}"),
    (("ghp_", "gho_", "ghs_", "ghu_", "ghr_"), r"\bgh[oprsu]_", r"[A-Za-z0-9]{20,}\b"),
    (("xox",), r"\bxox[abposr]-", r"[A-Za-z0-9-]{10,}"),
    (("AIza",), r"\bAIza", r"[0-9A-Za-z_-]{30,}"),
    (("glpat-",), r"\bglpat-", r"[A-Za-z0-9_-]{20,}"),
    (("npm_",), r"\bnpm_", r"[A-Za-z0-9]{30,}\b"),
    (("k_live_", "k_test_"), r"\b[rs]k_(?:live|test)_", r"[A-Za-z0-9]{16,}"),
    (_AWS_PREFIXES, r"\b(?:" + "|".join(_AWS_PREFIXES) + ")", r"[A-Z0-9]{16}\b"),
)

# Other shapes, each with the substrings that must be present for it to match:
# checking those with `in` first skips almost every regex scan on ordinary text.
_SHAPES = (
    ("pem", ("PRIVATE KEY-----",),
     r"-----BEGIN\ (?P<kind>[A-Z0-9 ]*?)PRIVATE\ KEY-----"
     r".*?(?:-----END\ (?P=kind)PRIVATE\ KEY-----|\Z)"),
    ("url", ("://",),
     r"(?P<head>\b[A-Za-z][A-Za-z0-9+.-]*://[^\s:/@'\"]*):[^\s/@'\"]+@"),
    ("authz", ("uthorization", "UTHORIZATION"),
     r"(?P<head>\b(?i:proxy-authorization|authorization)[\"']?[ \t]*[:=][ \t]*[\"']?"
     r"(?:(?i:bearer|basic|token|bot|digest|negotiate)[ \t]+)?)[^\s\"',;]+"),
    ("bearer", ("earer", "EARER"),
     r"(?P<head>\b(?i:bearer)[ \t]+)(?=[A-Za-z0-9._~+/=-]*\d)[A-Za-z0-9._~+/=-]{10,}"),
    ("jwt", ("eyJ",), r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"),
)

# `NAME <sep> value` where NAME may be quoted (JSON, Python dicts) and value may
# be quoted; or a command-line flag `--name value`. Both are tried only where a
# trigger word occurs, anchored at the start of the identifier around it.
_TRIGGER_WORDS = ("key", "token", "secret", "passw", "pwd", "credential", "auth", "private", "passphrase")
_IDENT_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_VALUE = r"""(?P<val>"[^"\n]*"|'[^'\n]*'|[^\s"'`,;&()\[\]{}<>]+)"""
_ASSIGN = r"""(?P<name>[A-Za-z_][A-Za-z0-9_.-]{0,100})(?P<q>["']?)[ \t]*[:=][ \t]*""" + _VALUE
_FLAG = r"""(?P<name>[A-Za-z][A-Za-z0-9_-]{0,100})[ \t]+""" + _VALUE

_SECRET_WORDS = frozenset(
    "TOKEN SECRET PASSWORD PASSWD PWD CREDENTIAL CREDENTIALS AUTH PRIVATE "
    "APIKEY ACCESSKEY SECRETKEY PRIVATEKEY AUTHTOKEN ACCESSTOKEN PASSPHRASE "
    "KEY".split()
)
# Names that contain a secret word but name something public.
_NOT_SECRET_NAMES = frozenset({"PWD", "OLDPWD", "KEY"})
# Qualifiers that turn *_KEY into an ordinary programming identifier.
_PLAIN_KEY_WORDS = frozenset(
    "SORT PRIMARY FOREIGN CACHE PARTITION LOOKUP DICT MAP UNIQUE HOT SHORTCUT "
    "ROUTING IDEMPOTENCY GROUP ROW COLUMN INDEX HASH REGISTRY PUBLIC".split()
)
_PLACEHOLDERS = frozenset(
    {"", "true", "false", "none", "null", "nil", "undefined", "yes", "no",
     "***", "xxx", "...", "changeme", "redacted"}
)


@functools.cache
def _compiled() -> tuple[
    tuple[tuple[str, tuple[str, ...], re.Pattern[str]], ...],
    re.Pattern[str],
    re.Pattern[str],
    re.Pattern[str],
]:
    # Compiled on first use, not at import: importing this module stays cheap.
    prefixed = tuple(
        (f"p{i}", triggers, re.compile(f"(?P<head>{hint}){body}"))
        for i, (triggers, hint, body) in enumerate(_PREFIXED)
    )
    shapes = tuple(
        (name, triggers, re.compile(rx, re.VERBOSE | re.DOTALL)) for name, triggers, rx in _SHAPES
    )
    return (
        shapes + prefixed,
        re.compile(_ASSIGN),
        re.compile(_FLAG),
        re.compile(r"[A-Z]?[a-z0-9]+|[A-Z0-9]+(?![a-z])"),
    )


def _shape_sub(name: str) -> Callable[[re.Match[str]], str]:
    if name == "pem":
        def pem(m: re.Match[str]) -> str:
            kind = m.group("kind")
            return f"-----BEGIN {kind}PRIVATE KEY-----{MARK}-----END {kind}PRIVATE KEY-----"
        return pem
    if name == "jwt":
        return lambda m: MARK
    if name == "url":
        return lambda m: f"{m.group('head')}:{MARK}@"
    return lambda m: m.group("head") + MARK


def _is_secret_name(name: str, words_re: re.Pattern[str]) -> bool:
    upper = name.upper()
    if upper in _NOT_SECRET_NAMES:
        return False
    words = [w.upper() for w in words_re.findall(name)]
    hits = [w for w in words if w in _SECRET_WORDS]
    if not hits:
        return False
    if all(w == "KEY" for w in hits):
        # `api_key` is secret, `sort_key` and `primary_key` are not.
        return not any(w in _PLAIN_KEY_WORDS for w in words)
    return True


def _looks_like_value_not_secret(val: str) -> bool:
    if val.startswith(":"):
        return True  # `auth::tests` is a Rust/C++ path (`cargo test auth::`), not `auth: <secret>`
    inner = val[1:-1] if val[:1] in "\"'" and len(val) >= 2 else val
    if inner.lower() in _PLACEHOLDERS or MARK in inner:
        return True
    if inner.startswith(("$", "%(", "<", "{{")):  # references and templates
        return True
    if inner.startswith(("/", "~/", "./", "../")) and " " not in inner:
        return True  # a path to a key file is not the key
    if val[:1] not in "\"'":
        if inner.startswith("-"):  # `--password --verbose`: next flag, no value
            return True
        try:
            float(inner)  # counts such as token_count=1234
            return True
        except ValueError:
            pass
    return False


def redact(text: str) -> str:
    """Return `text` with secrets replaced by `[REDACTED]` (short hints kept)."""
    if not text:
        return text
    shapes, assign, flag, words = _compiled()
    for name, triggers, pattern in shapes:
        if any(t in text for t in triggers):
            text = pattern.sub(_shape_sub(name), text)
    return _redact_assignments(text, assign, flag, words)


def _identifier_starts(text: str) -> list[int]:
    """Start offsets of the identifiers that contain a trigger word."""
    lowered = text.lower()
    starts: set[int] = set()
    for word in _TRIGGER_WORDS:
        i = lowered.find(word)
        while i != -1:
            j = i
            while j > 0 and i - j < 100 and text[j - 1] in _IDENT_CHARS:
                j -= 1
            while j < i and text[j] in "-.0123456789":
                j += 1
            starts.add(j)
            i = lowered.find(word, i + len(word))
    return sorted(starts)


def _redact_assignments(
    text: str, assign: re.Pattern[str], flag: re.Pattern[str], words: re.Pattern[str]
) -> str:
    out: list[str] = []
    pos = 0
    for start in _identifier_starts(text):
        if start < pos:
            continue  # inside a value already redacted
        opening = text[start - 1 : start]
        if text[max(start - 3, 0) : start].endswith("--") and not (
            start >= 3 and (text[start - 3].isalnum() or text[start - 3] in "_-")
        ):
            m = flag.match(text, start) or assign.match(text, start)
        else:
            m = assign.match(text, start)
            # `"password": ...` needs its closing quote; `"password: x"` is prose in a string
            if m is not None and m.group("q") and m.group("q") != opening:
                m = None
        if m is None:
            continue
        val = m.group("val")
        after = text[m.end("val") : m.end("val") + 1]
        if (
            not _is_secret_name(m.group("name"), words)
            or _looks_like_value_not_secret(val)
            # `password = os.environ[...]` / `token = get_token()` are code, not values
            or (val[:1] not in "\"'" and after in ("(", "["))
        ):
            continue
        quote = val[0] if val[:1] in "\"'" and len(val) >= 2 else ""
        out.append(text[pos : m.start("val")])
        out.append(f"{quote}{MARK}{quote}")
        pos = m.end("val")
    out.append(text[pos:])
    return "".join(out)
