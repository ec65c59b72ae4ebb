"""A failed test's actual value when the expression under test names a secret; other
expressions' values kept."""

from __future__ import annotations

from context_keeper.redact import MARK, redact

PW = "rocket.6855maple"


def test_the_actual_value_of_a_secrets_expression() -> None:
    report = "  1) Mailer\n     Failure/Error: expect(config.smtp_password).to be_nil\n\n       expected: nil\n            got: "
    assert redact(report + f'"{PW}"') == report + f'"{MARK}"'
    rust = "assert_eq!(cfg.api_key, None)\n  left: "
    assert redact(rust + 'Some("Fj9VM5Woup3xQ")') == rust + f'Some("{MARK}")'


def test_other_expressions_values_are_kept() -> None:
    for text in (
        f'Failure/Error: expect(config.smtp_user).to be_nil\n\n  expected: nil\n       got: "{PW}"',
        "expect(token_count).to eq(3)\n  got: 5",
        f'got: "{PW}"',
    ):
        assert redact(text) == text
