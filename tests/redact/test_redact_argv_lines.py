"""A command's arguments as an array one item a line (`wrapped_calls`), Windows' hashes in the
pwdump format (`hashes`), and Microsoft's identifiable keys at their full length (`formats`)."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    "template",
    [
        '"Cmd": [\n  "redis-server",\n  "--requirepass",\n  "{}"\n],',
        '      "Args": [\n        "--requirepass",\n        "{}"\n      ],',
        "args = [\n    'sshpass',\n    '-p',\n    '{}',\n    'ssh',\n]",
    ],
)
def test_an_argument_array_one_item_a_line_is_read_as_its_command_line(template: str) -> None:
    assert redact(template.format("M0nk3y#9423")) == template.format(MARK)


@pytest.mark.parametrize(
    "text",
    [
        '"Cmd": [\n  "redis-server",\n  "--port",\n  "6380"\n],',
        '"Args": [\n  "--config",\n  "/etc/app/config.yaml"\n],',
        '"Cmd": [\n  "redis-server",\n  "--requirepass",\n  "${REDIS_PASSWORD}"\n],',
    ],
)
def test_an_argument_array_with_no_secret_is_kept(text: str) -> None:
    assert redact(text) == text


def test_an_nt_hash_in_the_pwdump_format_is_redacted_the_user_and_empty_lm_hash_kept() -> None:
    lead = "Administrator:500:aad3b435b51404eeaad3b435b51404ee:"
    assert redact(lead + "fe0482fafbf483aa551a4b392dc51340:::") == lead + MARK + ":::"
    both = "bob:1104:e52cac67419a9a224a3b108f3fa6cb6d:8846f7eaee8fb117ad06bdd830b7586c:::"
    assert redact(both) == "bob:1104:" + MARK + ":::"


@pytest.mark.parametrize("text", ["[*] Dumping local SAM hashes (uid:rid:lmhash:nthash)", "fe80::1:2:3:4", "a:b:c:::"])
def test_what_is_no_pwdump_line_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_service_bus_key_at_its_full_length_is_redacted() -> None:
    key = "JjSMrvCxyITl/nJpnhPi74ME2mS87UcBd+ASbAQ1i3G="
    assert redact(f"$ ./send.sh shop.example.net {key} orders") == f"$ ./send.sh shop.example.net {MARK} orders"
