"""A map of users to passwords is looked for only on the lines that name one, and found there
as a search of the whole text finds it."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from context_keeper.redact import haystack, redact, user_maps

MAPS = [
    "app.use(basicAuth({ users: { admin: 'Purple@2028' } }))",
    'r.Use(gin.BasicAuth(gin.ACCOUNTS{\n\t"bob": "x",\n\t"admin": "Purple@2028",\n}))',
    "const UsErS = {\n  admin: 'Purple@2028',\n}",
    "CREDENTIALS => AuthMap { bob: 'Purple@2028' }",
    "passwords: {alice: 'Purple@2028'}",
]
OTHER = [
    "users = [1, 2]",
    "🤖 the users {",
    "İstanbul logins",
    "nothing here",
    "accounts",
    "\u212aey ключ users",
    "a 'users' list",
]


def _text(seed: int, size: int) -> str:
    rng = random.Random(seed)
    parts: list[str] = []
    while sum(len(p) + 1 for p in parts) < size:
        parts.append(rng.choice(MAPS if rng.random() < 0.2 else OTHER))
    return "\n".join(parts)


def test_maps_are_found_where_a_search_of_the_whole_text_finds_them() -> None:
    for seed, size in [(1, 200), (2, 2_000), (3, haystack.WIDE_FROM * 2)]:
        text = _text(seed, size)
        every = [m.span() for m in user_maps._USER_MAP.finditer(text)]
        assert [m.span() for m in user_maps._headers(text)] == every
        assert len(every) >= 2


def test_only_lines_that_name_a_map_are_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    searched: list[str] = []
    by_run = user_maps.matches_by_run

    def counting(*args: Any) -> Iterator[re.Match[str]]:
        text, begin, end = (*args[3:], 0, None)[:3]
        searched.append(text[begin:end])
        return by_run(*args)

    monkeypatch.setattr(user_maps, "matches_by_run", counting)
    named = "basicAuth({ Users: { admin: 'Purple@2028' } })"
    text = "\n".join(["plain line"] * 1500 + [named] + ["more"] * 1500)
    assert len(text) >= haystack.WIDE_FROM  # (a shorter text is searched at once)
    assert "Purple@2028" not in redact(text)
    # (the map's line, and again once marked; the 3,000 other lines: never)
    assert searched and all(line.startswith("basicAuth({ Users: { admin: '") for line in searched)
