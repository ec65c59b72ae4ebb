"""A generated password whose alphabet holds `/` (mysqld's, a secrets manager's) is removed
where a label or a sentence names it; a path, a query, a reference with a slash is kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.password_shapes import password_shaped


@pytest.mark.parametrize("value", ["t$cY/Zn7?sQ%", "Kq9/x#Lm2&Vp", "r/7Tz!wQ^3bN", "8G%u/Ye4*pLs"])
@pytest.mark.parametrize(
    "template",
    [
        "[Server] A temporary password is generated for root@localhost: {v}",
        "Generated password for user 'admin': {v}",
        "The generated password is: {v}",
        '{{"username": "svc", "password": "{v}"}}',
    ],
)
def test_a_generated_password_holding_a_slash_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "value",
    ["src/Auth2.ts?raw", "%APPDATA%/Keys2", "$HOME/.pgpass", "~/Secrets/Db2!.txt", "refs/heads/main", "/etc/app/pass"],
)
def test_a_path_or_a_reference_with_a_slash_is_no_password(value: str) -> None:
    assert not password_shaped(value)


@pytest.mark.parametrize(
    "text",
    [
        "Password file: /etc/app/pass",
        "Token: src/Auth2.ts?raw",
        "Secret: %APPDATA%/Keys2",
        "password: $HOME/.pgpass",
        "Password: ~/Secrets/Db2!.txt",
    ],
)
def test_paths_under_a_secrets_label_are_kept(text: str) -> None:
    assert redact(text) == text
