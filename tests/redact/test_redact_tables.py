"""A value under a Markdown or CSV header that names a password or a secret is removed, row by
row until the table ends; tables whose columns only sound like one, and placeholders, are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SECRET = "Heron.4412Cedar"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"| user | password |\n|---|---|\n| admin | {SECRET} |\n| bob | {SECRET}2 |", SECRET),
        (f"username,password,role\nbob,{SECRET},admin", SECRET),
        (f"| Service | Client secret |\n| --- | --- |\n| billing | {KEY} |", KEY),
    ],
)
def test_a_cell_under_a_secret_header_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out
    assert out.split("\n")[0] == text.split("\n")[0]  # the header is kept


@pytest.mark.parametrize(
    "text",
    [
        "| user | role |\n|---|---|\n| admin | owner2 |",
        "| Setting | Password required |\n|---|---|\n| sso | yes |",
        "name,password_changed_at\nbob,2024-01-01T10:00:00Z",
        "| user | password |\n|---|---|\n| admin | <your password> |\n| bob | ******** |",
        "SELECT username, password FROM users\nWHERE id = 42",
        f"username,password\nbob,{SECRET}\n\nnote: rotated, see vault",
    ],
)
def test_other_tables_and_placeholders_are_kept(text: str) -> None:
    out = redact(text)
    kept = [line for line in text.split("\n") if SECRET not in line]
    assert all(line in out.split("\n") for line in kept)
    if SECRET not in text:
        assert out == text
