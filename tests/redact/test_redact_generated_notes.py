"""A service's log line that says it generated a secret, named by a variable or a noun: the
value after the colon goes; a generated thing that is no secret is kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

KEY = "Xk2pQ9mZr7Lw3Nv8Bt5Yc1Hd6Jf4Gs0a"


@pytest.mark.parametrize(
    "line",
    [
        "[app-init] APP_KEY not set, generated: base64:{v}=",
        '{{"level":"warn","message":"AGENT_SECRET not set, generated one: {v}"}}',
        "[2026-11-28][svc::config][WARN] ADMIN_TOKEN generated for this run (keep it in .env): {v}",
    ],
)
def test_a_generated_secret_in_a_log_line(line: str) -> None:
    out = redact(line.format(v=KEY))
    assert KEY not in out
    assert MARK in out


@pytest.mark.parametrize(
    "line",
    [
        "request id generated: 7f3a9c2e-1b4d-4e8f-9a6b-2c5d8e1f4a7b",
        "docs generated: build/html/index.html",
        "Migration generated: 20261128_add_users",
        "client_id generated: 0oa1b2c3d4e5f6g7h8i9",
    ],
)
def test_a_generated_thing_that_is_no_secret_is_kept(line: str) -> None:
    assert redact(line) == line
