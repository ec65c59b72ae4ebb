"""A text searched in its UTF-8 bytes finds the needles where the text holds them, on the
lines they stand on."""

from __future__ import annotations

import pytest

from context_keeper.redact.haystack import Haystack

TEXTS = [
    "plain ascii: token\nsecond line token\n\ntoken",
    "an em dash — then token: x\nnext — token\n",
    "a robot 🤖 then token:\n🤖🤖 token token\nlast",
    "a lone surrogate \ud83d then token\n\udc00token\n",
    "überall token\nç token — 🤖 token\n",
]


def _found(text: str, needle: str) -> list[int]:
    """The offsets `str.find` gives, one after another, each turned into its line."""
    out, at = [], text.find(needle)
    while at != -1:
        out.append(text.count("\n", 0, at))
        at = text.find(needle, at + 1)
    return out


@pytest.mark.parametrize("text", TEXTS)
@pytest.mark.parametrize("needle", ["token", "token:", "\n", "—", "🤖 ", " — ", "absent", "n\nn"])
def test_hits_are_the_texts_own_on_the_same_lines(text: str, needle: str) -> None:
    hay = Haystack(text)
    assert hay.holds(needle) == (needle in text)
    assert [hay.line_of(at) for at in hay.hits(needle)] == _found(text, needle)


def test_overlapping_hits_are_all_found() -> None:
    hay = Haystack("🤖aaaa\naaa")
    assert [hay.line_of(at) for at in hay.hits("aa")] == [0, 0, 0, 1, 1]
