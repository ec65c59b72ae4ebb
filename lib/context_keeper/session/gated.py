"""A regex searched only where it can match: `Gated(pattern).search(text)` is
`pattern.search(text)`, told `None` first, without the regex engine, for a text that holds none
of the literal strings every match must contain (the pattern's *needles*).

Patterns like `\\b(?:decided|instead of|root cause|...)\\b` with IGNORECASE have no literal
prefix the engine can skip to, so it tries each alternative, case-folded, at every word of a
text (several microseconds for one short sentence); most texts hold none of the words, which
a few substring tests tell at once. The needles are read off the pattern's parse tree (`re`'s
own parser), never written by hand: a rule added to a pattern is covered as it stands.

Exact: a match contains, in every element of a sequence that must match (a run of literal
characters, a group, an alternation whose every branch has needles), that element's text; so
a text holding no needle of one such element holds no match. With IGNORECASE the needles are
lower-case and tested on the lowered text, for ASCII texts only: case folding beyond ASCII
(`ſ` matches `s`, `K` matches `k`) is left to the regex. Any pattern the reading does not
understand gets no needles and is searched as it is.
"""

from __future__ import annotations

import re

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


class Gated:
    """`pattern.search`, skipped where no needle of the pattern occurs (see the module)."""

    __slots__ = ("pattern", "folded", "_needles", "_read")

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.folded = bool(pattern.flags & re.IGNORECASE)
        self._needles: tuple[str, ...] | None = None
        self._read = False  # the needles are read on the first search: importing costs nothing

    @property
    def needles(self) -> tuple[str, ...] | None:
        if not self._read:
            self._needles, self._read = needles(self.pattern), True
        return self._needles

    def search(self, text: str) -> re.Match[str] | None:
        needles = self._needles if self._read else self.needles
        if needles is not None:
            if not self.folded:
                if not any(map(text.__contains__, needles)):
                    return None
            elif text.isascii():
                lowered = text.lower()
                if not any(map(lowered.__contains__, needles)):
                    return None
        return self.pattern.search(text)


def needles(pattern: re.Pattern[str]) -> tuple[str, ...] | None:
    """Strings one of which every match of `pattern` contains (lower-case when it ignores
    case), or None when the pattern's parse tree does not tell."""
    try:
        from re import _parser  # type: ignore[attr-defined]

        tree = _parser.parse(pattern.pattern, pattern.flags)
        folded = bool(tree.state.flags & re.IGNORECASE)
        found = _of_sequence(list(tree.data), _parser, folded)
    except Exception:  # noqa: BLE001 - another Python's parser: no needles, the regex as it is
        return None
    return tuple(sorted(found)) if found else None


def _of_sequence(items: list[tuple[Any, Any]], p: Any, folded: bool) -> set[str] | None:
    """The best needles of a sequence: those of the element whose shortest needle is longest,
    blanks aside (every element must match, so any one element's needles will do)."""
    best: set[str] | None = None
    run = ""

    def consider(candidate: set[str] | None) -> None:
        nonlocal best
        if candidate and all(candidate) and (best is None or _strength(candidate) > _strength(best)):
            best = candidate

    for op, av in items:
        if op is p.LITERAL:
            char = chr(av)
            if folded and not char.isascii():
                consider({run} if run else None)
                run = ""
                continue
            run += char.lower() if folded else char
            continue
        consider({run} if run else None)
        run = ""
        if op is p.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            if not add_flags and not del_flags:
                consider(_of_sequence(list(sub.data), p, folded))
        elif op is p.BRANCH:
            union: set[str] = set()
            for branch in av[1]:
                found = _of_sequence(list(branch.data), p, folded)
                if not found:
                    break
                union |= found
            else:
                consider(union)
        # anything else (classes, repeats, anchors, lookarounds) holds no needle for certain
    consider({run} if run else None)
    return best


def _strength(found: set[str]) -> int:
    return min(len(needle.strip()) for needle in found)
