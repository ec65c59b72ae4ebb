"""A failed comparison against a mask gives its other side away; a ciphertext a store made to be
shown is kept; and the positions that a flag, an XML quote, a host before the user, a Windows
`/U … /P`, an HMAC's name or a key's conversion make."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

TAKEN = (
    # a test that checks a value is masked fails by printing the value
    ("org.junit.ComparisonFailure: expected:<[****]> but was:<[Teal7#Otter]>", "Teal7#Otter"),
    ("AssertionError: expected: <******> but was: <quartz-lemon-9931>", "quartz-lemon-9931"),
    ('    Error:  Not equal:\n        expected: "***"\n        actual  : "Pebble.5521Cove"', "Pebble.5521Cove"),
    ("--- Expected\n+++ Actual\n@@ @@\n-'[REDACTED]'\n+'Ember!8812'", "Ember!8812"),
    ('  left: "••••••"\n right: "Copper44Lynx"', "Copper44Lynx"),
    # XML's quotes around a connection string's password
    ('<add connectionString="Server=db;User Id=app;Password=&quot;Walnut.7781Reef&quot;;" />', "Walnut.7781Reef"),
    # Windows tools: `/U user /P password`
    ("schtasks /Query /S srv02 /U ACME\\ops /P Lantern#4410 /FO LIST", "Lantern#4410"),
    ("setx /s srv02 /u ACME\\ops /p maple-harbor-river-7720 PATH_X 1", "maple-harbor-river-7720"),
    # a login's list: a host and its port, or a host, then the user, then the password
    ('pool = open_pool("pg.internal:5432", "svc", "lilacstone3307", "app")', "lilacstone3307"),
    ("$db = new mysqli('pg', 'svc', 'amber-willow-canyon-4418', 'app');", "amber-willow-canyon-4418"),
    # signing keys: PHP's static `JWT::encode`, .NET's bytes of a string
    ("$jwt = JWT::encode($claims, 'Qx7mB2nV9cK4hJ6gF1dS8aP3', 'HS256');", "Qx7mB2nV9cK4hJ6gF1dS8aP3"),
    (
        'var k = new SymmetricSecurityKey(Encoding.ASCII.GetBytes("Hn4Kq8Vz2Lp6Wt9Rm3Xc7Bf1"));',
        "Hn4Kq8Vz2Lp6Wt9Rm3Xc7Bf1",
    ),
    # HMAC names the key a webhook is signed with
    ('SIGNING_HMAC = "Vb3Nm8Qw2Er6Ty9Ui4Op7As"', "Vb3Nm8Qw2Er6Ty9Ui4Op7As"),
)


@pytest.mark.parametrize(("text", "secret"), TAKEN)
def test_secrets_in_these_positions_go(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out
    assert MARK in out


KEPT = (
    # a comparison of masks alone, or of a partly masked value, gives nothing away
    "AssertionError: expected: <****> but was: <******>",
    "expected: <****1234> but was: <****5678>",
    # what stands on both sides is not what differs
    "E       AssertionError: assert {'user': 'bot', 'password': '***'} == {'user': 'bot', 'password': '****'}",
    # a label word in prose is no comparison
    'Set "***" as the value left blank, and "HelloWorld9" on the right.',
    # a date printed after a command that reads a secret's metadata
    '$ az keyvault secret show --name db-pass --query "attributes.updated" -o tsv\n2026-10-02T11:30:00+00:00',
    # ciphertexts made to be committed or shown
    "kind: SealedSecret\nspec:\n  encryptedData:\n"
    "    DB_PASS: AgCx9Lm2Nq4Rs6Tu8Vw0Xy2Za4Bc6De8Fg0Hi2Jk4Lm6No8Pq0Rs2Tu4Vw6Xy8Za0\n  template:\n    type: Opaque",
    '{\n  "Parameter": {\n    "Name": "/prod/db/pass",\n    "Type": "SecureString",\n'
    '    "Value": "AQICAHgT5b2Xq9Lm4Nc7Vr1Zs8Kd3Jf6Hp0Wy2Qe5Rt8Ua1Io4AAAAfjB8BgkqhkiG9w0BBwagbzBt"\n  }\n}',
    # a stored secret's name and version is a reference
    "gcloud run deploy web --set-secrets=SMTP_PASS=smtp-pass:latest",
    "gcloud run deploy web --update-secrets=DB_PASS=db-pass:7",
    # a flag's argument before a secret's flag given from the environment
    'acme-cli login --tenant acme --client-id 4f7Kq9Lm2Nx8Vb3Zc6Wd1Ry5T --client-secret "$CLIENT_SECRET"',
    # an anonymous login's password is by convention anything
    "ftp.login('anonymous', 'guest@')",
    # a computed HMAC under a name that says so
    'expected_hmac = "Vb3Nm8Qw2Er6Ty9Ui4Op7As"',
)


@pytest.mark.parametrize("text", KEPT)
def test_what_only_looks_like_these_positions_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_real_value_beside_encrypted_data_still_goes() -> None:
    """Only the `encryptedData:` map's entries are ciphertexts: a key beside the map is read as before."""
    text = "spec:\n  encryptedData:\n    A: AgCx9Lm2Nq4Rs6Tu8Vw0Xy2Za4Bc6De8Fg0Hi2Jk4Lm6No8Pq0\n  password: Walnut.7781Reef"
    out = redact(text)
    assert "AgCx9Lm2Nq4Rs6Tu8Vw0Xy2Za4Bc6De8Fg0Hi2Jk4Lm6No8Pq0" in out
    assert "Walnut.7781Reef" not in out


QUESTIONS = (
    ("? What's the value of DB_PASSWORD? Slate.4410Harbor", "Slate.4410Harbor"),
    ("? Enter your API token: Xk9mQ2vL7pR4tY8wZ3nB6cF1", "Xk9mQ2vL7pR4tY8wZ3nB6cF1"),
    ("? Paste the webhook secret: Rt5Yp8Lk2Mn6Bv9Cx3Za7Qw1", "Rt5Yp8Lk2Mn6Bv9Cx3Za7Qw1"),
)


@pytest.mark.parametrize(("text", "secret"), QUESTIONS)
def test_an_interactive_question_naming_a_secret_gives_its_answer_away(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text",
    (
        "? Project name? my-password-app",
        "? Add DB_PASSWORD to which Environments (select multiple)? Production",
        "? Secret fingerprint: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    ),
)
def test_other_questions_and_answers_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "secret"),
    (
        ("Parameters:\n  DbPass:\n    Type: String\n    NoEcho: true\n    Default: 'Fern#5521Cove'", "Fern#5521Cove"),
        ("printf %s 'Quill.8830Stone' | gcloud secrets versions add api-pass --data-file=-", "Quill.8830Stone"),
        ('node.keys.api-pass.text = "Birch.4471Lake";', "Birch.4471Lake"),
        ('           MOVE "Pine#7781Rock" TO WS-ADMIN-PASSWORD.', "Pine#7781Rock"),
        ("set ::admin_pass {Birch.4471Lake}", "Birch.4471Lake"),
        (
            "s3('https://b.s3.amazonaws.com/x.csv', 'AKIAQWERTYUIOPASDFGH', 'Zx8Cv7Bn6Mq5Wl4Ek3Rj2Th1', 'CSV')",
            "Zx8Cv7Bn6Mq5Wl4Ek3Rj2Th1",
        ),
    ),
)
def test_more_positions_of_a_secret(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_a_secret_stores_read_printed_as_json_loses_its_value_field() -> None:
    text = (
        "$ az keyvault secret show --vault-name kv-test --name api-pass\n{\n"
        '  "id": "https://kv-test.vault.azure.net/secrets/api-pass/9f8e7d",\n  "value": "Gravel.5512Marsh"\n}'
    )
    out = redact(text)
    assert "Gravel.5512Marsh" not in out
    assert "kv-test.vault.azure.net/secrets/api-pass/9f8e7d" in out


@pytest.mark.parametrize(
    "text",
    (
        # the same field under a command that reads no secret, and a store's metadata
        '$ az storage blob show --name report.csv\n{\n  "value": "gravel.5512marsh"\n}',
        '$ az keyvault secret show --name api-pass\n{\n  "attributes": {\n    "created": "2026-10-01T00:00:00+00:00"\n  },'
        '\n  "value": null\n}',
    ),
)
def test_value_fields_elsewhere_are_kept(text: str) -> None:
    assert redact(text) == text
