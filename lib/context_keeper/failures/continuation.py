"""The lines of an exception's message under its first line.

An assertion helper's report (numpy's `Mismatched elements:`, pandas' `[left]:` / `[right]:`),
pytest's explanation of a comparison (`Differing attributes:` over `['qty']`) and a warning
check's `Emitted warnings: [].` go on under the exception's first line and are its message: each
line a part, a `header:` joined to the value under it. A diff and what follows it (its context
lines), pytest's `+  where x = f()` explanations and advice on how to see more are not. A
question set in under a message (`\tIs the server running on that host ...?`) is its last part.
"""

from __future__ import annotations

import re

from context_keeper.failures.shapes import ADVICE_RE, Line

# Under an exception's first line: pytest's `+  where x = f()`, a diff and its header.
_NOT_MESSAGE_RE = re.compile(r"^(?:[-+?]|where\b|and\b|Full diff:)")
_MOST = 6
# A hint's label (`Hint: Did you mean ...?`): advice named as such, not a part of the message.
_LABEL_RE = re.compile(r"^[\w ]+:")


def continued(lines: list[str]) -> list[str]:
    """The lines of an exception's message under its first (numpy's and pandas' reports, notes),
    a `header:` joined to the value under it; pytest's `where` explanations, diffs and advice on
    how to see more are not the message."""
    parts: list[str] = []
    for n, line in enumerate(lines):
        if _NOT_MESSAGE_RE.match(line):
            break  # a diff's context lines follow it
        if ADVICE_RE.search(line):
            continue
        if n and lines[n - 1].endswith(":") and parts and parts[-1] == lines[n - 1]:
            parts[-1] += " " + line
        else:
            parts.append(line)
    return parts[:_MOST]


def under(lines: list[Line], kinds: list[str], m: int, base: int) -> bool:
    """Whether the line at `m` is a question (`Is the server running ...?`, no label) set in
    deeper than the message's margin `base`, straight under its lines: printed as the message's
    last part. A hint at the margin, past a blank line or labelled is the tool's advice."""
    s = lines[m].core
    return (
        s.endswith("?")
        and not _LABEL_RE.match(s)
        and kinds[m] == "text"
        and lines[m].indent > base
        and kinds[m - 1] in ("text", "used")
    )
