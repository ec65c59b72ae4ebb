"""The fallback for any other program: its one most telling line.

The first line that announces an error (`error: ...`, `ERROR ...`, `fatal: ...`,
`prog: error: ...`, `SomeError: ...`) or carries an OS error (`No such file or directory`,
`Permission denied`, ...), else the last line with a failure word (failed,
cannot, not found, denied, ...), else the last line of output. Stack frames, carets and
wrapper lines of npm and make are never the answer; a leading log timestamp is dropped. A
line ending in `:` takes the next line.
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, compose
from context_keeper.failures.wording import OS_ERROR_RE

_STRONG_RE = re.compile(
    r"^\s*(?:\[?(?:error|fatal|fatal error|critical|panic)\]?(?:\[[^\]]*\])?\s*[:!]"
    r"|\[(?:error|fatal|critical)\]"
    r"|(?-i:ERROR|FATAL)\b"
    r"|\S+: (?:error|fatal(?: error)?)\b:?"
    r"|[a-z]+ error: \S"  # "Type error: ...", "Syntax error: ..." (bundlers, linters)
    r"|[\w.$]*(?:Error|Exception)(?: \[\w+\])?: \S)",
    re.IGNORECASE,
)
# Words that say something failed, weaker than a level: the last resort's pick.
FAILURE_WORD_RE = re.compile(
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
    chunks = [
        [_TIMESTAMP_RE.sub("", line) if line[:1].isdigit() or line[:1] == "[" else line for line in lines]
        for lines in chunks
    ]
    flat = [
        (c, n, line)
        for c, lines in enumerate(chunks)
        for n, line in enumerate(lines)
        if line.strip() and not _SKIP_RE.search(line)
    ]
    pick = next(
        (
            (c, n)
            for c, n, line in flat
            if (_may_be_strong(line) and _STRONG_RE.match(line)) or OS_ERROR_RE.search(line)
        ),
        None,
    )
    pick = pick or next(((c, n) for c, n, line in reversed(flat) if FAILURE_WORD_RE.search(line)), None)
    pick = pick or (flat[-1][:2] if flat else None)
    if pick is None:
        return None
    lines = chunks[pick[0]]
    line = lines[pick[1]].strip()
    parts = [line]
    if line.endswith(":") and pick[1] + 1 < len(lines) and lines[pick[1] + 1].strip():
        parts.append(lines[pick[1] + 1])
    return Found([compose("", parts)])


def _may_be_strong(line: str) -> bool:
    low = line.lower()
    return "error" in low or "fatal" in low or "critical" in low or "panic" in low or "exception" in low
