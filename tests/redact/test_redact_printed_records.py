"""Credentials a command prints in tab-separated tables and records, in a barred record of an
`--output table`, and as a key beside its user's name in a flat object; and the rows beside
them that must stay."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

V = "ut1Zn0ud4bBjInzF9QwzKbUJ"
LONG = "RDQdPT8OSda8E44ZDTyUsSBJTRT8hP1Z7CD2lAMP1QId9lT_xv4IPukK2nUYQuSbgTNNoJ08l2CJ9nEbixu=="

PRINTED = (
    (
        "$ chamber read app db_password\nKey\t\tVersion\t\tLastModified\t\tUser\t\t\t\t\tValue\n"
        f"db_password\t3\t\t11-27 10:02:11\t\tarn:aws:iam::123456789012:user/bob\t{V}",
        V,
    ),
    (
        f"$ influx auth create --all-access\nID\t\t\tDescription\tToken\t\t\tUser Name\n0a1b2c3d4e5f6a7b\t\t{LONG}\tadmin",
        LONG,
    ),
    (
        "$ aws sts get-session-token --output text\n"
        f"CREDENTIALS\tASIAIOSFODNN7EXAMPLE\t2026-11-28T11:00:00+00:00\tmd2OwuwGLigqtWTm6myS97hW83VLw6t1+QHlLj9k\t{LONG}",
        "md2OwuwGLigqtWTm6myS97hW83VLw6t1+QHlLj9k",
    ),
    (
        "$ aws ssm get-parameter --name /prod/db/password --with-decryption --output table\n"
        "||  Name            |  /prod/db/password       ||\n||  Type            |  SecureString            ||\n"
        f"||  Value           |  {V}  ||",
        V,
    ),
    (
        '$ cat ~/.kaggle/kaggle.json\n{"username":"bob","key":"4c0fe86e37d72c63b54a1aa28dd3f4fa"}',
        "4c0fe86e37d72c63b54a1aa28dd3f4fa",
    ),
)


@pytest.mark.parametrize(("text", "secret"), PRINTED)
def test_printed_credentials_go(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


def test_a_records_date_and_key_id_stay() -> None:
    out = redact(PRINTED[2][0])
    assert "2026-11-28T11:00:00+00:00" in out and "ASIAIOSFODNN7EXAMPLE" in out
    assert LONG not in out


KEPT = (
    "ID\tNAME\tCREATED\n0a1b2c3d4e5f6a7b\tdeploy-bot\t2026-11-27",
    "CREDENTIALS\tnone\tnone\tnone",
    "Key\tValue\ndb_host\tdb.internal.example.com",
    "||  Name            |  /prod/app/log_level     ||\n||  Value           |  verbose-debug-mode  ||",
    '$ cat settings.json\n{"username": "bob", "key": "dark-mode"}',
)


@pytest.mark.parametrize("text", KEPT)
def test_ordinary_rows_stay(text: str) -> None:
    assert redact(text) == text


REPL_RESULTS = (
    "$ rabbitmqctl eval 'application:get_env(rabbit, default_pass).'\n{ok,<<\"ri8PsWDMNMrQeBDqB0FL\">>}",
    'iex(1)> System.fetch_env("DB_PASSWORD")\n{:ok, "ri8PsWDMNMrQeBDqB0FL"}',
)


@pytest.mark.parametrize("text", REPL_RESULTS)
def test_a_repl_result_wrapped_in_a_tuple_goes(text: str) -> None:
    out = redact(text)
    assert "ri8PsWDMNMrQeBDqB0FL" not in out and MARK in out


def test_a_repl_result_that_is_a_placeholder_stays() -> None:
    text = "$ rabbitmqctl eval 'application:get_env(rabbit, default_pass).'\n{ok,<<\"guest\">>}"
    assert redact(text) == text


def test_a_random_key_holding_a_slash_goes_whole() -> None:
    key = "cb73UswhbVkhpstcGCyjS0S/XyIy0EWBmPvZEOVeAuPM"
    assert redact(f"Password: {key}\n\n# NOTE: This password will be cleaned up") == (
        "Password: [REDACTED]\n\n# NOTE: This password will be cleaned up"
    )
    assert redact("NEO4J_AUTH=neo4j/Maple.1234river") == "NEO4J_AUTH=neo4j/[REDACTED]"  # a user, then its password
