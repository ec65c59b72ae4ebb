"""Python checkers: mypy, ruff (check and format --check), black --check.

- mypy: each `file.py:line[:col]: error: ...` line (notes dropped); count from `Found N errors`.
- ruff check: each diagnostic as `file:line:col: CODE message`, from the concise format or
  from the full format, where the location follows the message on a ` --> ` line; count
  from `Found N errors`. `[*] N fixable with --fix` is a summary, not a failure.
- ruff format --check: each file that would be reformatted.
- black --check: each `would reformat <file>` and `error: cannot format <file>: ...` line;
  `error: cannot parse: <file:line:col>` with the parser's `XxxError: ...` line under it.
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe, number

_MYPY_RE = re.compile(r"^(\S.*?\.pyi?):(\d+)(?::\d+)?(?::\d+:\d+)?: error: (.+)$")
_MYPY_COUNT_RE = re.compile(r"^Found (\d+) errors? in \d+ files?")
_RUFF_CONCISE_RE = re.compile(r"^(\S.*?):(\d+):(\d+): ([A-Z]{1,4}\d{2,4}|SyntaxError|invalid-syntax)(:)? (.+)$")
_RUFF_HEAD_RE = re.compile(r"^([A-Z]{1,4}\d{2,4}|invalid-syntax:|SyntaxError:|unformatted:) (.+)$")
_ARROW_RE = re.compile(r"^\s*-->\s+(\S+?:\d+:\d+)\s*$")
_RUFF_COUNT_RE = re.compile(r"^Found (\d+) errors?\b")
_RUFF_MARK_RE = re.compile(
    r"^(?:Found \d+ errors?\b|\[\*\] \d+ fixable|No fixes available|\s*-->|Would reformat: |\d+ files? would be reformatted)"
)
_RUFF_FORMAT_COUNT_RE = re.compile(r"^\d+ files? would be reformatted\b")
_RUFF_OLD_FORMAT_RE = re.compile(r"^Would reformat: (.+)$")
_BLACK_RE = re.compile(r"^(would reformat .+|error: cannot format .+)$")
_BLACK_PARSE_RE = re.compile(r"^error: cannot parse: \S+$")
_PARSER_ERROR_RE = re.compile(r"^\w+Error: \S")


# The error code mypy closes a message with (`  [return-value]`).
_MYPY_CODE_RE = re.compile(r"(?:^|\s)\[[a-z][a-z-]*\]$")
_MYPY_WRAPPED_LINES = 4


def mypy(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    messages = [
        _mypy_message(line, lines[n + 1 : n + 1 + _MYPY_WRAPPED_LINES])
        for n, line in enumerate(lines)
        if _MYPY_RE.match(line)
    ]
    if not messages:
        return None
    return Found(dedupe(messages), number(_MYPY_COUNT_RE, lines))


def _mypy_message(line: str, rest: list[str]) -> str:
    """The error line and, under `--pretty`, the lines its message is wrapped onto at the margin
    up to the one its error code closes (`"str")  [return-value]`); a line of another shape
    before that code (a wrapper's `make: ***`) leaves the error line alone."""
    if line.endswith("]") and _MYPY_CODE_RE.search(line):
        return collapse(line)
    for k, s in enumerate(rest):
        if not s or s[:1].isspace() or ": error: " in s or ": note: " in s:
            break
        if s.endswith("]") and _MYPY_CODE_RE.search(s):
            return collapse(" ".join([line, *rest[: k + 1]]))
    return collapse(line)


def ruff(chunks: list[list[str]]) -> Found | None:
    messages = []
    for lines in chunks:
        for n, line in enumerate(lines):
            m = _RUFF_CONCISE_RE.match(line)
            if m:
                messages.append(collapse(line))
                continue
            h = _RUFF_HEAD_RE.match(line)
            if h and n + 1 < len(lines):
                a = _ARROW_RE.match(lines[n + 1])
                if a:
                    messages.append(compose(a.group(1), [line]))
                    continue
            r = _RUFF_OLD_FORMAT_RE.match(line)
            if r:
                messages.append(collapse(line))
    # Ruff closes every report with its count, a fix hint or its arrows; another tool's
    # `file:l:c: CODE text` lines (deptry's) without them are left to the general method.
    if not any(_RUFF_MARK_RE.match(line) for line in all_lines(chunks)):
        return None
    if not messages:
        # (`format --diff` names the files only in its diff's headers, never on a `would reformat
        # <file>` line of its own: its count says what failed.)
        lines = all_lines(chunks)
        counted = [collapse(line) for line in lines if _RUFF_FORMAT_COUNT_RE.match(line)]
        diffed = any(line.startswith("@@ ") for line in lines) and not any(map(_BLACK_RE.match, lines))
        return Found(counted[-1:]) if counted and diffed else None
    return Found(dedupe(messages), number(_RUFF_COUNT_RE, all_lines(chunks)))


def black(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    if not any(line.startswith(("Oh no!", "error: cannot")) or "would be reformatted" in line for line in lines):
        return None
    messages = []
    for n, line in enumerate(lines):
        if _BLACK_RE.match(line):
            messages.append(collapse(line))
        elif _BLACK_PARSE_RE.match(line):
            # The source line and a caret come before the parser's own words (ParseError: ...).
            reason = next((f.strip() for f in lines[n + 1 : n + 5] if _PARSER_ERROR_RE.match(f)), "")
            messages.append(compose("", [line, reason] if reason else [line]))
    return Found(dedupe(messages)) if messages else None
