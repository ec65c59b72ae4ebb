"""A message's siblings: the other lines its output printed in the same skeleton.

    skeleton(text) -> str                     # the line with what varies abstracted
    family(lines, kinds, units, best) -> list[str]  # the failures the best line stands for, or []
    alike(units, best) -> list[Unit]          # best and its siblings, in output order, or []
    of_last(lines, kinds, said) -> list[int]  # the last line said, with its siblings

A tool that finds the same kind of fault in several places prints one line per place in one
form, and only the things it names differ: `Rewriting src/a.py` / `Rewriting src/b.py`,
`color: ['unknown field']` / `qty: ['min value is 1']`. Where the line the ranking chose as
the message has such siblings, each is a failure of its own (the first five), whatever its
words. A skeleton is the line with quoted text, paths and file names, numbers and a leading
name before `:` each replaced by one sign, its words and punctuation kept; two lines at one
indentation are siblings when their skeletons are equal. A skeleton of words alone (prose) is
no form (lines of it differ in their words, not in what they name), nor one varying part
alone (a bare path). Siblings state one level (a warning is no sibling of an error) and say
different things after their first word (one exception re-raised under another name is one
failure). A run of siblings right under a best line that names and counts nothing, ending
its output, are the items that line speaks of (`Check failed` over `Checking a.py (changed)`
lines): the failures in its place.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes
from context_keeper.failures.findings import Unit, level
from context_keeper.failures.lines import collapse

_QUOTED_RE = re.compile(r"'[^'\s][^']*'|\"[^\"]*\"|`[^`]*`|‘[^’]*’|“[^”]*”")
_PATH_RE = re.compile(r"(?<![\w.~/-])(?:[\w.~-]*/[\w./~-]*|[\w-]+(?:\.[\w-]+)+)")
_NUMBER_RE = re.compile(r"\b\d+(?:\.\d+)*\b")
_NAME_RE = re.compile(r"^[A-Za-z_][\w-]*:(?=\s)")
_VARYING = "\x01"
# The most siblings given: a tool that prints hundreds of one form says enough in five.
MOST = 5


def skeleton(text: str) -> str:
    s = _QUOTED_RE.sub(_VARYING, text.strip())
    s = _PATH_RE.sub(_VARYING, s)
    s = _NUMBER_RE.sub(_VARYING, s)
    s = _NAME_RE.sub(_VARYING + ":", s)
    return " ".join(s.split())


def _form(text: str) -> str:
    """The skeleton when it is a form (a varying part and more), else ""."""
    s = skeleton(text)
    return s if _VARYING in s and s != _VARYING else ""


def family(lines: list[shapes.Line], kinds: list[str], units: list[Unit], best: Unit) -> list[str]:
    """The failures `best` stands for: it and its siblings, else the items of one skeleton
    under it that end the piece; [] when it stands for itself alone."""
    found = [collapse(u.text) for u in alike(units, best)[:MOST]]
    return found or [collapse(lines[k].core) for k in under(lines, kinds, best)[:MOST]]


def alike(units: list[Unit], best: Unit) -> list[Unit]:
    found = _family([(u.text, u.indent) for u in units], units.index(best)) if best in units else []
    return [units[k] for k in found]


def of_last(lines: list[shapes.Line], kinds: list[str], said: list[int]) -> list[int]:
    """The last of the lines `said` with its siblings ([] when `said` is empty)."""
    if not said:
        return []
    texts = _texts(lines, kinds)
    return _family(texts, said[-1])[:MOST] or [said[-1]]


def under(lines: list[shapes.Line], kinds: list[str], unit: Unit) -> list[int]:
    """The lines of one skeleton right under `unit` that end its piece (past blank lines), at
    least two: the items a heading or a verdict speaks of (`Check failed` over `Checking a.py
    (changed)` lines); [] when anything else follows them."""
    if _VARYING in skeleton(unit.text):
        return []  # (a line that names or counts something says what it is about itself)
    n = unit.span[1]
    while n < len(lines) and kinds[n] == "blank":
        n += 1
    if n >= len(lines) or kinds[n] != "text":
        return []
    texts = _texts(lines, kinds)
    run = [n]
    while run[-1] + 1 < len(lines) and kinds[run[-1] + 1] == "text":
        run.append(run[-1] + 1)
    rest = range(run[-1] + 1, len(lines))
    if len(run) < 2 or any(kinds[k] != "blank" for k in rest):
        return []
    found = _family(texts[run[0] : run[-1] + 1], 0)
    return [run[0] + k for k in found] if len(found) == len(run) else []


def _texts(lines: list[shapes.Line], kinds: list[str]) -> list[tuple[str, int]]:
    """Each line's text ("" for all but text lines) and its indentation, as `_family` reads them."""
    return [(line.core if kinds[k] == "text" else "", line.indent) for k, line in enumerate(lines)]


def _family(texts: list[tuple[str, int]], n: int) -> list[int]:
    """The indices of the line at `n` and its siblings (text and indentation), or []."""
    text, indent = texts[n]
    form = _form(text)
    if not form:
        return []
    stated = level(text)
    # (A form that opens with words: only lines opening with them are read further.)
    lead = form.split(_VARYING, 1)[0].strip() if not form.startswith(_VARYING) else ""
    found = [
        k
        for k, (other, deep) in enumerate(texts)
        if deep == indent
        and other
        and other.lstrip().startswith(lead.split(" ", 1)[0])
        and _form(other) == form
        and level(other) == stated
    ]
    return found if len(found) >= 2 and _distinct([texts[k][0] for k in found]) else []


def _distinct(texts: list[str]) -> bool:
    """Whether the lines say different things after their first word: the same message said
    again under another name (an exception re-raised by a wrapper, `db.Error: no such table`
    over `driver.Error: no such table`) is one failure."""
    tails = {" ".join(t.split()[1:]) for t in texts}
    return len(tails) == len(texts)
