"""A login written as one token, `user:password`, where a whole token stands (a flag's argument,
a whole quoted literal, a whole line): the password is removed when a person chose it as one;
image tags, module paths, digests, hashes, URLs, ARNs, references and placeholders are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.joined_logins import redact_joined_logins
from context_keeper.redact.password_shapes import person_chosen

CHOSEN = ("Willow.5438Meadow", "Shadow1632!", "Silver@2003", "rocket-copper-sunshine-9361")


@pytest.mark.parametrize("value", CHOSEN)
@pytest.mark.parametrize(
    "template",
    [
        "transmission-remote -n admin:{v} -l",
        "http -a deploy:{v} POST https://api.example.com/v1/jobs",
        "wscat -c wss://ws.example.com --auth=bob:{v}",
        'BUNDLE_GEMS__ACME__IO: "ci:{v}"',
        "req.setHeader('Authorization', 'Basic ' + base64Encode(Blob.valueOf('bob:{v}')));",
        'Uri.make ~scheme:"postgresql" ~userinfo:"app:{v}" ~host:"db" ()',
        'token = base64.b64encode(b"svc:{v}").decode()',
        "echo 'bob:{v}' | sudo chpasswd",
        "$ cat /etc/lighttpd/lighttpd.user\nbob:{v}\nalice:{v}",
    ],
)
def test_a_joined_password_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


def test_a_lower_case_word_and_digits_needs_a_login_on_the_line() -> None:
    assert redact_joined_logins("ab -n 10 -A bob:sunshine6422 https://x.example.com/") == (
        "ab -n 10 -A bob:sunshine6422 https://x.example.com/"
    )
    assert MARK in redact_joined_logins("siege --login bob:sunshine6422 https://x.example.com/")


@pytest.mark.parametrize(
    "line",
    [
        "docker build -t web:build2291 .",
        "docker build -t web:feature-login-2291 .",  # two words: no passphrase
        "http -a deploy:$DEPLOY_PASS POST https://api.example.com/v1/jobs",
        "const auth = Buffer.from('user:<password>').toString('base64');",
        "uvicorn app:create_app --port 80",
        'policy: "arn:aws:iam::123456789012:role/Admin"',
        'image: "nginx:1.25.3-alpine"',
        '"h1:8oIZdh8sZYr0SGi6xE4Ag3BMs1Vk3TMmX7vFhRJ4YtU=",',
        'cloud.id: "prod:ZXUtd2VzdC0xLmF3cy5mb3VuZC5pbyQ"',
        '"url": "https://example.com/@bob/post-2291"',
        "t('common:welcomeBack2')",
        "select:TaskCreate,TaskUpdate",
        "docker run -v data:/data -p 8080:80 web:build2291",
    ],
)
def test_look_alikes_are_kept(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize(
    ("value", "chosen"),
    [
        ("Winter@2007", True),
        ("Tig3r#1075", True),
        ("Tr!ck9Fox", True),  # three kinds and a symbol inside
        ("Willow.5438Meadow", True),
        ("rocket-copper-sunshine-9361", True),
        ("node@18", False),  # a package at its version
        ("web@2024", False),
        ("build2291", False),
        ("v1.2.3", False),
        ("Name@2x", False),
    ],
)
def test_person_chosen(value: str, chosen: bool) -> None:
    assert person_chosen(value) is chosen


def test_lower_case_words_and_digits_are_no_bare_keys_passphrase() -> None:
    assert not person_chosen("linux-build-cache-1234", passphrase=False)
    assert person_chosen("Copper.3190Lake", passphrase=False)


@pytest.mark.parametrize(
    "line",
    [
        "Wi-Fi: HomeNet, key Harbor#7731",
        "netsh wlan set profileparameter name=Home keyMaterial=Copper.3190Lake",
    ],
)
def test_a_bare_keys_chosen_value_is_removed(line: str) -> None:
    assert MARK in redact(line)


@pytest.mark.parametrize(
    "line",
    ["  key: linux-build-cache-1234", "key: deps-node-2291", "key=node@18", "sort key=name2"],
)
def test_a_bare_keys_look_alikes_are_kept(line: str) -> None:
    assert redact(line) == line


@pytest.mark.parametrize(
    "line",
    [
        "docker build -t web:Release2024 .",
        "kubectl get pods --selector=app:Frontend2024",
        "docker run -v data:Backup2024 web",
        "git checkout -b feature:Login2024",
        'i18n.add("en:Winter2024")',
        "build:Release2024",
    ],
)
def test_a_capitalised_word_and_digits_outside_a_logins_position_is_kept(line: str) -> None:
    assert redact_joined_logins(line) == line


@pytest.mark.parametrize(
    "line",
    [
        "curl -u bob:Summer2024 https://x.example.com/",
        "http -a deploy:Summer2024 POST https://x.example.com/",
        "siege --login bob:Summer2024 https://x.example.com/",
        "echo 'bob:Summer2024' | sudo chpasswd",
    ],
)
def test_a_capitalised_word_and_digits_in_a_logins_position_is_removed(line: str) -> None:
    assert "Summer2024" not in redact_joined_logins(line)
