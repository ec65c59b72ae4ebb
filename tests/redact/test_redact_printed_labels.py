"""A value a tool prints under a label that names a secret goes whatever its shape (a uuid
under `SecretID:` or `secret_id` included), in colon lines, aligned tables, an object's
siblings and lists; ids and names of secrets, placeholders and words under such labels stay."""

from __future__ import annotations

import random
import string

import pytest

from context_keeper.redact import MARK, printed_labels, redact
from context_keeper.redact.printed_labels import names_secret, shown_secret

AN = string.ascii_letters + string.digits


def _value(seed: str, n: int = 24, alphabet: str = AN) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


def _uuid(seed: str) -> str:
    rng = random.Random(seed)
    return "-".join("".join(rng.choice("0123456789abcdef") for _ in range(n)) for n in (8, 4, 4, 4, 12))


ID = "0f8fad5b-d9cb-469f-a165-70867728950e"  # an id beside the secret: it must stay

SHOWN = (
    # colon lines
    "$ consul acl bootstrap\nAccessorID:       " + ID + "\nSecretID:         {v}",
    "$ nomad acl bootstrap\nAccessor ID  = " + ID + "\nSecret ID    = {v}\nName         = Bootstrap Token",
    "✔ [leave empty and we'll generate one]:\n✔ Password: {v}",
    '{{\n  "role_id": "' + ID + '",\n  "secret_id": "{v}"\n}}',
    "Done.\n  Client Secret: {v}\n  Client ID: " + ID,
    # aligned tables
    "Key                   Value\n---                   -----\nsecret_id             {v}\nsecret_id_accessor    " + ID,
    "NAME          VALUE\nDB_HOST       db.internal\nDB_PASSWORD   {v}",
    "│ NAME        │ VALUE │\n├─────────────┼───────┤\n│ API_TOKEN   │ {v} │",
    "TOKEN" + " " * 39 + "TTL   EXPIRES                USAGES\n{v:<44}23h   2026-11-28T10:00:00Z   signing",
    "$ openstack application credential create ci\n| secret       | {v} |",
    # a key a command that makes credentials prints
    "$ netbird setup-key create ci\nSetup key: {v}",
    # an object's siblings
    '{{\n  "type" : "secret",\n  "value" : "{v}"\n}}',
    '{{\n  "db_password": {{\n    "sensitive": true,\n    "type": "string",\n    "value": "{v}"\n  }}\n}}',
    '    {{\n      "id": "password",\n      "type": "CONCEALED",\n      "value": "{v}"\n    }},',
    'x\n[{{"key": "DEPLOY_KEY", "value": "{v}", "protected": false, "masked": true}}]',
    '"Parameter": {{\n  "Name": "/prod/db/password",\n  "Type": "SecureString",\n  "Value": "{v}"\n}}',
    "env:\n  - name: DB_PASSWORD\n    # set by the operator\n    value: {v}",
    # lists
    '{{\n  "unseal_keys_hex": [\n    "{v}",\n    "{w}"\n  ],\n  "unseal_shares": 2\n}}',
    "recovery_codes:\n  - {v}\n  - {w}",
)


@pytest.mark.parametrize("shape", ["uuid", "hex", "random"])
@pytest.mark.parametrize("template", SHOWN)
def test_a_value_under_a_secret_label_goes_whatever_its_shape(template: str, shape: str) -> None:
    def make(seed: str) -> str:
        if shape == "uuid":
            return _uuid(seed)
        return _value(seed, 40, "0123456789abcdef") if shape == "hex" else _value(seed, 32, AN + "!#%")

    v, w = make(template + "v"), make(template + "w")
    out = redact(template.format(v=v, w=w))
    assert v not in out and w not in out, out
    assert MARK in out


def test_the_ids_beside_the_secret_stay() -> None:
    text = SHOWN[0].format(v=_uuid("a"))
    assert ID in redact(text)
    table = SHOWN[5].format(v=_uuid("b"))
    assert f"secret_id_accessor    {ID}" in redact(table)


KEPT = (
    # ids and names of secrets, under labels that only name or point at one
    "$ vault token lookup\nKey                 Value\n---                 -----\naccessor            " + ID,
    "Key                 Value\n---                 -----\ntoken_duration      768h\ntoken_policies      [default]",
    "Key                   Value\n---                   -----\nsecret_id_accessor    " + ID + "\nsecret_id_ttl   0s",
    '{\n  "SecretName": "prod/db-' + ID + '",\n  "key_id": "' + ID + '"\n}',
    "SecretARN: arn:aws:secretsmanager:us-east-1:123456789012:secret:db-AbCdEf\nKeyId: " + ID,
    "$ redis-cli hgetall session\nkey: " + ID + "\nUpload key: " + ID,
    "| id | " + ID + " |\n| key | " + ID + " |",
    # not a secret's value: words, placeholders, references, masks, paths
    "Status:\n  Password: required\n  Token: expired",
    "$ gh auth status\n  - Token: gho_************************************",
    "$ aws configure list\n      Name                    Value             Type    Location\n"
    "access_key     ****************ABCD shared-credentials-file",
    "env:\n  DB_PASSWORD: ${DB_PASSWORD}\n  API_TOKEN: '{{ .Values.token }}'",
    "secret:\n  name: projects/p/secrets/db-pass/versions/latest",
    # siblings that do not say secret
    '{\n  "type": "string",\n  "value": "' + ID + '"\n}',
    '{\n  "name": "token_count",\n  "value": "a81f3c2e9b"\n}',
    'x\n[{"key": "REQUEST_ID", "value": "' + ID + '", "masked": false}]',
    # tables whose columns name no secret
    "NAME                  TYPE                                  DATA   AGE\n"
    "default-token-x7k2p   kubernetes.io/service-account-token   3      12d",
    "KEY        VALUE\nrequest    " + ID + "\ntrace_id   4bf92f3577b34da6a3ce929d0e0e4736",
    # a token column's cell too short for a generated token: the token's id
    "$ k3s token list\nTOKEN    TTL   EXPIRES                USAGES\nk7x2ab   1h    2026-11-28T08:00:00Z   signing",
    # prose and code
    "The token is sent in a header.\nSee the secret: docs/secrets.md",
    "def check(password: str) -> Token:\n    return Token(password)",
)


@pytest.mark.parametrize("text", KEPT)
def test_what_only_names_a_secret_or_is_no_value_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "label",
    ["SecretID", "secret_id", "Secret ID", "Secret Key", "Initial Root Token", "unseal_keys_hex", "recovery_codes"],
)
def test_labels_that_name_the_secret(label: str) -> None:
    assert names_secret(label)


@pytest.mark.parametrize(
    "label", ["AccessorID", "token_accessor", "SecretName", "secret_arn", "key_id", "token_policies", "Client ID"]
)
def test_labels_that_only_name_or_point_at_it(label: str) -> None:
    assert not names_secret(label)


@pytest.mark.parametrize("value", [ID, "5f4dcc3b5aa765d61d8327deb882cf99", "KHHfzW7D&DGqRfb!ptse#JMa%bBZoT2$"])
def test_any_shape_is_a_shown_secret(value: str) -> None:
    assert shown_secret(value)


@pytest.mark.parametrize("value", ["required", "${DB_PASSWORD}", "gho_****", "~/.ssh/id_rsa", "4096", "SecretStr"])
def test_words_references_and_paths_are_not(value: str) -> None:
    assert not shown_secret(value)


def test_a_text_whose_lower_case_is_longer_is_read_too() -> None:
    # `İ` lower-cased is two characters: the lines are then found by each spelling instead
    v = _uuid("dotted")
    out = redact(f"İstanbul {'İ' * 80}\n$ consul acl bootstrap\nSecretID:   {v}")
    assert v not in out and out.startswith("İstanbul İİ")


@pytest.mark.parametrize(
    "line",
    [
        "SecretID: {u}",
        "SecretID:         {u}",
        "Secret: {h}",
        '"secret_id": "{u}",',
        "  Secret Key = {h}",
    ],
)
def test_a_label_line_alone_is_read_as_inside_a_text(line: str) -> None:
    u, h = _uuid("alone"), _value("alone-hex", 40, "0123456789abcdef")
    text = line.format(u=u, h=h)
    alone = redact(text)
    assert u not in alone and h not in alone
    # a line alone comes back as it does among other lines
    assert redact("$ consul acl read\n" + text + "\ndone").split("\n")[1] == alone


@pytest.mark.parametrize("line", ["SecretID: ${SECRET_ID}", "Secret Key: <your-secret-key>", "Password: required"])
def test_a_label_line_alone_keeps_references_and_placeholders(line: str) -> None:
    assert redact(line) == line


_UUID = "4c0e7a1b-2d3f-4a5b-8c9d-0e1f2a3b4c5d"
_BOXED = (
    "┌──────────────┬──────────────────────────────────────┐\n"
    "│ key          │ value                                │\n"
    "╞══════════════╪══════════════════════════════════════╡\n"
    "│ full-tokenid │ ops@pve!ci                           │\n"
    "├──────────────┼──────────────────────────────────────┤\n"
    f"│ value        │ {_UUID} │\n"
    "└──────────────┴──────────────────────────────────────┘"
)


def test_the_value_a_command_that_makes_a_credential_prints_goes() -> None:
    out = redact(f"$ pveum user token add ops@pve ci --privsep 0\n{_BOXED}")
    assert _UUID not in out and "ops@pve!ci" in out  # the token's id stays, in a box of double rules
    assert _UUID not in redact(f"$ vault token create -policy=ci\nvalue: {_UUID}")


def test_a_value_printed_by_other_commands_stays() -> None:
    for command in ("$ pveum user list", "$ kubectl create configmap app --from-literal=key=1"):
        text = f"{command}\nvalue: {_UUID}"
        assert redact(text) == text  # (a flag's `key` names no credential the command makes)
    assert redact(f"$ pveum user list\n{_BOXED}") == f"$ pveum user list\n{_BOXED}"


def test_a_label_in_colour_or_a_barred_row_alone_gives_its_value() -> None:
    key = "q7ZpW3xK9mT2vB8nR4cY6hL1"
    assert redact(f"Password: \x1b[1m{key}\x1b[0m") == f"Password: \x1b[1m{MARK}\x1b[0m"  # a terminal's colours
    assert redact(f"\x1b[1mPassword:\x1b[0m {key}") == f"\x1b[1mPassword:\x1b[0m {MARK}"
    assert redact(f"│ Password │ {key} │") == f"│ Password │ {MARK} │"
    assert redact(f"Recovery code: {key}") == f"Recovery code: {MARK}"
    assert redact("\x1b[1mpassword\x1b[0m: must be at least 8 characters").endswith("8 characters")


def test_a_new_credentials_command_is_searched_for_once_per_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long output with many `value:` labels asks whether a command made a credential once,
    not once per label (a search of the whole text per label)."""
    calls: list[int] = []
    real = printed_labels._CREATING_CREDENTIAL

    class Counting:
        def search(self, text: str) -> object:
            calls.append(len(text))
            return real.search(text)

    monkeypatch.setattr(printed_labels, "_CREATING_CREDENTIAL", Counting())
    printed_labels._makes_credential.cache_clear()
    text = "".join(f"NAME    VALUE\nvalue   x{i}yzabcd\n\n" for i in range(50))  # 50 `value` rows
    redact(text)
    assert len(calls) == 1  # (it was 50)
