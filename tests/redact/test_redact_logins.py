"""A login's password given as a plain argument after its user (named by a flag, or after or
before the address it logs in to) is removed; a command's other arguments are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("relayctl -nr 01 -host relay7 -user opsadm wQ4vN8rT2kLpZ -function Status", "wQ4vN8rT2kLpZ"),
        ("gamecli +login builder Heron.4412Cedar +quit", "Heron.4412Cedar"),  # a `+` flag names the user
        ("dbuserstore SET MAIN db.example.com:30015 OPS Heron@4412", "Heron@4412"),  # host:port, user, password
        ("xmppctl adduser bob chat.example.org heron4412", "heron4412"),  # user, domain, password
        ("vpnctl credential add 10.0.0.5 app 'tQ7#vR2!pZ'", "tQ7#vR2!pZ"),  # an IPv4 address
    ],
)
def test_the_password_after_a_login_s_user_goes(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "docker exec -u root container2 bash",  # a user flag, then the command's next argument
        "mysql -h db.example.com app_prod migrations_2024",  # a name of words
        'git config user.name "builder2024"',  # a config key is no domain
        "git config branch.main.remote origin2",
        "ssh -l bob host.example.com",  # a host
        "scp -l 8000 bob@example.com:/srv/a.tar.gz .",
        "vpnctl credential add 10.0.0.5 app /etc/app/client.pem",  # a path
        "registry register example.com bob --password-stdin",  # a flag
    ],
)
def test_other_arguments_of_a_login_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("remotectl -r:web1 -u:CORP\\admin -p:Tiger3520! ipconfig", "Tiger3520!"),  # Windows' `-u:` and `-p:`
        (
            "snmpuser -ro -A rocket-maple-shadow-9151 -a SHA -X rocket-maple-shadow-9151 monitor",
            "rocket-maple-shadow-9151",
        ),
    ],
)
def test_windows_colon_flags_and_one_passphrase_given_to_two_flags(text: str, value: str) -> None:
    assert value not in redact(text)


def test_the_same_name_given_to_two_flags_stays() -> None:
    text = "deploy --from build2024 --env prod --to build2024"
    assert redact(text) == text
