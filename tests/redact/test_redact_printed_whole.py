"""A value printed after a secret's label taken whole whatever symbols it holds (`printed_whole`),
a passphrase after a password's label (`phrases`), the rows a query prints under a secret's
column (`printed_queries`); and the code, sentences and ids beside them that stay."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SYMBOLS = "IT(*PX3KzEbecmNG&nrCg`GTncBvAx50"


@pytest.mark.parametrize(
    "template",
    [
        "db-1  | 2024-06-01 09:00:02+00:00 [Note] [Entrypoint]: GENERATED ROOT PASSWORD: {}",
        "Password: {}",
        "  Random password: {}",
        "password={}",
        "Root password:\n{}",
    ],
)
def test_a_value_with_symbols_after_a_password_label_is_taken_whole(template: str) -> None:
    assert redact(template.format(SYMBOLS)) == template.format(MARK)


@pytest.mark.parametrize("value", ["j`0fsxkv^vuM_~FxIp*s3iJ0`(kFp$03", "u/g,-D6B1VFKPzexg=:u=Ux,", 'Ab3$dk"ek39dkQ'])
def test_no_part_of_the_value_is_left(value: str) -> None:
    assert redact(f"  Random password: {value}") == f"  Random password: {MARK}"


@pytest.mark.parametrize(
    "line",
    [
        "password: Joi.string().required(),",
        'password: System.fetch_env!("DB_PASSWORD"),',
        "rdb := redis.NewClient(&redis.Options{Addr: addr, Password: cfg.RedisPassword})",
        "config: {Host:db Port:5432 User:app Password: Name:app}",
        "password=${DB_PASSWORD:-secret}",
        "PASSWORD=$(cat /run/secrets/db)",
        "Password policy: min=12,upper=1,digit=1",
        "          holderTokenAccount: holderATA,",
    ],
)
def test_code_and_structure_after_a_password_label_stay(line: str) -> None:
    assert redact(line) == line


def test_a_key_alone_on_the_line_after_its_label_line_is_redacted() -> None:
    key = "ebbb78f5cf42252a284be7113b4be9ab7f2c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f"
    text = f"[upload-certs] Using certificate key:\n{key}"
    assert redact(text) == f"[upload-certs] Using certificate key:\n{MARK}"


def test_a_digest_under_a_label_that_names_no_secret_stays() -> None:
    text = "Cache key:\nebbb78f5cf42252a284be7113b4be9ab7f2c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f"
    assert redact(text) == text


def test_a_password_hash_under_its_schemes_label_is_redacted() -> None:
    text = "         * Username : svc_sql\n         * NTLM     : 94e635f0d615db86a38894c9e0d54588"
    assert redact(text) == "         * Username : svc_sql\n         * NTLM     : " + MARK


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('  "functionKeys": {{\n    "default": "{v}"\n  }},', '  "functionKeys": {{\n    "default": "{m}"\n  }},'),
        ('"credentials": {{"admin": "{v} {v}"}}', '"credentials": {{"admin": "{m}"}}'),
    ],
)
def test_the_members_of_an_object_of_secrets_are_redacted(text: str, expected: str) -> None:
    v = "KJgNSG9XsONkhzQNrJC37sPIQVlWjaBrVTrTfnDB3UIsAzFu1olfk=="
    assert redact(text.format(v=v)) == expected.format(m=MARK)


def test_the_members_of_an_object_of_public_keys_stay() -> None:
    text = '"publicKeys": {"a": "KJgNSG9XsONkhzQNrJC37sPIQVlWjaBrVTrTfnDB3UIsAzFu1olfk=="}'
    assert redact(text) == text


def test_a_passphrase_after_a_password_label_is_redacted() -> None:
    text = "aio  | Initial password: marble marble walnut orbit meadow pepper ember copper"
    assert redact(text) == f"aio  | Initial password: {MARK}"


@pytest.mark.parametrize(
    "line",
    [
        "Password: must be twelve characters long at least",
        "password: enter the one shown below now",
        # Prose with none of the first list's words: one of a sentence's others tells it.
        "Password: reset link sent via email",
        "- password: hashed using bcrypt before storage",
        "Forgot password: click reset then check inbox",
    ],
)
def test_a_sentence_after_a_password_label_stays(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "mysql> SELECT user_login, user_pass FROM wp_users;\n| admin      | $P$B/GB9Hx97239Y19glRUiJokXFOq4pWF |",
            f"mysql> SELECT user_login, user_pass FROM wp_users;\n| admin      | {MARK} |",
        ),
        (
            '$ sqlcmd -Q "SELECT TOP 1 UserName, PasswordHash FROM Users" -h -1\n'
            "admin@acme.io   AQAAAAIAAYagAAAAEe8b9ge4m/eU8mlhN0+F13g8TlhMxhtPW+j5LPWhJB/TR4zIwFSAGDfrv3vC==",
            f'$ sqlcmd -Q "SELECT TOP 1 UserName, PasswordHash FROM Users" -h -1\nadmin@acme.io   {MARK}',
        ),
    ],
)
def test_the_cell_under_a_secret_column_a_query_selected_is_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected


def test_a_query_without_a_secret_column_or_with_null_cells_stays() -> None:
    for text in (
        "SELECT id, password_changed_at FROM users;\n| 1 | 2024-01-01 |",
        "mysql> SELECT user, password FROM t;\n| user | password |\n| bob  | NULL     |",
    ):
        assert redact(text) == text


@pytest.mark.parametrize("password", ["UjumSpNplAlkif", "@TRigJSQJMhlBj", "4@OO0lZxhFLGb@"])
def test_the_password_after_a_domain_account_is_redacted(password: str) -> None:
    line = f"SMB   10.0.4.12   445   FS01   [+] ACME\\svc_backup:{password} (Pwn3d!)"
    assert redact(line) == f"SMB   10.0.4.12   445   FS01   [+] ACME\\svc_backup:{MARK} (Pwn3d!)"


@pytest.mark.parametrize("line", ["src\\main:helper_func", "C:\\Users\\bob:1234567", "path\\to\\file:abcdefgh"])
def test_a_path_or_a_name_after_a_backslash_stays(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize(
    "line",
    [
        "icacls share /grant CORP\\Domain_Users:ReadWrite",
        "Grant CORP\\svc_backup:FullControl on share",
        "Set-Acl -Path C:\\x -AclObject CORP\\alice:ReadAndExecute",
    ],
)
def test_a_right_granted_to_a_domain_account_stays(line: str) -> None:
    assert redact(line) == line


def test_a_detail_beside_the_secrets_of_an_object_stays() -> None:
    text = '"apiKeys": {"primary": "Xk9mP2qR7wZtY6uI8oP0aS3d", "region": "eu-west-1", "owner": "platform-team"}'
    assert redact(text) == text.replace("Xk9mP2qR7wZtY6uI8oP0aS3d", MARK)


def test_a_detail_of_a_key_under_its_label_stays() -> None:
    text = "Fingerprint of key:\nSHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8"
    assert redact(text) == text
    assert MARK in redact("Password of admin:\nW1nter-Lamp!2024x")
