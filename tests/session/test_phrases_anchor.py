"""tasks.Phrases files each phrase under its least used inner token: whatever token that was
when it was added, finding and removing stay exact as the other phrases come and go."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.session.task_index import Phrases

WORDS = st.sampled_from(["fix", "the", "parser", "of", "alpha", "part", "cache", "a"])
PHRASES = st.lists(WORDS, min_size=1, max_size=5).map(" ".join)
OPS = st.lists(st.tuples(st.booleans(), PHRASES, st.integers(0, 3)), max_size=40)


@settings(max_examples=500)
@given(ops=OPS, texts=st.lists(st.lists(WORDS, max_size=12).map(" ".join), min_size=1, max_size=3))
def test_finding_stays_exact_through_adds_and_removes(ops: list[tuple[bool, str, int]], texts: list[str]) -> None:
    index, kept = Phrases(), set()
    for adding, phrase, key in ops:
        if adding:
            index.add(phrase, key)
            kept.add((phrase, key))
        else:
            index.remove(phrase, key)
            kept.discard((phrase, key))
    for text in texts:
        assert sorted(index.found_in(text)) == sorted(key for phrase, key in kept if phrase in text)
    # Nothing left filed for a phrase no longer held.
    assert {p for ps in index.by_token.values() for p in ps} | index.loose == {phrase for phrase, _ in kept}


def test_a_shared_word_does_not_file_every_phrase() -> None:
    index = Phrases()
    for n in range(50):
        index.add(f"fix the parser of part{n} now", n)
    assert max(len(phrases) for phrases in index.by_token.values()) == 1
    assert index.found_in("we fix the parser of part7 now") == [7]
