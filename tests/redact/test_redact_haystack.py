"""A text searched in its UTF-8 bytes finds the needles where the text holds them, on the
lines they stand on."""

from __future__ import annotations

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


def _folded_lines(text: str, needles: tuple[str, ...]) -> list[int]:
    """The lines holding a needle in some ASCII case, each offset tried."""
    lines = text.split("\n")
    return [
        j
        for j, line in enumerate(lines)
        if any(
            line[k : k + len(n)].encode("ascii", "replace").lower() == n.encode()
            for n in needles
            for k in range(len(line))
        )
    ]


@pytest.mark.parametrize("copies", [1, haystack.WIDE_FROM // 40])  # a short text, and a long one
@pytest.mark.parametrize("text", [*TEXTS, "USERS: 🤖\nno\nUsErS and Accounts\naccount\n\u212aey ключ users"])
def test_lines_in_any_case_are_every_line_holding_a_needle(text: str, copies: int) -> None:
    text = "\n".join([text] * copies)
    needles = ("token", "users", "accounts")
    found = haystack.lines_holding_folded(text, text.split("\n"), needles)
    exact = _folded_lines(text, needles)
    assert set(exact) <= set(found) and found == sorted(found)
    if len(text) >= haystack.WIDE_FROM:
        assert found == exact  # (in bytes: ASCII letters alone are folded)
    assert haystack.lines_holding_folded(text, text.split("\n"), ("absent",)) == []
