"""The pieces every redaction rule is made of: the mark that replaces a secret, and patterns
compiled on their first use.

A hook process runs few of the rules, and compiling all of them would cost more than the
hook's whole run; `re` itself loads with the first pattern compiled.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

TYPE_CHECKING = False
if TYPE_CHECKING:  # `re` loads with the first pattern compiled, not with the package
    import re

MARK = "[REDACTED]"

Rule = Callable[[str], str]


class LazyPattern:
    """A regex compiled on its first use (ASCII: secrets are ASCII, and `\\w` classes compile
    much faster without Unicode). Importing the submodules then compiles nothing."""

    __slots__ = ("_source", "_flags", "_p")

    def __init__(self, source: str, flags: int = 0) -> None:
        self._source, self._flags = source, flags
        self._p: re.Pattern[str] | None = None

    def _compile(self):
        import re

        self._p = re.compile(self._source, self._flags | re.ASCII)
        return self._p

    def compiled(self) -> re.Pattern[str]:
        return self._p or self._compile()

    def match(self, *args):
        return (self._p or self._compile()).match(*args)

    def fullmatch(self, *args):
        return (self._p or self._compile()).fullmatch(*args)

    def search(self, *args):
        return (self._p or self._compile()).search(*args)

    def findall(self, *args):
        return (self._p or self._compile()).findall(*args)

    def finditer(self, *args):
        return (self._p or self._compile()).finditer(*args)

    def split(self, *args):
        return (self._p or self._compile()).split(*args)

    def sub(self, *args):
        return (self._p or self._compile()).sub(*args)


def marked(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with each span (in order, none overlapping) replaced by the mark: what a rule
    that finds its values first and marks them after returns."""
    if not spans:
        return text
    out, pos = [], 0
    for start, end in spans:
        out += [text[pos:start], MARK]
        pos = end
    return "".join(out) + text[pos:]


class LazyRule:
    """`pattern.sub(sub, text)` with the pattern compiled on its first use: a process runs few
    of the rules, and compiling all of them would cost more than a hook's whole run."""

    __slots__ = ("_source", "_sub", "_pattern")

    def __init__(self, source: str, sub: Callable[..., str]) -> None:
        self._source = source
        self._sub = sub
        self._pattern: re.Pattern[str] | None = None

    @property
    def pattern(self):
        if self._pattern is None:
            import re

            self._pattern = re.compile(self._source, re.ASCII)
        return self._pattern

    def __call__(self, text: str) -> str:
        return self.pattern.sub(self._sub, text)


class GatedRule(LazyRule):
    """A `LazyRule` tried only on a text where `gate` is found: a pattern that every match of the
    rule's holds (a literal or a character class first, which `re` skips ahead to), where the
    rule's own pattern starts with a lookbehind `re` tries at every position. The same result as
    `LazyRule`'s when the gate is what every match needs."""

    __slots__ = ("_gate",)

    def __init__(self, source: str, sub: Callable[..., str], gate: str) -> None:
        super().__init__(source, sub)
        self._gate = LazyPattern(gate)

    def __call__(self, text: str) -> str:
        return text if self._gate.search(text) is None else self.pattern.sub(self._sub, text)


class RunRule(LazyRule):
    """A `LazyRule` whose pattern starts with a word (`words`) and reads the run of characters
    (`run`) it stands in to the run's end, which no match can end inside: its matches from the
    words of one run succeed or fail alike (the run's end and what follows it are theirs
    alike), so a run is tried from its first word only, where `re` tries it from each (a line of
    one long identifier, `--auth--auth…`, costs the square of its length). The same result as
    `LazyRule`'s."""

    __slots__ = ("_words", "_run", "_lower_words")

    def __init__(self, source: str, sub: Callable[..., str], words: str, run: str) -> None:
        super().__init__(source, sub)
        self._words, self._run = LazyPattern(words), LazyPattern(run)
        lower = lower_case_words(words)
        self._lower_words = None if lower is None else LazyPattern(lower)

    def __call__(self, text: str) -> str:
        words, low = self._words, None
        if self._lower_words is not None and (low := words_lowered(text)) is not None:
            words = self._lower_words
        out, pos = [], 0
        for m in matches_by_run(self.pattern, words, self._run, text, words_in=low):
            out += [text[pos : m.start()], self._sub(m)]
            pos = m.end()
        return "".join(out) + text[pos:] if out else text


class RunStartRule(LazyRule):
    """A `LazyRule` whose every match opens a run of `run` characters and holds, at that run's
    end, what `anchor` finds (why, for a rule, is said where it is made): the rule's pattern is
    tried only at the start of each run an anchor ends, reached by walking back from the anchor,
    where a pattern opening on a lookbehind is tried at every position. The same result as
    `LazyRule`'s: no other position can start a match."""

    __slots__ = ("_anchor", "_run")

    def __init__(self, source: str, sub: Callable[..., str], anchor: str, run: frozenset[str]) -> None:
        super().__init__(source, sub)
        self._anchor, self._run = LazyPattern(anchor), run

    def __call__(self, text: str) -> str:
        pattern, run = self.pattern, self._run
        out, pos, tried, last = [], 0, -1, -1
        for anchor in self._anchor.finditer(text):
            start = at = anchor.start()
            if start < pos:
                continue  # (its run began inside the last match: none of its positions follows it)
            while start > pos and text[start - 1] in run:
                start -= 1
                if start == last:  # (the last anchor's run goes on to this one: its start, read once)
                    start = max(tried, pos)
                    break
            last = at
            if start == tried:
                continue  # (another anchor of a run already tried: its start's match is the same)
            tried = start
            m = pattern.match(text, start)
            if m is not None:
                out += [text[pos : m.start()], self._sub(m)]
                pos = m.end()
        return "".join(out) + text[pos:] if out else text


def matches_by_run(
    pattern: re.Pattern[str],
    words: LazyPattern,
    run: LazyPattern,
    text: str,
    begin: int = 0,
    end: int | None = None,
    words_in: str | None = None,
) -> Iterator[re.Match[str]]:
    """`pattern.finditer(text)` for a pattern that starts with one of `words` and reads on from
    it as `run` does, to where `run` stops, and only a match that gets there succeeds
    (`RunRule`): every word before that point fails where the first one did, so each run is
    tried from its first word only. (`begin`, `end`: `finditer`'s `pos` and `endpos`; `words_in`:
    the text the words are searched in when not `text`, its ASCII lower-cased for a pattern of
    lower-case words, `lower_case_words`.)"""
    end = len(text) if end is None else end
    pos, failed_to = begin, -1
    for word in words.finditer(text if words_in is None else words_in, begin, end):
        at = word.start()
        if at < pos or at < failed_to:
            continue  # (inside the last match, or in a run its first word failed in)
        m = pattern.match(text, at, end)
        if m is None:
            failed_to = run.match(text, at, end).end()
            continue
        yield m
        pos = m.end()


def lower_case_words(source: str) -> str | None:
    """The case-blind alternation `(?i:…)` of `source` as a case-sensitive one, to search in an
    ASCII text lower-cased (where `re` can skip ahead to the words' first letters: a case-blind
    pattern is tried at every position, several times slower on a long line); None when `source`
    is not one case-blind group of lower-case words (an upper-case letter or an escape in it
    would not read the same)."""
    if not (source.startswith("(?i:") and source.endswith(")")):
        return None
    inner = source[4:-1]
    plain = inner == inner.lower() and "(?i" not in inner and "\\" not in inner.replace("\\.", "")
    return inner if plain else None


# The characters whose lower case is not one character, or is an ASCII one (`İ`, the Kelvin sign):
# anywhere else, `str.lower` keeps each ASCII letter's place and lowers it as an ASCII-case-blind
# pattern reads it, and gives no ASCII letter for any other character.
_LOWER_MOVES = ("\u0130", "\u212a")


def words_lowered(text: str) -> str | None:
    """`text` lower-cased, to search for the words of `lower_case_words` at the places where a
    case-blind ASCII pattern finds them in `text`; None where lowering would move or make an
    ASCII letter (a text holding one of `_LOWER_MOVES`)."""
    if text.isascii():
        return text.lower()
    return None if any(c in text for c in _LOWER_MOVES) else text.lower()


def trie_alternatives(words: tuple[str, ...]) -> str:
    """`words` as one pattern shaped like a trie (`pa(?:ssword|role)`; a space stands for any
    run of spaces or a hyphen): a position whose next character starts no word fails at once,
    where a flat alternation tries every word. Longer words first where one holds another."""
    import re

    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}

    def pattern(node: dict[str, dict]) -> str:
        branches = [
            (r"[ \t-]+" if c == " " else re.escape(c)) + pattern(child) for c, child in sorted(node.items()) if c
        ]
        if "" in node:
            branches.append("")  # a word ends here (after the longer ones: the alternation is ordered)
        return branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"

    return pattern(trie)
