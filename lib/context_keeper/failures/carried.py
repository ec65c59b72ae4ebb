"""When the ranking cannot tell: the best line and its runner-up, carried as one line.

    carried(lines, units, best, text) -> str   # `text`, or the two candidates joined

Where no recogniser claims an output and the method ends on its single best line, the scores
often cannot tell two candidates apart (a finding and a second one of the same level, an
error and the sentence that explains it). A developer skimming such a log quotes both. The
failure's line then carries the best candidate and the runner-up (a score at most MARGIN
below), in the order the program printed them, joined with `; ` and cut at the line's cap.

The runner-up is carried only when it says something the best line does not: never a
restatement (one holds the other or nearly all of its words, or both end in the same
clause), advice (`Perhaps you should ...`, or after its own sentence: `... Use the --fix
option ...`), a verdict, a wrap-up or a count of what the run did, a line about the run's
end (its exit status, `exiting now`, `Backtrace:`), a file's verdict (`order.xml is not
valid`), a header over what follows (ends in `:` or `=>`), a line marked as done or as a
warning, a lower level than the best (a warning beside an error), a fragment of a sentence
wrapped from the line above, a line at another indentation than the best (it belongs to a
heading above it), nor one of several lines of its shape (a list the method did not compose
is no one runner-up). Frames, source excerpts and caret lines are
never candidates at all. Every word of the result is one the tool printed.
"""

from __future__ import annotations

import re

from context_keeper.failures import blocks, findings, shapes, wording
from context_keeper.failures.findings import Unit
from context_keeper.failures.lines import LINE_CAP, collapse, join, shorten

# How far below the best a runner-up's score may be and still be carried (scores are whole
# numbers; measured: 0 carried too few, 2 carried second lines the recordings' readers did
# not quote).
MARGIN = 1
# How many runner-ups, in the ranking's order, are looked at.
_LOOKED_AT = 5
# A line about the run's end, not about what failed (`Error is not recoverable: exiting now`,
# `Error termination. Backtrace:`, `Command failed: 'x' returned 1`).
_ENDING_RE = re.compile(
    r"\b(?:exit(?:ed|ing)?|terminat\w+|abort\w*|backtrace|not recoverable|returned \d+)\b", re.IGNORECASE
)
# A header over what the lines under it print (`... startup failed:`, `FAILED! =>`).
_HEADER_END = (":", "=>", "->")
# A line the tool marks as passed, done, a warning or a note (`✔  Loaded plugin "fail" from
# ...`, `⚠  Skip step "fail" ...`): no failure of its own.
_LESSER_MARKS = ("✓", "✔", "√", "⚠", "ℹ")
# Advice, not a failure (`Perhaps you should add the directory containing ...`).
_ADVICE_RE = re.compile(
    r"^(?:perhaps|maybe|try|consider|did you mean|you (?:may|might|can|could|should)|please)\b", re.IGNORECASE
)
# Or advice said after the line's own sentence (`x is not valid. Use the --fix option to try
# fixing it.`): the line ends in what to do, not in what failed.
_ADVICE_AFTER_RE = re.compile(
    r"[.!?] (?:Perhaps|Maybe|Try|Consider|Please|Use|Run|Did you mean|You (?:may|might|can|could|should))\b"
)
# A second line holding this share of the other's words says it again (`FAILED: X` under
# `ERROR [pkg.module] X`).
_SAME_WORDS = 0.8
_WORD_RE = re.compile(r"\w+")
# What ends a sentence: a line ending so is no sentence the next line goes on with.
_SENTENCE_END = (".", ":", "!", "?", ";")


def carried(lines: list[shapes.Line], units: list[Unit], best: Unit, text: str) -> str:
    """`text` (the best unit's message as the method wrote it), or it and the runner-up in
    printed order when the ranking cannot tell them apart."""
    flat = collapse(text)
    if best.score < 1:
        return flat  # (nothing reads as a message: no ranking to be unsure of)
    # (A runner-up must read as a message itself: a score of 0 is a line of plain words.)
    near = sorted(
        (u for u in units if u is not best and u.indent == best.indent and max(best.score - MARGIN, 1) <= u.score),
        key=lambda u: (-u.score, u.span[0]),
    )
    # (The first few in the ranking's order: a line further down is no runner-up, and each
    # check of one against every unit must not grow with the square of a long output.)
    second = next((u for u in near[:_LOOKED_AT] if _may_carry(lines, units, best, u, flat)), None)
    if second is None:
        return flat
    pair = sorted([(best.span[0], flat), (second.span[0], collapse(second.text))])
    return shorten(join([part for _start, part in pair]), LINE_CAP)


def _may_carry(lines: list[shapes.Line], units: list[Unit], best: Unit, u: Unit, flat: str) -> bool:
    """Whether `u` may go beside the best line (`flat`, as written)."""
    return (
        _news(collapse(u.text), flat)
        and not _fragment(lines, u)
        and not any(v is not best and v is not u and v.score >= 1 and blocks.same_shape(u, v) for v in units)
    )


def _news(second: str, best: str) -> bool:
    """Whether `second` says something of its own beside `best`."""
    return (
        not _restated(second, best)
        and _tail(second) != _tail(best)
        and not _ADVICE_RE.match(second)
        and not _ADVICE_AFTER_RE.search(second)
        and len(second.split()) >= 3
        and not second.endswith(_HEADER_END)
        and not second.startswith(_LESSER_MARKS)
        and not wording.is_verdict(second)
        and not wording.is_wrapup(second)
        and not wording.is_wrapup(_tail(second))
        and not wording.COUNTED_RE.match(second)
        and not wording.FILE_VERDICT_RE.match(second)
        and not _ENDING_RE.search(second)
        and (findings.level(second) not in findings.LOWER_LEVELS or findings.level(second) == findings.level(best))
    )


def _restated(second: str, best: str) -> bool:
    """Whether one line says the other again: it holds it, or nearly all of its words."""
    if second in best or best in second:
        return True
    a, b = set(_WORD_RE.findall(second.lower())), set(_WORD_RE.findall(best.lower()))
    return bool(a and b) and len(a & b) >= _SAME_WORDS * min(len(a), len(b))


def _tail(text: str) -> str:
    """The last clause of a message (`... failed: CNAME and other data` -> `cname and other data`)."""
    return text.rsplit(": ", 1)[-1].strip(" .").lower()


def _fragment(lines: list[shapes.Line], unit: Unit) -> bool:
    """Whether the unit goes on with a sentence from the line above it (`on purpose, you
    should not ...` under `If you are trying to create ... packages`)."""
    start = unit.span[0]
    if start == 0 or start >= len(lines) or not unit.text[:1].islower():
        return False
    above = lines[start - 1]
    return (
        bool(above.core.strip())
        and above.indent == lines[start].indent
        and not above.core.rstrip().endswith(_SENTENCE_END)
    )
