"""Words about a secret run together (`mysecretpassword`, `yourapikeyhere`) are a stand-in; the
pattern that reads them holds no word two of its others make, or a failed match tries every
split (`apikey` forty times over and a `!`: 2^40 of them, a hook that never ends)."""

import re

import pytest

from context_keeper.redact.values import _ABOUT_A_SECRET, is_placeholder


def _words() -> list[str]:
    body = _ABOUT_A_SECRET.compiled().pattern.removeprefix("(?:").removesuffix(")+")
    out = []
    for alt in body.split("|"):
        out += [alt[:-2], alt[:-1]] if alt.endswith("?") else [alt]
    assert all(re.fullmatch(r"[a-z]+", w) for w in out), out
    return out


def _made_of(word: str, others: set[str]) -> bool:
    ends = {0}
    for i in range(len(word)):
        if i in ends:
            ends |= {i + len(o) for o in others if word.startswith(o, i)}
    return len(word) in ends


def test_no_word_is_made_of_others() -> None:
    words = set(_words())
    assert [w for w in sorted(words) if _made_of(w, words - {w})] == []


@pytest.mark.parametrize("value", ["yourapikeyhere", "my_api_key", "apikey", "from-env"])
def test_words_about_a_secret_are_a_stand_in(value: str) -> None:
    assert is_placeholder(value)
