"""The heuristics' shortcuts give the answers of what they stand for: a text's sentences without
the splitting regex, a restated decision without a set comparison per kept one."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.session import heuristics
from context_keeper.session.heuristics import _SENTENCE_RE, _sentences, decision_words, restating, same_decision

# Texts made of the characters a split turns on: sentence ends, blanks of several kinds, line
# breaks, the capitals and quotes a new sentence opens with, and ordinary letters.
PIECES = st.sampled_from(
    ["a", "b c", ".", "!", "?", " ", "\t", "\u00a0", "\n", "A", "`", '"', "'", "(", "[", "*", "x.y"]
)


@settings(max_examples=600, deadline=None)
@given(st.lists(PIECES, max_size=14).map("".join))
def test_sentences_are_the_regex_split(text: str) -> None:
    assert _sentences(text) == _SENTENCE_RE.split(text)


def test_sentences_of_one_sentence_skip_the_regex(monkeypatch) -> None:
    class Refuse:
        def split(self, text: str) -> list[str]:
            raise AssertionError("split by the regex")

    monkeypatch.setattr(heuristics, "_SENTENCE_RE", Refuse())
    assert _sentences("Tests pass for the parser.") == ["Tests pass for the parser."]
    assert _sentences("no end at all") == ["no end at all"]
    assert _sentences("") == [""]


WORDS = st.frozensets(st.sampled_from("abcdefghij"), max_size=8)


@settings(max_examples=600, deadline=None)
@given(WORDS, WORDS)
def test_restating_is_same_decision(words: frozenset[str], other: frozenset[str]) -> None:
    assert restating(words)(other) == same_decision(other, words)


def test_restating_on_sentences() -> None:
    kept = decision_words("We decided to keep the old signature working.")
    assert restating(decision_words("Decided: keep the old signature working"))(kept)
    assert not restating(decision_words("We decided to drop the old signature entirely."))(kept)


CLEAN_PIECES = st.sampled_from(["**", "__", "*", "_", "-", "•", "1", "12", "٣", ".", ")", " ", "\t", "a", "B c"])


@settings(max_examples=600, deadline=None)
@given(st.lists(CLEAN_PIECES, max_size=10).map("".join))
def test_clean_is_both_substitutions(sentence: str) -> None:
    expected = heuristics._BULLET_RE.sub("", heuristics._EMPHASIS_RE.sub("", sentence).strip()).strip()
    assert heuristics._clean(sentence) == expected
