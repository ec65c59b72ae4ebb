"""A message drawn in a box: its borders dropped, its lines read as the lines they frame.

    unboxed(lines) -> list[str]

Some tools frame what went wrong in a box drawn with box-drawing characters, its title on the
top border (`╭─ Error ───╮` / `│ Git working directory is not clean: │` / `╰───╯`, or a bare
`┌` / `│ Error: ...` / `└`). The borders say nothing and the side bars make each framed line
read as a source excerpt's gutter, so the box's words are lost to its frame. A box is a top
corner alone or over a rule (a title between dashes allowed), lines that open with a side bar
at the corner's column, and a bottom corner at that column; an excerpt's frame (`╭─[2:45]`,
numbered lines `1 │ ...`) is no box. Its lines come back as they read inside the frame, its
borders as blank lines.
"""

from __future__ import annotations

import re

# (Each reads a line once: a title holds no rule character, a side's words are cut in Python.)
_TOP_RE = re.compile(r"^(\s*)[┌╭](?:─+(?: [^─]+ ─+)?)?[┐╮]?\s*$")
_SIDE_RE = re.compile(r"^(\s*)│(.*)$")
_BOTTOM_RE = re.compile(r"^(\s*)[└╰]─*[┘╯]?\s*$")


def unboxed(lines: list[str]) -> list[str]:
    if not any(line.lstrip()[:1] in "┌╭" for line in lines):
        return lines
    out = list(lines)
    n = 0
    while n < len(out):
        top = _TOP_RE.match(out[n])
        if not top:
            n += 1
            continue
        column = len(top.group(1))
        end = n + 1
        while end < len(out) and (side := _SIDE_RE.match(out[end])) and len(side.group(1)) == column:
            end += 1
        bottom = _BOTTOM_RE.match(out[end]) if end < len(out) else None
        if end == n + 1 or not bottom or len(bottom.group(1)) != column:
            n += 1
            continue
        out[n : end + 1] = ["", *[_framed(out[k]) for k in range(n + 1, end)], ""]
        n = end + 1
    return out


def _framed(line: str) -> str:
    """What a box's line says inside its side bars."""
    inside = line.split("│", 1)[1].rstrip()
    return inside.removesuffix("│").strip()
