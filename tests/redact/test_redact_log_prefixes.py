"""Printed output read without a compose service's log prefix on each line."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

KEY = "9f2c4b1a7e3d5f6a8b0c2d4e6f8a0b1c"


def test_a_heading_and_its_secret_under_a_service_prefix_are_read() -> None:
    text = (
        f"jenkins-1  | Please use the following password to proceed to installation:\njenkins-1  | \njenkins-1  | {KEY}"
    )
    out = redact(text)
    assert KEY not in out
    assert out.endswith(f"jenkins-1  | {MARK}")
    assert out.startswith("jenkins-1  | Please use the following password")


def test_lines_with_a_prefix_and_nothing_announced_are_kept() -> None:
    text = "web-1  | Listening on :8080\nweb-1  | GET /health 200\ndb-1  | ready to accept connections"
    assert redact(text) == text


@pytest.mark.parametrize(
    "stamps",
    [
        ("2026-11-28T05:01:22.1203315Z ", "2026-11-28T05:01:23.4470021Z "),  # GitHub Actions'
        ("[2026-11-28T05:02:10.318Z] ", "[2026-11-28T05:02:10.901Z] "),  # Jenkins' timestamper
        ("[05:02:10] ", "[05:02:11] "),
        ("05:02:10 ", "05:02:11 "),
    ],
)
def test_a_traced_command_and_what_it_printed_under_a_logs_time_stamps_are_read(stamps: tuple[str, str]) -> None:
    text = f"{stamps[0]}+ terraform output -raw admin_token\n{stamps[1]}{KEY}"
    assert redact(text) == f"{stamps[0]}+ terraform output -raw admin_token\n{stamps[1]}{MARK}"


def test_stamped_lines_with_nothing_announced_are_kept() -> None:
    text = (
        "2026-11-28T05:01:22.1203315Z + git rev-parse HEAD\n"
        "2026-11-28T05:01:22.2203315Z 3f786850e387550fdab836ed7e6dc881de23001b\n"
        "2026-11-28T05:01:23.0000000Z Run actions/checkout@v4"
    )
    assert redact(text) == text


@pytest.mark.parametrize("prefix", ("2026-11-28T05:01:22.1203315Z ", "[05:01:22] ", "web-1  | "))
def test_a_private_key_printed_in_a_log_goes_whole(prefix: str) -> None:
    body = (
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW",
        "QyNTUxOQAAACDjKqp5Fc65tNJxulDqKiy7",
    )
    lines = ["-----BEGIN OPENSSH PRIVATE KEY-----", *body, "-----END OPENSSH PRIVATE KEY-----"]
    out = redact("\n".join(prefix + line for line in lines))
    assert not any(part in out for part in body)
    assert out.startswith(prefix + lines[0]) and out.endswith(lines[-1])
