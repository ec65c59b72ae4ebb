"""Values that describe a secret, not the secret: a generic type after a secret's name, a label
whose word after the noun names a digest or an id, a table column whose header names a digest;
and the secrets beside them that must still go."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

KEPT = (
    "password: Option<SecretString>,",
    "    token: Result<AccessToken, AuthError>",
    "secret: Box<dyn SigningKey>,",
    "apiKey: ReturnType<typeof useApiKey>",
    "Secret fingerprint: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "Token hash: 3f1b6c2e9a7d4e3b8c5f0d1e2f3a4b5c",
    "| NAME        | TYPE   | DIGEST           |\n| db-password | Opaque | 9f86d081884c7d65 |",
    "$ fly secrets list\nNAME             \tDIGEST          \tCREATED AT\nDATABASE_PASSWORD\t3b1f6c2e9a7d4e3b\t2m ago",
)


@pytest.mark.parametrize("text", KEPT)
def test_descriptions_of_a_secret_are_kept(text: str) -> None:
    assert redact(text) == text


TAKEN = (
    ("password: Maple<Tree>", "Maple<Tree>"),  # brackets in a password, no known type in them
    ("password: Abc<Option>9x!", "Abc<Option>9x!"),  # the value goes on past the brackets
    ("DB_PASSWORD: Option<Tree>", "Option<Tree>"),  # an environment's name: a literal
    ("password for bob: Maple.1234river", "Maple.1234river"),
    ("Token I generated: ghx7Hq2LmN9pQrStUvWxYz0123456789AbCd", "ghx7Hq2LmN9pQrStUvWxYz0123456789AbCd"),
    ("NAME              VALUE\nDATABASE_PASSWORD 3b1f6c2e9a7d4e3b9f86d081884c7d65", "3b1f6c2e9a7d4e3b9f86d081884c7d65"),
    ("NAME  DIGEST\n\nDB_PASSWORD  3b1f6c2e9a7d4e3b9f86", "3b1f6c2e9a7d4e3b9f86"),  # a blank line ends the table
)


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_secrets_beside_descriptions_still_go(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


def test_a_label_of_several_words_naming_an_id_is_kept() -> None:
    assert redact("Secret Key ID: 4AEE18F83AFDEB23") == "Secret Key ID: 4AEE18F83AFDEB23"
    assert MARK in redact("Secret Key: ghx7Hq2LmN9pQrStUvWxYz0123456789AbCd")


def test_a_sentence_after_the_noun_is_no_label_of_an_id() -> None:
    text = "$ gitea admin user generate-access-token -u bob\nAccess token was successfully created: 7782e3eb2a117fae7a9378dd72de25c17a38ff42"
    assert "7782e3eb2a117fae7a9378dd72de25c17a38ff42" not in redact(text)
