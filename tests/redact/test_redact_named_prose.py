"""A record's name and value given in a log's words or an audit's fields rather than as a
`name`/`value` pair: the noun of a name's role before the quoted name (`key '…'`, `field "…"`,
`setting '…'`), the value after `value`, `to` or `flag:`; a quoted key holding dots
(`"property.name"`); a change's `new`/`old` values; an audit's `target`. What a name is renamed
to, a plain word, a reference and a name that is no secret's are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

PERSON = "Harbor.7731Lake"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize("value", [PERSON, KEY])
@pytest.mark.parametrize(
    "template",
    [
        "[INFO] Setting property 'mail.smtp.password' with value '{v}'",
        "Setting variable 'DB_PASSWORD' to '{v}'",
        'config.go:211] field "bindPassword" of LDAPConfig set from flag: {v}',
        "Option 'client_secret' changed, value \"{v}\"",
        '{{"property.name":"spring.mail.password","property.value":"{v}"}}',
        '{{"msg":"setting updated","setting":"smtp.password","old":null,"new":"{v}"}}',
        'audit: action=secret.update target=prod/payments/API_KEY new_value="{v}"',
        '{{"event":"param_changed","param.key":"/prod/db/password","param.value":"{v}"}}',
    ],
)
def test_a_value_named_in_words_or_fields_elsewhere_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "line",
    [
        "Renamed key 'api_token' to 'api_token_v2'",  # a name renamed to a name
        'Set field "password" to "required"',  # a rule's word, not a password
        "Setting variable 'BUILD_TAG' to 'release-2024'",  # no secret's name
        '{"setting":"smtp.password","old":null,"new":"${SMTP_PASSWORD}"}',  # a reference
        '{"property.name":"spring.mail.host","property.value":"smtp2024.example.com"}',
        'field "password" of LoginForm set from flag: --password-file',  # a flag, not its value
        'audit: action=deploy target=web/frontend new_value="release-2291"',
    ],
)
def test_look_alikes_are_kept(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize("value", ["Xk9m_P2qR7tLw", "Summer_2024"])
def test_a_value_shaped_as_an_identifier_but_not_a_name_is_removed(value: str) -> None:
    out = redact(f"Setting variable 'DB_PASSWORD' to '{value}'")
    assert value not in out and MARK in out


@pytest.mark.parametrize("name", ["API_TOKEN_V2", "db_password_old"])
def test_a_name_in_one_case_a_secrets_name_is_renamed_to_is_kept(name: str) -> None:
    line = f"Renamed key 'DB_PASSWORD' to '{name}'"
    assert redact(line) == line
