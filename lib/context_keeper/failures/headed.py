"""Several failures each printed as a header over blocks of its own.

    headed(lines, kinds) -> list[str]  # one message per header, or []

A tool that explains each failure at length prints it as a paragraph of its own: a header
alone on its line stating the error (`Error: Invalid multi-line string`), then, after blank
lines, where it happened (`  on main.tf line 7, in output "x":`) over an excerpt, and a
paragraph saying why. Two or more such headers with the same first word are several
failures; each message is `place: header; why`, the place and the paragraph when printed.
"""

from __future__ import annotations

import re

from context_keeper.failures import findings, shapes, wording
from context_keeper.failures.lines import compose

# A file and its line inside an indented line's words (`on main.tf line 7, in locals:`).
_FIELD_RE = re.compile(r"^[A-Z][a-z]+(?: [a-z]+)?:(?: |$)")
_PLACE_IN_RE = re.compile(r"(?:^|\s)(/?" + shapes.PATH + r"(?:,? line \d+|:\d+(?::\d+)?))\b")


def headed(lines: list[shapes.Line], kinds: list[str]) -> list[str]:
    heads = [
        n
        for n in range(len(lines))
        if kinds[n] == "text"
        and lines[n].indent == 0
        and findings.leveled(lines[n].core)
        and not wording.is_verdict(lines[n].core)
        and (n + 1 >= len(lines) or kinds[n + 1] == "blank")
    ]
    if len(heads) < 2 or len({lines[n].core.split()[0] for n in heads}) != 1:
        return []
    out = []
    told = False  # whether any header has a block of its own
    for k, head in enumerate(heads):
        end = heads[k + 1] if k + 1 < len(heads) else len(lines)
        place, why = _section(lines, kinds, head + 1, end)
        told = told or bool(place or why)
        text = lines[head].text.strip() + (f"; {why}" if why else "")
        out.append(compose(place + ":", [text]) if place else text)
    return out if told else []


def _section(lines: list[shapes.Line], kinds: list[str], start: int, end: int) -> tuple[str, str]:
    """The place an indented line names, and the first paragraph at the margin that says why."""
    place = ""
    paragraph: list[str] = []
    for m in range(start, end):
        line, s = lines[m], lines[m].core
        if not s:
            if paragraph:
                break
            continue
        if line.indent > 0 or kinds[m] in ("source", "caret", "frame", "location"):
            found = _PLACE_IN_RE.search(s) if line.indent > 0 and not place and not paragraph else None
            place = found.group(1) if found else place
            if paragraph:
                break
            continue
        if kinds[m] != "text" or wording.is_verdict(s) or findings.leveled(s):
            break
        paragraph.append(s)
    why = ""
    for s in paragraph:
        # A sentence wrapped onto the next line goes on there; a line after a sentence's end,
        # a field of its own (`Received: 25`) or a diff's changed line is a part of its own.
        wrapped = why and why[-1:] not in shapes.SENTENCE_END + ":" and not _FIELD_RE.match(s) and s[:1] not in "+-"
        why = f"{why} {s}" if wrapped else f"{why}; {s}" if why else s
    return place, why
