"""A password set for a named user in a log's prose, a user and its password in one sentence,
a `-p` beside a server's host, a short flag's person-chosen value beside a user flag; and the
same sentences and commands with no secret, kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    "template",
    [
        "<W>2024-05-03 10:12:44.123 1 => Password for 'SuperUser' set to '{}'",
        'INFO  Password of user "admin" set to "{}"',
        "[setup] admin password for 'ops' changed to '{}'",
        "The default username and password is 'user' and '{}'.",
        'Username and password are "admin" and "{}"',
    ],
)
def test_a_password_set_for_a_user_in_prose_is_redacted(template: str) -> None:
    assert redact(template.format("Summer.2380Dragon")) == template.format(MARK)


@pytest.mark.parametrize(
    "text",
    [
        "Password for 'SuperUser' set to '********'",
        "Password for 'bob' set to expire in 30 days",
        "The default username and password is 'admin' and 'admin'.",
        "The username and password are 'user' and the one you chose.",
    ],
)
def test_the_same_sentences_without_a_password_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "template",
    [
        '$ mcrcon -H 127.0.0.1 -P 25575 -p {} "list"',
        "$ rconcli --host mc.internal --port 25575 -p {} list",
        "$ hatch publish -u ci -a {}",
    ],
)
def test_a_password_behind_a_short_flag_beside_a_host_or_a_user(template: str) -> None:
    for value in ("Summer.2380Dragon", "M0nk3y#9423", "Gw%Cya6WwPwjyRL"):
        assert redact(template.format(value)) == template.format(MARK)


@pytest.mark.parametrize(
    "text",
    [
        "$ psql -h db.internal -p 5432 -U app shop",
        "$ redis-cli -h cache.internal -p 6380 ping",
        "$ mcrcon -H 127.0.0.1 -P 25575 -p $RCON_PASSWORD list",
        "$ docker run --rm -h web.internal -p 8080:80 nginx",
        "$ hatch publish -u __token__ -a $PYPI_TOKEN",
    ],
)
def test_a_port_or_a_reference_beside_a_host_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "$ xcrun altool --upload-app -f Build/Acme.ipa -t ios -u dev@acme.io -p @keychain:AC_PASSWORD",
        "$ tool -u dev -p @env:AC_PASSWORD",
        "http: password for admin@localhost:8080:",
        "Enter password for admin@localhost:8080:",
    ],
)
def test_a_stores_reference_or_whose_password_a_prompt_asks_for_is_kept(text: str) -> None:
    assert redact(text) == text


def test_the_sentences_in_escaped_json_are_read_too() -> None:
    text = '{"text": "Password for \\"SuperUser\\" set to \\"Summer.2380Dragon\\""}'
    assert redact(text) == text.replace("Summer.2380Dragon", MARK)
    text = '{"text": "Username and password are \\"admin\\" and \\"Summer.2380Dragon\\""}'
    assert redact(text) == text.replace("Summer.2380Dragon", MARK)
