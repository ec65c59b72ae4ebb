"""What a CLI prints around a credential it shows: notices before the value, a value longer
than a line of prose, a sentence about a password after a log record's prefix, a one-time
code under its label, a key's id then the key, a table row with a blank cell; and the ordinary lines of the same shapes, kept."""

from __future__ import annotations

import random
import string

import pytest

from context_keeper.redact import MARK, redact

AN = string.ascii_letters + string.digits


def _value(seed: str, n: int, alphabet: str = AN) -> str:
    rng = random.Random(seed)
    return "".join(rng.choice(alphabet) for _ in range(n))


def test_a_clis_notices_before_the_value_are_passed_over() -> None:
    head = (
        "$ heroku auth:token\n ›   Warning: token will expire 12/28/2026\n"
        " ›   Use heroku authorizations:create to generate a long-term token\n"
    )
    value = "2bae4081-b948-4fd5-48e0-fff0fc943548"
    assert redact(head + value) == head + MARK
    head = "$ vault print token\nWARNING: the token is shown in clear\n"
    value = _value("vault", 28)
    assert redact(head + value) == head + MARK


def test_a_notice_then_prose_is_no_value() -> None:
    text = "$ heroku auth:token\n ›   Warning: token will expire 12/28/2026\nRun heroku login to refresh it."
    assert redact(text) == text


def test_a_token_longer_than_a_line_of_prose_is_still_one_value() -> None:
    value = "eyJhbGciOiJSUzI1NiIsImtpZCI6" + _value("long", 700, AN + "-_")
    head = "$ kubectl create token ci-deployer -n ci --duration 1h\n"
    assert redact(head + value) == head + MARK


@pytest.mark.parametrize(
    "label",
    [
        "2026-11-28T04:10:00.118000Z 6 [Note] [MY-010454] [Server] A temporary password is generated for root@localhost: ",
        "The WebUI administrator password was not set. A temporary password is provided for this session: ",
    ],
)
def test_a_sentence_about_a_password_after_a_prefix_or_another_sentence(label: str) -> None:
    value = _value(label, 12)
    assert redact(label + value) == label + MARK
    assert redact(label + "changeme") == label + "changeme"  # a word: prose, not a secret


@pytest.mark.parametrize(
    "text",
    [
        "! First copy your one-time code: {v}\nPress Enter to open https://github.com/login/device in your browser...",
        "Device code: {v}",
        "Your verification code: {v}",
    ],
)
def test_a_one_time_code_under_its_label(text: str) -> None:
    value = _value(text, 4, string.ascii_uppercase + string.digits) + "-" + _value(text[::-1], 4, "0123456789")
    assert redact(text.format(v=value)) == text.format(v=MARK)


def test_a_dashed_code_of_capitals_and_digits_is_no_number() -> None:
    text = "! First copy your one-time code: {v}\nPress Enter to open https://github.com/login/device"
    assert redact(text.format(v="8Z74-ZQFS")) == text.format(v=MARK)


@pytest.mark.parametrize(
    "text",
    [
        "Time code: 00:01:23:12",
        "one-time code: setup-wizard",
        "We send a one-time code: check your inbox",
        "[Server] A temporary password is generated for root@localhost: see the log",
    ],
)
def test_what_only_looks_like_a_code_or_a_password_stays(text: str) -> None:
    assert redact(text) == text
    assert redact(text + "\nok") == text + "\nok"


def test_a_keys_id_then_the_key_on_one_line() -> None:
    head = "$ b2 key create --bucket shop-backups ci-uploads listFiles,readFiles,writeFiles\n0051a2b3c4d5e6f0000000007 "
    assert redact(head + "kvRg5MgSIa54jzW0VbzQXNdsfqn0") == head + MARK
    listed = "$ b2 key list\n0051a2b3c4d5e6f0000000007 ci-uploads-key-for-backups"
    assert redact(listed) == listed  # an id and a name: no key


def test_a_generated_password_with_an_angle_bracket_left_open() -> None:
    label = "[Server] A temporary password is generated for root@localhost: "
    assert redact(label + "k#%<a9B;x.?Q") == label + MARK
    for code in ("password: List<String>", "password=Vec<u8>!", "PASSWORD=${DB_PASS}"):
        assert redact(code) == code  # brackets that close: code and references


_DOPPLER = (
    "$ doppler secrets -p shop -c dev\n┌─────────────────────┬──────────────────────┬──────────┐\n"
    "│ NAME                │ VALUE                │ NOTE     │\n├─────────────────────┼──────────────────────┼──────────┤\n"
)


def test_a_tables_blank_cell_keeps_the_row_read() -> None:
    rows = (
        "│ ORDERS_DB_HOST      │ db1.internal         │          │\n│ ORDERS_DB_PASSWORD  │ {v}           │          │"
    )
    assert redact(_DOPPLER + rows.format(v="purple3891")) == _DOPPLER + rows.format(v=MARK)
    plain = "│ ORDERS_DB_HOST      │ db1.internal         │          │\n│ ORDERS_DB_NAME      │ orders2024           │          │"
    assert redact(_DOPPLER + plain) == _DOPPLER + plain


@pytest.mark.parametrize(
    ("asked", "shown"),
    [
        ("(byebug) ENV['SIDEKIQ_REDIS_PASSWORD']", '"{v}"'),
        ("(dlv) print cfg.Redis.Password", '"{v}"'),
        ("[1] pry(main)> Rails.application.credentials.dig(:smtp, :password)", '=> "{v}"'),
        ('jshell> System.getenv("LDAP_BIND_PASSWORD")', '$1 ==> "{v}"'),
        ('scala> sys.env("KAFKA_SASL_PASSWORD")', "val res0: String = {v}"),
    ],
)
def test_a_debuggers_or_a_repls_result_of_a_secret(asked: str, shown: str) -> None:
    assert redact(asked + "\n" + shown.format(v="maple-river-2291")) == asked + "\n" + shown.format(v=MARK)


def test_a_setting_line_a_read_prints_is_judged_by_its_name() -> None:
    text = "$ grep pass /etc/backup.conf\nrepo1-cipher-type=aes-256-cbc\n# repo1-cipher-pass comes from the env"
    assert redact(text) == text
    assert redact("$ grep pass /etc/backup.conf\nrepo1-cipher-pass=maple-river-2291") == (
        "$ grep pass /etc/backup.conf\nrepo1-cipher-pass=" + MARK
    )


def test_only_a_value_ending_as_the_vendors_examples_do_is_kept() -> None:
    # AWS's documented keys end in EXAMPLE / EXAMPLEKEY; the word inside a value says nothing
    # (a real key may have been written from the example): it is judged as any other value.
    kept = "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
    assert redact(kept) == kept
    for line in (
        "        set password ENC 8a1b2c3dEXAMPLEcipher",
        "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY9",
    ):
        assert MARK in redact(line)


def test_a_random_generator_given_a_length_prints_a_secret() -> None:
    cmd = "$ docker run --rm authelia/authelia authelia crypto rand --length 64 --charset alphanumeric\n"
    assert redact(cmd + "Random Value: " + _value("rand", 64)) == cmd + "Random Value: " + MARK


def test_a_quoted_value_before_its_password_noun_in_a_sentence() -> None:
    said = 'To login please use the "openvpn" account with "{v}" password.'
    assert redact(said.format(v="BM4CMEnOxVJi")) == said.format(v=MARK)
    for plain in ('Reset the "admin" password first.', 'the "default" password is set'):
        assert redact(plain) == plain


def test_a_password_prompt_between_the_command_and_its_output_is_passed_over() -> None:
    head = (
        '$ keepassxc-cli show -s -a Password ~/vault.kdbx "Shop DB"\nEnter password to unlock /home/ops/vault.kdbx: \n'
    )
    value = _value("keepass", 16, AN + "*")
    assert redact(head + value) == head + MARK
    head = "$ sudo cat /etc/app/token\n[sudo] password for ops: \n"
    assert redact(head + value) == head + MARK
    head = "$ bw get password shop-db\n? Master password: [hidden]\n"  # a prompt that says it hid the answer
    assert redact(head + value) == head + MARK
    text = "$ cat names.txt\nPlease enter your name: \nAlexander"
    assert redact(text) == text


def test_a_command_that_makes_a_one_time_password_prints_a_secret() -> None:
    head = "$ vault operator generate-root -generate-otp\n"
    value = _value("otp", 28)
    assert redact(head + value) == head + MARK
    # (`otp` inside a word is none; one case: a draw of both cases is taken wherever it stands)
    text = f"$ ls /sys/bus/hotplug\n{value.lower()}"
    assert redact(text) == text
    for command in ("git log -1 --format=%H -- src/otp/", "docker ps -q --filter name=otp"):
        text = f"$ {command}\n9fceb02d0ae598e95dc970b74767f19372d61af8"  # (a thing named `otp`: no request for one)
        assert redact(text) == text
