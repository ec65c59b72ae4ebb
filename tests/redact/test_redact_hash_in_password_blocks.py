"""A password's hash under a `hash`/`digest` key inside a block named for the password is
removed, in every block syntax; an algorithm's name under the same key, and a digest under a
block named for something else, are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

HEX = ("9672f0c37d8dabfb0046161f5c27911fbd179c2c03664276d287fcf02abb1d5b", "5f4dcc3b5aa765d61d8327deb882cf99")


@pytest.mark.parametrize("digest", HEX)
@pytest.mark.parametrize(
    "template",
    [
        "<Pass password>\n        Method = sha256\n        Hash = {v}\n        Salt = 6a01\n</Pass>",
        "admin:\n  password:\n    hash: {v}\n    algorithm: sha256",
        '[password]\nalgorithm = "sha256"\nhash = "{v}"',
        '{{\n  "password": {{\n    "algo": "md5",\n    "digest": "{v}"\n  }}\n}}',
        'password {{\n  hash = "{v}"\n}}',
    ],
)
def test_a_hash_inside_a_password_block_is_removed(template: str, digest: str) -> None:
    out = redact(template.format(v=digest))
    assert digest not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "<Pass password>\n        Method = sha256\n        Hash = sha256\n</Pass>",
        "admin:\n  password:\n    hash: bcrypt\n    min_length: 12",
        '[password]\nhash = "argon2id"',
        f"release:\n  commit:\n    hash: {HEX[0][:40]}",
        'password_policy {\n  hash = "sha512"\n}',
    ],
)
def test_an_algorithm_or_a_digest_of_something_else_is_kept(text: str) -> None:
    assert redact(text) == text
