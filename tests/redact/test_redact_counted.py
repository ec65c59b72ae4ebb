"""A key's shape filled by counting (`a1b2c3d4…`, `…ABCDEFGHIJKL…`) is a stand-in, kept in every
position; a random key of the same shape there, and a short password typed as a run, stay taken."""

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.counted import typed_by_counting

KEPT = [
    # letters and digits alternating, each counting on from the last of its kind
    "SENTRY_DSN=https://0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d@o123456.ingest.sentry.io/4504123456789",
    " --set global.licenseKey=a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6q7r8NRAL `",
    " --set pixie.apiKey=px-api-a1b2c3d4-e5f6-g7h8-i8j0-k0l3m3n4o0p5 `",
    # counting down
    " --set pixie.deployKey=px-dep-d4c3b2a1-f6e5-h8g7-j1i8-p5o0n5m3l2k1 `",
    # a run along the alphabet inside a key's shape
    "okta_api_key: 00QCjAl4MlV-WPXM-ABCDEFGHIJKL-0HmjFx-vbGu-",
    "    secret_access_key = 'abcdefg12346+FJQCK'",
    "        set password ENC 8a1b2c3dEXAMPLEcipher",
]

REMOVED = [
    # the same positions, random values
    (
        "SENTRY_DSN=https://7f3e91c04d2ab86e5c1f09d7a3b2e4c6@o123456.ingest.sentry.io/4504123456789",
        "7f3e91c04d2ab86e5c1f09d7a3b2e4c6",
    ),
    (" --set global.licenseKey=q8ZtV3mR7pL2xN9cW4bY6kH1NRAL `", "q8ZtV3mR7pL2xN9cW4bY6kH1NRAL"),
    ("okta_api_key: 00QCjAl4MlV-WPXM-Zq8vR2mXk9Lp-0HmjFx-vbGu-", "Zq8vR2mXk9Lp"),
    # a person's password typed as a run: short, so judged as any password
    ("export PGPASSWORD=abcd1234", "abcd1234"),
    ("        set password a1b2c3d4", "a1b2c3d4"),
]


@pytest.mark.parametrize("text", KEPT)
def test_a_counted_stand_in_is_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(("text", "secret"), REMOVED)
def test_a_random_value_or_a_short_password_is_taken(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and MARK in out


def test_a_hex_digest_needs_a_longer_run() -> None:
    # hex steps along six letters, so eight counting characters come by chance more often
    assert not typed_by_counting("9f0a1b2c3d" + "7e4c" * 6)
    assert typed_by_counting("0a1b2c3d4e5f6a7b" + "7e4c" * 4)
