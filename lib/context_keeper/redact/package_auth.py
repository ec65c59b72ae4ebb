"""Credentials package managers keep under a host's name rather than a secret's: Composer's
`composer config [-g] github-oauth.github.com …` (also `gitlab-token.`, `gitlab-oauth.`,
`bitbucket-oauth.`, `bearer.`, `http-basic.` with a user first), and Bundler's per-host
credentials, `bundle config set --global gems.example.com user:…` or the variable it reads,
`BUNDLE_GEMS__EXAMPLE__COM=user:…`; and GitHub's token as a URL's user with a fixed word for
the password, `https://…:x-oauth-basic@github.com`. The key says which host the value opens, so the value (the
part after `user:`) is the secret whatever its shape, unless it refers to one (`$TOKEN`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyRule
from .values import is_placeholder, is_reference, looks_random

TRIGGERS = ("composer", "bundle", "BUNDLE_")
_TOKEN_AS_USER = r"(?<=://)(?P<s>[\w.~%-]{16,400})(?=:x-oauth-basic@)"
_ARG = r"(?P<q>[\"']?)(?P<s>[^\s\"']{1,400})(?P=q)(?=[ \t;|&)]|$)"
_COMPOSER = (
    r"\bcomposer[ \t]+config(?:[ \t]+-[-\w]+)*[ \t]+(?:github-oauth|gitlab-oauth|gitlab-token|bitbucket-oauth|bearer"
    r"|http-basic)\.[\w.-]+(?:[ \t]+[^\s\"']+)?[ \t]+" + _ARG
)
# `bundle config [set] [--local|--global] gems.example.com user:…`; `BUNDLE_GEMS__EXAMPLE__COM=user:…`
_BUNDLER = (
    r"(?:\bbundle[ \t]+config(?:[ \t]+set)?(?:[ \t]+--[\w-]+)*[ \t]+(?:[\w-]+(?:\.[\w-]+)+|BUNDLE_[A-Z0-9_]+__[A-Z]+)[ \t]+"
    r"|\bBUNDLE_[A-Z0-9_]+__[A-Z]+=)(?:(?P<u>[\w.@+-]{1,80}):)?" + _ARG
)


def _secret(m: re.Match[str]) -> str:
    s = m.group("s")
    if is_reference(s) or s.startswith("$") or is_placeholder(s) or s.isdigit():
        return m.group(0)  # (`bob:1000`: a user and its id)
    if "u" in m.groupdict() and m.group("u") is None and not looks_random(s):
        return m.group(0)  # a setting without a user, not a token: `BUNDLE_BUILD__PG=--with-pg-config=…`
    return m.group(0)[: m.start("s") - m.start()] + MARK + m.group(0)[m.end("s") - m.start() :]


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return (
        (TRIGGERS, LazyRule(_COMPOSER, _secret)),
        (TRIGGERS, LazyRule(_BUNDLER, _secret)),
        ((":x-oauth-basic@",), LazyRule(_TOKEN_AS_USER, _secret)),
    )
