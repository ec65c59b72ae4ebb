"""Stand-ins a build or a config manager replaces: a name wrapped twice (`<<TOKEN>>`,
`@@DB_PASSWORD@@`, `%%API_KEY%%`), Puppet's interpolation (`%{hiera('…')}`), words saying where the
value comes from (`from-env`); a password that only looks wrapped stays taken."""

import pytest

from context_keeper.redact import MARK, redact

KEPT = [
    "token: <<TOKEN>>",
    'password: "@@DB_PASSWORD@@"',
    "API_KEY=%%API_KEY%%",
    "password: \"%{hiera('db_password')}\"",
    "auth_token: from-env",
]

REMOVED = [
    ("password: <<Tr0ub4dor&3", "Tr0ub4dor&3"),  # opened, never closed
    ("password: @@Summer-2024!", "Summer-2024!"),
    ("password: %Summer2024!x", "Summer2024!x"),
]


@pytest.mark.parametrize("text", KEPT)
def test_a_stand_in_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), REMOVED)
def test_a_password_that_only_starts_so_is_taken(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("DB_PASSWORD=<<Summer2024>", "Summer2024"),
        ("DB_PASSWORD=@@Summer2024@", "Summer2024"),
        ("DB_PASSWORD=%%Summer2024%", "Summer2024"),
    ],
)
def test_a_password_wrapped_unevenly_is_taken(text: str, secret: str) -> None:
    # a stand-in is wrapped the same on both sides; `<<x>` is no template's syntax
    out = redact(text)
    assert secret not in out and MARK in out
