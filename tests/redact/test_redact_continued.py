"""Commands continued after a trailing backslash read as the line they make (`redact.continued`);
a user's password after a colon under an auth name; random values under a cookie's or an
`encrypt` name; and the look-alikes beside them."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

PW = "Maple.1234river"
KEY = "AbCdEfGh1234567890AbCdEfGh1234567890"

TAKEN = (
    "export DB_PASSWORD=\\\n  {pw}",
    "ENV DB_PASSWORD=\\\n    {pw} \\\n    DB_USER=app",
    "curl -u \\\n  admin:{pw} https://api.example.com",
    "az sql server create --admin-user app --admin-password \\\n  {pw}",
    "aws configure set aws_secret_access_key \\\n  {key}",
    'PASSWORD = \\\n    "{pw}"',
    'cloud.auth: "elastic:{pw}"',
    "auth: elastic:winter6627",
    'erlang_cookie = "{key}"',
    "RABBITMQ_ERLANG_COOKIE={key}",
    'encrypt = "{key}"',
)


@pytest.mark.parametrize("template", TAKEN)
def test_values_after_a_continuation_or_under_these_names_go(template: str) -> None:
    text = template.format(pw=PW, key=KEY)
    secret = next(s for s in (PW, KEY, "winter6627") if s in text)
    out = redact(text)
    assert secret not in out and MARK in out


def test_a_continued_line_keeps_its_backslashes_and_the_user() -> None:
    assert redact("export DB_PASSWORD=\\\n  Maple.1234river") == "export DB_PASSWORD=\\\n  [REDACTED]"
    assert redact("curl -u \\\n  admin:Maple.1234river https://x") == "curl -u \\\n  admin:[REDACTED] https://x"


KEPT = (
    "docker build \\\n  --build-arg VERSION=1.2.3 \\\n  -t app:latest .",
    "ls \\\n  -la",
    "./configure \\\n  --prefix=/usr/local \\\n  --with-openssl=/opt/openssl",
    'export DB_PASSWORD=\\\n  "$(pass show db)"',
    '"auth": "github:read"',
    'auth_method: "scram:sha256"',
    'credentials: "arn:aws:iam::123456789012:role/app"',
    'basic_auth: "${USER}:${PASSWORD}"',
    "Cookie: _ga=GA1.2.1234567890.1700000000; theme=dark",
    'cookie_name = "XSRF-TOKEN"',
    "SESSION_COOKIE_SECURE = True",
    "encrypt_verify_incoming = true",
    "encrypt = true",
)


@pytest.mark.parametrize("text", KEPT)
def test_look_alikes_are_kept(text: str) -> None:
    assert redact(text) == text


DEFAULTS = (
    'password = os.environ.get("X", "Maple.1234river")',
    'conn = connect(password=os.environ.get("X", "Maple.1234river"),',
    'password = System.getenv().getOrDefault("PG", "Maple.1234river");',
)


@pytest.mark.parametrize("text", DEFAULTS)
def test_the_default_of_a_lookup_under_a_password_name_goes(text: str) -> None:
    out = redact(text)
    assert PW not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    (
        'password = os.environ.get("DB_PASSWORD", "")',
        'password = os.environ.get("DB_PASSWORD", "changeme")',
        'token_url = os.getenv("TOKEN_URL", "https://auth.example.com/token")',
        'password_file = os.getenv("PW_FILE", "/run/secrets/pw")',
    ),
)
def test_defaults_that_are_no_secret_stay(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    (
        "PRAGMA key = 'Maple.1234river';",
        "sqlite> PRAGMA rekey='Maple.1234river';",
        "ATTACH DATABASE 'enc.db' AS enc KEY 'Maple.1234river';",
    ),
)
def test_an_encrypted_databases_key_in_sql_goes(text: str) -> None:
    out = redact(text)
    assert PW not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    (
        "PRAGMA foreign_keys = ON;",
        "PRAGMA key = '';",
        "PRAGMA key = '<your passphrase>';",
        "ATTACH DATABASE 'other.db' AS other;",
    ),
)
def test_other_pragmas_and_placeholders_stay(text: str) -> None:
    assert redact(text) == text
