"""The fallback for any other program: its one most telling line.

The first line that announces an error (`error: ...`, `ERROR ...`, `fatal: ...`,
`prog: error: ...`, `SomeError: ...`), else the last line with a failure word (failed,
cannot, not found, denied, ...), else the last line of output. Stack frames, carets and
wrapper lines of npm and make are never the answer; a leading log timestamp is dropped. A
line ending in `:` takes the next line.
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, compose

_STRONG_RE = re.compile(
    r"^\s*(?:\[?(?:error|fatal|fatal error|critical|panic)\]?(?:\[[^\]]*\])?\s*[:!]"
    r"|\[(?:error|fatal|critical)\]"
    r"|(?-i:ERROR|FATAL)\b"
    r"|\S+: (?:error|fatal(?: error)?)\b:?"
    r"|[\w.$]*(?:Error|Exception)(?: \[\w+\])?: \S)",
    re.IGNORECASE,
)
_WEAK_RE = re.compile(
    r"\b(?:fail(?:ed|s|ure)?|cannot|can't|could ?n[o']t|unable to|not found|no such|denied|refused|"
    r"invalid|missing|unknown|unexpected|timed? ?out|exception|abort(?:ed|ing)?|traceback|not allowed|"
    r"forbidden|unauthori[sz]ed|does not exist|doesn't exist|segmentation fault|killed|panic)\b",
    re.IGNORECASE,
)
# A log line's timestamp is not part of what it says.
_TIMESTAMP_RE = re.compile(r"^\[?\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?\]?\s+")
_SKIP_RE = re.compile(
    r"^\s*(?:at |File \"|\.\.\. \d+ more)|^\s*[\^~]+\s*$|^\s*\|"
    r"|^npm (?:error|ERR!)|^(?:g?make(?:\[\d+\])?): \*\*\* \[|^\s*\d+ (?:errors?|failed|failures?)\b"
)


def generic(chunks: list[list[str]]) -> Found | None:
    first_strong: tuple[int, int] | None = None
    last_weak: tuple[int, int] | None = None
    last_any: tuple[int, int] | None = None
    chunks = [[_TIMESTAMP_RE.sub("", line) for line in lines] for lines in chunks]
    for c, lines in enumerate(chunks):
        for n, line in enumerate(lines):
            if not line.strip() or _SKIP_RE.search(line):
                continue
            last_any = (c, n)
            if first_strong is None and _STRONG_RE.match(line):
                first_strong = (c, n)
            elif _WEAK_RE.search(line):
                last_weak = (c, n)
    pick = first_strong or last_weak or last_any
    if pick is None:
        return None
    lines = chunks[pick[0]]
    line = lines[pick[1]].strip()
    parts = [line]
    if line.endswith(":") and pick[1] + 1 < len(lines) and lines[pick[1] + 1].strip():
        parts.append(lines[pick[1] + 1])
    return Found([compose("", parts)])
