"""The lines at a message's margin under its first line that go on with it.

    went_on(lines, kinds, n, m, end, text) -> (text, next)

A tool that prints one message over several lines often prints its lines at the margin of the
first (`Error: Parse error at token: ;` / `Unexpected DELIMITER token: ...`). Such a line goes on
with the message only when the message is a paragraph of its own: its first line opens the
paragraph and says what failed (a level word or an exception name), and the lines under it run
to a blank line or the end of the output. A paragraph that runs into anything else (stack
frames, an excerpt, a deeper listing, a summary) is a report whose first line is the message
and whose other lines are the report's (a sanitizer's `READ of size 4 ...` over its frames).
Every line under it must read as more of the message: no level word, place, count, verdict,
advice, hint, time stamp, code, exit status or line that reads as a message of its own.
"""

from __future__ import annotations

import re

from context_keeper.failures import findings, shapes, wording

# How many margin lines may go on with a message (a message, not a page of prose).
_MOST = 3
# A line that opens with a name of its own before a colon (`radvd (25864): exiting ...`), a
# field of the report (`Candidate bindings: "name"`), or says what the program is doing
# (`Reading tracefile a.info`): not more of the message above it.
_OWN_LEAD_RE = re.compile(r"^(?:[\w.-]+(?: \(\d+\))?|[A-Z]\w*(?: \w+)?): |^[A-Z][a-z]+ing\b")
# A banner's rule (`=====`), an item of a list or a diff's line.
_DRAWN_RE = re.compile(r"[-=*#~<>]{3,}")
_ITEM_RE = re.compile(r"^(?:[-+?*•]|\d+[.)])\s")
# Advice on where to look or what to run next (`For help, use prog -h`, `See the docs`).
_POINTER_RE = re.compile(
    r"^(?:For (?:more )?(?:help|information|details)\b|(?:See|Try|Run|Use)\s|To \w+\b[^.]*, (?:use|run|try)\b)"
)


def went_on(lines: list[shapes.Line], kinds: list[str], n: int, m: int, end: int, text: str) -> tuple[str, int]:
    """`text` (the message that opened at `n`, its lines before `m`) with the lines at its
    margin from `m` when they go on with it (see the module), marked used; else as it was."""
    head = lines[n]
    if m != n + 1 or not _opens(lines, kinds, n) or not _says_failed(head.core) or text.rstrip().endswith(","):
        return text, m  # (a sentence cut at the margin's width is wrapped, not a message of parts)
    k = m
    while k < end and k < m + _MOST and kinds[k] == "text" and lines[k].indent == head.indent:
        if not _goes_on(lines[k], text):
            return text, m
        k += 1
    leads = [lines[j].core.split(None, 1)[0] for j in range(m, k)]
    if any(lines[j].marked for j in range(m, k)) or len(set(leads)) < len(leads):
        return text, m  # (lines of one shape, or each marked a failure: a list of its own)
    if k == m or (k < end and kinds[k] != "blank"):
        return text, m  # (nothing under it, or the paragraph runs into something else)
    below = next((j for j in range(k, end) if kinds[j] != "blank"), end)
    if below < end and (
        lines[below].indent > head.indent or _introduces(lines[k - 1].core, lines[below], kinds[below])
    ):
        return text, m  # (its last line introduces what is under it: a list, a command, code)
    for j in range(m, k):
        kinds[j] = "used"
        text = f"{text.rstrip()}; {lines[j].core}"
    return text, k


def _opens(lines: list[shapes.Line], kinds: list[str], n: int) -> bool:
    """Whether the line at `n` opens its paragraph (the output's first line, or under a blank
    line, a frame, an excerpt or a caret: anything but more text)."""
    return n == 0 or kinds[n - 1] not in ("text", "used", "summary")


def _introduces(last: str, below: shapes.Line, kind: str) -> bool:
    """Whether `last`, ending in `:`, introduces more than the prose at the margin under it
    (code, a list)."""
    return last.endswith(":") and (
        kind != "text" or wording.is_code(below.core) or _ITEM_RE.match(below.core) is not None
    )


def _says_failed(s: str) -> bool:
    return (findings.leveled(s) or bool(wording.EXC_RE.search(s))) and not s.endswith(":")


def _goes_on(line: shapes.Line, text: str) -> bool:
    """Whether the margin line `line` reads as more of the message `text`."""
    s = line.core
    return not (
        len(s.split()) < 2
        or (len(s.split()) <= 3 and not re.search(r"[.!?:;,)]", s))  # (a heading: `Native stack trace`)
        or findings.leveled(s)
        or findings.level(s)
        or s in text
        or _DRAWN_RE.search(line.text)
        or _ITEM_RE.match(s)
        or _OWN_LEAD_RE.match(s)
        or _POINTER_RE.match(s)
        or wording.LOC_INSIDE_RE.search(s)
        or shapes.LOC_TAIL_RE.search(s)
        or shapes.LOC_START_RE.match(s)
        or shapes.TIMESTAMP_RE.match(line.text.strip())
        or shapes.HINT_RE.match(s)
        or wording.ADVICE_RE.search(s)
        or wording.is_verdict(s)
        or wording.COUNTED_RE.match(s)
        or wording.is_code(s)
        or shapes.title(s) is not None
        or wording.score(s, False) > max(wording.score(text, False), 0)
    )
