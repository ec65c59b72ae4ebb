"""A message's siblings: the other lines its output printed in the same skeleton.

    skeleton(text) -> str                     # the line with what varies abstracted
    alike(units, best) -> list[Unit]          # best and its siblings, in output order, or []
    alike_lines(lines, kinds, n) -> list[int] # the same for a line no unit reads as a message

A tool that finds the same kind of fault in several places prints one line per place in one
form, and only the things it names differ: `Rewriting src/a.py` / `Rewriting src/b.py`,
`(!) Found dead link ./setup in file index.md`, `1) src/cart.js -> src/tax.js`. Where the line
the ranking chose as the message has such siblings, each is a failure of its own, whatever
its words. A skeleton is the line with quoted text, paths and file names, numbers and a
leading name before `:` each replaced by one sign, its words and punctuation kept, at its
indentation: two lines are siblings when their skeletons are equal. A skeleton made of words
alone (prose) says nothing of a form, nor one that holds none of the varying parts: lines of
it differ in their words, not in what they name. Siblings state one level (a warning is
no sibling of an error), and a verdict, a count and advice are never one (they are the run's,
not a place's).
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes, wording
from context_keeper.failures.findings import Unit, level

_QUOTED_RE = re.compile(r"'[^'\s][^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|“[^”]*”")
_PATH_RE = re.compile(r"[\w.~-]*/[\w./~-]*|[\w-]+(?:\.[\w-]+)+")
_NUMBER_RE = re.compile(r"\b\d+(?:\.\d+)*\b")
_NAME_RE = re.compile(r"^[A-Za-z_][\w-]*:(?=\s)")
_VARYING = "\x01"


def skeleton(text: str) -> str:
    s = _QUOTED_RE.sub(_VARYING, text.strip())
    s = _PATH_RE.sub(_VARYING, s)
    s = _NUMBER_RE.sub(_VARYING, s)
    s = _NAME_RE.sub(_VARYING + ":", s)
    return " ".join(s.split())


def _form(text: str) -> str:
    """The skeleton when it is a form (it has a varying part), else ""."""
    s = skeleton(text)
    return s if _VARYING in s else ""


def _own(text: str) -> bool:
    """Whether a line may be a failure of its own: not the run's verdict, a count or advice."""
    s = text.strip()
    return not (wording.is_verdict(s) or wording.COUNTED_RE.match(s) or wording.told_what_to_do(s))


def alike(units: list[Unit], best: Unit) -> list[Unit]:
    form = _form(best.text) if _own(best.text) else ""
    if not form:
        return []
    said = level(best.text)
    found = [
        u
        for u in units
        if u.indent == best.indent and _form(u.text) == form and level(u.text) == said and _own(u.text)
    ]
    return found if len(found) >= 2 and best in found and _distinct([u.text for u in found]) else []


def alike_lines(lines: list[shapes.Line], kinds: list[str], n: int) -> list[int]:
    form = _form(lines[n].core) if _own(lines[n].core) else ""
    if not form:
        return []
    said = level(lines[n].core)
    found = [
        k
        for k, line in enumerate(lines)
        if kinds[k] == "text"
        and line.indent == lines[n].indent
        and _form(line.core) == form
        and level(line.core) == said
        and _own(line.core)
    ]
    return found if len(found) >= 2 and _distinct([lines[k].core for k in found]) else []


def _distinct(texts: list[str]) -> bool:
    """Whether the lines say different things after their first word: the same message said
    again under another name (an exception re-raised by a wrapper, `db.Error: no such table`
    over `driver.Error: no such table`) is one failure."""
    tails = {" ".join(t.split()[1:]) for t in texts}
    return len(tails) == len(texts)
