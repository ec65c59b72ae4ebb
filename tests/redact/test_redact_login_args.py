"""A login's password read from the call around it (`login_args`): a server list before the
user, a callee named for a user and a password, a login call's lone literal."""

import pytest

from context_keeper.redact import MARK, redact

REMOVED = [
    ('mc = bmemcached.Client(("cache:11211",), "app", "sunshine-silver-silver-7012")', "sunshine-silver-silver-7012"),
    ('pool = Pool(["db1.internal:5432"], "svc", "maple-river-stone-4410")', "maple-river-stone-4410"),
    ('client.username_pw_set("iot", "tiger-tiger-sunshine-5916")', "tiger-tiger-sunshine-5916"),
    ('conn.setUserPassword("ops", "orange-falcon-castle-1187")', "orange-falcon-castle-1187"),
    ('await client.login("LYDEPACcc2oVo5TP")', "LYDEPACcc2oVo5TP"),
    ('session.signIn("Qx7bT2mLw9Vz")', "Qx7bT2mLw9Vz"),
]

KEPT = [
    'mc = bmemcached.Client(("cache:11211",), "app", "node2")',
    'client.username_pw_set("iot")',
    "client.username_pw_set(user, pw)",
    'client.login("bob")',
    'ftp.login("anonymous")',
    'client.login("bob", remember=True)',
    'client.login("Bob2")',
]


@pytest.mark.parametrize(("text", "secret"), REMOVED)
def test_the_login_password_is_removed(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


@pytest.mark.parametrize("text", KEPT)
def test_an_ordinary_call_is_kept(text: str) -> None:
    assert redact(text) == text
