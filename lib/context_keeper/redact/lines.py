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

import functools
from bisect import bisect_right
from collections.abc import Callable
from itertools import accumulate

TYPE_CHECKING = False
if TYPE_CHECKING:
    import re
    from typing import Any

    from . import _Rules

# (a line, its rules, its token starts, whether its lower case holds an assignment's trigger word)
Apply = Callable[[str, set[int], set[str], bool], str]
_BLOCK = 32  # lines per block: big enough that most triggers are absent, small enough that few are
_SHORT = 40  # characters: a block of lines this long on average is tested line by line (`_chosen_by_line`)


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


# Characters seldom in a block of lines of code, prose or tool output, rarest first (in 2 to 40 %
# of the blocks of 32 lines of real sessions' transcripts; a letter, a digit, a space, `.`, `-`,
# `/`, `:`, `_`, `,`, brackets and quotes are in most).
_RARE = "%\\^&~$?@|=+{}#*"


def gated(forest: Tree) -> tuple[Tree, tuple[tuple[str, Tree], ...]]:
    """`forest` split: the triggers that hold a rare character filed under the rarest they hold
    (a block is searched for them only when it holds that character, one search for one
    character: the fastest a `str` is searched), the others as they were."""
    rank = {c: k for k, c in enumerate(_RARE)}
    kept: list[Any] = []
    under: dict[str, list[Any]] = {}
    for node in forest:
        rare = min((c for c in node[0] if c in rank), key=rank.__getitem__, default=None)
        if rare is None:
            kept.append(node)
        else:
            under.setdefault(rare, []).append(node)
    return tuple(kept), tuple((c, tuple(nodes)) for c, nodes in sorted(under.items(), key=lambda item: rank[item[0]]))


def flag_forest(flag_triggers: tuple[tuple[str, int], ...]) -> Tree:
    """The (exact) flag triggers as a forest: each searched for once, and one that holds another
    (`--user`, `-u`) only where that one is."""
    groups: dict[str, list[tuple[str, int]]] = {}
    for t, i in flag_triggers:
        groups.setdefault(t, []).append((t, i))
    return trigger_tree(tuple((t, tuple(pairs)) for t, pairs in groups.items()))


def block_found(r: _Rules, low: str, scans: FirstChars | None = None) -> list[tuple[str, Any]]:
    """The lower-case triggers in `low` (a block, lower-cased), each with its (trigger, rule) pairs
    (`scans`: `r.trigger_tree`'s `FirstChars`, for a long text)."""
    found = found_triggers(r.trigger_tree, low) if scans is None else scans.found(low)
    for char, tree in r.gated_trees:
        if char in low:
            found += found_triggers(tree, low)
    if not low.isascii() and r.wide_gate is not None and r.wide_gate.search(low) is not None:
        found += found_triggers(r.wide_tree, low)
    return found


def block_hits(tree: Any, low: str) -> list[Any]:
    """What the triggers of `tree` (a `Tree` or a `RuleTree`) that occur in `low` stand for:
    their (trigger, rule) pairs or their rule indexes; a trigger is tested only where the one
    it is filed under occurs."""
    return [pair for _, pairs in found_triggers(tree, low) for pair in pairs]


def found_triggers(tree: Any, low: str) -> list[tuple[str, Any]]:
    """The triggers of `tree` that occur in `low`, each with what it stands for (`block_hits`)."""
    found: list[tuple[str, Any]] = []
    stack = [tree]
    while stack:
        for trigger, pairs, below in stack.pop():
            if trigger in low:
                found.append((trigger, pairs))
                if below:
                    stack.append(below)
    return found


class FirstChars:
    """`found_triggers` of a forest (`trigger_tree`'s), its top triggers found by one scan per
    first character they share: a scan jumps from one occurrence of its character to the next
    (how `re` searches a pattern that starts with a literal) and reads there which of its
    triggers follows, where each trigger's own search reads the whole block (in a long text, the
    blocks' test of their top triggers was a fifth of the time). A top trigger holds no other
    (one that does is filed under it), so at most one starts at any place and the scans find
    the same triggers; the ones filed under them are tested as before. (Compiling the scans
    costs more than a short text's test saves.)

    A top trigger of one character (`.`, `:`) is in nearly every block and gates nothing: its
    own test is one search for a character, and the triggers filed under it join the scans
    as tops. They keep the scans exact: one that started with another scanned trigger (two
    characters or more) would hold it and be filed under it, not under a character; a
    trigger that starts with the character itself holds it, so the character is always tested
    alone. And one found holds the character, so it is found exactly where it was before:
    under the character found."""

    __slots__ = ("_alone", "_scans")

    def __init__(self, forest: Tree) -> None:
        import re

        groups: dict[str, list[Any]] = {}
        alone: list[Any] = []
        for node in forest:
            if len(node[0]) == 1:
                alone.append((node[0], node[1], ()))
                for child in node[2]:
                    groups.setdefault(child[0][0], []).append(child)
            else:
                groups.setdefault(node[0][0], []).append(node)
        self._alone = tuple(alone + [nodes[0] for nodes in groups.values() if len(nodes) == 1])
        self._scans: list[tuple[re.Pattern[str], dict[str, Any]]] = []
        for char, nodes in groups.items():
            if len(nodes) > 1:
                rests = {node[0][1:]: node for node in nodes}
                alternatives = "|".join(re.escape(rest) for rest in rests)
                self._scans.append((re.compile(f"{re.escape(char)}(?=({alternatives}))"), rests))

    def hits(self, low: str) -> list[Any]:
        """`block_hits(forest, low)`, in another order."""
        return [pair for _, pairs in self.found(low) for pair in pairs]

    def found(self, low: str) -> list[tuple[str, Any]]:
        """`found_triggers(forest, low)`, in another order."""
        nodes = [node for node in self._alone if node[0] in low]
        for scan, rests in self._scans:
            nodes += [rests[rest] for rest in set(scan.findall(low))]
        found = [(trigger, pairs) for trigger, pairs, _ in nodes]
        below = tuple(child for node in nodes for child in node[2])
        return found + found_triggers(below, low) if below else found


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


def redact_lines(text: str, r: _Rules, apply: Apply) -> str:
    """`text` (holding newlines, or one long line) redacted: the multi-line rules first, then
    line by line."""
    from .haystack import holds_any, rule_out

    rule_out(text, r.long_needles)  # (what most of the rules below search a long text for, at once)
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
    scans = _first_chars(r.trigger_tree) if len(lines) >= _SCANNED_FROM else None
    flag_scans = _first_chars(r.flag_tree) if len(lines) >= _SCANNED_FROM else None
    for k in range(0, len(lines), _BLOCK):
        chunk = lines[k : k + _BLOCK]
        block = "\n".join(chunk)
        low = block.lower()
        # each trigger once in its lower-case form (case variants and repeats share one scan
        # of the block), then only where it is found for its exact forms
        found = block_found(r, low, scans)
        flags: list[Any] = []
        if gate in block:
            flags = block_hits(r.flag_tree, block) if flag_scans is None else flag_scans.hits(block)
        words = [t for t in r.assignment_triggers if t in low]
        tokens = _token_starts(r, block)
        if not (found or flags or tokens or words):
            continue
        # Offsets differ where a character's lower case is longer (`İ`); in a block of short
        # lines, testing each line costs less than placing each occurrence on its line.
        if len(low) != len(block) or len(block) < _SHORT * len(chunk):
            chosen = _chosen_by_line(chunk, r, found, flags, bool(tokens), words)
        else:
            chosen = _chosen(chunk, block, low, found, flags, tokens, words, gate)
        for j, (hits, starts, worded) in chosen:
            lines[k + j] = apply(chunk[j], hits, starts, worded)
    return lines


def _token_starts(r: _Rules, block: str) -> list[tuple[int, str]]:
    """Where `r.token_starts` (`formats.STARTS`) matches in `block`, with its start: from the
    character before a start (`_after_a_bound`), the pattern itself only at the block's start."""
    first = r.token_starts.match(block)
    found = [(m.start(1), m.group(1)) for m in _after_a_bound().finditer(block)]
    return [(0, first.group(1)), *found] if first is not None else found


# `formats.STARTS` from the character before it: a pattern that opens on a lookbehind is tried
# at every position, one that opens on a class only where the class is (most letters are not).
# The same matches after the block's first character: the class is exactly the characters the
# lookbehind allows before a start; only that character is consumed, which no later start needs;
# and no start is one character after another (a start's first character is a letter or a digit).
@functools.cache
def _after_a_bound() -> re.Pattern[str]:
    import re

    from .formats import START_HEAD, START_REST  # (imported where used: `redact`'s import stays light)

    return re.compile(rf"[^A-Za-z0-9](?={START_HEAD}{START_REST})", re.ASCII)


_SCANNED_FROM = 16 * _BLOCK  # lines: from here the blocks' top triggers are found by `FirstChars`


def _first_chars(forest: Tree) -> FirstChars:
    """`forest`'s `FirstChars` (the rules' triggers', their flags'), compiled once a process."""
    kept = _FIRST_CHARS.get(id(forest))
    if kept is None or kept[0] is not forest:
        kept = _FIRST_CHARS[id(forest)] = (forest, FirstChars(forest))
    return kept[1]


_FIRST_CHARS: dict[int, tuple[Tree, FirstChars]] = {}
# (line in the block, (its rules, its token starts, whether it holds an assignment's word))
Chosen = list[tuple[int, tuple[set[int], set[str], bool]]]


def _chosen(
    chunk: list[str],
    block: str,
    low: str,
    found: list[tuple[str, Any]],
    flags: list[tuple[str, int]],
    tokens: list[tuple[int, str]],
    words: list[str],
    gate: str,
) -> Chosen:
    """The lines of a block that hold a trigger, a token's start or an assignment's word, each
    with its rules and token starts. The occurrences found in the block are placed on their
    lines (offsets in `low` are offsets in `block`: same length), so a line without any is never
    read, and one that holds a trigger is tested for its exact forms once."""
    ends = list(accumulate(len(line) + 1 for line in chunk))  # (one past each line's newline)
    hits: dict[int, set[int]] = {}
    for lowered, pairs in found:
        at = low.find(lowered)
        while at != -1:
            j = bisect_right(ends, at)
            line = chunk[j]
            for t, i in pairs:
                if t in line:
                    hits.setdefault(j, set()).add(i)
            at = low.find(lowered, ends[j])  # (each line once, however often it holds the trigger)
    for t, i in flags:
        at = block.find(t)
        while at != -1:
            j = bisect_right(ends, at)
            if gate in chunk[j]:
                hits.setdefault(j, set()).add(i)
            at = block.find(t, ends[j])
    starts: dict[int, set[str]] = {}
    for at, token in tokens:
        starts.setdefault(bisect_right(ends, at), set()).add(token)
    # (a word holds no newline: each occurrence is in one line's lower case, `low` slices to it)
    worded: set[int] = set()
    for word in words:
        at = low.find(word)
        while at != -1:
            j = bisect_right(ends, at)
            worded.add(j)
            at = low.find(word, ends[j])
    chosen = worded.union(hits, starts)
    return [(j, (hits.get(j, set()), starts.get(j, set()), j in worded)) for j in sorted(chosen)]


def _chosen_by_line(
    chunk: list[str],
    r: _Rules,
    found: list[tuple[str, Any]],
    flags: list[tuple[str, int]],
    tokens: bool,
    words: list[str],
) -> Chosen:
    """`_chosen`, each line tested for every trigger the block holds."""
    pairs = [pair for _, group in found for pair in group]
    chosen: Chosen = []
    for j, line in enumerate(chunk):
        hits = {i for t, i in pairs if t in line}
        if flags and r.flag_gate in line:
            hits.update(i for t, i in flags if t in line)
        starts = set(r.token_starts.findall(line)) if tokens else set()
        worded = bool(words) and any(t in line.lower() for t in words)  # (a line's words are its block's)
        if hits or starts or worded:
            chosen.append((j, (hits, starts, worded)))
    return chosen
