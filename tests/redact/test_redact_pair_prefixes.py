"""A name and its value on consecutive lines whose keys share a prefix (CloudFormation's
`ParameterKey`/`ParameterValue`, a namespace's `android:name`/`android:value`)."""

import pytest

from context_keeper.redact import MARK, redact

REMOVED = [
    ('[\n  {\n    "ParameterKey": "DBPassword",\n    "ParameterValue": "Purple.861Garden"\n  }\n]', "Purple.861Garden"),
    ("  - ParameterKey: ApiToken\n    ParameterValue: q8ZtV3mR7pL2xN9cW4bY6kH1", "q8ZtV3mR7pL2xN9cW4bY6kH1"),
    (
        '<meta-data\n    android:name="com.example.API_SECRET"\n    android:value="jbynKkadX0PVM7Fc7SbZalUorKEZXsuE" />',
        "jbynKkadX0PVM7Fc7SbZalUorKEZXsuE",
    ),
    ("  - name: DB_PASSWORD\n    value: Purple.861Garden", "Purple.861Garden"),
]

KEPT = [
    '[\n  {\n    "ParameterKey": "DBUser",\n    "ParameterValue": "admin"\n  }\n]',
    '<meta-data\n    android:name="com.example.API_URL"\n    android:value="https://api.example.com" />',
]


@pytest.mark.parametrize(("text", "secret"), REMOVED)
def test_the_value_under_a_secret_name_is_removed(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


@pytest.mark.parametrize("text", KEPT)
def test_an_ordinary_pair_is_kept(text: str) -> None:
    assert redact(text) == text
