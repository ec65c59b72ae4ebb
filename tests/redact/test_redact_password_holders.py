"""A secret's noun after a password's (`db-password-secret`, `passwordSecret`) names the store's
object a password is kept in: a few words joined as such objects are named (`shop-db`) are that
object's name and kept; random parts there, words under the password's own name or under another
secret's name, stay taken."""

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.names import holds_a_password

KEPT = [
    "  parameters:\n    - name: db-host\n      value: pg.internal\n    - name: db-password-secret\n      value: shop-db",
    "export PG_PASSWORD_SECRET=orders-db",
    "      passwordSecret: pg-main",
]

REMOVED = [
    # random parts under the holder's name: the password
    ("ADMIN_LOGIN_PASSWORD_SECRET=3s8imrw9-jr0f", "3s8imrw9-jr0f"),
    ("admin_login_password.secret=3s8imrw9-jr0f", "3s8imrw9-jr0f"),
    ("password_secret = 9gXy2Lq7Rz4Vw8Nb3Hk6Tm1Pc5Sd0Fj", "9gXy2Lq7Rz4Vw8Nb3Hk6Tm1Pc5Sd0Fj"),
    # four words: a passphrase
    ("PG_PASSWORD_SECRET=correct-horse-battery-staple", "correct-horse-battery-staple"),
    # the password's own name: words a person chose are the password
    ("- name: db-password\n  value: shop-db", "shop-db"),
    # another secret's name
    ("CLIENT_SECRET=shop-db", "shop-db"),
]


def test_a_secret_after_a_password_names_its_holder() -> None:
    assert holds_a_password("db-password-secret")
    assert holds_a_password("passwordSecret")
    assert not holds_a_password("client_secret")
    assert not holds_a_password("db_password")


@pytest.mark.parametrize("text", KEPT)
def test_the_holders_name_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), REMOVED)
def test_random_parts_or_another_names_value_is_taken(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out
