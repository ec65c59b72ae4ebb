"""Printed output read without a compose service's log prefix on each line."""

from __future__ import annotations

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
