"""Findings grouped under the place they are in, each on a line of its own under the heading.

    heading(lines, kinds, n) -> str   # the place a heading at `n` names over its findings, or ""
    rows(lines, kinds, start, end, where) -> [str]  # each finding under it, `where: finding`
    block_end(lines, kinds, start, end) -> int  # where a heading's findings end, else `end`

A tool that reports several findings per file or per function prints the place once, as a
heading, and the findings under it, indented: the place with the scope it names (`a.py:4 in
total`), or a heading that ends by naming it (`3 issues found in ./package.json:`, `in
/src/q.graphql:`). Each finding is then written `place: finding`, as a finding that starts
with its own place is. What decides is the layout (a heading naming a place, two or more lines
at one deeper margin under it), never a tool's words. A finding is not code: a line of source
(`x = = 1`, `use std::io;`) or an excerpt a caret points into, at the findings' margin, makes
the block one report, not a list: the heading heads no findings.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes, wording
from context_keeper.failures.lines import compose

# A place and the scope it is in (`src/cart.py:4 in total`), or a heading that ends by naming
# the file what follows is in (`3 issues found in ./package.json:`, `in /p/q.graphql:`).
_SCOPED_RE = re.compile(r"^(?:/?" + shapes.PATH + r"(?::\d+(?::\d+)?)?) in [\w.<>$-]+$")
# (The file after the line's last ` in `: a pattern free to try each ` in ` of a long line
# costs time quadratic in it.)
_FILE_RE = re.compile(r"/?" + shapes.PATH)
_BULLET_RE = re.compile(r"^[-*•]\s+")
# A hint at a finding's margin goes with the finding above it (`hint: annotate type ...`).
_HINT_RE = re.compile(r"^(?:hint|help|note):\s", re.IGNORECASE)
# A statement's assignment or comparison (`x = compute()`, `assert total(2) == 5`, `x = = 1`):
# an operator between spaces, outside quotes, that no sentence of a finding writes bare.
_OPERATOR_RE = re.compile(r"\s(?:[-+*/%&|^:<>!=]?=|=>|->)\s")
_QUOTED_RE = re.compile(r"'[^']*'|\"[^\"]*\"|`[^`]*`")


def heading(lines: list[shapes.Line], kinds: list[str], n: int) -> str:
    """The place the line at `n` names, when findings stand under it at one margin deeper than
    its own; else ""."""
    s = lines[n].core
    # (A heading ending in `:` announces what follows it, one finding or more; a place and
    # its scope, written whole, heads two or more.)
    if place := _ends_in(s):
        return place if _findings(lines, kinds, n, len(lines)) else ""
    return s if _SCOPED_RE.match(s) and len(_findings(lines, kinds, n, len(lines))) >= 2 else ""


def _ends_in(s: str) -> str:
    """The file a heading ends by naming (`... found in ./package.json:`), or ""."""
    if not s.endswith(":"):
        return ""
    at = s.rfind(" in ")
    place = s[at + 4 : -1] if at >= 0 else s[3:-1] if s.startswith("in ") else ""
    return place if _FILE_RE.fullmatch(place) else ""


def rows(lines: list[shapes.Line], kinds: list[str], start: int, end: int, where: str) -> list[str]:
    """The findings under the heading at `start` (up to `end`), each `where: finding`; a hint
    at their margin joined to the finding above it. (A heading of another shape, `FILE:
    README.md`, has rows of its own kind: none here.)"""
    if not heading(lines, kinds, start):
        return []
    out: list[str] = []
    for group in _findings(lines, kinds, start, end):
        s = " ".join(_BULLET_RE.sub("", lines[m].core) for m in group)
        if _HINT_RE.match(s) and out:
            out[-1] = f"{out[-1]}; {s}"
        elif not _HINT_RE.match(s):
            out.append(compose(where + ":", [s]))
    return out


def block_end(lines: list[shapes.Line], kinds: list[str], start: int, end: int) -> int:
    """The first line past the findings of the heading at `start`, the first at its margin
    or left of it (what follows is no finding of that place); `end` for any other line."""
    if not heading(lines, kinds, start):
        return end
    indent = lines[start].indent
    return next((m for m in range(start + 1, end) if kinds[m] != "blank" and lines[m].indent <= indent), end)


def _findings(lines: list[shapes.Line], kinds: list[str], start: int, end: int) -> list[list[int]]:
    """The lines of each finding at the first margin deeper than the heading at `start`,
    until a line at the heading's margin or left of it; lines deeper still (an excerpt, a
    finding's own detail) are the finding's, not findings. A line that goes on with the
    sentence above it (it starts in lower case, the line above has no end) is that finding's.
    A line of code, or one a caret points into, at their margin: none (one report, not a list)."""
    indent = lines[start].indent
    margin = -1
    found: list[list[int]] = []
    last = -1  # the line the last finding ends on, while nothing came between
    for m in range(start + 1, end):
        if kinds[m] == "blank":
            last = -1
            continue
        if lines[m].indent <= indent:
            break
        if margin < 0:
            margin = lines[m].indent
        if lines[m].indent < margin:
            break
        s = lines[m].core
        if lines[m].indent > margin or kinds[m] != "text":
            last = -1
        elif _code(lines, kinds, m, end):
            return []  # (an excerpt at the findings' margin: the block is one report, not a list)
        elif last >= 0 and _goes_on(lines[found[-1][0]].core, lines[last].core, s):
            found[-1].append(m)
            last = m
        else:
            found.append([m])
            last = m
    return found


def _code(lines: list[shapes.Line], kinds: list[str], m: int, end: int) -> bool:
    """Whether the line at `m` is source: it reads as code, or a caret under it points into it."""
    s = _QUOTED_RE.sub("''", lines[m].core)
    below = next((k for k in range(m + 1, end) if kinds[k] != "blank"), end)
    return wording.is_code(s) or bool(_OPERATOR_RE.search(s)) or (below < end and kinds[below] in ("caret", "label"))


def _goes_on(first: str, above: str, s: str) -> bool:
    """Whether `s` goes on with the sentence of the finding above (`Unexpected any. Specify a
    different type` / `instead of any at line 4.`): it starts in lower case and the line above
    has no end; not a hint, a label (`no-undef: ...`) or a row led as the finding is (`x error
    ...` under `x error ...`) or one that states a level (`warning ...`)."""
    word = s.split(None, 1)[0]
    return (
        s[:1].islower()
        and not _HINT_RE.match(first)
        and not wording.LEVEL_RE.match(s)
        and not wording.WARNING_RE.match(s)
        and above[-1:] not in shapes.SENTENCE_END
        and not _HINT_RE.match(s)
        and not word.endswith(":")
        and word != first.split(None, 1)[0]
    )
