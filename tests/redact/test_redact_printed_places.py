"""Printed secrets read by their place: a join's address path and a link whose host is a token
(`printed_addresses`), a key after its cipher's name (`printed_cipher_keys`), a token printed as a
number after its label (`printed_numbers`), a value printed
before the name its command gave it (`printed_named_after`), a cookie record's value
(`printed_labels`), a link under a sentence wrapped over lines (`link_tokens`); and the ordinary
lines of the same shapes that stay."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.printed_named_after import redact_values_named_after

HEX = "51e8b720dbb27557289b2a5ef1e62e58"


def test_the_tokens_in_a_join_commands_address_path_are_taken() -> None:
    line = f"microk8s join 10.0.0.5:25000/{HEX}/2c3d4e5f6a7b --worker"
    assert redact(line) == f"microk8s join 10.0.0.5:25000/{MARK}/{MARK} --worker"


def test_a_links_host_that_is_a_token_is_taken() -> None:
    out = redact("$ notify 'pover://7jerycl92w5qkace375940inydd7nu@isps4w1vbqnjsv6qgqo2gn0vxxjs00'")
    assert "isps4w1v" not in out and "7jerycl9" not in out


def test_a_key_after_its_ciphers_name_is_taken() -> None:
    key = "0x440c49b356552c6977a28817122ffb0507eb1056cc9a1e382f6c7d922c0d5014"
    line = f"   3 host/web1.acme.lan@ACME.LAN (aes256-cts-hmac-sha1-96)  ({key})"
    assert redact(line) == f"   3 host/web1.acme.lan@ACME.LAN (aes256-cts-hmac-sha1-96)  ({MARK})"


def test_a_value_printed_before_the_name_its_command_gave_is_taken() -> None:
    text = "$ chat-admin token generate bob ci-bot\nkwn6afv05vbz167u3tvejghp70: ci-bot"
    assert redact(text) == f"$ chat-admin token generate bob ci-bot\n{MARK}: ci-bot"


def test_a_cookie_records_random_value_is_taken() -> None:
    value = "b56548eff925543dfee864482ae80e42006def1b9ef774b89ec67dbcc6d4f18074a5"
    text = f"- !ruby/object:HTTP::Cookie\n  name: sid\n  value: {value}\n  domain: example.com\n  path: /"
    assert redact(text) == text.replace(value, MARK)


def test_a_link_under_a_sentence_wrapped_over_lines_is_taken() -> None:
    text = (
        "Please visit the following secure single-use link to register your\n"
        "new organization:\n\n    https://chat.acme.io/new/rut7ontomw4b4t5zfj3m18gk"
    )
    assert redact(text) == text.replace("rut7ontomw4b4t5zfj3m18gk", MARK)


def test_a_token_printed_as_a_number_after_its_label_is_taken() -> None:
    line = "[ci] Super user authentication token: 1156797861699446571 (use it as the password)"
    assert redact(line) == f"[ci] Super user authentication token: {MARK} (use it as the password)"


def test_a_long_word_on_a_line_with_a_secrets_label_is_read_once() -> None:
    # A label could start at each letter of a word and read on to its end: a 100 KB word of
    # hex on a line that also says `token:` took minutes. Labels start at a word's start.
    line = "blob " + "a1" * 50_000 + " token: 1"
    assert redact(line) == line
    assert redact("x_token: 1156797861699446571") == f"x_token: {MARK}"


def test_many_values_named_after_their_commands_are_taken_in_one_pass() -> None:
    # The text was copied once for each value taken: 100,000 of them ran for half a minute or more.
    pair = "$ tool token new ci\nKq8vR2mXk9LpT4wNZq8v: ci\n"
    assert redact_values_named_after(pair * 100_000) == f"$ tool token new ci\n{MARK}: ci\n" * 100_000


@pytest.mark.parametrize(
    "text",
    [
        # numbers after labels of counts, ids, pages, times
        "Tokens: 12345678901234567",
        "Token ID: 115792089237316195423570985008687907853269984665640564039457584007913129639935",
        "Next token: 1700000000000000000",
        "Total tokens: 1234567890123456",
        "Token expires: 1700000000000",
        "Balance: 115792089237316195",
        # joins and addresses of words
        "join 10.0.0.5:25000/orders/items",
        "irc join irc.libera.chat:6697/#python",
        "join 192.168.1.10:8080/api/v2",
        'print(", ".join(parts), "at host:80/x")',
        "docker swarm join 10.0.0.5:2377",
        # hosts with names, ports, digests
        "git clone ssh://git@gitlab:2222/org/repo.git",
        "mysql://root@localhost/db",
        "docker://alpine@sha256:abcdef",
        "ssh://deploy@buildserver01/srv",
        "http://admin@container1234567890abcd/",
        # parentheses of addresses, hashes, short codes
        "#0  0x00007f3a in main (argc=1) at main.c:12",
        f"frame (sha256) (0x{HEX}{HEX})",
        "cipher (aes-256-gcm) (0x1234)",
        "Unknown error (0x80070005)",
        "enc (aes) (0xdeadbeef)",
        # lines before a name that no command making a credential gave
        "$ mytool create token deploy\nabcdefghijklmnopqrstu: deploy",
        "$ git log --oneline\n3f2a1b4c5d6e7f8a9b0c: fix token",
        "$ tool token list\nkwn6afv05vbz167u3tvejghp70: ci-bot",
        "$ tool token create bob ci\nbuild20241128release: ci",
        "$ kubectl create secret generic db-pass --from-literal=x=y\nsecret/db-pass created",
        # records with a name and a value that are no cookie's session
        "- name: theme\n  value: dark-mode\n  domain: example.com",
        "- name: consent\n  value: accepted_2024-01-01\n  domain: example.com",
        "records:\n  - name: www\n    value: 203.0.113.10\n    domain: example.com",
        "  - name: api\n    value: api-gateway-prod-eu-west-1\n    domain: example.com",
        f"- name: build\n  value: {HEX}\n  path: /",
        # links under wrapped sentences that are pages
        "To register, please visit our docs at the following\naddress:\n\n    https://docs.example.com/guide/install2024",
        "Please visit the page to register your\nnew organization:\n\n    https://example.com/orgs/acme-corp",
        "To sign in, open the link\nbelow in a browser:\nhttps://example.com/releases/v1.2.3",
    ],
)
def test_ordinary_lines_of_the_same_shapes_stay(text: str) -> None:
    assert redact(text) == text
