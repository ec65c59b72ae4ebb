"""shapes.PATH_IN_RE: which words of an output line end like a file name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.failures.shapes import PATH_IN_RE


def _ends_like_a_file(word: str) -> bool:
    # The last dot, a word character before it, a letter after it, word characters to the end.
    dot = word.rfind(".")
    name, ext = word[:dot], word[dot + 1 :]
    word_char = lambda c: c.isalnum() or c == "_"  # noqa: E731
    return (
        dot >= 1
        and (word_char(name[-1]) or name[-1] in ".-")
        and ext[:1].isascii()
        and ext[:1].isalpha()
        and all(map(word_char, ext))
    )


@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="ab_Z9.-/:é\\", max_size=14))
def test_a_word_ends_like_a_file_name_or_not(word: str) -> None:
    assert bool(PATH_IN_RE.search(word)) == _ends_like_a_file(word)


def test_long_tokens_are_told_too() -> None:
    assert PATH_IN_RE.search("x" * 50_000 + "/main.rs")
    assert not PATH_IN_RE.search("A" * 50_000)
