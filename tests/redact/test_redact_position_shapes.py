"""Secrets in positions whose syntax stood between the name and the value: an argument lent
by reference before the password (`&cfg.user`), a map of hosts to the secret (composer's
`"bearer": {"host": "…"}`), a dumper's source line after a printed value, an auth scheme's atom (Elixir's `{:basic, "…"}`),
a personal access token's name (`*_PAT`) read at a prompt, a `set-…` verb's flags, an option's
constructor without parentheses (`Some "…"`), a bare user before the quoted password; and the look-alikes."""

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
        ('Req.new(base_url: "https://api.acme.io", auth: {{:basic, "bob:{v}"}})', "thunder-falcon-tiger-4974"),
        ("PS> $env:NUGET_FEED_PAT\n{v}", "cd3NFCKKnGIgM3IOXNc1CU12WDgDR3S"),
        ("$ echo $GITHUB_PAT\n{v}", "cd3NFCKKnGIgM3IOXNc1CU12WDgDR3S"),
        # a verb that sets one variable (`set-environment`), its flags between
        ("tmux set-environment -g ARTIFACTORY_PASS {v}", "ocean-thunder-purple-5395"),
        # an option's constructor applied without parentheses
        ('  , password = Some "{v}"', "Thunder8580!"),
        ('password = Just "{v}"', "ocean-thunder-purple-5395"),
        # a bare user, then the quoted password: a pair's two items
        ('auth: [admin, "{v}"]', "willow-garden-meadow-3268"),
        ('creds = (bob, "{v}")', "Thunder8580!"),
    ],
)
def test_the_secret_past_the_syntax_between(text: str, value: str) -> None:
    assert redact(text.format(v=value)) == text.format(v=MARK)


@pytest.mark.parametrize(
    "text",
    [
        'if (password_ok(&pw) && x) { y("abc@12345") }',  # `&&`: the statement's condition ends there
        '{"tokens": {"api.example.com": "default"}}',
        '{"bearer": {"repo.packagist.com": "${COMPOSER_TOKEN}"}}',
        "$ php artisan tinker --execute=\"dump(config('app.name'))\"\n"
        '"Laravel" // vendor/psy/psysh/src/ExecutionClosure.php:28',
        "Req.get!(url, auth: {:bearer, token})",
        "PS> $env:PATH\nC:\\Windows\\system32",
        "$ git patch-id\n3f9a1c2b4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a",
        # an image and its release tag after a secret's name, and a next field after `user=name:`
        "docker service create --secret rabbit_pass rabbitmq:3-management",
        "docker run --secret db_pass --name db postgres:16.4-alpine",
        "tmux set-option -g status-left '#[fg=green]#S'",
        'auth: [admin, "<admin password>"]',
        'fill(password, [a, "b"])',
        "asadmin create-jdbc-connection-pool --property user=shop:password=${ALIAS=shop-db-pass}:DatabaseName=shop P",
    ],
)
def test_what_only_looks_like_one_stays(text: str) -> None:
    assert redact(text) == text
