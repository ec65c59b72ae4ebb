"""Secrets in places the readings learned after a scored set was read: a literal inside a
template or an interpolation (`redact.templated`), a name field beside its value in a form or
a JSON patch, a lookup's default after an index, a key in a role under a cipher's scope, a
`bearer` block, a numbered table column, a token on a sign-in command's input. And what
stands in the same places and is no secret: a variable in the template, a word, a reference,
a property of the secret, a table's titles."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

_PERSON = ("Cedar.5182Heron", "juniper-fjord-4471", "Ember#Grove61")
_RANDOM = ("Zt4qW8rN2xK7vB1mP6sD9fH3jL5cY0gA", "h7Rk2Wq9Lz4Xv8Tn3Mb6YpQe")

SECRETS = (
    # a literal passed through a filter or an encoding call, in a secret's place
    "    db_password: \"{{{{ '{v}' | password_hash('sha256') }}}}\"",
    "dsn = f\"mysql+pymysql://app:{{quote_plus('{v}')}}@db.internal/shop\"",
    "const url = `amqp://worker:${{encodeURIComponent('{v}')}}@mq:5672`",
    # a name field, then its value: a form's fields, a JSON patch
    'curl -X POST -F "key=REDIS_PASSWORD" -F "value={v}" https://ci.example.com/api/variables',
    "https://ci.example.com/vars?key=SMTP_PASSWORD&value={v}",
    'kubectl patch secret app -p \'[{{"op":"add","path":"/stringData/password","value":"{v}"}}]\'',
    # a lookup's default after an index
    'var pw = config["Smtp:Password"] ?? "{v}";',
    "$pw = $config['mail:password'] ?? '{v}';",
)
RANDOM_ONLY = (
    # a key in a role under a cipher's scope
    "app.encryption.primary_key = '{v}'",
    # a block named for a bearer token, a host as each key
    '{{\n  "bearer": {{\n    "pkg.example.org": "{v}"\n  }}\n}}',
    # a token fed to a command that sets up where it signs in
    "doctl auth init --context staging <<< '{v}'",
    'tool contexts add prod <<< "{v}"',
)


@pytest.mark.parametrize("template", SECRETS)
@pytest.mark.parametrize("value", _PERSON + _RANDOM)
def test_a_value_in_these_places_is_taken_out(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize("template", RANDOM_ONLY)
@pytest.mark.parametrize("value", _RANDOM)
def test_a_random_key_in_these_places_is_taken_out(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


def test_a_numbered_column_of_a_table_is_read_and_its_titles_kept() -> None:
    text = (
        "$ registry creds show -o table\nUSERNAME    PASSWORD                          PASSWORD2\n"
        "----------  --------------------------------  --------------------------------\n"
        f"ci-bot      {_RANDOM[0]}  {_RANDOM[1]}X1234567"
    )
    out = redact(text)
    assert _RANDOM[0] not in out and _RANDOM[1] not in out
    assert "PASSWORD                          PASSWORD2" in out


KEPT = (
    # a variable in the template, a word through a filter, a lookup of a variable
    "    db_password: \"{{ vault_db_password | password_hash('sha512') }}\"",
    "    greeting: \"{{ 'hello world' | upper }}\"",
    'dsn = f"mysql+pymysql://app:{quote_plus(db_password)}@db.internal/shop"',
    # a property of the secret, a reference under a secret's block
    "jwt.token-validity=PT30M",
    "  credentials:\n    SMTP_PASSWORD:\n      vault: kv/data/mail/password@ops\n      env: SMTP_PASSWORD",
    # a name field beside a path, a lookup's default that is a word, a table's key
    '{"path": "/usr/local/bin/tool", "value": "enabled"}',
    'var issuer = config["Jwt:Issuer"] ?? "shop-api";',
    "db.primary_key = 'account_id'",
    "encryption.public_key = 'Zt4qW8rN2xK7vB1mP6sD9fH3jL5cY0gA'",
    # a decoder's input, a numbered name as a value
    "base64 -d <<< 'aGVsbG8gd29ybGQgdGhpcyBpcyBkYXRh'",
    "USERNAME    PASSWORD    PASSWORD2",
)


@pytest.mark.parametrize("text", KEPT)
def test_what_stands_there_and_is_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text
