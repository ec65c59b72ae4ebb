"""Findings grouped under the place they are in, each on a line of its own under the heading.

    heading(lines, kinds, n) -> str   # the place a heading at `n` names over its findings, or ""
    rows(lines, kinds, start, end, where) -> [str]  # each finding under it, `where: finding`

A tool that reports several findings per file or per function prints the place once, as a
heading, and the findings under it, indented: the place with the scope it names (`a.py:4 in
total`), or a heading that ends by naming it (`3 issues found in ./package.json:`, `in
/src/q.graphql:`). Each finding is then written `place: finding`, as a finding that starts
with its own place is. What decides is the layout (a heading naming a place, two or more lines
at one deeper margin under it), never a tool's words.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes
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
    for m in _findings(lines, kinds, start, end):
        s = _BULLET_RE.sub("", lines[m].core)
        if _HINT_RE.match(s) and out:
            out[-1] = f"{out[-1]}; {s}"
        elif not _HINT_RE.match(s):
            out.append(compose(where + ":", [s]))
    return out


def _findings(lines: list[shapes.Line], kinds: list[str], start: int, end: int) -> list[int]:
    """The lines at the first margin deeper than the heading at `start`, until a line at the
    heading's margin or left of it; lines deeper still (an excerpt, a finding's own detail)
    are the finding's, not findings."""
    indent = lines[start].indent
    margin = -1
    found = []
    for m in range(start + 1, end):
        if kinds[m] == "blank":
            continue
        if lines[m].indent <= indent:
            break
        if margin < 0:
            margin = lines[m].indent
        if lines[m].indent == margin and kinds[m] == "text":
            found.append(m)
        elif lines[m].indent < margin:
            break
    return found
