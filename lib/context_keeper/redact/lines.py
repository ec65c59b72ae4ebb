"""Redaction of a text of many lines in time linear in its length, line by line in effect.

Every rule of `formats`, `commands` and `assignments` reads one line (a command continued
with a trailing backslash counts as one line); only the rules in `multiline_rules` read
across lines (a private key block, the secrets a command prints under a heading). So a text
is redacted as: the multi-line rules on the whole text, then each line on its own, and the
result is the lines redacted one by one.

A line longer than `LONG` (a minified file, JSON records on one line) is cut into pieces
first: after each escaped newline (`\\n`, the lines of a JSON string), then, for a piece
still too long, at a space after a separator (`, `, `; `, `} `). Without the cut every rule
whose trigger occurs somewhere in the line would scan all of it.

What keeps it fast on a 10 MB tool output: the regexes only ever see one line (a regex
that found nothing in a line would otherwise rescan the whole text for each rule), and the
trigger substrings are first looked for in a block of lines, so each line of the block is
only tested for the few triggers the block holds.
"""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from . import _Rules

Apply = Callable[[str, set[int], set[str]], str]
_BLOCK = 32  # lines per block: big enough that most triggers are absent, small enough that few are


Tree = tuple[tuple[str, tuple[tuple[str, int], ...], "Tree"], ...]
# The same forest with each trigger's rule indexes (redact._triggered's, one line's triggers).
RuleTree = tuple[tuple[str, tuple[int, ...], "RuleTree"], ...]


def trigger_tree(triggers: tuple[tuple[str, tuple[Any, ...]], ...]) -> tuple[tuple[str, tuple[Any, ...], Any], ...]:
    """The triggers (lower-case ones, for a block) as a forest: each under the longest other
    trigger it holds, with what it stands for (its (trigger, rule) pairs, or rule indexes)."""
    lows = [low for low, _ in triggers]
    children: dict[str | None, list[str]] = {}
    for low in lows:
        holders = [other for other in lows if other != low and other in low]
        children.setdefault(max(holders, key=len) if holders else None, []).append(low)
    pairs = dict(triggers)

    def build(parent: str | None) -> Tree:
        return tuple((low, pairs[low], build(low)) for low in children.get(parent, ()))

    return build(None)


def block_hits(tree: Any, low: str) -> list[Any]:
    """What the triggers of `tree` (a `Tree` or a `RuleTree`) that occur in `low` stand for:
    their (trigger, rule) pairs or their rule indexes; a trigger is tested only where the one
    it is filed under occurs."""
    found: list[tuple[str, int]] = []
    stack = [tree]
    while stack:
        for trigger, pairs, below in stack.pop():
            if trigger in low:
                found += pairs
                if below:
                    stack.append(below)
    return found


def logical_lines(text: str) -> list[str]:
    """`text` split at newlines, except a newline after a backslash (a continued command)."""
    lines = text.split("\n")
    if "\\\n" not in text:
        return lines
    joined: list[str] = []
    for line in lines:
        if joined and joined[-1].endswith("\\"):
            joined[-1] += "\n" + line
        else:
            joined.append(line)
    return joined


LONG = 4096
_CUTS = (", ", "; ", "} ", "] ", '" ', " ")


def _pieces(line: str) -> list[str]:
    """A long line cut where no secret is: after escaped newlines, then at separators."""
    cut: list[str] = []
    for part in line.split("\\n"):
        begin = 0
        while len(part) - begin > LONG:
            at = -1
            for sep in _CUTS:
                at = part.rfind(sep, begin + LONG // 2, begin + LONG)
                if at != -1:
                    at += len(sep)
                    break
            if at == -1:
                break  # no separator: a single long token, kept whole
            cut.append(part[begin:at])
            begin = at
        cut.append(part[begin:] + "\\n")
    cut[-1] = cut[-1][:-2]
    return cut


def _has_any(text: str, needles: list[str]) -> bool:
    return any(t in text for t in needles)


def redact_lines(text: str, r: _Rules, apply: Apply) -> str:
    """`text` (holding newlines, or one long line) redacted: the multi-line rules first, then
    line by line."""
    from .haystack import holds_any

    for triggers, rule in r.multiline:
        if holds_any(text, triggers):
            text = rule(text)
    lines = logical_lines(text)
    if all(len(line) <= LONG for line in lines):
        return "\n".join(_redact_pieces(lines, r, apply))
    # The pieces of a long line are redacted as lines, then joined back without a newline.
    pieces: list[str] = []
    seps: list[str] = []
    for line in lines:
        if len(line) > LONG:
            cut = _pieces(line)
            pieces += cut
            seps += [""] * (len(cut) - 1)
        else:
            pieces.append(line)
        seps.append("\n")
    seps[-1] = ""
    return "".join(p + s for p, s in zip(_redact_pieces(pieces, r, apply), seps, strict=True))


def _redact_pieces(lines: list[str], r: _Rules, apply: Apply) -> list[str]:
    """`lines`, each redacted on its own (the list itself is updated)."""
    gate = r.flag_gate
    for k in range(0, len(lines), _BLOCK):
        block = "\n".join(lines[k : k + _BLOCK])
        low = block.lower()
        # each trigger once in its lower-case form (case variants and repeats share one scan
        # of the block); each line is then tested for the exact triggers of those found
        triggers = block_hits(r.trigger_tree, low)
        if not low.isascii() and r.wide_gate is not None and r.wide_gate.search(low) is not None:
            triggers += block_hits(r.wide_tree, low)
        flag_triggers = [(t, i) for t, i in r.flag_triggers if t in block] if gate in block else []
        tokens = r.token_starts.search(block) is not None
        words = [t for t in r.assignment_triggers if t in low]
        if not (triggers or flag_triggers or tokens or words):
            continue
        for j in range(k, min(k + _BLOCK, len(lines))):
            line = lines[j]
            hits = {i for t, i in triggers if t in line}
            if flag_triggers and gate in line:
                hits.update(i for t, i in flag_triggers if t in line)
            starts = set(r.token_starts.findall(line)) if tokens else set()
            if not (hits or starts) and not (words and _has_any(line.lower(), words)):
                continue
            redacted = apply(line, hits, starts)
            lines[j] = redacted
    return lines
