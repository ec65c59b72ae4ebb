"""A value printed after a read of a secret's name at a prompt (`printed_reads`), after a
generator's verb with its options only or a random-bytes call, after a cookie file read, or
after a sentence about the secret the command made; and the ordinary reads, kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.printed_reads import about_a_secret, named_level


@pytest.mark.parametrize(
    "read",
    [
        '> Sys.getenv("SNOWFLAKE_PWD")\n[1] "{}"',
        '(gdb) p cfg->db_pwd\n$1 = 0x5555555592a0 "{}"',
        "irb(main):001:0> ENV['SMTP_PWD']\n=> \"{}\"",
        "php > echo getenv('DB_PASSWORD');\n{}",
        "In [3]: cfg.broker_pass\nOut[3]: '{}'",
    ],
)
def test_a_read_of_a_secrets_name_prints_the_secret(read: str) -> None:
    for value in ("Summer.2380Dragon", "M0nk3y#9423", "rHKC5QcBG!ODnXhJekeOwP"):
        assert value not in redact(read.format(value)), read


@pytest.mark.parametrize(
    "text",
    [
        '> Sys.getenv("PWD")\n[1] "/home/rstudio/project"',  # the shell's working directory
        "(gdb) p cfg->mqtt_pass\n$1 = 0x0",
        "> process.env.DB_PASSWORD\nundefined",
        "php > echo getenv('DB_PASSWORD');\nchangeme",
        "php > echo getenv('APP_ENV');\nproduction",
        "In [3]: cfg.broker_pass_file\nOut[3]: '/run/secrets/broker_pass'",
    ],
)
def test_a_read_of_no_secret_or_of_a_placeholder_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_name_of_words_joined_by_underscores_speaks_of_a_secret_by_its_tier() -> None:
    assert about_a_secret('Sys.getenv("SNOWFLAKE_PWD")')
    assert not about_a_secret('Sys.getenv("PWD")')  # one word alone: the shell's own
    assert not about_a_secret('Sys.getenv("R_HOME")')
    assert named_level("p cfg->db_pwd") > named_level("p cfg->max_retries")


@pytest.mark.parametrize(
    "command",
    [
        "$ bw generate -ulns --length 24",
        "$ keepassxc-cli generate -L 28 -lUns",
        "iex(1)> :crypto.strong_rand_bytes(32) |> Base.encode64()",
        "$ python -c 'import ssl; print(ssl.RAND_bytes(16).hex())'",
        "$ sudo cat /var/lib/rabbitmq/.erlang.cookie; echo",
        "$ kubectl exec -it rabbitmq-0 -- cat /var/lib/rabbitmq/.erlang.cookie",
    ],
)
def test_a_generator_or_a_cookie_file_prints_a_secret(command: str) -> None:
    value = "vJj4nMl2vcWujr@2#JvOAamA"
    assert redact(f"{command}\n{value}") == f"{command}\n{MARK}"


@pytest.mark.parametrize(
    "text",
    [
        "$ rails generate model Token user:references\n      invoke  active_record",
        "$ bw generate --help\nUsage: bw generate [options]",
        "$ cat cookies.txt\n# Netscape HTTP Cookie File\n.example.com\tTRUE\t/\tFALSE\t0\tsession\tabc",
    ],
)
def test_a_generators_other_output_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_sentence_about_the_secret_made_stands_before_it() -> None:
    head = "$ particle token create --never-expires\nNew access token never expires\n    "
    value = "96d0bf13ae6bb4fe26b3f74efa1d19e41da68978"
    assert redact(head + value) == head + MARK
    text = "$ particle token list\nNo access tokens found\n  see particle token create"
    assert redact(text) == text
