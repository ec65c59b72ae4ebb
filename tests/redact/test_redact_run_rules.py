"""Rules that start at a word and read on through the name the word stands in
(`patterns.matches_by_run`, `patterns.RunRule`): tried from the first word of each name only,
they find what `finditer` finds, and a line of one long name is tried once, not once per word."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from context_keeper.redact import calls, positions, user_maps
from context_keeper.redact.patterns import _LOWER_MOVES, LazyPattern, lower_case_words, matches_by_run, words_lowered


def _source(pattern: Any) -> str:
    return pattern if isinstance(pattern, str) else pattern.compiled().pattern


_AUTH_RULE = next(rx for _, rx, sub in positions.RULES if sub is positions._user_then_secret)
# (the pattern, the words it starts with, where it stops reading a name from one of them)
_RULES = {
    "positions' user/secret after an auth name": (_AUTH_RULE, *positions._BY_NAME[positions._user_then_secret]),
    "calls' credential callee": (calls._CRED_CALLEE + calls._CALLEE_REST, calls._CRED_CALLEE, calls._CALLEE_RUN),
    "calls' hashing callee": (
        calls._HASH_OR_ACCOUNT_CALLEE + calls._CALLEE_REST,
        calls._HASH_OR_ACCOUNT_CALLEE,
        calls._CALLEE_RUN,
    ),
    "calls' encoded user:password": (calls._ENCODED_PAIR, calls._ENCODER, r"\w+"),
    "user maps' header": (user_maps._USER_MAP, user_maps._MAP_NAME, user_maps._MAP_NAME_RUN),
}
_PIECES = [
    "auth", "AUTH", "cred", "login", "passw", "HMAC", "connect", "jwt", "encode", "Hash", "crypt", "btoa",
    "basic", "digest", "Users", "accounts", "x", "bob", "Orange4230!", "1", "_", ".", "::", "->", "-", "(",
    ")", "{", "}", " ", "\t", "=", ":", "/", '"', "'", ",", ";", "\n", "@",
]  # fmt: skip


class _Counted:
    """A compiled pattern that counts the matches tried with it."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.tried = pattern, 0

    def match(self, *args: Any) -> Any:
        self.tried += 1
        return self.pattern.match(*args)


def _lazy(pattern: Any) -> LazyPattern:
    return LazyPattern(pattern) if isinstance(pattern, str) else pattern


@pytest.mark.parametrize("name", list(_RULES))
def test_the_matches_are_finditers(name: str) -> None:
    source, words, run = _RULES[name]
    pattern = re.compile(_source(source), re.ASCII)
    rng = random.Random(name)
    for _ in range(3000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 14)))
        expected = [m.span() for m in pattern.finditer(text)]
        assert [m.span() for m in matches_by_run(pattern, _lazy(words), _lazy(run), text)] == expected, text


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("positions' user/secret after an auth name", "auth"),
        ("calls' credential callee", "HMAC"),
        ("calls' credential callee", "login."),
        ("calls' hashing callee", "Hash"),
        ("calls' encoded user:password", "btoa"),
        ("user maps' header", "Users"),
    ],
)
def test_one_long_name_is_tried_once_not_once_per_word(name: str, unit: str) -> None:
    """`authauth…`, `login.login.…`: every word reads on to the same end and fails there, as
    `finditer` finds by trying each (the square of the line)."""
    source, words, run = _RULES[name]
    counted = _Counted(re.compile(_source(source), re.ASCII))
    text = unit * 2000 + " tail"
    assert list(matches_by_run(counted, _lazy(words), _lazy(run), text)) == []  # type: ignore[arg-type]
    assert counted.tried == 1


# Characters whose lower case moves or makes an ASCII letter, and other scripts' letters and capitals
_WIDE_PIECES = [*_PIECES, "\u0130", "\u212a", "\u212aEY", "é", "É", "ß", "\u00c5", "日本"]
_LOWERED = [name for name in _RULES if lower_case_words(_source(_RULES[name][1])) is not None]


def test_the_case_blind_words_of_calls_and_positions_are_searched_in_lower_case() -> None:
    assert "calls' credential callee" in _LOWERED and "positions' user/secret after an auth name" in _LOWERED
    assert lower_case_words(_source(calls._ENCODER)) is None  # (`encodeToString`: a capital)


@pytest.mark.parametrize("name", _LOWERED)
def test_words_found_in_the_lowered_text_give_the_same_matches(name: str) -> None:
    source, words, run = _RULES[name]
    pattern = re.compile(_source(source), re.ASCII)
    lower = LazyPattern(lower_case_words(_source(words)) or "")
    rng = random.Random(name)
    lowered = 0
    for _ in range(3000):
        text = "".join(rng.choice(_WIDE_PIECES) for _ in range(rng.randint(1, 14)))
        low = words_lowered(text)
        if low is None:
            assert any(c in text for c in _LOWER_MOVES)
            continue
        lowered += 1
        expected = [m.span() for m in pattern.finditer(text)]
        assert [m.span() for m in matches_by_run(pattern, lower, _lazy(run), text, words_in=low)] == expected, text
    assert lowered > 1000


def test_only_the_listed_characters_lower_to_more_than_one_or_to_an_ascii_one() -> None:
    moved = [chr(c) for c in range(128, 0x110000) if len(chr(c).lower()) != 1 or chr(c).lower().isascii()]
    assert moved == list(_LOWER_MOVES)


_NOUN_PIECES = [
    "password", "PASSWORD", "Passwd", "pw", "PW", "pwd", "psk", "pass", "passphrase", "passcode", "db", "x",
    "_", ".", "-", "$", "#", "/", " ", "  ", "\t", "=", ":", '"', "--force", "-f", "Wq8rT2vLp9x!", "S3cr3t#Pass",
    "the", "is", "\n", "é",
]  # fmt: skip


def test_a_rule_tried_from_the_runs_its_noun_ends_marks_what_the_whole_pattern_marks() -> None:
    from context_keeper.redact.patterns import LazyRule, RunStartRule

    # (`dbPassword hunter2…`, `$pw x`, `a.pwd  --force y`: names a lookbehind or a `$` stops, nouns
    # inside a name, two names on a line, a flag between; the rule must mark what `sub` marks)
    _, source, sub = next(rule for rule in positions.RULES if rule[2] is positions._keyword_value)
    whole, anchored = LazyRule(source, sub), RunStartRule(source, sub, *positions._BY_NOUN[sub])
    rng = random.Random(11)
    changed = 0
    for _ in range(20000):
        text = "".join(rng.choice(_NOUN_PIECES) for _ in range(rng.randint(1, 16)))
        assert anchored(text) == whole(text), text
        changed += whole(text) != text
    assert changed > 200  # (the texts hold values the rule marks)
