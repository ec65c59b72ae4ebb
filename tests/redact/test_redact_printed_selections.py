"""What a command about a secret prints when its own filter picks a detail of the secret (an id,
a name) or when it prints a record: kept; a filter that picks the secret itself: redacted."""

from __future__ import annotations

import random
import string

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.printed_selections import selects_a_detail

AN = string.ascii_letters + string.digits


def _value(seed: str, n: int = 32) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(AN) for _ in range(n))


@pytest.mark.parametrize(
    "command",
    [
        "$ consul acl token list -format json | jq '.[].AccessorID'",
        "$ kubectl get secret app-token -o jsonpath='{.metadata.name}'",
        "$ docker secret ls --format '{{.ID}}'",
        "$ aws secretsmanager list-secrets --query 'SecretList[].Name' --output text",
    ],
)
def test_a_filter_that_picks_a_detail_prints_it_verbatim(command: str) -> None:
    assert selects_a_detail(command)
    text = f"{command}\n5b7fd453-d3f7-6814-81dc-fcfe6daedea5"
    assert redact(text) == text
    # (an id's alphabet, one case: a draw of both cases is taken wherever it stands, `random_tokens`)
    text = f"{command}\n{_value(command).lower()}"
    assert redact(text) == text


@pytest.mark.parametrize(
    "command",
    [
        "$ consul acl token list | jq -r '.[].SecretID'",
        "$ vault read -field=password database/creds/app",
        "$ kubectl get secret app-token -o jsonpath='{.data.token}' | base64 -d",
        "$ aws ssm get-parameter --name /db/password --with-decryption | jq -r .Parameter.Value",
        "$ aws secretsmanager get-secret-value --secret-id db --query SecretString --output text",
        "$ terraform show -json | jq -r '.values.root_module.resources[] | select(.type==\"random_password\") | .values.result'",
    ],
)
def test_a_filter_that_picks_the_secret_still_has_it_redacted(command: str) -> None:
    assert not selects_a_detail(command)
    value = _value(command)
    assert redact(f"{command}\n{value}") == f"{command}\n{MARK}"


def test_a_record_a_secret_tool_prints_is_structure_not_a_token() -> None:
    text = '$ sops filestatus secrets/prod.enc.yaml\n{"encrypted":true}'
    assert redact(text) == text
    # a record with a string in it may hold the secret: read whole, as before
    text = '$ curl -s localhost:8080/actuator/env/spring.mail.password\n{"property":{"source":"env","value":"Copper@2007"}}'
    assert "Copper@2007" not in redact(text)
    # a generator's random run is still taken, brackets and all
    key = "k3!x@9#q$z%w^e&r*t(y-u_i=o+p)a1s2d3f4g5h6j7"
    command = '$ python -c "from django.core.management.utils import get_random_secret_key as g; print(g())"'
    assert redact(f"{command}\n{key}") == f"{command}\n{MARK}"


@pytest.mark.parametrize(
    "command",
    [
        "$ openssl rand -hex 16 | tee uuid",
        "$ openssl rand -hex 16 > uuid.txt",
        "$ head -c 32 /dev/urandom | base64 # uuid",
    ],
)
def test_a_uuid_named_as_a_file_or_a_comment_is_no_identifier_the_command_makes(command: str) -> None:
    assert not selects_a_detail(command)
    assert MARK in redact(f"{command}\n{_value(command)}")


@pytest.mark.parametrize(
    "command", ["$ uuidgen", "irb(main):002> SecureRandom.uuid", '$ python -c "import uuid; print(uuid.uuid4())"']
)
def test_a_uuid_made_by_a_command_or_code_is_that_identifier(command: str) -> None:
    assert selects_a_detail(command)


@pytest.mark.parametrize(
    "command",
    [
        "$ jq -r '.password, .user' creds.json",
        "$ echo $cfg.password $cfg.user",
        "$ jq -r '.password' creds.json; echo $env.user",
        "$ vault read -field=password secret/db && echo done.host",
    ],
)
def test_a_detail_read_beside_a_secret_leaves_the_secret_printed_too(command: str) -> None:
    assert not selects_a_detail(command)
    assert MARK in redact(f"{command}\n{_value(command)}")


@pytest.mark.parametrize(
    "command",
    [
        "$ echo $DB_PASSWORD $cfg.user",
        "$ python -c 'import os; print(os.environ[\"DB_PASSWORD\"], cfg.user)'",
    ],
)
def test_a_detail_printed_beside_a_secret_variable_or_key_leaves_the_secret_printed_too(command: str) -> None:
    assert not selects_a_detail(command)
