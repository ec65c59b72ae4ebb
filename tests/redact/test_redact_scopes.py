"""A value inside a block whose header names a secret is removed (HCL braces, an XML element,
a YAML mapping), except under keys that describe it; a password prompt's answer on the next
line is removed."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

SECRET = "heron.4412cedar"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'resource "vault_kv" "smtp_secret" {{\n  path  = "kv/smtp"\n  data  = "{KEY}"\n}}', KEY),
        (f"<ServicePassword>\n  <Data>{SECRET}</Data>\n</ServicePassword>", SECRET),
        (f"credentials:\n  app: {KEY}\n  region: eu-west-1", KEY),
        (f"users_passwd:\n  - deploy:{SECRET}", SECRET),
        (f'[smtp.credentials]\nrelay = "{SECRET}"\nuser = "ops"\n[server]\nport = 8080', SECRET),  # a section
        (f"[auth]\nops = {SECRET}", SECRET),  # an auth section: users and their passwords
        (f'{{\n  "kind" : "api_secret",\n  "value" : "{KEY}"\n}}', KEY),  # a kind, then its value (JSON)
        (f"<vpn-credentials>\nops\n{SECRET}\n</vpn-credentials>", SECRET),  # values alone on their lines
        (f"<Secret>\n  <Name>db</Name>\n  <Data>{SECRET}</Data>\n</Secret>", SECRET),
        (f'"api_secrets": {{\n  "relay": "{SECRET}"\n}}', SECRET),  # a JSON object under a secret key
        (f"fallback_tokens:\n  - {KEY}\n  - {KEY[::-1]}", KEY),  # the items of a list
        (f'child.expect("Passphrase for key:")\nchild.sendline("{SECRET}")', SECRET),
    ],
)
def test_a_value_in_a_secret_block_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out
    assert out.split("\n")[0] == text.split("\n")[0]  # the header is kept


@pytest.mark.parametrize(
    "text",
    [
        'variable "db_password" {\n  type        = string\n  description = "Password of the app user"\n  sensitive   = true\n}',
        "credentials:\n  username: deploy2024\n  host: db1.internal",
        "secrets:\n  - db_password\n  - api_token_v2",  # names of secrets, not values
        "auth:\n  provider: github\n  callback_ttl: 300s2",
        "tokens = {\n    'root': [\n        if|then|elif|else|fi|\n        _stringescapes),\n    ]\n}",  # a lexer
        '{\n  "type": "string",\n  "value": "heron.4412cedar"\n}',
        "<Password>\n  <PlainText>true</PlainText>\n</Password>",
        "secrets:\n  db_password:\n    file: ./secrets/db_password.txt",
        'locals {\n  name = "web-2024"\n}',
        '[credentials]\n[server]\nname = "web-2024x"',  # the next section is not the secret one
        'expect "password:"\nsend "$env(PASSWORD)\\r"',
    ],
)
def test_descriptions_references_and_other_blocks_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"$ cat /srv/app/credentials\nsync:{SECRET}\n$ ls", SECRET),
        (f"cat <<EOF > /etc/vpn/passwords\nalice  *  {SECRET}  *\nEOF", SECRET),
        (f"PS C:\\> Get-Content .\\secrets.ini\nsmtp={SECRET}", SECRET),
        ('$ cat /etc/proxy/userlist.txt\n"ops" "Tr4ns1t!Lane"', "Tr4ns1t!Lane"),  # a list of users
        (f"$ cat .env.local\nRELAY={KEY}\nPORT=8080", KEY),  # a .env file: a random value under any name
    ],
)
def test_the_body_of_a_secret_file_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "$ cat README.md\nrelease: v2.4.1-rc3\n$ ls",
        f"$ cat /etc/hosts\nsync {SECRET}",  # a file that does not name secrets
        "cat <<EOF > /etc/vpn/passwords\nEOF\nrelease v2.4.1-rc3 build2024",  # after the delimiter
        '$ cat users.json\n{"id": "acc_2024x", "name": "bob"}',  # a list of users: only strongly mixed fields
        "$ cat /srv/userlist.txt\nops harbor-copper-7788",
        "$ cat .env\nNODE_ENV=production\nBUCKET=my-bucket-2024\nBUILD_SHA=3f2a9c1d7e8b4f6a0c5d2e1b9a8f7c6d5e4b3a21",
    ],
)
def test_other_files_and_references_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_password_that_starts_with_the_user_name_is_the_one_removed() -> None:
    # Each field is marked where it stands: replacing the first match anywhere in the line
    # took the user name's `admin2024!` out of `admin2024!x` and left the password in clear.
    out = redact("cat /etc/rsyncd.secrets\nadmin2024!x admin2024!")
    assert out == f"cat /etc/rsyncd.secrets\nadmin2024!x {MARK}"


def test_a_shown_file_ends_where_the_next_file_is_shown() -> None:
    # (each line is read as one file's body only: repeated `cat`s cost their lines once)
    out = redact("cat /etc/rsyncd.secrets\nbackup Willow9446!\ncat notes.txt\nwifi Garden2024x")
    assert "Willow9446!" not in out
    assert out.endswith("cat notes.txt\nwifi Garden2024x")


@pytest.mark.parametrize(
    "text",
    [
        f'expect -c \'spawn ssh bob@host; expect "password:"; send "{SECRET}\\r"\'',
        f"child.expect('Password:'); child.sendline('{SECRET}')",
    ],
)
def test_a_password_prompts_answer_on_the_same_line_is_removed(text: str) -> None:
    out = redact(text)
    assert SECRET not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'expect -c \'spawn ftp host; expect "Name:"; send "anonymous\\r"\'',  # no password's prompt
        'expect "Password:"; send "$env(PW)\\r"',  # a reference
    ],
)
def test_a_one_line_prompt_that_asks_no_secret_or_gets_a_reference_is_kept(text: str) -> None:
    assert redact(text) == text
