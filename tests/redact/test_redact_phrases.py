"""A phrase of words under a label that names it (`phrases`), and a random key given to a
verb that signs in after the key's id (`positions`); and the sentences and commands without one."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

PHRASE = "bramble acorn hollow hollow dapple inlet kestrel fjord"


@pytest.mark.parametrize(
    "template",
    [
        "nextcloud-aio-mastercontainer  | Initial passphrase: {}",
        "Your recovery phrase: {}",
        "MNEMONIC={}",
        '{{"mnemonic": "{}"}}',
        "seed phrase = '{}'",
    ],
)
def test_a_phrase_of_words_under_its_label_is_redacted(template: str) -> None:
    assert redact(template.format(PHRASE)) == template.format(MARK)


@pytest.mark.parametrize(
    "text",
    [
        "Recovery phrase: write these words down and keep them offline",
        "Your recovery phrase is shown once after setup completes",
        "mnemonic: the assembly name of the instruction",
        "passphrase: bramble acorn hollow",  # three words: too few for a generator's phrase
    ],
)
def test_a_sentence_under_the_label_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "template",
    ["$ b2 account authorize 0012ab34cd560000000000003 {}", "$ b2 authorize-account 0012ab34cd560000000000003 {}"],
)
def test_a_key_after_its_id_given_to_a_sign_in_verb_is_redacted(template: str) -> None:
    key = "9dF3bD8uJHjbZwWJVNRdmnT2VX2kXJ6oDIeTWJ"
    assert redact(template.format(key)) == template.format(MARK)


@pytest.mark.parametrize(
    "text",
    ["$ b2 account authorize $B2_KEY_ID $B2_APP_KEY", "$ gcloud auth login bob@example.com", "$ b2 account authorize"],
)
def test_a_sign_in_verb_without_a_key_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "words",
    ["oxygen these gravel ribbon tundra maple", "anchor that gravel ribbon tundra", "moped only cider gravel ribbon"],
)
def test_a_passphrase_holding_one_word_a_generator_shares_with_prose_is_redacted(words: str) -> None:
    # `these`, `that`, `only` are on the EFF's lists: one of them alone does not make a sentence.
    assert redact(f"Initial password: {words}") == f"Initial password: {MARK}"
