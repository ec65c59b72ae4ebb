"""The changed lines of a diff printed under an assertion that does not show what it compares.

Snapshot and regression-file checks (`assert [+ received] == [- snapshot]`, `FILES DIFFER:`,
`Failed asserting that two strings are equal.`) name no values on their message line: the
values are the diff's `-` and `+` lines below it, which are then part of the message. A diff
whose values the message line already shows (`assert 'a' == 'b'` over `- b` / `+ a`) adds
nothing and stays out. Context lines, `?` guides, `---` / `+++` / `@@` headers and pytest's
`+  where x = f()` explanations are not changed lines.
"""

from __future__ import annotations

import re

_CHANGED_RE = re.compile(r"^[-+](?![-+]{2})(?!\s*(?:where|and)\b)\s*(\S.*)$")
_MOST = 8


def changed_lines(headline: str, lines: list[str]) -> list[str]:
    """The `-` / `+` lines of `lines` (stripped of their indentation) when one of them holds a
    value `headline` does not show, else none."""
    changed = []
    for line in lines:
        m = _CHANGED_RE.match(line.strip())
        if m:
            changed.append((line.strip(), m.group(1).strip()))
    if not changed or all(value in headline for _, value in changed):
        return []
    return [line for line, _ in changed[:_MOST]]
