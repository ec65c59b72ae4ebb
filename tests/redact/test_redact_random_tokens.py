"""A machine-random token taken wherever it stands (alone on a line, in prose, as a positional
argument, inside a log line), and the random-looking things that are public kept: hex, uuids,
fingerprints, base58 addresses, base64 of text, ids under their prefix or their name,
identifiers made of words, alphabets and values typed in sequence."""

from __future__ import annotations

import base64
import random
import string

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.random_tokens import is_machine_random, redact_random_tokens, word_letters

B62 = string.ascii_letters + string.digits


def _tokens(n: int, seed: int) -> list[str]:
    """Tokens drawn as a generator draws them: both cases and digits, 12 to 40 characters."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        t = "".join(rng.choice(B62) for _ in range(rng.randint(12, 40)))
        if any(c.islower() for c in t) and any(c.isupper() for c in t) and any(c.isdigit() for c in t):
            out.append(t)
    return out


@pytest.mark.parametrize(
    "template",
    [
        "{t}",  # printed alone after a command
        "the password is 'admin' and '{t}'",  # in prose
        "Password set to '{t}' for user bob.",
        "$ tool login bob {t}",  # a positional argument
        "W1127 10:38:00.118221 8812 config.go:211] field of LDAPConfig set from flag: {t}",
        '  "value": "{t}",',
    ],
)
def test_random_tokens_are_taken_wherever_they_stand(template: str) -> None:
    tokens = _tokens(40, 1)
    left = [t for t in tokens if t in redact(template.format(t=t))]
    assert len(left) <= 2, left  # (a draw can read as words: `word_letters` above the bar)


def test_a_token_gives_way_to_the_contextual_rules_hint() -> None:
    out = redact("export GITHUB_TOKEN=ghp_" + "aB3dE5fG7hJ9kL1mN3pQ5rS7tU9vW1xY3zA5")
    assert out.startswith("export GITHUB_TOKEN=ghp_") or MARK in out
    assert "aB3dE5fG7hJ9" not in out


@pytest.mark.parametrize(
    "line",
    [
        "commit 3f2a9c8e1b7d4f6a0c5e2b8d9f1a3c5e7b9d0f2a",  # hex
        "tx 0x5e555836bacad83ac3989dc1ec9600800c7796d19d706f007844dfc45e9703ac",
        "id 377fd564-beae-4117-accc-04847d0e3665 and hook-27fe7640-373d-4f8f-a8e0-79ea4cc5feb2",  # uuids
        "256 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 bob@laptop (ED25519)",  # a fingerprint
        "- USDC: `EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v`",  # a base58 address
        'fixture = base64.b64decode("' + base64.b64encode(b"Hello, this is a test fixture.").decode() + '")',
        "    permission_classes = [IsAdminOrInstructor]",  # identifiers of words
        "  const { totalValueIDR, totalMonthlyYieldIDR } = usePortfolio();",
        "onNext={handleStep2Next} libprotobuf32t64 Subly402FacilitatorClient",
        "--image-id ami-0c02fb55731490381 tooluse_d71GJvc9YS2eEfBd0XEJLb msg_01XFDUDYJgAACzvnptvVoYEL",
        "const ALPHA = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';",  # an alphabet
        "auth0 login --client-id 8bJ2kL4mN6pQ8rS0tU2vW4xY6zA8bC0d",  # typed in sequence, an id
        "  __knexQueryUid: 'h7Xc0wQ9mPl3',",  # a name says it is an id
        "\x1b[1m\x1b[36mTRANSACTION (0.0ms)\x1b[0m",  # a terminal's colour code
        "docker ps: q8xk2m4n6p0r1t3v5w7y9z0a1 vault item 7z4q2mfn5x3vklhbxw7zr6yfqe",  # one case: ids
        "src/components/UserProfileCard.tsx and api.example.com/v2/users",
    ],
)
def test_public_random_looking_things_are_kept(line: str) -> None:
    assert redact_random_tokens(line) == line
    assert redact(line) == line


def test_word_letters_tells_identifiers_from_draws() -> None:
    assert word_letters("handleStep2Next") == 1.0
    assert word_letters("IsAdminOrInstructor") > 0.5
    draws = [word_letters(t) for t in _tokens(200, 2)]
    assert sum(d <= 0.5 for d in draws) >= 190


def test_judgement_of_single_tokens() -> None:
    assert is_machine_random("Rgw9Zd0UuP4I")
    assert is_machine_random("X3gUfdkewdaxFGlJa10prfrqzBsFz")
    assert not is_machine_random("Rgw9Zd0UuP4")  # too short to tell
    assert not is_machine_random("x" * 6 + "Y" * 6 + "1")
    assert not is_machine_random("a" * 70 + "B1")  # a blob's length
    assert not is_machine_random("kwn6afv05vbz167u3tvejghp70")  # one case: an id's alphabet


def test_a_long_text_reads_as_its_lines() -> None:
    tokens = _tokens(50, 3)
    lines = [f"line {i}: value {t} done" for i, t in enumerate(tokens)] + ["ordinary prose line"] * 50
    text = "\n".join(lines)
    assert redact(text) == "\n".join(redact(line) for line in lines)


@pytest.mark.parametrize(
    "line",
    [
        'digest = hashlib.sha256("gE27zOfbr6CZYh3qiPH0PPwh3jr2bc".encode())',  # a call named for a digest
        'new PublicKey("hN5dRb2WkPq7ZsGv9TfLm3YcXe8JuAo4")',
        'let v = semver::Version::new("P5OemDRZqRgWqs82ruKrNqDxZpsP");',
        'expected_hmac = "Vb3Nm8Qw2Er6Ty9Ui4Op7As"',
        "$ openssl rsa -in key.pem -pubout\n-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx",
        '$ echo "keys: $(cat ~/.ssh/id_ed25519.pub)"\nkeys: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoq bob@host',
        "sample = qW3rTy8uIoP4aSdF6gHjK2lZxC9vBnM1",  # typed along the keyboard
    ],
)
def test_what_a_name_or_a_header_says_is_public_is_kept(line: str) -> None:
    assert redact_random_tokens(line) == line


def test_a_private_keys_der_is_not_read_as_public() -> None:
    from context_keeper.redact.random_tokens import _public_key_data

    assert _public_key_data("MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAx")  # SubjectPublicKeyInfo
    assert _public_key_data("MIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBa")  # a certificate
    assert not _public_key_data("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIB")  # PKCS#8: a version first
    assert not _public_key_data("MIIEpAIBAAKCAQEA1x9Tz")  # PKCS#1


def test_a_call_named_for_a_client_still_loses_its_key() -> None:
    assert redact_random_tokens('client = Client("P5OemDRZqRgWqs82ruKrNqDxZpsP")') == f'client = Client("{MARK}")'


B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def _base58(raw: bytes) -> str:
    n, out = int.from_bytes(raw, "big"), ""
    while n:
        n, r = divmod(n, 58)
        out = B58[r] + out
    return "1" * (len(raw) - len(raw.lstrip(b"\0"))) + out


@pytest.mark.parametrize(
    ("line", "left"),
    [
        ("zerotier-cli -TExgbDcEMVhYtNTsCJqsJ5Ya5T listnetworks", "zerotier-cli -T"),  # glued to a flag
        ("mysql -uroot -pRgw9Zd0UuP4Iq app", "mysql -uroot -p"),
        ("your claim code: claim-51pv15VsJipUqHQeKK3VfgPaYvdWfcx52jQDe", "code: claim-"),  # after a word prefix
        ("curl https://api.telegram.org/bot123456789:jHaazXzzPwUrwgtYCduoj0vqZUCS6xlyv6HVt1/getMe", "/bot123456789:"),
        ("pover://Xk3mR9qLz2WvB7tNq@relay.example.com", "pover://"),  # a URL's user part
    ],
)
def test_random_tokens_are_taken_where_a_flag_a_prefix_or_a_url_holds_them(line: str, left: str) -> None:
    out = redact_random_tokens(line)
    assert MARK in out
    assert left in out


@pytest.mark.parametrize(
    "line",
    [
        "https://drive.google.com/file/d/1Q9Fan3OZmKE8wjFmaQSfYA0vvLlfZoC8/view",  # a document's id between slashes
        "https://youtu.be/rZMRA3QqRAY?si=VMnwko9CuDBr5gG9",  # a query's value
        "send to 1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2",  # base58 with its checksum: an address
        "cc -Werror-implicit-function-declaration -DCMAKE_BUILD_TYPE=Release",  # flags of words
        "request msg_01XFDUDYJgAACzvnptvVoYEL sent",  # an API's id under its prefix
        "pubkey Zq8vR2mXk9LpT4wNZq8vR2mXk9LpT4wN",  # a run twice: typed to stand for a value
    ],
)
def test_public_things_in_those_places_are_kept(line: str) -> None:
    assert redact_random_tokens(line) == line


def test_base58_is_public_when_it_decodes_as_a_key_or_an_address() -> None:
    rng = random.Random(4)
    keys = [_base58(rng.randbytes(32)) for _ in range(50)]  # public keys, mints, programs
    assert not any(is_machine_random(k) for k in keys)
    draws = ["".join(rng.choice(B58) for _ in range(rng.randint(32, 40))) for _ in range(200)]
    assert sum(is_machine_random(d) for d in draws) >= 170  # (words by chance: `word_letters`)
