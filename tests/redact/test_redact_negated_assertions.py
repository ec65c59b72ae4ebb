"""A failed test that a secret is kept out of an output prints the secret: removed where the
checked expression or the test's name names a secret; kept where neither does or the literal is
a word, a version or a mask."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

VALUES = ("YOsIixXpeBk2X3DL", "Tr!ck9Fox-2291")


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize(
    "template",
    [
        "  1) MailerSettings#to_s masks the password\n     Failure/Error: expect(settings.to_s).not_to include(password)\n"
        '       expected "smtp.example.com:587 bot/{v}" not to include "{v}"',
        'Expected substring: not "{v}"\nReceived string:        "GET /orders {v}"\n\n> 13 |   expect(out).not.toContain(secret);',
        ">       assert password not in out\nE       AssertionError: assert '{v}' not in 'app@db {v}'",
        "    self.assertNotIn(self.password, out)\nAssertionError: '{v}' unexpectedly found in 'app {v} db'",
        "1) LoggerTest::testLogMasksPassword\nFailed asserting that 'login ok app:{v}' does not contain \"{v}\".",
        "  1) redact\n       removes the api key:\n     AssertionError: expected 'GET /v1 ({v})' to not include '{v}'",
    ],
)
def test_the_secret_a_negative_containment_prints_is_removed(template: str, value: str) -> None:
    out = redact(template.format(v=value))
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "  1) Report#to_s hides internals\n     Failure/Error: expect(report.to_s).not_to include(debug_flag)\n"
        '       expected "rows=3 debugMode2=on" not to include "debugMode2=on"',
        ">       assert banner not in out\nE       AssertionError: assert 'welcome2024!' not in 'welcome2024! user'",
        'Expected substring: not "v2.3.1-rc4"\nReceived string: "release v2.3.1-rc4"\n> 13 |   expect(out).not.toContain(version);',
        "1) LoggerTest::testLogMasksPassword\nFailed asserting that 'login ok pw=****' does not contain \"password\".",
        "AssertionError: 'ERROR' unexpectedly found in 'ERROR: password for app@db rejected'",
    ],
)
def test_a_literal_no_secret_is_named_near_or_that_is_a_word_is_kept(text: str) -> None:
    assert redact(text) == text


def test_a_line_of_code_ending_in_a_colon_is_no_tests_title() -> None:
    # (a person's password, not a random token: a random one is taken wherever it stands)
    text = "    if token:\n        pass\n    expected 'Release2024xY' not to include 'sunshine6422'"
    assert redact(text) == text


def test_a_title_under_a_numbered_failure_still_names_the_secret() -> None:
    text = "  1) redact\n       removes the api key:\n     AssertionError: expected 'a' to not include 'Xk9mP2qR7tLw'"
    assert "Xk9mP2qR7tLw" not in redact(text)
