"""Gated regexes: searched only where a needle of the pattern occurs, with the regex's own answer."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.session import heuristics
from context_keeper.session.gated import Gated, needles

PATTERNS = [
    heuristics._DECISION_RE,
    heuristics._COMMITTED_RE,
    heuristics._HEDGE_RE,
    heuristics._REASON_RE,
    heuristics._TEST_RE,
    re.compile(r"\b(?:secret|to(?:ken|tal)s?)\b", re.IGNORECASE),
    re.compile(r"(?:ab|c[de])+x|y{2,}z"),
]
# Words of the patterns, cut and in other cases, with the characters that fold to ASCII
# letters under IGNORECASE (long s, Kelvin sign, dotted I) and blanks and punctuation.
PIECES = [
    "decided",
    "Decision",
    "DECID",
    "instead of",
    "rather",
    "root cause",
    "the fix is",
    "opted for",
    "trade-off",
    "i'll use",
    "We will use",
    "because",
    "as",
    "so that",
    "might",
    "could not",
    "couldn't",
    "seems like",
    "if",
    "pytest",
    "go test",
    "secret",
    "ſecret",
    "\u212aey",
    "İf",
    "tokens",
    "abcdx",
    "yyz",
    " ",
    ".",
    ": ",
    "\n",
    "x",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=12), st.sampled_from(range(len(PATTERNS))))
def test_a_gated_search_finds_what_the_regex_finds(pieces: list[str], which: int) -> None:
    pattern = PATTERNS[which]
    text = "".join(pieces)
    found, expected = Gated(pattern).search(text), pattern.search(text)
    assert (found and found.span()) == (expected and expected.span())


def test_case_folding_beyond_ascii_is_left_to_the_regex() -> None:
    pattern = re.compile(r"\bsecret\b", re.IGNORECASE)
    assert pattern.search("a ſecret here") is not None  # the long s folds to s
    assert Gated(pattern).search("a ſecret here") is not None
    assert Gated(pattern).search("a SECRET here") is not None
    assert Gated(pattern).search("a public value") is None


def test_needles_come_from_every_branch_and_the_strongest_element() -> None:
    assert needles(re.compile(r"\b(?:decid\w*|root cause|opt(?:ed)? for)\b", re.IGNORECASE)) == (
        "decid",
        "opt",
        "root cause",
    )
    # a sequence: the element with the longest shortest needle
    assert needles(re.compile(r"(?:i|we)(?:'ll| will) use it")) == (" use it",)
    assert needles(re.compile(r"Root\s+Cause", re.IGNORECASE)) == ("cause",)


@pytest.mark.parametrize("raw", [r"\w+", r"(?:abc|)x?", r"[ab]c?", r"(?:abc)*", r"(?i:abc)"])
def test_no_needles_where_a_match_need_not_hold_a_literal(raw: str) -> None:
    assert needles(re.compile(raw)) is None
    assert Gated(re.compile(raw)).needles is None
