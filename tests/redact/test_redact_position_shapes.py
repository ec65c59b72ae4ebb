"""Secrets in positions whose syntax stood between the name and the value: an argument lent
by reference before the password (`&cfg.user`), a map of hosts to the secret (composer's
`"bearer": {"host": "…"}`), a dumper's source line after a printed value; and the look-alikes."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ('let resp = client.get(url).basic_auth(&cfg.user, Some("{v}")).send().await?;', "Rocket@2018"),
        ('{{"bearer":{{"repo.packagist.com":"{v}"}}}}', "h6xsXP5BALZQeZVOnPeZEs9G7yba6b"),
        ('"bearer": {{ "repo.example.org:8443": "{v}" }}', "Zq8vN2kLp4Xw7Rt1Ys6Bm3Hc"),
        (
            "$ php artisan tinker --execute=\"dump(config('mail.mailers.smtp.password'))\"\n"
            '"{v}" // vendor/psy/psysh/src/ExecutionClosure.php:28',
            "falcon-thunder-falcon-1759",
        ),
    ],
)
def test_the_secret_past_the_syntax_between(text: str, value: str) -> None:
    assert redact(text.format(v=value)) == text.format(v=MARK)


@pytest.mark.parametrize(
    "text",
    [
        'if (password_ok(&pw) && x) { y("Abc@12345") }',  # `&&`: the statement's condition ends there
        '{"tokens": {"api.example.com": "default"}}',
        '{"bearer": {"repo.packagist.com": "${COMPOSER_TOKEN}"}}',
        "$ php artisan tinker --execute=\"dump(config('app.name'))\"\n"
        '"Laravel" // vendor/psy/psysh/src/ExecutionClosure.php:28',
    ],
)
def test_what_only_looks_like_one_stays(text: str) -> None:
    assert redact(text) == text
