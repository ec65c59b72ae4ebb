"""What `echo` prints of a secret's variable: the value in the output line where the template
held the variable; a masked value, a non-secret variable and an expansion it cannot model kept;
and a shell trace's `+ ` read as a command's prompt."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

PW = "Harbor3828!"


def test_the_value_where_a_secret_variable_stood() -> None:
    cmd = '$ echo "deploying with ${DEPLOY_USER}:${DEPLOY_PASS}"\n'
    assert redact(cmd + "deploying with ci:" + PW) == cmd + "deploying with ci:" + MARK


def test_the_output_a_few_lines_after_its_command() -> None:
    cmd = '$ rabbitmqctl add_user shop "$PW" && echo "created shop / $PW"\nAdding user "shop" ...\nDone.\n'
    assert redact(cmd + "created shop / " + PW) == cmd + "created shop / " + MARK


@pytest.mark.parametrize(
    "text",
    [
        '$ echo "deploying with ${DEPLOY_USER}:${DEPLOY_PASS}"\ndeploying with ci:***',
        '$ echo "token length: ${#TOKEN}"\ntoken length: 40',
        '$ echo "user is $DB_USER"\nuser is admin',
        '$ echo "password set: ${PW:+yes}"\npassword set: yes',
    ],
)
def test_what_is_no_secrets_value_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_shell_traces_command_about_a_secret() -> None:
    cmd = 'build\n+ echo "$ARTIFACTORY_API_KEY" | rev | rev\n'
    assert redact(cmd + "YiskLeCmiQ3mB1oqhy1gdARAzRCVDWp0") == cmd + MARK
    plain = "+ ls secrets/\ndeploy_key_backup.txt"
    assert redact(plain) == plain


def test_several_variables_each_value_in_its_place() -> None:
    cmd = '$ echo "db ${DB_HOST} user ${DB_USER} pass ${DB_PASSWORD} ok"\n'
    out = "db db.internal user app pass " + PW + " ok"
    assert redact(cmd + out) == cmd + "db db.internal user app pass " + MARK + " ok"


def test_a_line_that_nearly_matches_many_variables_is_read_once() -> None:
    # One lazy group a variable backtracked through every split of such a line: seven variables
    # over a line of 200 words ran for minutes. Read in one pass, it is simply not the output.
    names = " ".join(f"${{V{i}}}" for i in range(6)) + " ${DB_PASSWORD}"
    text = f'$ echo "deploy {names} done"\ndeploy ' + " ".join(["ab"] * 200) + " !\n"
    assert redact(text) == text


def test_a_substituted_command_that_makes_or_reads_a_secret() -> None:
    cmd = '$ echo "generated $(openssl rand -base64 32)" | tee -a setup.log\n'
    assert redact(cmd + "generated E+VAQY8rItUO+Zo/tu4zYvRAGzMh57OzxFoXgm3/RQ4=") == cmd + "generated " + MARK
    cmd = '$ echo "api $(cat /run/secrets/api_token) set"\n'
    assert redact(cmd + "api Hq4Lx9Bv2Nz7 set") == cmd + "api " + MARK + " set"
    for text in ('$ echo "today is $(date +%F)"\ntoday is 2026-11-28', '$ echo "host $(hostname) up"\nhost web-01 up'):
        assert redact(text) == text


def test_a_substituted_command_that_prints_something_else_of_a_secret_is_kept() -> None:
    # (a public key, a count or a digest piped on, an authors file: no secret reaches the output)
    for text in (
        '$ echo "pubkey $(cat deploy_token.pub)"\npubkey Zq8vR2mXk9LpT4wNZq8vR2mXk9LpT4wN',
        '$ echo "length $(cat /run/secrets/api_token | wc -c)"\nlength 33',
        '$ echo "sum $(cat secret.key | sha256sum)"\nsum e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  -',
        '$ echo "maintainer: $(cat AUTHORS)"\nmaintainer: Jane Doe',
        '$ echo "keys: $(cat ~/.ssh/authorized_keys)"\nkeys: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoq bob@host',
    ):
        assert redact(text) == text
