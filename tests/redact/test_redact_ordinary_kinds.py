"""Ordinary lines that only stand where a secret might, kept by the kind of value or position
they are, and the secrets of the same shape beside them that stay found: a reference given as a
header scheme's parameter, a header's tag and small number, a list of option names, a digest in
its column when a wider cell overran it, an image's or a font's data URI, a uuid a command made
by name, a name read from an object's name member."""

import pytest

from context_keeper.redact import MARK, redact

REFERENCE_PARAMETERS = [
    'curl -s https://api.example.com/incidents -H "Authorization: Token token=$PD_TOKEN"',
    "http GET api.example.com 'Authorization: Token token=${PAGER_TOKEN}'",
    'fetch(u, {headers: {Authorization: "Token token=%(token)s"}})',
    "proxy-authorization: Basic realm=$REALM",
    "Authorization: Digest username=$DIGEST_USER",
    "Authorization: Bearer token=$ACCESS_TOKEN",
    'requests.get(url, headers={"Authorization": "Token token={{ pd_token }}"})',
]
TAGS = [
    "DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=mail; bh=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=;",
    "ARC-Message-Signature: i=1; a=rsa-sha256; c=relaxed/relaxed;",
    "X-Signature: t=1; v=2",
]
OPTION_LISTS = [
    '<machineKey validationKey="AutoGenerate,IsolateApps" validation="HMACSHA256" />',
    "api_key_permissions=ReadOnly,ListBuckets",
    'secret_flags = "NoExpiry, ReadOnly"',
    "token_scopes: ManageUsers,ReadWrite,ListGroups",
    "KeyProtection: UserProtected, ExportableEncrypted",
]
DIGEST_COLUMNS = [
    "$ fly secrets list -a shop\nNAME                    DIGEST                  CREATED AT\n"
    "DIRECTUS_ADMIN_PASSWORD 8c1f0e6a4b2d9e37        2h ago",
    "NAME              DIGEST            CREATED AT\nDATABASE_PASSWORD 3b1f6c2e9a8d7c6b  2m ago\n"
    "STRIPE_SECRET_KEY_LIVE 9a8b7c6d5e4f3a2b 1h ago",
]
MEDIA_DATA = [
    '    12\tconst pixel = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ";',
    '<img src="data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP/yH5BAEAAAAALAAAAAABAAEAAAIBRAA7">',
    '@font-face { src: url("data:font/woff2;base64,d09GMgABAAAAAAZsAA0AAAAADJQAAAYW") }',
    'audio.src = "data:audio/wav;base64,UklGRiQAAABXQVZFZm10IBAAAAABAAEA"',
    "![x](data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD)",
]
MADE_IDENTIFIERS = [
    'irb(main):002> SecureRandom.uuid\n=> "695e4e07-9d88-4f87-8455-cbeae3c17a9f"',
    'irb(main):003> SecureRandom.uuid\n=> "6f1c2a9e-3b4d-4e5f-8a7b-9c0d1e2f3a4b"',
    'pry(main)> SecureRandom.uuid.upcase\n=> "0F8FAD5B-D9CB-469F-A165-70867728950E"',
]
NAME_MEMBERS = [
    "PS> $cred.UserName\nACME\\svc_sql",
    "PS C:\\> (Get-StoredCredential -Target prod).UserName\nCORP\\svc_deploy",
    "PS> $credential.UserName\nsvc-backup@corp.example",
]
SECRETS = [
    "password: pass=$ecret1",
    "PGPASSWORD=abc=$Def123",
    "Authorization: Basic dXNlcjpwYXNzd29yZA==",
    'curl -H "Authorization: Token token=9f8a7b6c5d4e3f2a1b0c" https://api.example.com',
    "Authorization: Token token=y_NbAkKc66ryYTWUXYEu",
    "HEROKU_API_KEY=5f2b9c1e-7a3d-4e8f-9b6c-1d2e3f4a5b6c",
    "api_key: 0c8f1e2d-3b4a-4c5d-8e9f-a0b1c2d3e4f5",
    "password: SummerRain,WinterSnow7",
    'secret_key = "p=1234abcd"',
    'validationKey="F9D1A2D3E1D3E2F7B3D9F90FF3965ABDAC304902"',
    "NAME                    VALUE                  CREATED AT\nDIRECTUS_ADMIN_PASSWORD 8c1f0e6a4b2d9e37        2h ago",
    "NAME                    DIGEST                  CREATED AT\nDIRECTUS_ADMIN_PASSWORD Tr0ub4dor&3xQ        2h ago",
    'token = "data:text/plain;base64,Qx7vR2kLm9PzT4wYb8Nc"',
    "$ heroku auth:token\n5f2b9c1e-7a3d-4e8f-9b6c-1d2e3f4a5b6c",
    'irb(main):003> SecureRandom.hex(32)\n=> "9f8a7b6c5d4e3f2a1b0c9f8a7b6c5d4e3f2a1b0c9f8a7b6c5d4e3f2a1b0c9f8a"',
    '$ python -c "import secrets, uuid; print(secrets.token_urlsafe(32))"\nQx7vR2kLm9PzT4wYb8NcQx7vR2kLm9PzT4wYb8Nc',
    'irb(main):004> ENV["HEROKU_API_KEY"]\n=> "5f2b9c1e-7a3d-4e8f-9b6c-1d2e3f4a5b6c"',
    "PS> $cred.GetNetworkCredential().Password\nW1nter-Lamp!2024",
    'irb(main):002> user.api_token\n=> "Qx7vR2kLm9PzT4wYb8NcQx7v"',
    ">>> aws.access_key_id\n'AKIAQX7VR2KLM9PZT4WY'",
]


@pytest.mark.parametrize(
    "text", REFERENCE_PARAMETERS + TAGS + OPTION_LISTS + DIGEST_COLUMNS + MEDIA_DATA + MADE_IDENTIFIERS + NAME_MEMBERS
)
def test_an_ordinary_value_of_its_kind_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("text", SECRETS)
def test_a_secret_of_the_same_shape_is_taken(text: str) -> None:
    assert MARK in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "Authorization: Digest password=$3cr3tPass9",
        "Authorization: Basic user=$Up3rS3cret",
    ],
)
def test_a_header_parameter_that_starts_with_a_dollar_and_is_no_variable_is_taken(text: str) -> None:
    assert MARK in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        'curl -H "Authorization: Bearer token=$token" https://api.example.com',
        "Authorization: Token token=$apiToken",
    ],
)
def test_a_header_parameter_given_a_variable_by_its_name_is_kept(text: str) -> None:
    assert redact(text) == text
