"""A value under a name that says a password is kept in it (`db-password-secret`,
`passwordSecret`) is taken even when it reads as a few words joined by `-`: a passphrase has that
shape (`unsaid-flammable-trance` is a password manager's default), and so does the name of the
object holding a password, and words alone cannot tell the two apart."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    "text",
    [
        "password_secret: unsaid-flammable-trance",
        "db-password-secret: correct-horse-battery",
        "PASSWORD_SECRET=tiger-lamp-seven",
        "passwordSecret: plumber-rug",
    ],
)
def test_words_joined_under_a_password_holders_name_are_taken(text: str) -> None:
    out = redact(text)
    assert MARK in out
    assert text.rsplit(" ", 1)[-1] not in out
