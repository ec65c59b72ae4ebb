"""Redaction measured both ways on tests/redact_corpus.py: ordinary developer lines come through
unchanged, secrets (generated per format, placed in real contexts) do not survive, not even in part."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.names import NOT_SECRET, PASSWORD, STRONG, WEAK, tier
from redact_corpus import leaked, ordinary_lines, secret_cases

ORDINARY = ordinary_lines()
SECRETS = secret_cases(seed=1)


def test_the_corpus_is_big_and_varied() -> None:
    assert len(ORDINARY) >= 200 and len(set(ORDINARY)) == len(ORDINARY)
    assert len(SECRETS) >= 150
    assert len({case.kind for case in SECRETS}) >= 100


@pytest.mark.parametrize("line", ORDINARY, ids=[f"line{i}" for i in range(len(ORDINARY))])
def test_ordinary_line_is_unchanged(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize("case", SECRETS, ids=[f"{c.kind}-{i}" for i, c in enumerate(SECRETS)])
def test_secret_is_removed(case) -> None:  # type: ignore[no-untyped-def]
    out = redact(case.text)
    assert not leaked(out, case.secret), out
    assert MARK in out


@pytest.mark.parametrize("seed", [2, 3, 4])
def test_other_draws_of_the_same_formats(seed: int) -> None:
    # Fresh values and other contexts: the rules are about shapes, not about seed 1's strings.
    missed = [c.text for c in secret_cases(seed) if leaked(redact(c.text), c.secret)]
    assert missed == []


def test_redaction_is_idempotent_on_the_corpus() -> None:
    for text in [c.text for c in SECRETS] + ORDINARY:
        once = redact(text)
        assert redact(once) == once


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("export GITHUB_TOKEN=ghp_" + "aB3" * 12, "export GITHUB_TOKEN=ghp_[REDACTED]"),
        ("Authorization: SSWS 00" + "Zq8" * 13 + "x", "Authorization: SSWS [REDACTED]"),
        ("Authorization: FlyV1 fm2_" + "Kp4/" * 20, "Authorization: FlyV1 [REDACTED]"),
        ("mysql -u root -pS3cr3t-Pw app", "mysql -u root -p[REDACTED] app"),
        ("curl -u admin:S3cr3t-Pw https://ci.example.com", "curl -u admin:[REDACTED] https://ci.example.com"),
        ("postgres://app:S3cr3t-Pw@db:5432/app", "postgres://app:[REDACTED]@db:5432/app"),
        ("CREATE USER app WITH PASSWORD 'S3cr3t-Pw';", "CREATE USER app WITH PASSWORD '[REDACTED]';"),
        ("<password>S3cr3t-Pw</password>", "<password>[REDACTED]</password>"),
        ("define('DB_PASSWORD', 'S3cr3t-Pw');", "define('DB_PASSWORD', '[REDACTED]');"),
        ('api_key: str | None = "S3cr3tValue42"', 'api_key: str | None = "[REDACTED]"'),
    ],
)
def test_what_stays_around_a_secret(text: str, expected: str) -> None:
    # The hint, the scheme word, the user name and the syntax stay: a reader sees what was there.
    assert redact(text) == expected


@pytest.mark.parametrize(
    ("name", "level"),
    [
        ("DB_PASSWORD", PASSWORD),
        ("PGPASSWORD", PASSWORD),
        ("MYSQL_PWD", PASSWORD),
        ("db_pass", PASSWORD),
        ("api_key", STRONG),
        ("x-api-key", STRONG),
        ("client_secret", STRONG),
        ("GITHUB_TOKEN", STRONG),
        ("SECRET_KEY_BASE", STRONG),
        ("settings.api_key", STRONG),
        ("aws_secret_access_key", STRONG),
        ("key", WEAK),
        ("REDISCLI_AUTH", PASSWORD),  # a tool's `*_AUTH` variable holds its password
        ("auth", WEAK),
        ("use_auth", NOT_SECRET),
        ("TestAuthBuild", WEAK),  # `auth` not last: no password's name
        ("X-Amz-Signature", WEAK),
        ("KeyError", NOT_SECRET),
        ("token_ttl", NOT_SECRET),
        ("secretName", NOT_SECRET),
        ("auth_mode", NOT_SECRET),
        ("sort_key", NOT_SECRET),
        ("max_tokens", NOT_SECRET),
        ("next_token", NOT_SECRET),
        ("password_reset_url", NOT_SECRET),
        ("publicKeyToken", NOT_SECRET),
        ("pass_fds", NOT_SECRET),
        ("existingSecret", NOT_SECRET),
        ("token.py", NOT_SECRET),
        ("Token.String.Symbol", NOT_SECRET),
        ("is_secret", NOT_SECRET),
        ("PWD", PASSWORD),
    ],
)
def test_how_secret_a_name_sounds(name: str, level: int) -> None:
    assert tier(name) == level
