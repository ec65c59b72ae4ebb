"""A login verb's credential past what stood between it and the verb: switches before
PowerShell's plain-text password, a random token after an option's value, a protocol's `AUTH`
with a user of any name, a client's `--authenticate=`; and the same shapes holding no secret."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

TOKEN = "9OEewUNgzeL3fGuuYxP32Hrf4IXyWY2tFyD7nT4u"


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ("ConvertTo-SecureString -AsPlainText -Force -String 'Maple.2291River'", "Maple.2291River"),
        ("$ cargo login --registry acme " + TOKEN, TOKEN),
        ("AUTH default river9974", "river9974"),
        ("memtier_benchmark -s cache.acme.io --authenticate=Kr8iT6XgDwkAPBaB -n 1000", "Kr8iT6XgDwkAPBaB"),
    ],
)
def test_the_credential_goes(line: str, value: str) -> None:
    assert redact(line) == line.replace(value, MARK)


@pytest.mark.parametrize(
    "line",
    [
        "ConvertTo-SecureString -AsPlainText -Force $env:PW",
        "$ cargo login --registry acme",
        "$ docker login --username bob registry.acme.io",
        "AUTH LOGIN",
        "authenticate: true",
        "--authenticate=false",
    ],
)
def test_no_credential_is_kept(line: str) -> None:
    assert redact(line) == line
