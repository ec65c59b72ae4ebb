"""A literal argument that a format string puts in a secret's position is removed; one the
format puts anywhere else, and a non-literal argument, are kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

PERSON = "Tiger.Lily42"


@pytest.mark.parametrize(
    "template",
    [
        'dsn := fmt.Sprintf("host=db user=app password=%s dbname=app", "{v}")',
        'String url = String.format("jdbc:postgresql://db/app?user=%s&password=%s", "app", "{v}");',
        'var cs = string.Format("Server=db;User Id=app;Password={{0}};", "{v}");',
        'dsn = "postgresql://app:{{}}@db/app".format("{v}")',
        'fmt.Sprintf("%.1f%% used, password=%s", ratio, "{v}")',  # `%f` takes an argument, `%%` none
        'let url = format!("postgres://shop:{{}}@db/shop", "{v}");',  # Rust's macro
        'snprintf(buf, sizeof buf, "host=db password=%s", "{v}");',  # C's writer before the format
        'fmt.Fprintf(w, "user=%s password=%s\\n", "app", "{v}")',
        'url = "redis://:%s@cache:6379" % "{v}"',  # Python's operator
    ],
)
def test_a_literal_a_format_puts_in_a_secrets_position_is_removed(template: str) -> None:
    out = redact(template.format(v=PERSON))
    assert PERSON not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'fmt.Printf("user=%s host=%s\\n", "bob", "db01.internal")',  # no secret's position
        'log.Printf("password=%s", password)',  # a variable, not a literal
        'msg = "{} of {} done".format("Tiger.Lily42", "ten")',
        'String.format("token length %d", 32)',
        # an argument the format does not place, or places where no secret goes
        'log.Printf("%s took %f seconds (%s)", "build-step", elapsed, "cached-result")',
        'msg = "{0}".format("alpha", "beta-gamma")',
        'let s = format!("{} of {} done", "Tiger.Lily42", "ten");',
        'label = "build %s" % "Tiger.Lily42"',
        'snprintf(buf, sizeof buf, "user=%s", "Tiger.Lily42");',
    ],
)
def test_what_a_format_puts_elsewhere_is_kept(text: str) -> None:
    assert redact(text) == text


def test_an_unclosed_format_call_with_a_long_argument_returns() -> None:
    # (Were the comma between `.format(…)`'s arguments optional, the search would try every
    # way to cut the run into eight arguments, and this would not return.)
    text = '"password=%s".format(' + "a" * 200
    assert redact(text) == text
