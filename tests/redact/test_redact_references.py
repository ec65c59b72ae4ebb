"""Names and values that only look secret: a public key's label, a property defined on a
command line, a name that points at where a secret is kept, a subcommand named after a
secret, a vendor's documented example key; and the secrets beside them that stay found."""

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.names import NOT_SECRET, tier

KEPT = [
    "  public key: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "Public Key: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "the public key is xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",
    "pub key: Qm9vZ2xlQmFyQmF6UXV4MTIzNDU2Nzg5MGFiY2RlZg==",
    "./gradlew assemble -Papp.keystore.file=$PWD/release.jks -Papp.signing.key.alias=release",
    "mvn deploy -p x.jks -Pdeploy.key.id=release",
    "helm install app chart/app --set auth.apiKeyExistingSecret=app-credentials",
    "helm install app chart/app --set smtp.passwordSealedSecret=mail-sealed",
    "borg key change-passphrase /srv/borg",
    "restic key add-key --repo /srv/restic",
    "access_key = AKIAIOSFODNN7EXAMPLE",
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    # a store's reference, an encrypted envelope: where the secret is, or its ciphertext
    "az containerapp secret set -n api -g rg --secrets api-token=keyvaultref:https://kv1.vault.azure.net/secrets/tok,identityref:system",
    "- key: DB_PASSWORD\n  type: SECRET\n  value: EV[1:c2VhbGVkYnlwbGF0Zm9ybQ==:Y2lwaGVydGV4dGJ5dGVz]",
    # an API's object id after its type's prefix, under an id's key
    '{"id":"wh_7QbcDEF2ghIJK3lmnOPq4rsT","status":"enabled"}',
    "endpointId: wh_7QbcDEF2ghIJK3lmnOPq4rsT",
    "see notes//bob:ref@main for the plan",  # a path, not a reference's user
    'password.name = "Tiger.Lily42"',  # a field of a password object, not the password
    'log.warn(Keys.PASSWORD.getName(), "is required")',
]

REMOVED = [
    ("  private key: xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=", "xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg="),
    ("api key: Qm9vZ2xlQmFyQmF6UXV4MTIzNDU2Nzg5MGFiY2RlZg==", "Qm9vZ2xlQmFyQmF6UXV4MTIzNDU2Nzg5MGFiY2RlZg=="),
    ("./gradlew assemble -Papp.keystore.file=x.jks -Papp.store.password=Tr0ub4dor33x", "Tr0ub4dor33x"),
    ("keytool -list -keystore app.jks -pTr0ub4dor33x", "Tr0ub4dor33x"),
    ("helm install app chart/app --set auth.apiKey=q8ZtV3mR7pL2xN9cW4bY6kH1", "q8ZtV3mR7pL2xN9cW4bY6kH1"),
    ("private_key: abc-secret-value", "abc-secret-value"),
    ("access_key = AKIA2OGYBAH6RZ4QXJ7P", "2OGYBAH6RZ4QXJ7P"),
    ("token=wh_7QbcDEF2ghIJK3lmnOPq4rsT", "7QbcDEF2ghIJK3lmnOPq4rsT"),  # the same shape, no id's key
    # a session token URL-escaped in a query string: the escapes are part of it
    (
        "?X-Amz-Security-Token=IQoJb3JpZ2luX2VjEQ7wTnR4kLm2Vb8xZc3Pq9Ys5Dh1Gf6Jk0Aa7Ww2Ee4Rr8Tt"
        "%2FzVxZ9kFtwbGNfSsVlfObl6GX3bi5MviAn9EJGegLT6ZIrFeg14x&X=1",
        "FtwbGNfSsVlfObl6",
    ),
    # a user and password in a network-path reference, or in a URL whose scheme lost its colon
    ("<script src='//bob:Tiger.Lily42@cdn.example.com/x.js'>", "Tiger.Lily42"),
    ("Could not parse URL from 'mysql//app:Tiger@Lily42@db/app'", "Lily42"),
    # a constant's name passed as the key (`Keys.TOKEN.getKey()` is `Keys.TOKEN`)
    ('props.put(PGProperty.PASSWORD.getName(), "Tiger.Lily42");', "Tiger.Lily42"),
    ("const db = knex({ connection: { user: 'app', password: String.raw`Tiger.Lily42` } });", "Tiger.Lily42"),
    # a literal fallback after a reference under a secret's name
    ("const c = { password: settings.redis ?? 'Tiger.Lily42' };", "Tiger.Lily42"),
    ("$token = $_ENV['GH'] ?? 'kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA';", "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"),
]


@pytest.mark.parametrize("text", KEPT)
def test_look_alike_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), REMOVED)
def test_secret_beside_them_is_removed(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


@pytest.mark.parametrize(
    "name", ["apiKeyExistingSecret", "datadog.apiKeyExistingSecret", "existingSecretPasswordKey", "tokenSealedSecret"]
)
def test_a_name_that_says_where_a_secret_is_kept_names_no_secret(name: str) -> None:
    assert tier(name) == NOT_SECRET


@pytest.mark.parametrize("name", ["apiKey", "externalApiKey", "token_secret", "adminPassword"])
def test_a_name_that_holds_the_secret_still_does(name: str) -> None:
    assert tier(name) != NOT_SECRET


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("password: $3cr3tP4ss", "3cr3tP4ss"),
        ('Authorization: Digest username="bob", password="$3cr3tPass9"', "3cr3tPass9"),
        ("Success: Created user 3.\nPassword: $5aO$fgNoZ1T(TqLw4XNFmcI", "fgNoZ1T(TqLw4XNFmcI"),
    ],
)
def test_a_dollar_then_a_digit_and_more_is_a_value_not_a_positional_parameter(text: str, secret: str) -> None:
    # `$1` is the shell's first argument; no variable's name starts with a digit, so `$3cr3t…` is the password.
    assert secret not in redact(text)


@pytest.mark.parametrize("text", ["password=$1", 'PGPASSWORD="$2"', "DB_PASSWORD=$DB_PASS"])
def test_a_positional_parameter_or_a_variable_stays(text: str) -> None:
    assert redact(text) == text


def test_a_crypt_hash_keeps_its_identifier() -> None:
    assert redact("basic_auth_users:\n  prometheus: $2y$10$jduiRHzoM1nYfin/a.8UEwQDb/eLUGorRfFDHz0qqczChrNU/wKbf") == (
        f"basic_auth_users:\n  prometheus: $2y${MARK}"
    )
