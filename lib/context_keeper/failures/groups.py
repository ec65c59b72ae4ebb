"""Python's exception groups (3.11+: asyncio.TaskGroup, trio, cattrs): the group and what it groups.

    exception_group(lines) -> list[str]  # the messages of the last group printed, or []

A group prints its traceback in a box (`+ Exception Group Traceback`, `| ...`), then each
sub-exception in a box of its own, nested groups deeper. A group's own line ends counting what
it groups (`... (2 sub-exceptions)`); an exception that groups none is a leaf, the failure
itself, and the notes added to it are printed under it in its box (`| Structuring class Order @
attribute id`). One leaf is the group's cause, written with it; several leaves are several
failures, each with its notes, after the group that holds them; a leaf that a chain's link
follows in its box caused the exception printed after it, and is no failure of its own.
"""

from __future__ import annotations

import itertools
import re

from context_keeper.failures.lines import compose

_GROUP_RE = re.compile(r"^\s*\+ Exception Group Traceback \(most recent call last\):")
_GROUP_LINE_RE = re.compile(
    r"^\s*(?:\| )+([A-Za-z_][\w.]*(?:Error|Exception|Warning|Exit|Interrupt|Group)\w*(?:: .*)?)$"
)

# An exception group's own line ends counting what it groups (`... (2 sub-exceptions)`).
_SUB_COUNT_RE = re.compile(r"\(\d+ sub-exceptions?\)$")
_BOXED_RE = re.compile(r"^\s*\| (\S.*)$")
_LINK_RE = re.compile(r"^\s*\| (?:During handling of the above exception|The above exception was the direct cause)")


def exception_group(lines: list[str]) -> list[str]:
    """An ExceptionGroup (asyncio.TaskGroup, Python 3.11+): the group, then its sub-exceptions;
    where several leaves (exceptions that group none) failed, the group and each leaf with the
    notes printed under it, one failure each."""
    start = next((n for n in range(len(lines) - 1, -1, -1) if _GROUP_RE.match(lines[n])), None)
    if start is None:
        return []
    found = [(n, m.group(1)) for n, m in enumerate(map(_GROUP_LINE_RE.match, lines)) if m and n > start]
    if not found:
        return []  # (a group's header with nothing printed under it, the output cut there)
    # (What stands under an exception, up to the next one printed: its notes, or a chain's link.)
    ends = [n for n, _ in found[1:]] + [len(lines)]
    under = {n: lines[n + 1 : end] for (n, _), end in zip(found, ends, strict=True)}
    leaves = [(n, text) for n, text in found if not _SUB_COUNT_RE.search(text) and not _caused(under[n])]
    if len(leaves) < 2:
        return [compose("", [text for _, text in found][:4])] if found else []
    notes = [list(itertools.takewhile(bool, map(_note, under[n]))) for n, _ in leaves]
    return [found[0][1], *(compose("", [text, *said]) for (_, text), said in zip(leaves, notes, strict=True))]


def _caused(under: list[str]) -> bool:
    """Whether a chain's link stands under an exception in its box: it is the cause of the one
    printed next (`During handling of the above exception, ...`), not a failure of its own."""
    return any(_LINK_RE.match(line) for line in under)


def _note(line: str) -> str:
    """A note printed under an exception in a group's box (`| Structuring class X @ attribute y`)."""
    m = _BOXED_RE.match(line)
    return m.group(1) if m and not m.group(1).startswith(("File ", "Traceback ", "+")) else ""
