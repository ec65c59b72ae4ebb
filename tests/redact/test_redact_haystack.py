"""A text searched in its UTF-8 bytes finds the needles where the text holds them, on the
lines they stand on."""

from __future__ import annotations

from itertools import accumulate

import pytest

from context_keeper.redact import haystack
from context_keeper.redact.haystack import Haystack

TEXTS = [
    "plain ascii: token\nsecond line token\n\ntoken",
    "an em dash — then token: x\nnext — token\n",
    "a robot 🤖 then token:\n🤖🤖 token token\nlast",
    "a lone surrogate \ud83d then token\n\udc00token\n",
    "überall token\nç token — 🤖 token\n",
]
NEEDLES = ["token", "token:", "\n", "—", "🤖 ", " — ", "absent", "n\nn"]


def _lines(text: str, needle: str) -> set[int]:
    """The lines `str.find` finds `needle` on, one hit after another."""
    out, at = set(), text.find(needle)
    while at != -1:
        out.add(text.count("\n", 0, at))
        at = text.find(needle, at + 1)
    return out


@pytest.mark.parametrize("wide_from", [0, haystack.WIDE_FROM])  # (0: every text not ASCII is searched in bytes)
@pytest.mark.parametrize("text", TEXTS)
def test_hits_are_the_texts_own_on_the_same_lines(monkeypatch: pytest.MonkeyPatch, wide_from: int, text: str) -> None:
    monkeypatch.setattr(haystack, "WIDE_FROM", wide_from)
    hay = Haystack(text, text.split("\n"))
    assert hay._wide == (wide_from == 0 and not text.isascii())
    for needle in NEEDLES:
        assert hay.holds_any((needle,)) == (needle in text)
        assert hay.lines_holding((needle,)) == _lines(text, needle), needle
    assert hay.holds_any(tuple(NEEDLES)) and not hay.holds_any(("absent", "nowhere"))
    assert hay.lines_holding(tuple(NEEDLES)) == set().union(*(_lines(text, n) for n in NEEDLES))


def test_a_long_text_beyond_ascii_is_searched_in_bytes() -> None:
    text = "🤖 a line\n" * (haystack.WIDE_FROM // 8) + "the token: here"
    hay = Haystack(text)
    assert hay._wide
    assert hay.lines_holding(("token:", "🤖 a")) == set(range(text.count("\n") + 1))


def _folded_spans(text: str, needles: tuple[str, ...]) -> list[tuple[int, int]]:
    """The (start, end) of the lines holding a needle in some ASCII case, each offset tried."""
    spans, begin = [], 0
    for line in text.split("\n"):
        folded = "".join(c.lower() if c.isascii() else c for c in line)
        if any(n in folded for n in needles):
            spans.append((begin, begin + len(line)))
        begin += len(line) + 1
    return spans


@pytest.mark.parametrize("copies", [1, haystack.WIDE_FROM // 40])  # a short text, and a long one
@pytest.mark.parametrize("text", [*TEXTS, "USERS: 🤖\nno\nUsErS and Accounts\naccount\n\u212aey ключ users\nİ users"])
def test_lines_in_any_case_are_the_lines_holding_a_needle(text: str, copies: int) -> None:
    text = "\n".join([text] * copies)
    needles = ("token", "users", "accounts", "key")
    spans = haystack.line_spans_holding_folded(text, needles)
    assert spans == _folded_spans(text, needles)
    assert all("\n" not in text[begin:end] for begin, end in spans)
    assert haystack.line_spans_holding_folded(text, ("absent",)) == []


@pytest.mark.parametrize("copies", [1, haystack.WIDE_FROM // 40])  # a short text, and a long one
@pytest.mark.parametrize("text", TEXTS)
def test_line_starts_are_where_the_lines_holding_a_needle_start(text: str, copies: int) -> None:
    text = "\n".join([text] * copies)
    needles = ("token:", "🤖 ", "n\nn")
    rows = set().union(*(_lines(text, n) for n in needles))
    begins = list(accumulate((len(line) + 1 for line in text.split("\n")), initial=0))
    assert haystack.line_starts_holding(text, needles) == [begins[row] for row in sorted(rows)]
    assert haystack.line_starts_holding(text, ("absent",)) == []


def test_a_needle_searched_again_finds_the_same_lines_whatever_the_caller_did() -> None:
    text = "🤖 token\nnone\ntoken 🤖\n" * (haystack.WIDE_FROM // 16)
    hay = Haystack(text)
    first = hay.lines_holding(("token",))
    first.clear()  # (a caller's set is its own: the lines kept for the next search are not it)
    assert hay.lines_holding(("token",)) == _lines(text, "token")
    assert hay.holds_any(("absent", "token")) and not hay.holds_any(("absent",))


@pytest.mark.parametrize("text", TEXTS)
def test_a_short_texts_lines_are_those_of_the_needles_it_holds(text: str) -> None:
    # A short text is tested for each needle first, and only those it holds are placed on
    # lines: the same lines as every needle searched, whichever subset is asked for, with
    # needles across a newline and needles nowhere among them.
    lines = text.split("\n")
    for k in range(len(NEEDLES)):
        needles = tuple(NEEDLES[k:]) + tuple(NEEDLES[:k:2])
        assert haystack.lines_holding(text, lines, needles) == set().union(*(_lines(text, n) for n in needles))
        assert haystack.holds_any(text, needles) == any(n in text for n in needles)
    assert haystack.lines_holding(text, lines, ("absent", "nowhere")) == set()
    assert haystack.lines_holding(text, lines, ()) == set()


@pytest.mark.parametrize("wide_from", [0, haystack.WIDE_FROM])
def test_needles_ruled_out_at_once_are_those_the_text_holds_nowhere(
    monkeypatch: pytest.MonkeyPatch, wide_from: int
) -> None:
    """`rule_out` reads, at each place, only the longest needle there among those sharing its first
    character: one that starts another (`as` in `assw`), or stands where another does, is held
    all the same; a needle sharing its first character with none is left to its own search."""
    import random

    monkeypatch.setattr(haystack, "WIDE_FROM", wide_from)
    rng = random.Random(3)
    needles = ("a", "as", "ass", "assw", "asx", "sw", "s", "—", "— ", "—x", "🤖", "🤖 ", "xy", "\n", "\nx", "z")
    pieces = ["a", "s", "w", "x", "y", " ", "\n", "—", "🤖", "q", "assw", "as", "—x", "\nx"]
    for _ in range(300):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 30)))
        hay = Haystack(text, text.split("\n"))
        hay.rule_out(needles)
        for needle in needles:
            assert hay.holds_any((needle,)) == (needle in text), (text, needle)
            assert hay.lines_holding((needle,)) == _lines(text, needle), (text, needle)
