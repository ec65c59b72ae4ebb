"""The code a device sign-in prints for its user to type: redacted; a promotional code, a word
or a sentence without a sign-in: kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    ("text", "code"),
    [
        (
            "To sign in, use a web browser to open the page https://microsoft.com/devicelogin and enter the code {v} to authenticate.",
            "90ZCLTKJG",
        ),
        ("Open https://github.com/login/device and enter the code {v}.", "U5J0-3S1Y"),
        ("To sign in, open https://microsoft.com/devicelogin and enter the code {v} to authenticate.", "SDCDBYDEB"),
        (
            "$ az login --use-device-code\nTo sign in, open https://microsoft.com/devicelogin and enter the code {v} to authenticate.",
            "H7QK2M9XA",
        ),
    ],
)
def test_a_device_sign_ins_code_goes(text: str, code: str) -> None:
    assert redact(text.format(v=code)) == text.format(v=MARK)


@pytest.mark.parametrize(
    "text",
    [
        "At checkout, enter the code SAVE20 to get 20% off.",
        "Sign in and use the code below to authenticate.",
        "enter the code FOOBAR to login",
        "To log in, enter the code REQUESTED to continue",  # capitals that hold a word
        "Enter the code 1234 on the device page",  # digits alone: a PIN's shape, read by its own rules
    ],
)
def test_what_is_no_device_code_stays(text: str) -> None:
    assert redact(text) == text
