"""Kinds a line takes from its neighbours, after `shapes.kind` has sorted each alone.

mark_summaries(lines, kinds)  # the lines under a summary heading repeat what failed
mark_excerpts(lines, kinds)   # consecutive numbered lines are an excerpt without a gutter
mark_traces(lines, kinds)     # frames under a stack label, a frame's quoted statement
ends_traceback(lines, kinds, n) -> bool  # the exception a `Traceback (most recent call last)` ends in
"""

from __future__ import annotations

from context_keeper.failures import shapes, wording


def mark_excerpts(lines: list[shapes.Line], kinds: list[str]) -> None:
    """Lines that start with consecutive line numbers (`2 .nav {`, `3   color: @brnad;`) are a
    source excerpt printed without a gutter."""
    numbers = [int(m.group(1)) if (m := shapes.NUMBERED_RE.match(line.core)) else None for line in lines]
    for n in range(len(lines) - 1):
        # (A caret under a line may stand between it and the next: `1  main -> ...` / `^`.)
        nxt = n + 1
        while nxt < len(lines) - 1 and kinds[nxt] == "caret":
            nxt += 1
        a, b = numbers[n], numbers[nxt]
        if a is not None and b == a + 1:
            for k in (n, nxt):
                if kinds[k] == "text":
                    kinds[k] = "source"


def mark_traces(lines: list[shapes.Line], kinds: list[str]) -> None:
    """The lines under a stack label (`stack: |-`, `Stack:`, `Backtrace:`) deeper than it
    are its frames, whatever they look like (`Error: x` heads a JavaScript stack)."""
    n = 0
    while n < len(lines):
        if (
            (kinds[n] == "frame" or shapes.PY_LOCATION_RE.match(lines[n].core))
            and n + 1 < len(lines)
            and kinds[n + 1] == "text"
        ):
            # The statement a frame quotes under it, deeper (`  File "x.py", line 3, in f` /
            # `    total(xs)`): the frame's excerpt, not a message.
            if lines[n + 1].indent > lines[n].indent and not wording.EXC_RE.search(lines[n + 1].core):
                kinds[n + 1] = "source"
        if kinds[n] == "frame" and lines[n].core.endswith("{"):
            # An error object printed after its stack (`    at f (x.js:3:7) {` ... `}`).
            m = n + 1
            while m < len(lines) and lines[m].core != "}":
                kinds[m] = "frame"
                m += 1
            if m < len(lines):
                kinds[m] = "frame"
            n = m + 1
            continue
        if shapes.TRACE_LABEL_RE.match(lines[n].core):
            kinds[n] = "frame"
            m = n + 1
            while m < len(lines) and kinds[m] != "blank" and lines[m].indent > lines[n].indent:
                kinds[m] = "frame"
                m += 1
            n = m  # (the line after the frames may be the next label)
            continue
        n += 1


def mark_summaries(lines: list[shapes.Line], kinds: list[str]) -> None:
    """The lines under a summary heading name failures already reported above; with no
    report above (only headers announcing what follows), the list under it is the report."""
    n = 0
    reported = False
    while n < len(lines):
        s = lines[n].core
        if kinds[n] == "text" and not reported:
            reported = shapes.title(s) is not None or (not s.endswith(":") and wording.score(s) >= 3)
        if kinds[n] == "text" and shapes.SUMMARY_HEADING_RE.match(s) and reported:
            kinds[n] = "noise"
            m = n + 1
            while m < len(lines) and kinds[m] != "blank" and shapes.title(lines[m].core) is None:
                if kinds[m] == "text":
                    kinds[m] = "summary"
                m += 1
            n = m
        n += 1


def ends_traceback(lines: list[shapes.Line], kinds: list[str], n: int) -> bool:
    """The line right after a Python traceback's frames (past the statements they quote):
    the exception it ends in, raised last, over a line logged before the traceback."""
    m = n - 1
    while m >= 0 and kinds[m] in ("source", "caret"):
        m -= 1
    return m >= 0 and bool(shapes.PY_FRAME_RE.match(lines[m].core))
