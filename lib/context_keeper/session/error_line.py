"""What a failed command or tool said: its exit code and its failure messages.

The messages come from `context_keeper.failures` (every failure of the run, one line each,
the command as the hint), redacted after they are composed: a secret split over lines of
the output is whole again in the composed message, so redaction must see that.
"""

from __future__ import annotations

import re

from ..failures import failure_messages, useful_error_line
from ..redact import redact
from .facts import MESSAGES

__all__ = ["EXIT_CODE_RE", "run_failures", "useful_error_line"]

EXIT_CODE_RE = re.compile(r"^(?:Error: )?Exit code (-?\d+)")
_CUT_ESCAPE_RE = re.compile(r"\x1b(?:\[[0-9;?]*)?\Z")
_WORD_RE = re.compile(r"[^\W_]")
# The `<where>: ` failures/ puts before a message: a test id (`tests/x.py::test_y`,
# `tests::ratio`, `TestSlug/case`, `suite › test`, `file > suite > test`) or a location
# (`file:line[:col]`, `file(line,col)`).
_WHERE_RE = re.compile(r"^(\S+::\S+|Test\w+(?:/\S+)?|\S+\.\w+(?::\d+){1,2}|\S+\.\w+\(\d+,\d+\)|.+? (?:›|>) .+?): ")
# How a message starts that no secret starts: an exception or error name, an assertion, a location.
_MESSAGE_START_RE = re.compile(r"[\w.$]*(?:Error|Exception|Failure|Panic)\b|assert|expected\b|panic:|\S+\.\w+:\d+")


def redacted(message: str) -> str:
    """`message` redacted as composed. Only when that takes the start of the message after a
    test id or location (`TestAuthBuild: types_test.go:40: …`, `tests/test_auth.py::test_x:
    AssertionError: …` read as `name: secret`), the two are redacted apart: no secret starts
    like an exception name, an assertion or a location."""
    whole = redact(message)
    if whole == message:
        return message
    m = _WHERE_RE.match(message)
    if m is None or not _MESSAGE_START_RE.match(message, m.end()):
        return whole
    return redact(m.group(1)) + ": " + redact(message[m.end() :])


def run_failures(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
    """(the first MESSAGES failure messages of `output`, redacted; how many more it reported)."""
    # Claude Code cuts a long output at a fixed length, sometimes inside a colour sequence:
    # what is left of it is no text of the output.
    found = failure_messages(_CUT_ESCAPE_RE.sub("", output), command, MESSAGES)
    messages = []
    for message in found.messages:
        shown = redacted(message).strip()
        # A "message" without a letter or a digit (`[`, `---`) says nothing of the failure.
        if shown and _WORD_RE.search(shown) and shown not in messages:
            messages.append(shown)
    return tuple(messages), found.more
