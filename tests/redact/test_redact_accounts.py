"""The last argument of a command that makes an account, after the user, is its password;
a flag's argument, a place, a path or a lone argument is kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SECRET = "Heron.4412Cedar"


@pytest.mark.parametrize(
    "text",
    [
        f"relayd create-worker /srv/relay relay.example.com:7000 relay-1 {SECRET}",
        f"mqadmin add-user bob '{SECRET}'",
        "mqadmin add-user bob heron4412",  # a word and digits: in this position, a password
        f"hubctl user create ops {SECRET}",
    ],
)
def test_the_password_after_the_user_of_an_account_making_command_goes(text: str) -> None:
    out = redact(text)
    assert SECRET not in out and "heron4412" not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "useradd -m deploy2024",  # the user alone
        "hubctl create-account ops us-east-1",  # a place
        "hubctl create-account ops node1.lan",
        "hubctl add-user bob --group admin2",  # a flag's argument
        "hubctl add-user bob keys/bob.pub",  # a path
        "git worktree add ../wt feature2024",  # no account made
    ],
)
def test_what_follows_a_user_that_is_no_password_stays(text: str) -> None:
    assert redact(text) == text


def test_a_stored_credential_s_password_goes() -> None:
    out = redact("walletctl -wrl /srv/wallet -createCredential MAIN app heron4412")
    assert "heron4412" not in out
    assert "MAIN app" in out


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("etcdctl user add app:sunshine-coffee-purple-6725", "sunshine-coffee-purple-6725"),
        ("etcdctl user add root:Purple.861Garden --interactive=false", "Purple.861Garden"),
        ("etcdctl user add app:Shad0w#3741", "Shad0w#3741"),
    ],
)
def test_a_user_and_its_password_joined_by_a_colon_is_read(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and out.count(":") == text.count(":")


@pytest.mark.parametrize("text", ["etcdctl role add app:readonly", "etcdctl user add app:", "useradd deploy:deploy"])
def test_a_colon_joined_name_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("prosodyctl register alice chat.example.org maple-stone-harbor-4417", "maple-stone-harbor-4417"),
        (f"xmppctl register alice chat.example.org {SECRET}", SECRET),
        (
            "relayd create-worker /srv/relay relay.example.com:7000 relay-1 maple-stone-harbor-4417",
            "maple-stone-harbor-4417",
        ),
    ],
)
def test_a_registered_user_s_password_goes_after_its_domain_or_as_a_passphrase(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "aws ec2 register-image --name base us-east-1",
        "cloudctl create-worker pool-a eu-west-2a",
        "app.register blueprint main",
        # `register` without a user's domain: a model, an app, a sentence
        "register model resnet50 ResNet50v2",
        "$ register app frontend Release2024",
        "register the handler for route2024",
    ],
)
def test_a_place_s_name_after_a_register_or_create_verb_is_kept(text: str) -> None:
    assert redact(text) == text
