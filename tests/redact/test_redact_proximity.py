"""The first literal after a secret's noun in its statement is read whatever syntax stands
between them (a type, a method chain, a keyword argument, a type digit, a flag, the literal's
own brackets); a statement that computes or reads the value, prose, a path and a list of
names are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SECRET = "Heron.4412Cedar"
MIXED = "tQ7#vR2!pZ"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'await screen.findByRole("passcode").typeInto("{SECRET}");', SECRET),  # a method chain
        (f"select_field 'Passphrase', value: '{SECRET}'", SECRET),  # a keyword argument after the name
        ("type_into 'Passphrase', with: 'heron4412'", "heron4412"),  # a label that is a word of prose
        (f"  05  RELAY-PASSWD  PIC X(20)  VALUE '{SECRET}'.", SECRET),  # a type, its size, a keyword
        (f"SETPWD USER(OPS) PASSWORD({SECRET})", SECRET),  # the literal's own parentheses
        (f"conn = Db.open(:secret<{KEY}>)", KEY),  # angle brackets
        (f"  smtpPassword | Text = '{SECRET}'", SECRET),  # a type between the name and `=`
        (f" ntp authentication-key 4 sha1 {MIXED}", MIXED),  # a number and an algorithm, then the key
        (f"vaultctl credential put app.db.main -value {KEY} -store local", KEY),  # a flag between
        (f"device add -object secret,id=s1,data={MIXED}", MIXED),  # other fields of the object between
    ],
)
def test_first_literal_after_the_noun_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "await page.fill('#password', process.env.E2E_PASSWORD)",  # a reference
        "await page.getByLabel('Password').fill(process.env.E2E_PASSWORD ?? '')",
        "password = get_password(user, 'deploy2024!')",  # computed by a call that reads
        "token = cache.lookup('session:42:abcDEF12')",
        'print("password reset for", "ops-2024!x")',  # the noun in a string of prose
        "The key insight: Caching2x improves throughput.",
        "- [ABC Token](https://etherscan.io/token/0x45c2f8c9b4c0bdc76200448cc26c48ab6ffef83f)",  # a URL's path
        "IFACES = {'ASAuthorizationAppleIDCredential', 'ASAuthorizationAppleIDProvider'}",  # names
        '<add key="ConnectionString_B2B" value="Server=db;Integrated Security=true" />',  # named by `key`
        "expect(page.getByLabel('Password')).toHaveAttribute('type', 'password')",  # the first literal decides
        "the password for the staging host is in the vault under ops-db-7",  # prose
    ],
)
def test_statements_that_compute_read_or_describe_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'      ~ password = "changeme" -> "{MIXED}"', MIXED),  # a plan's change: the old value, then the new
        ("user admin password plaintext Cedar.4412Heron", "Cedar.4412Heron"),  # a device's word for the key in clear
        ('set vpn ipsec peer p1 pre-shared-key ascii-text "Cedar.4412Heron"', "Cedar.4412Heron"),
    ],
)
def test_a_changed_value_and_a_key_given_in_clear_go(text: str, value: str) -> None:
    assert value not in redact(text)


def test_a_long_token_after_its_flag_goes_whole() -> None:
    token = "PBisa42iqUPShHf3qyaRa1ntkByUhzUirXD6T0sbDxYV3wax66UFSH5XIuW3IohMXQj86tVuMdwfmVp6" * 3
    assert redact(f"relay login --token {token}") == "relay login --token [REDACTED]"


@pytest.mark.parametrize(
    "text",
    [
        f'DBPassword string `envconfig:"DB_PASSWORD" default:"{SECRET}"`',  # a struct tag's default
        f'Password string `env:"DB_PASSWORD" envDefault:"{SECRET}"`',
        f'db_password: str = Field(default="{SECRET}")',  # a type, then a call given the default
        f'db_password: SecretStr = Field("{SECRET}", env="DB_PASSWORD")',
        f'smtp_password = SecretStr("{SECRET}")',  # a call that wraps the literal
    ],
)
def test_a_default_or_a_wrapped_literal_after_the_noun_is_removed(text: str) -> None:
    out = redact(text)
    assert SECRET not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'password = getpass.getpass("Password: ")',  # a call that reads
        'password = PasswordField("Password", validators=[DataRequired()])',  # a label, a word
        'password: str = Field(..., description="The DB password")',  # a description
        'password = t("auth.password.label")',  # a translation key
        'Password string `envconfig:"DB_PASSWORD" required:"true"`',  # a struct tag without a default
    ],
)
def test_calls_after_the_noun_that_give_no_secret_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        'password: str = Field(..., min_length=8, example="strongpass1!")',  # a documentation example
        "user.password = Hash::make($request->password);",  # a static call computes the value
        'Password string `default:"changeme"`',  # a struct tag's placeholder default
        'Password string `json:"password" validate:"required,min=8"`',
    ],
)
def test_examples_static_calls_and_tags_without_a_secret_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "usernamePassword(credentialsId: 'web1-deploy', usernameVariable: 'U', passwordVariable: 'P')",
        "sshPassword(keyId = 'Deploy-2024x', host: 'web1')",
    ],
)
def test_a_literal_under_an_identifiers_name_after_the_noun_is_kept(text: str) -> None:
    """The literal after `credentialsId:` is that id's value, not the secret the call is named for."""
    assert redact(text) == text


def test_a_literal_under_a_secret_name_after_the_noun_is_still_taken() -> None:
    out = redact(f"usernamePassword(secret: '{SECRET}')")
    assert SECRET not in out
