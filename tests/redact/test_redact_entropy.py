"""Formats without a vendor rule: Microsoft's identifiable keys, password hashes, a random body
after an unknown prefix, a random string given to a client; and the randomness test that must
not fire on digests, integrity strings, uuids, ids, base64 data, public keys or identifiers."""

from __future__ import annotations

import base64
import random
import string

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.entropy import bits_per_char, is_random_token

B62 = string.ascii_letters + string.digits
B64 = B62 + "+/"


def _r(rng: random.Random, n: int, alphabet: str = B62) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _azure_keys(rng: random.Random) -> list[str]:
    """Keys laid out as Microsoft documents them: a signature at a fixed offset."""
    return [
        _r(rng, 76, B64) + "+ASt" + _r(rng, 5, B64) + rng.choice("AQgw") + "==",  # storage account
        _r(rng, 76, B64) + "ACDb" + _r(rng, 5, B64) + rng.choice("AQgw") + "==",  # Cosmos DB
        _r(rng, 44, B62 + "_-") + "AzFu" + _r(rng, 5) + rng.choice("AQgw") + "==",  # function
        # Service Bus, Event Hubs, Relay: the signature, then one of A-P (the key's last bits)
        _r(rng, 33, B64) + "+ASb" + rng.choice("ABCDEFGHIJKLMNOP") + _r(rng, 5, B64) + "=",
        _r(rng, 33, B64) + "+AEh" + rng.choice("ABCDEFGHIJKLMNOP") + _r(rng, 5, B64) + "=",
        _r(rng, 33, B64) + "+ARm" + rng.choice("ABCDEFGHIJKLMNOP") + _r(rng, 5, B64) + "=",
        _r(rng, 33, B64) + "AzCa" + rng.choice("ABCDEFGHIJKLMNOP") + _r(rng, 5, B64) + "=",  # Redis
        _r(rng, 42) + "AzSe" + rng.choice("ABCD") + _r(rng, 5),  # Search
        _r(rng, 52) + "JQQJ99" + _r(rng, 1) + rng.choice("ABCDEFGHIJKL") + _r(rng, 16) + "A" + _r(rng, 7) + "AA==",
        # an Entra ID (Azure AD) client secret: a hyphen may stand among the three before `8Q~`
        rng.choice("-~.") + _r(rng, 2, B62 + "-") + "8Q~" + _r(rng, 34, B62 + "~.-"),
    ]


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("context", ["{v}", "key: {v}", 'new Client("{v}")', "STORAGE={v}", "see {v} above"])
def test_identifiable_azure_keys_go_wherever_they_stand(seed: int, context: str) -> None:
    for key in _azure_keys(random.Random(seed)):
        out = redact(context.format(v=key))
        assert key[20:40] not in out, out


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("root:$6$3jJADsrAcu.UxgUk$EBl4zRvcBO9egU/Sr.iONOl9R1jHiPcxPCOHGN.1bLu:19722:0:99999:7:::", "root:$6$"),
        ("admin:$apr1$oYZn4DP4$tnn2g6tVPJYbX.5MMXOLwm", "admin:$apr1$"),
        ("hash = '$2b$12$U0AKCOYXwbXSCDiOXALm3aSl0towRsW3PJAyuvusp4q3rQOrcTwCE'", "hash = '$2b$"),
        ("$argon2id$v=19$m=65536,t=3,p=4$c2FsdHNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG", "$argon2id$"),
        # a compose file's or a Traefik label's doubled `$`
        ("users=admin:$$2y$$05$$N9qo8uLOickgx2ZMRZoMyeIjZAgcfl7p92ldGxad68LJZdL17lhWy", "users=admin:$$2y$$"),
        # a framework's stored password (Django, Werkzeug), an LDAP userPassword
        ("pbkdf2_sha256$600000$c29tZXNhbHQ$Zq1Yp8dGQWmW5nzyR1bY3ZgqKQq0fYt1bC3VZ2tK2oW=", "pbkdf2_sha256$"),
        ("scrypt:32768:8:1$Xz9kQ2abcDEF$0f3a8c1e9b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f", "scrypt:32768:8:1$"),
        ("userPassword: {SSHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=", "userPassword: {SSHA}"),
    ],
)
def test_password_hashes_go_their_scheme_stays(text: str, kept: str) -> None:
    out = redact(text)
    assert out.startswith(kept) and MARK in out and text[len(kept) + 12 :][:16] not in out


@pytest.mark.parametrize(
    "text",
    [
        "sha256$abc",  # too short to be a hash
        "{SHA}",  # a scheme alone
        "see pbkdf2_sha256$ in the Django docs",
    ],
)
def test_what_only_names_a_hash_scheme_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize("prefix", ["sbp_", "phx_", "CFPAT-", "lsv2_pt_", "nvapi-", "ak_live_", "zqx_"])
def test_a_random_body_after_an_unknown_prefix_goes(prefix: str) -> None:
    body = _r(random.Random(prefix), 40, B62 + "_")
    assert redact(f"using {prefix}{body} for the deploy") == f"using {prefix}{MARK} for the deploy"


@pytest.mark.parametrize(
    "text",
    [
        'client = Client("{v}")',
        'bot.run("{v}")',
        "api = SomeApi('{v}')",
        'sdk.configure(api_key="{v}")',
        'session = requests_oauth.login("{v}")',
    ],
)
def test_a_random_string_given_to_a_client_goes(text: str) -> None:
    value = _r(random.Random(text), 32, B62 + "-_")
    out = redact(text.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'sms = rest.Client("ACxxxxxxxxxxxxxxxxxxxxxx", "{v}", "eu1")',
        'client = Client("{v}", "{v}")',  # an id and a secret, both random
    ],
)
def test_a_random_string_among_a_clients_arguments_goes(text: str) -> None:
    value = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"
    out = redact(text.format(v=value))
    assert value not in out and MARK in out, out


def _benign(rng: random.Random) -> list[str]:
    hexd = "0123456789abcdef"
    blob = base64.b64encode(bytes(rng.randrange(256) for _ in range(48))).decode()
    return [
        f"integrity sha512-{blob}",
        f"github.com/x/y v1.2.3 h1:{blob[:43]}=",
        f"commit {_r(rng, 40, hexd)}",
        f"pod myapp-deployment-{_r(rng, 10, hexd)}-{_r(rng, 5, string.ascii_lowercase + string.digits)} restarted",
        f"req-{_r(rng, 8, hexd)}-{_r(rng, 4, hexd)}-4{_r(rng, 3, hexd)}-a{_r(rng, 3, hexd)}-{_r(rng, 12, hexd)}",
        f"msg_01{_r(rng, 22)} toolu_01{_r(rng, 22)} req_011{_r(rng, 21)}",
        f"chatcmpl-{_r(rng, 29)}",
        f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(rng, 43, B64)} dev@laptop",
        f'image = base64.b64decode("{blob}")',
        f'digest = hashlib.sha256("{_r(rng, 30)}".encode())',
        "test_case_0001_with_a_long_descriptive_identifier_name",
        f"dist/assets/index-{_r(rng, 24, B62)}.js",
        'x = Client("https://api.example.com/v1")',
        'logger = Client("application-logs-production-eu")',
        'logger = Client("application-logs-production-eu", "audit-trail-retention-days")',
        f"FROM python:3.12-slim@sha256:{_r(rng, 64, hexd)}",
        f'const program = new PublicKey("{_r(rng, 44, B62)}");',
        ":".join(_r(rng, 2, "0123456789ABCDEF") for _ in range(16)),
    ]


@pytest.mark.parametrize("seed", range(5))
def test_the_randomness_rule_does_not_fire_on_what_only_looks_random(seed: int) -> None:
    for line in _benign(random.Random(seed)):
        assert redact(line) == line


def test_what_the_randomness_test_measures() -> None:
    rng = random.Random(7)
    assert is_random_token(_r(rng, 24))
    assert not is_random_token("0123456789abcdef0123456789abcdef")  # hex: a digest more often
    assert not is_random_token("8e03978e-40d5-43e8-bc93-6894a57f9324")  # a uuid
    assert not is_random_token("getAccessTokenFromEnvironment")  # words
    assert not is_random_token("aaaabbbbccccdddd1111")  # too regular
    assert bits_per_char("abab") == 1.0


def test_a_random_key_alone_given_to_a_vendor_class_is_removed() -> None:
    key = "qW3rTy8uIoP4aSdF6gHjK2lZxC9vBnM1"
    for text in (f'client = Acme("{key}")', f"const sdk = new Vendorly('{key}');"):
        out = redact(text)
        assert key not in out and MARK in out
    for text in (
        f'new PublicKey("{key}")',  # an address: random and public
        f'ObjectRef("{key}")',
        f'Acme("{key}", region="eu")',  # not the key alone: judged by the callee's name
    ):
        assert redact(text) == text


def test_a_key_given_to_a_vendor_client_s_constructor_goes() -> None:
    key = "P5OemDRZqRgWqs82ruKrNqDxZpsP"
    assert key not in redact(f'let client = acme::Client::new("{key}");')
    assert redact(f'let v = semver::Version::new("{key}");') == f'let v = semver::Version::new("{key}");'


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ('bot = telebot.TeleBot("123456789:bepMmdJypiXTaMk51BfiivJSP9r")', "bepMmdJypiXTaMk51BfiivJSP9r"),
        ("const bot = new Telegraf('123456789:bJCjUDdTIUNBcxeLBn9BfCf2MiDOy7lz');", "bJCjUDdTIUNBcxeLBn9BfCf2MiDOy7lz"),
    ],
)
def test_a_bots_id_and_secret_given_to_its_client_is_removed(text: str, secret: str) -> None:
    assert secret not in redact(text)


@pytest.mark.parametrize(
    "text", ['x = Version("123456789:abcdefghijklmnopqrstuvwxyz")', 'log.info("20240101:processing-the-next-batch")']
)
def test_digits_and_words_after_a_colon_are_kept(text: str) -> None:
    assert redact(text) == text


def test_the_prefixed_token_rule_s_gate_passes_every_text_its_pattern_changes() -> None:
    """`prefixed_token_rule` tries its pattern only from the start of a run that holds its gate:
    on texts of prefixes, separators and token runs, the same as the pattern tried everywhere."""
    from context_keeper.redact import entropy
    from context_keeper.redact.patterns import LazyRule

    gated, everywhere = entropy.prefixed_token_rule(), LazyRule(*entropy.prefixed_token_rule_source())
    rng = random.Random(5)
    pieces = ["sbp", "CFPAT", "lsv2", "pt", "_", "-", "=", ".", "/", " ", "x", "Zk9Q2mXv8LpT4wN7bR3c", "0a1b"]
    changed = 0
    for _ in range(4000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 8)))
        assert gated(text) == everywhere(text), text
        changed += everywhere(text) != text
    assert changed > 10
