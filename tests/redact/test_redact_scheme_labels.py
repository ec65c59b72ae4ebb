"""A signing or key-derivation scheme's output, written as the fields it labels, is kept under a
secret-sounding name; the same name's bare random value, or a secret with one label, still goes."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.scheme_labels import labelled

HEX64 = "5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd"
MAC = "BwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyAhIiMkJSY="  # 32 bytes, as a webhook's HMAC-SHA256

KEPT = (
    # webhook signature headers: a timestamp and versions, a digest's slot, a versioned digest
    f"Stripe-Signature: t=1732701731,v1={HEX64}",
    f"Stripe-Signature: t=1732701731,v1={HEX64},v0={HEX64}",
    f"Paddle-Signature: ts=1671552777;h1={HEX64}",
    f"X-Slack-Signature: v0={HEX64}",
    "X-Hub-Signature: sha1=5257a869e7ecebeda32affa62cdca3fa51cad7e7",
    f"webhook-signature: v1,{MAC} v1,{MAC}",
    f"Signature: sig1=:{MAC}:",  # an HTTP message signature, labelled by the signer's name
    f'  "signature": "t=1700000000123,v1={HEX64}"',
    # a stack's salt envelope: a version, the salt, a version, the nonce and the ciphertext
    "encryptionsalt: v1:3f1b6c2e9a7d4e3b:v1:8c5f0d1e2f3a4b5c:6d7e8f9a0b1c2d3e4f5a6b7c",
    "encryptionsalt: v1:2aB3cD4eF5g=:v1:K8mN2pQ4rS6tU8vW:Xy0zA1bC2dE3fG4hI5jK6lM7nO8p",
)


@pytest.mark.parametrize("line", KEPT)
def test_a_schemes_labelled_output_is_kept(line: str) -> None:
    assert redact(line) == line


TAKEN = (
    # the same names with a bare random value: a presigned URL's signature, a salt that is a key
    ("Stripe-Signature: K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p", "K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p"),
    ("AUTH_SALT='K8mN2pQ4rS6tU8vW:Xy0zA1bC2dE3fG4hI5jK6lM7nO8p'", "Xy0zA1bC2dE3fG4hI5jK6lM7nO8p"),
    # one label is not enough: a secret written after a version tag
    ("API_KEY=v1:K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p", "K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p"),
    ("the secret is v1:K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p", "K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p"),
    # one label before a MAC's length is a signature only under a signature's name
    (f"API_KEY=v1,{MAC}", MAC),
    (f"API_KEY=sig1=:{MAC}:", MAC),
    (f"X-Amz-Signature={HEX64}", HEX64),
    # a password is never the scheme's fields
    ("DB_PASSWORD=v1:Summer2024abc", "Summer2024abc"),
    # nor passwords written after versions, a key ring's or a rotation's
    ("password: v1:Tr0ub4dor3xQ:v2:Sup3rS3cretZ", "Sup3rS3cretZ"),
)


@pytest.mark.parametrize(("line", "secret"), TAKEN)
def test_a_bare_or_singly_labelled_secret_still_goes(line: str, secret: str) -> None:
    out = redact(line)
    assert secret not in out
    assert MARK in out


def test_the_shape_wants_every_field_labelled() -> None:
    assert labelled(f"t=1732701731,v1={HEX64}")
    assert not labelled(f"t=1732701731,x1={HEX64}")  # a field no scheme's label names
    assert not labelled(f"t=17327,v1={HEX64}")  # not a Unix time
    assert not labelled(f"v1={HEX64[:20]}")  # one version label before no digest's length
    assert not labelled("v1:K8mN2pQ4rS6tU8vWXy0zA1bC2dE3fG4hI5jK6lM7nO8p")


def test_a_key_ring_is_no_schemes_output() -> None:
    # one key per version: labelled fields, but neither a timestamp nor an envelope's two runs
    assert not labelled("v1:4f9a8c2e1b7d6a3f5e8c9b2a1d4f7e6c,v2:9b8a7c6d5e4f3a2b1c0d9e8f7a6b5c4d")
    assert not labelled("v1=Zk9xQ2hTb3VyY2VLZXlCYXNlNjQ=,v2=QmFzZTY0S2V5VHdvSGVyZQ==")
    assert not labelled("v1:Tr0ub4dor3xQ:v2:Sup3rS3cretZ")
