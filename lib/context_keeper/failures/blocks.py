"""Several failures printed as a block of lines of one shape, whatever the tool's words.

    alike_block(units) -> list[str]  # one message per line of the block, or []

A tool that reports several failures prints them one after another in one form: the same
lead (`WARNING -  ...`, `#/paths/... must ...`, `cart.py:parse:13: DAR201: ...`) with
different text after it. Two lines are of one shape when two of their first three words
agree, a word that carries a path, a number or a code compared by the first signs of its form
(`DAR101:` and `DAR201:` agree, so do `#/info` and `#/paths/~1a`). A run of such lines, each
following the last with no other candidate between, at one indentation, is one block; the
strongest block, when nothing elsewhere reads more like a message, is one message a line. A
line that reads as nothing (and names no rule's code), a cause of the exception above it, or
the program's wrap-up (`... exiting now`) ends a run; a run that says one thing twice in two
forms is none, the same complaint about different things each named first (`docs: No such file
or directory`, `lib: No such file or directory`) is several.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes, wording
from context_keeper.failures.findings import LOWER_LEVELS, Unit, errors_only, level
from context_keeper.failures.lines import collapse

_WORDS = 3
_AGREE = 2
# A word compared by its form (a path, a number, a code, a place in a document): it carries a
# digit, a path's or a pointer's punctuation, or a colon inside it. Forms agree by their
# first two signs (`$.a` and `$.a[0]`, `#/a` and `#/a/~0a`); other words by their letters.
_FORMAL_RE = re.compile(r"[\d/.#~@$]|:.")
_FORM_SIGNS = 2
_ROOTED_RE = re.compile(r"^\.?/(?=[\w.-]+/)")
_CODE_RE = re.compile(r"(?:^|\s)[A-Z]{1,4}\d{1,5}:?(?=\s|$)")
# A line that ends saying the program stops (`Error is not recoverable: exiting now`): its
# wrap-up, not a failure of its own.
_STOPS_RE = re.compile(
    r"\b(?:exit(?:ing)?|quit(?:ting)?|abort(?:ing)?|stopp(?:ed|ing)|giving up|terminat(?:ed|ing))\b[\w ]{0,12}[.!]?$",
    re.I,
)

# The form a program's diagnostic about a file takes, its own name first, then the file, then
# what is wrong with it (`xz: dist/a.tar.xz: File format not recognized`): each such line is a
# failure in the program's own words, even where no word of them reads as one (`not in gzip
# format`). A block of them still needs two, of one shape.
_NAMED_FILE_RE = re.compile(r"^[a-z][\w+-]*: [^\s:]*[/.][^\s:]*: \S")


def _form(word: str) -> str:
    if not _FORMAL_RE.search(word):
        return word.lower()
    # (A path is one form, absolute or relative: `/home/dev/a.g4:12:7:` and `a.g4:17:0:`.)
    word = _ROOTED_RE.sub("", word)
    return "\0" + re.sub(r"\d+", "0", re.sub(r"[A-Za-z]+", "a", word))[:_FORM_SIGNS]


def _lead(text: str) -> list[str]:
    return [_form(w) for w in text.split()[:_WORDS]]


# A place in a document leading a line, a path of names without a line number (`order/items:`).
_POINTER_RE = re.compile(r"^[A-Za-z_#$][\w$#~-]*(?:/[\w$#~.-]+)+:(?=\s)")


def _pointer(text: str) -> bool:
    return bool(_POINTER_RE.match(text))


def same_shape(a: Unit, b: Unit) -> bool:
    if a.indent != b.indent:
        return False
    x, y = _lead(a.text), _lead(b.text)
    if len(x) < _WORDS or len(y) < _WORDS:
        return False
    if x[0] == y[0] and _pointer(a.text) and _pointer(b.text):
        return True  # (what follows a place in a document says each failure its own way)
    return sum(p == q for p, q in zip(x, y, strict=True)) >= _AGREE


def stops(text: str) -> bool:
    """Whether `text` ends saying the program stops: a wrap-up, not a failure of its own."""
    return bool(_STOPS_RE.search(text))


def _peer(unit: Unit) -> bool:
    """Whether `unit` may be one of a block's failures: it reads as a message (or names a
    rule's code, or is a diagnostic in the form `prog: file: what`, whatever its words), is
    not a cause of the failure above it, nor the program's wrap-up."""
    return (
        (unit.score >= 1 or bool(_CODE_RE.search(unit.text)) or bool(_NAMED_FILE_RE.match(unit.text)))
        and not shapes.CAUSE_RE.match(unit.text)
        and not stops(unit.text)
    )


def _runs(units: list[Unit]) -> list[list[Unit]]:
    """Runs of peers of one shape; a line that is no peer ends a run, unless it is deeper than
    the run's lines: then it is a detail of the block above it (its excerpt, a note)."""
    runs: list[list[Unit]] = [[]]
    for unit in units:
        if not _peer(unit) and runs[-1] and unit.indent > runs[-1][-1].indent:
            continue
        if not _peer(unit):
            runs.append([])
        elif runs[-1] and same_shape(runs[-1][-1], unit):
            runs[-1].append(unit)
        else:
            runs.append([unit])
    # The same message said twice in two forms (`[ERROR] x` over `pkg.Error: x`) is one; the
    # same complaint about different things (`docs: No such file ...`, `lib: No such file ...`) is two.
    return [run for run in runs if len(run) >= 2 and (len({_tail(u.text) for u in run}) == len(run) or _subjects(run))]


def _tail(text: str) -> str:
    """What a line says after its first word."""
    words = text.split(None, 1)
    return words[-1] if words else ""


# A first word that says how bad or what was raised (`[ERROR]`, `pkg.Error:`, `WARN`), not what.
_LEVEL_WORD_RE = re.compile(r"error|fatal|fail|warn|exception|panic|critical", re.IGNORECASE)
_COMPLAINT = 3  # (a level word, an OS error, a failure's wording; a failure word alone is 1)


def _subjects(run: list[Unit]) -> bool:
    """Whether the lines of `run` each name another thing first (`name:`), then make the same
    complaint, one that reads as a failure by itself (not a table's `Modules: 0 (0 undocumented)`)."""
    firsts = [u.text.split(None, 1)[0] for u in run]
    return (
        len(set(firsts)) == len(run)
        and all(w.endswith(":") and not _LEVEL_WORD_RE.search(w) for w in firsts)
        and len({_tail(u.text) for u in run}) == 1
        and wording.score(_tail(run[0].text)) >= _COMPLAINT
    )


def _strength(run: list[Unit]) -> int:
    return max(u.score for u in run)


def alike_block(units: list[Unit]) -> list[str]:
    candidates = _runs(units)
    if not candidates:
        return []
    run = max(candidates, key=lambda r: (_strength(r), len(r)))
    outside = [u for u in units if u not in run]
    if outside and max(u.score for u in outside) > _strength(run):
        return []
    if any(level(u.text) in LOWER_LEVELS for u in run) and any(level(u.text) == "error" for u in outside):
        # A tool's warnings beside the error that failed the run.
        return []
    # Warnings beside an error in the block itself: the error failed the run.
    found = errors_only([collapse(u.text) for u in run])
    return found if len(found) >= 2 else []
