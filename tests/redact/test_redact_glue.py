"""A value set under a secret's, a token's or a credential's name is removed in any shape a
person chose, whatever glue the syntax joins them with; values that only name an algorithm,
a header, a call, a code identifier or a stored object are kept under any name; a YAML block
scalar and a value a CI step declares secret are read as their one-line forms."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

WORDS = "maple-harbor-copper-4441"  # words and digits: a person's choice, not strongly mixed
PLAIN = "copper9568"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"webhook_secret: {WORDS}", WORDS),
        (f'client_secret = "{PLAIN}"', PLAIN),
        (f"API_KEY := {PLAIN}", PLAIN),  # a Makefile's
        (f'apiKey -> "{PLAIN}"', PLAIN),
        (f'auth_token <- "{WORDS}"', WORDS),  # R
        (f"access_token <- {WORDS}", WORDS),
        (f"SET app.secret.key TO '{PLAIN}';", PLAIN),  # a dotted name's last word qualified before it
        (f'app.api.key := "{PLAIN}"', PLAIN),
        (f'config.setApiKey("{PLAIN}");', PLAIN),  # a setter
        (f'Client.builder().apiKey("{PLAIN}").build()', PLAIN),  # a builder's method given one literal
        (f"| smtp_pass | {WORDS} |", WORDS),  # a table's row
        (f"'app.signing.key' => '{WORDS}',", WORDS),
        (f"<app.api.key>{KEY}</app.api.key>", KEY),
    ],
)
def test_a_value_set_under_a_secret_name_is_removed_in_any_shape(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "CREATE SECRET s3cred (TYPE s3, PROVIDER credential_chain);",  # a verb, the noun, a name it gives
        f'api_key = app_store_connect_api_key(key_id: "{PLAIN}")',  # a call, not a setter
        "config.setTokenExpiry(3600);",
        '.token("github")',
        '.apiKey(System.getenv("API_KEY"))',
        "| password | string | required |",
        "echo $PASSWORD | base64 -d",
        "cat server.key api.key",  # files, not names
    ],
)
def test_what_does_not_set_a_secret_keeps_the_value(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        'password: "bcrypt"',
        "encryption_key: aes-256-gcm",
        'signing_key = "HS256"',
        'api_key: "X-Api-Key"',
        "token: 'Authorization'",
        'password = "read_secret()"',
        "DB_PASSWORD: 'secretKeyRef'",
        'password("env.DB_PASSWORD", "credentialsJSON:5b7c2a1e-0d3f-4e8a-9b6c-1f2e3d4c5b6a")',
        "credential_process = aws-vault export --format=json prod",
        "https://api.example.com/v1/items?DB_PASSWORD=secretKeyRef&limit=10",
        "apiKey: !!str ",
        "app.password: !!str <your-password>",
        "<privateKeyPassphrase>false</privateKeyPassphrase>",
        "deploy --client-secret vault:secret/data/db#password --region eu-west-1",
        'MANA_TOKEN = "0xa1c57f48f0deb89f569dfbe6e2b7f46d33606fd4"',  # a token's contract address
    ],
)
def test_a_value_that_names_a_thing_is_kept_under_a_secret_name(text: str) -> None:
    assert redact(text) == text


def test_a_query_parameter_ends_at_the_next_one() -> None:
    out = redact(f"https://api.example.com/v1/items?limit=10&api_key={PLAIN}&page=2")
    assert PLAIN not in out
    assert out.endswith("&page=2")


def test_a_password_s_last_symbol_stays_inside_the_mark_after_equals() -> None:
    assert redact("export DB_PASSWORD=Harbor1234!") == f"export DB_PASSWORD={MARK}"
    assert redact("password: Harbor1234!") == f"password: {MARK}"


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"api_key: |\n  {WORDS}\nnext: 1", WORDS),
        (f"  stringData:\n    DB_PASSWORD: >-\n      {PLAIN}\n    DB_HOST: db", PLAIN),
        (f"token: |\n  {KEY}", KEY),
    ],
)
def test_a_block_scalar_under_a_secret_name_is_removed(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out
    assert "next: 1" in out or "DB_HOST: db" in out or out.startswith("token: |")


@pytest.mark.parametrize(
    "text",
    ["api_key: |\n  ${API_KEY}\nnext: 1", "script: |\n  echo $TOKEN\n  ./deploy.sh"],
)
def test_a_block_scalar_that_refers_or_is_no_secret_s_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [f'echo "::add-mask::{PLAIN}"', f"echo '##vso[task.setvariable variable=dbPassword;issecret=true]{PLAIN}'"],
)
def test_a_value_a_ci_step_declares_secret_is_removed(text: str) -> None:
    out = redact(text)
    assert PLAIN not in out
    assert MARK in out


def test_a_ci_step_s_reference_is_kept() -> None:
    for text in ('echo "::add-mask::$TOKEN"', "echo '##vso[task.setvariable variable=x;issecret=true]$(db.password)'"):
        assert redact(text) == text


@pytest.mark.parametrize("literal", ['"""{}"""', "'''{}'''", 'f"{}"', '$"{}"', 'r"{}"', 'b"{}"'])
def test_a_value_in_any_string_literal_form_is_removed(literal: str) -> None:
    text = "smtp_password = " + literal.format(WORDS)
    out = redact(text)
    assert WORDS not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text", ['password = f"{settings.db_password}"', 'password = """{password}"""', 'token = $"{prefix}-{id}"']
)
def test_a_template_in_a_literal_form_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        (f"composer config -g github-oauth.github.com {KEY}", KEY),
        (f"bundle config set --local BUNDLE_GEMS__EXAMPLE__COM bob:{PLAIN}", PLAIN),
        (f"BUNDLE_RUBYGEMS__PKG__GITHUB__COM=bob:{KEY}", KEY),
        (f'git config --global url."https://{KEY}:x-oauth-basic@github.com/".insteadOf "https://github.com/"', KEY),
    ],
)
def test_a_credential_a_package_manager_keeps_under_a_host_is_removed(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "BUNDLE_BUILD__NOKOGIRI=--use-system-libraries",
        "bundle config set --local path vendor/bundle",
        "composer config -g gitlab-token.gitlab.example.com $GITLAB_TOKEN",
        "https://user:x-oauth-basic@github.com",
    ],
)
def test_a_package_manager_s_setting_or_reference_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "https://api.example.com/v1/items?adminPwd=&limit=10",  # an empty parameter, then the next
        "Server=db.internal;ACCESS_TOKEN=REPLACE_ME;Database=app",  # a driver's list: the value ends at `;`
        "?token=arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf&limit=10",
    ],
)
def test_a_list_s_next_item_and_a_colon_joined_name_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_driver_list_s_secret_ends_at_its_semicolon() -> None:
    assert redact(f"Server=db;ACCESS_TOKEN={PLAIN};Database=app") == f"Server=db;ACCESS_TOKEN={MARK};Database=app"


@pytest.mark.parametrize(
    "text",
    [
        "errs.password = 'Minimum 8 characters'",  # a message with a count among its words
        "Remember to add smtp/* credentials via bin/rails credentials:edit.",
        "# ?apikey= query string on polygon-rpc.com itself).",
        "Look for Docker command examples with -c or --credential flags.",
        'echo "ALCHEMY_API_KEY set: ${ALCHEMY_API_KEY:+yes}"',
    ],
)
def test_words_and_a_shell_s_alternate_under_a_secret_name_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_private_key_in_hex_is_no_address() -> None:
    key = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    assert key not in redact(f'PRIVATE_KEY="{key}"')
