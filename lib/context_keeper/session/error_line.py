"""Which line of a failed command's or tool's output says what went wrong."""

from __future__ import annotations

import re

from ..text import SCAN_CHARS, first_line

TEXT_CAP = 300

EXIT_CODE_RE = re.compile(r"^(?:Error: )?Exit code (-?\d+)")
# Error lines, best first. A test runner prints progress and test ids before the reason, so
# the reason (the exception, assertion or compiler message) outranks the "FAIL" markers.
_ERROR_LINE_RES = (
    # pytest's short summary: test id AND the exception, unless pytest cut it at the terminal
    # width (Claude Code's Bash has no tty: 80 columns, ending in "...").
    re.compile(r"^FAILED \S+ - \S.*(?<!\.\.\.)$"),
    re.compile(r"^E\s+\S"),  # pytest's assertion detail
    re.compile(
        r"^(?:[\w.]*(?:Error|Exception|Interrupt|Exit)\b(?::|$)|panic: |fatal: |error(?:\[\w+\])?: (?!test failed)"
        r"|assertion\b.*\bfailed|Assertion\w*:|npm ERR! (?!code|errno|A complete log))"
    ),
    re.compile(r"^\S*\.\w+(?::\d+|\(\d+,\d+\))[:)]?.*\S"),  # file.ext:line[:col]: message (compilers, linters)
    re.compile(r"^(?:FAIL\b|--- FAIL|\S.* \.\.\. FAILED$|test result: FAILED|make: \*\*\*)"),
    re.compile(r"\b(?:error|failed|failure|cannot|can't|not found|no such|denied|refused|timed? ?out)\b", re.IGNORECASE),
)


def useful_error_line(text: str) -> str:
    """The line of an error output that says what went wrong (not pytest's progress line)."""
    if len(text) > 2 * SCAN_CHARS:  # the start (the command's first complaint) and the end
        text = text[:SCAN_CHARS] + "\n" + text[-SCAN_CHARS:]
    lines = [line.strip() for line in text.replace("<tool_use_error>", "").replace("</tool_use_error>", "").splitlines()]
    lines = [line for line in lines if line and not EXIT_CODE_RE.match(line)]
    for pattern in _ERROR_LINE_RES:
        for line in lines:
            if pattern.search(line):
                return first_line(line, TEXT_CAP)
    # Nothing recognisable: the last line is where a failing program usually says why.
    return first_line(lines[-1], TEXT_CAP) if lines else first_line(text, TEXT_CAP)
