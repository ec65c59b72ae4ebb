"""A place named alone on the line over the deeper message that happened there.

    place_over(lines, kinds, above, n) -> str  # the place the line `above` names, or ""
    placed(lines, kinds, above, n, text) -> str  # `text` with that place, or a location, in front

A tool that groups its messages by where they happened prints the place on a line of its own
and the message under it, indented deeper: a file or a path alone (`/srv/data`), an item of a
numbered list holding only the place, in brackets (`2. (./index.njk)`), or the place with one
word saying what follows (`/home/dev/cart.opam: Errors.`). The message is then written
`place: message`, as a message that starts with its own place is. What decides is the layout
(one line holding a place and nothing that says anything, the message right under it and
deeper), never the words of a tool.
"""

from __future__ import annotations

import re

from context_keeper.failures import layout, shapes
from context_keeper.failures.lines import compose

# A list's number before an item (`2. `, `3) `).
_NUMBER_RE = re.compile(r"^\d{1,3}[.)]\s+")
# A path with an extension, or an absolute path (a mount point, a directory: `/srv/data`, `/`).
# (Each segment after a `/` only: a class repeated under `*` without one would backtrack
# exponentially on a long line that is no path.)
_PLACE_RE = re.compile(r"/?" + shapes.PATH + r"|/(?:[\w.@~+-]+(?:/[\w.@~+-]+)*/?)?")
# The place in brackets, or followed by `:` and at most one word (`Errors.`).
_FORMS = (
    re.compile(r"^\((?P<place>[^()]+)\)$"),
    re.compile(r"^\[(?P<place>[^\[\]]+)\]$"),
    re.compile(r"^(?P<place>\S+?):?$"),
    re.compile(r"^(?P<place>\S+?): [A-Za-z]+[.!]?$"),
)


def placed(lines: list[shapes.Line], kinds: list[str], above: int, n: int, text: str) -> str:
    """`text` (the message at `n`) with where it happened in front, when the line `above` names
    it: a location (`layout.heads`), or a place alone over the deeper message."""
    if layout.heads(lines, kinds, above, n):
        return compose(shapes.plain_location(lines[above].core), [text])
    place = place_over(lines, kinds, above, n)
    return compose(place, [text]) if place and place not in text else text


def place_over(lines: list[shapes.Line], kinds: list[str], above: int, n: int) -> str:
    """The place the line `above` names alone, when it stands right over the deeper message at
    `n`; else ""."""
    if above != n - 1 or kinds[above] != "text" or lines[n].indent <= lines[above].indent:
        return ""
    s = _NUMBER_RE.sub("", lines[above].core.strip())
    for form in _FORMS:
        m = form.match(s)
        if m and _PLACE_RE.fullmatch(m.group("place")):
            return m.group("place")
    return ""
