"""Secrets in positions no name marks (`redact.nameless`, `redact.printed_headings`): a literal
after a user, after a host and its port, or a random key among a login's, a client's, a pool's
or a session's arguments; a command that logs in, its password after the user or alone after
the verb; a value alone under a heading that names a secret. And what stands in the same places
and is no secret: variables, keyword arguments, digests, uuids, integrity strings, base64 data,
versions, mechanisms' names, prose."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

_PERSON = ("Cedar.5182Heron", "juniper-fjord-4471", "basil9023", "Ember#Grove61")
_RANDOM = ("Zt4qW8rN2xK7vB1mP6sD9fH3jL5cY0gA", "h7Rk2_Wq9Lz4-Xv8Tn3Mb6Yp")

SECRETS = (
    # a variable named for a user, then the secret, in a call named for a login
    'session = Session.open(hostName, loginName, "{v}")',
    # a host and its port, then numbers, then the secret
    'pool = new RedisPool(cfg, "cache.internal", 6380, 5000, "{v}")',
    # a host, a user and the secret in any call
    "Net::SSH.start('build7', 'ci', '{v}')",
    # a command that logs in
    "10.0.0.2:6379> AUTH {v}",
    "/msg ChanServ IDENTIFY {v}",
    # printed under a heading that names a secret
    "Initial admin password\n----------------------\n{v}",
    "Your new password is\n  {v}",
    "## Root password\n\n{v}\n",
)
RANDOM_ONLY = (
    # a random key in any argument slot of a client's or a session's call
    'let client = Client::new(&tenant, "{v}");',
    'api = SessionBuilder.create(region, "{v}")',
    # a call whose result is kept as a client: the name says what it builds
    "const client = makeApi(region, '{v}');",
)


@pytest.mark.parametrize("template", SECRETS)
@pytest.mark.parametrize("value", _PERSON + _RANDOM)
def test_a_nameless_secret_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out
    assert MARK in out


@pytest.mark.parametrize("template", RANDOM_ONLY)
@pytest.mark.parametrize("value", _RANDOM)
def test_a_random_key_in_a_clients_slot_is_removed(template: str, value: str) -> None:
    assert value not in redact(template.format(v=value))


KEPT = (
    # variables and keyword arguments: the readings of names judge those
    'conn = pymysql.connect("db01", "reporting", password)',
    'srv.login("noreply@example.org", os.environ["SMTP_PASS"])',
    'pool = new RedisPool(cfg, "cache.internal", 6380, 5000, timeoutName)',
    'ssh.connect("10.0.0.5", 22, "ubuntu", look_for_keys=False)',
    # what looks random in a client's slot and is public or derived
    'c = Client(region, "sha512-Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9v==")',
    'c = Client(region, "3f1e2d4c-5b6a-4789-9abc-def012345678")',
    'c = Client(region, "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")',
    'c = PublicKeyClient(cluster, "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin")',
    'session.get(url, "checkout_service_integration_test_fixture_0001")',
    'pool = Pool("db.example.com", 5432, 10, "v2.1.0")',
    'route("api.example.com", "users", "v2_beta")',
    'pool = ConnectionPool("postgres", "localhost", 5432, "app_production")',
    # a client built from a name and a version, no key
    "const client = makeApi(region, 'checkout-service-v2');",
    "const client = makeApi(region, 'Checkout Service');",
    # commands: a mechanism's name, a verb's own sub-command, a host
    "250-AUTH PLAIN LOGIN CRAM-MD5",
    "gh auth login",
    "docker login registry.example.com",
    "ssh login to host3 failed",
    # headings over what is not a secret
    "Token\n-----\nsee docs",
    "Secret\n------\nprod/db/password",
    "Release notes for the token\nv1.2.3-rc4",
    "## Rotate the API token\nkubectl rollout restart deploy/api",
)


@pytest.mark.parametrize("text", KEPT)
def test_what_stands_there_and_is_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    ("**Auth and trust boundary:**", "1. **Identify insertion points:**", "Login screens and sign-in flows."),
)
def test_a_title_that_starts_with_an_auth_word_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_directive_named_for_a_connection_gives_the_password_after_its_user() -> None:
    out = redact("SQLConnectInfo appdb@localhost appdb cedar-heron-fjord-4471")
    assert "cedar-heron-fjord-4471" not in out
    assert out.startswith("SQLConnectInfo appdb@localhost appdb ")


@pytest.mark.parametrize(
    "text", ("useAuth hook returns user token2024", "  OAuth flow for user admin2024", "dbLogin app v2.1-beta")
)
def test_a_compound_word_in_code_or_prose_keeps_a_plain_value(text: str) -> None:
    assert redact(text) == text


def test_a_hex_key_after_its_accounts_id_is_removed() -> None:
    key = "2762a7f34c719c5815dc8fb149a262de"
    out = redact(f"const client = twilio('AC38e6d5c37419657f754252d85c7de50d', '{key}');")
    assert key not in out and MARK in out
