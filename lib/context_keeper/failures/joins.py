"""A line that may be the message joined to what continues it.

    joined(lines, kinds, n, end) -> (text, next)           # a header ending in `:` and its text
    continued(lines, kinds, n, text, end, base) -> (text, next)  # deeper lines, pairs, TAP comments
    paragraphs(lines, units) -> units                      # a message its program names, the lines under it
    paragraph(lines, kinds, n) -> str                      # a line with the wrapped sentence it ends

A header ending in `:` takes its next line, past a source excerpt and its caret (a sentence
over a flat list of bullet items takes the whole list, `layout.listed_under`); lines
indented deeper than the message, the other side of an expected/actual pair, a reason given
as a field, a quotation the message opened and a TAP diagnostic's comment lines continue it.
The lines taken are marked "used" in `kinds`. `failures.ranking` builds its candidates so.
"""

from __future__ import annotations

import re
from collections import Counter

from context_keeper.failures import after, continuation, findings, layout, shapes, wording
from context_keeper.failures.findings import Unit

# How many lines after a header ending in `:` may be source excerpt and caret before its text.
_EXCERPT_LINES = 3
# A label alone on its line (`with expansion:`, `Which is:`), its value on the deeper lines under it.
_LABEL_ALONE_RE = re.compile(r"^[A-Za-z][\w' -]{0,40}:$")
# A field of a message on a line of its own, in brackets (`[SQL: SELECT 1]`).
_BRACKET_FIELD_RE = re.compile(r"^\[[A-Za-z][\w ]*: .*\]$")
# A label and its value (`required: Int`, `found   : String("4")`, `cause: TOML parse error`).
LABELLED_RE = re.compile(r"^[a-z][a-z]*(?: [a-z]+)?\s*: \S")
# A place and at most a failure word after it (`a_test.cc:8: Failure`, `unknown file: Failure`,
# `a.c:3: error:`): a diagnostic whose text is on the lines under it.
BARE_DIAGNOSTIC_RE = re.compile(
    r"^(?:/?" + shapes.PATH + r":\d+(?::\d+)?|unknown file):(?: (?:[Ff]ailure|[Ee]rror|[Ff]ailed|FAILED):?)?$"
)
# The branch a line hangs from in a drawn tree (`╰─▶ `, `├── `, `│  `): where the line
# stands in the report, not what it says.
_TREE_RE = re.compile(r"^(?=[│├└╰┝┕])[│├└╰┝┕─━▶►→ ]+(?=\S)")
_ROOT_MARK_RE = re.compile(r"^([\w.-]+:)\s+[×✗✘]\s+")
# A word a wrapped line was cut inside (`left-pad-` / `nonexistent`, `"/` / `root/...`).
_CUT_RE = re.compile(r"(?:\w-|/)$")


# A program's name before its words (`mlr: `, `hledger: `); not a level, a label or a side.
_PROGRAM_LEAD_RE = re.compile(r"^([a-z][\w.-]*): (?=\S)")
# A line that says what the program was doing (`Processing file src/tax.c`), no word of a
# failure in it: progress printed after the message, not a part of it.
_DOING_RE = re.compile(r"^[A-Z][a-z]+ing\b")
# Where a message's parts and clauses start (after `; ` or `: `).
_PARTS_RE = re.compile(r"; |(?<=:) ")
# An item of a list of names: one name a line, bulleted or not (`* lib/a.ex`, `tox.ini`).
_NAME_ITEM_RE = re.compile(r"^(?:[-*•]\s+)?\S+$")
_NOT_PROGRAMS = frozenset(["cause", "caused", "usage", "reason", "details", "message", "in", "at", "see", "tip"])


def paragraphs(lines: list[shapes.Line], units: list[Unit]) -> list[Unit]:
    """A message its program names at the margin (`mlr: cannot parse DSL expression.`) and the
    messages on the lines right under it at the margin that open with no name, level or place
    of their own (`Parse error on token "" at line 1 column 41.`) are one message, its parts
    said in order: the program printed one message over several lines. A line over deeper
    lines other than its place (a list it heads, the data it quotes) ends it, and so does a
    name that leads several lines: a program that names each of its messages prints each on
    its own line, and a line without its name among them is its other output (the listing
    `ls` prints beside `ls: cannot access ...`)."""
    out: list[Unit] = []
    head = False
    # (counted once: a count per unit would grow with the square of a long output)
    leads = Counter(m.group(1) for u in units if u.indent == 0 and (m := _PROGRAM_LEAD_RE.match(u.text)))
    for u in units:
        if (head and _goes_on(lines, out[-1], u)) or (out and _details(lines, out[-1], u)):
            last = out[-1]
            out[-1] = last._replace(
                text=f"{last.text}; {u.text}",
                score=max(last.score, u.score),
                located=last.located or u.located,
                span=(last.span[0], u.span[1]),
            )
            continue
        lead = _PROGRAM_LEAD_RE.match(u.text)
        head = bool(
            lead
            and u.indent == 0
            and u.span[1] > u.span[0]
            and lead.group(1) not in _NOT_PROGRAMS
            and leads[lead.group(1)] < 2
            and not shapes.PATH_IN_RE.search(lead.group(1))
            and not findings.level(lead.group(0))
            and not shapes.PAIR_KEY_RE.match(u.text)
            and not shapes.LOC_START_RE.match(u.text)
        )
        out.append(u)
    return out


def _goes_on(lines: list[shapes.Line], last: Unit, u: Unit) -> bool:
    start, end = u.span
    return (
        u.indent == 0
        and u.score >= 0  # (words, not a value the program printed: jq's `1`)
        and start == last.span[1]
        and not re.match(r"^[\w.-]+: ", u.text)
        and not findings.leveled(u.text)
        and not shapes.LOC_START_RE.match(u.text)
        and not (_DOING_RE.match(u.text) and wording.score(u.text, False) <= 0)
        and all(
            lines[k].indent <= lines[start].indent
            or wording.LOC_INSIDE_RE.search(lines[k].core)
            or shapes.LOC_TAIL_RE.search(lines[k].core)
            for k in range(start + 1, end)
        )
    )


def _details(lines: list[shapes.Line], last: Unit, u: Unit) -> bool:
    """Whether `u`, a sentence ending in `:` over the names it lists (`missing from sdist:` over
    the files, one a line), right under the one-line message `last` at its margin, details that
    message (`lists of files in version control and sdist do not match!`): one message over
    several lines. A line saying what the program is doing, a verdict or a count is no such
    message; lines of words or code under the sentence (an error's report, advice's snippet)
    are no list of names."""
    start, end = u.span
    head = lines[start].core
    said = last.text
    return (
        start == last.span[1] == last.span[0] + 1
        and all(_NAME_ITEM_RE.match(lines[k].core) for k in range(start + 1, end) if lines[k].core)
        and end > start + 1
        and u.indent == last.indent
        and head.endswith(":")
        and len(head.split()) >= 3
        and said[-1:] in ".!"
        and not _DOING_RE.match(said)
        and not wording.is_verdict(said)
        and not wording.COUNTED_RE.match(said)
        and not wording.VERDICT_RE.search(head)
    )


def _whole_list(lines: list[shapes.Line], kinds: list[str], n: int, end: int) -> tuple[str, int] | None:
    """A sentence at `n` over a flat list it introduces, at any margin, with the whole list
    (`layout.listed_under`), its lines marked used; None when no such list stands there."""
    listed = layout.listed_under(lines, n)
    if not listed or listed[1] > end or any(kinds[k] not in ("text", "blank") for k in range(n + 1, listed[1])):
        return None
    for k in range(n + 1, listed[1]):
        kinds[k] = "used" if kinds[k] == "text" else kinds[k]
    return listed


def joined(lines: list[shapes.Line], kinds: list[str], n: int, end: int) -> tuple[str, int]:
    """A line ending in `:` and the text it introduces (past an excerpt and its caret)."""
    listed = _whole_list(lines, kinds, n, end)
    if listed:
        return listed
    text = shapes.YAML_BLOCK_RE.sub(":", lines[n].core)
    n += 1
    past = after.past_excerpt(lines, kinds, n, end, text) or after.said_below(lines, kinds, n, end, text)
    if past:
        return past
    while text.endswith(":") and not text.endswith("::") and not wording.is_code(text):
        legend = n
        while n < end and shapes.LEGEND_RE.match(lines[n].core):
            n += 1  # a diff's legend between the header and the diff
        if n > legend and (diff := after.changed(lines, kinds, n, end, text)):
            return diff
        # One blank line may stand between a header and its text (`AssertionError: ...:`,
        # blank, `120 !== 100`), not two, and not before a new title or a heading of its own
        # (`A comment token based on:`).
        if n + 1 < end and kinds[n] == "blank" and kinds[n + 1] in ("source", "text") and lines[n + 1].core[-1:] != ":":
            n += 1
        m = n
        while m < end and m < n + _EXCERPT_LINES + 1 and kinds[m] in ("source", "caret"):
            m += 1
        if m >= end or kinds[m] not in ("text", "location"):
            # An excerpt without a caret (`...p", "port": 8080,}`) is not recognisable by
            # itself: a caret within the next lines marks the line before it as one.
            caret = next((c for c in range(n, min(n + _EXCERPT_LINES + 1, end)) if kinds[c] == "caret"), None)
            if caret is not None and any(kinds[c] not in ("text", "source", "blank") for c in range(n, caret)):
                caret = None
            if caret is None or caret + 1 >= end or kinds[caret + 1] != "text":
                break
            m = caret + 1
        elif m == n and any(kinds[c] == "caret" for c in range(n + 1, min(n + 2, end))):
            m = n + 2 if n + 2 < end and kinds[n + 2] == "text" else m
        nxt = lines[m].core
        # A line with its own location is a finding of its own (`main.c: In function 'f':`
        # over `main.c:4:17: error: ...`).
        # (A branch of a drawn tree is a part of its own: `continued` joins it.)
        if (
            shapes.title(nxt) is not None
            or shapes.SUMMARY_HEADING_RE.match(nxt)
            or shapes.LOC_START_RE.match(nxt)
            or _TREE_RE.match(nxt)
        ):
            break
        label = text[:-1].strip().lower()
        # A label (`Reason:`) or the run's verdict (`Build failed with 1 error:`, `FAILED:`)
        # over the message introduces it and is no part of it (`Assertion failed:` is: it
        # says what failed).
        words = re.findall(r"[a-z]+", label)
        bare = (
            label in shapes.LABEL_WORDS
            or (len(words) == 1 and words[0] in shapes.SUMMARY_WORDS)
            or bool(wording.VERDICT_RE.search(label))
        )
        text = nxt if bare else f"{text} {nxt}"
        kinds[m] = "used"
        n = m + 1
    return after.items_after(lines, kinds, n, end, text)


def continued(
    lines: list[shapes.Line],
    kinds: list[str],
    n: int,
    text: str,
    end: int | None = None,
    base: int | None = None,
    head: str = "",
) -> tuple[str, int]:
    """`text` (the line at n and what it joined) with the lines that continue it: deeper than `base`
    (its first line's margin), a pair, a TAP comment, a `_part`; a hint only as `continuation.under`."""
    end = len(lines) if end is None else end
    last = lines[n].indent
    base = last if base is None else min(base, last)
    tap = lines[n].tap
    m = n + 1
    if wording.is_code(text) and not head:
        # Code (a runner echoing the failing statement) continues into nothing; a header that
        # opened a block does (`type mismatch;` over deeper lines).
        return text, m
    hang = -1  # where the text of a tree's last branch starts: its wrapped lines start there
    while m < end and (not shapes.HINT_RE.match(lines[m].core) or continuation.under(lines, kinds, m, base)):
        line, kind = lines[m], kinds[m]
        s = line.core
        if part := _part(lines, kinds, m, end, text, base, head, hang):
            text, m, hang = part
            continue
        if tap and (kind == "location" or (line.tap and (kind == "blank" or shapes.ADVICE_RE.search(s)))):
            m += 1  # a place, an empty margin line, or how to see more, inside a margin's block
            continue
        if kind == "source" and s.startswith("|") and line.indent > base:
            kind = "text"
            s = "| " + re.sub(r"^(?:\|\s*)+", "", s)
        if _ends(line, kind, s, text, last, tap):
            break
        # A diff's changed line goes with the other side's before it (`+ 'a,b'` / `- 'a-b'`; a
        # list's bullets are all the same sign); a quotation the message opened goes on.
        diff = {s[:2], lines[m - 1].core[:2]} == {"+ ", "- "}
        deeper = line.indent > base
        pair = diff or (_goes_with(text, s, line.indent >= base) and (deeper or not _lone_side(lines, m, end, text)))
        # An excerpt (the line above a caret) and a message of its own are not continuations.
        if _excerpt(kinds, m, end, s, diff, pair):
            break
        if not (deeper or pair or (tap and line.tap)):
            break
        wrap = s.startswith("|") and deeper
        if not (pair or wrap) and shapes.LOC_START_RE.match(s):
            break
        if not (pair or wrap):
            own = wording.score(s, False)
            if own >= 3 and own > wording.score(text, False):
                break
        if re.fullmatch(r"[\w ]+:", s) and pair and m + 1 < end and kinds[m + 1] == "text":
            s = f"{s} {lines[m + 1].core}"
            kinds[m + 1] = "used"
            m += 1
        text = f"{text.rstrip()}; {s}" if shapes.HINT_RE.match(s) else after.appended(text, s, deeper, pair)
        kinds[m] = "used"
        m += 1
    return text, m


def _excerpt(kinds: list[str], m: int, end: int, s: str, diff: bool, pair: bool) -> bool:
    """Whether the line at `m` (`s`) is the excerpt a caret under it points into: not a
    diff's changed line, nor a side of a pair the caret points into (`But was:  "total 7"`
    over `---^`)."""
    pointed = m + 1 < end and kinds[m + 1] in ("caret", "label")
    return pointed and not diff and not (pair and bool(shapes.PAIR_KEY_RE.match(s)))


def _ends(line: shapes.Line, kind: str, s: str, text: str, last: int, tap: bool) -> bool:
    """Whether the line (`s` what it says) ends the message `text` instead of going on with it."""
    if kind in ("blank", "noise", "summary", "frame", "source", "caret", "label", "location"):
        return True
    if shapes.title(s) is not None or shapes.ARROW_RE.match(s) or (s[:1] in "•*" and line.indent == last):
        return True  # a title, where it happened, or the next bullet of a list the joined line began
    if shapes.WHERE_RE.match(s) or (wording.is_code(s) and not tap):
        return True  # how a value was computed (`+  where 6 = f()`); (a hint ended it before)
    return bool(shapes.CLAUSE_RE.match(s) and shapes.CLAUSE_RE.match(text))  # (a report of its own)


def _part(
    lines: list[shapes.Line], kinds: list[str], m: int, end: int, text: str, base: int, head: str, hang: int
) -> tuple[str, int, int] | None:
    """A part of the message that opened at `head` on the line at `m`: a branch of a drawn
    tree (its glyphs dropped) or a line wrapped under one; a label alone over deeper lines
    (`with expansion:` / `  14 == 7`); a line of the header's own lead (`svn: E1: failed
    (details follow):` / `svn: E2: ...`). Each is joined as `; part`, a wrapped line to the
    words it was cut from. None when the line is none of them."""
    line, s = lines[m], lines[m].core
    if kinds[m] != "text" or line.indent < base or (m + 1 < end and kinds[m + 1] in ("caret", "label")):
        return None  # (nor the excerpt a caret points into)
    if line.indent == hang and hang > 0:
        kinds[m] = "used"
        return (f"{text}{s}" if _CUT_RE.search(text) else f"{text} {s}"), m + 1, hang
    tree = _TREE_RE.match(s)
    if tree:
        kinds[m] = "used"
        # (The tree's root is marked as a failure, `×`, after a label too: `Error:   × ...`.)
        text = _ROOT_MARK_RE.sub(r"\1 ", text.rstrip())
        joint = " " if text.endswith(":") else "; "
        return f"{text}{joint}{s[tree.end() :]}", m + 1, line.indent + tree.end()
    if _BRACKET_FIELD_RE.match(s) and line.indent == base and wording.EXC_RE.search(text):
        kinds[m] = "used"  # a field an exception's message goes on with (`[SQL: SELECT 1]`)
        return f"{text.rstrip()}; {s}", m + 1, -1
    if not head:
        return None
    if _LABEL_ALONE_RE.match(s) and m + 1 < end and lines[m + 1].indent > line.indent and lines[m + 1].core:
        values = []
        k = m + 1
        while k < end and lines[k].core and lines[k].indent > line.indent:
            values.append(lines[k].core)
            kinds[k] = "used"
            k += 1
        kinds[m] = "used"
        return f"{text.rstrip()}; {s} {'; '.join(values)}", k, -1
    if BARE_DIAGNOSTIC_RE.match(head) and line.indent == base and not shapes.LOC_START_RE.match(s):
        kinds[m] = "used"  # (a diagnostic that said only where: every line of its block says what)
        return f"{text.rstrip()}; {s}", m + 1, -1
    if line.indent > base and LABELLED_RE.match(s) and not shapes.WHERE_RE.match(s):
        kinds[m] = "used"  # a labelled value of its own (`required: Int`, `cause: ...`)
        return f"{text.rstrip().removesuffix(';')}; {s}", m + 1, -1
    lead = head.split(None, 1)[0]
    if (
        lead.endswith(":")
        and line.indent == base == lines[m - 1].indent
        and s.startswith(lead + " ")
        and head.endswith(":")
    ):
        # (Straight under it: past deeper lines, its items, a line of its lead is one of its own.)
        kinds[m] = "used"
        return f"{text.rstrip()}; {s}", m + 1, -1
    return None


def _lone_side(lines: list[shapes.Line], m: int, end: int, text: str) -> bool:
    """Whether the line at `m` names one side of a comparison (`Found:`) with no other side
    in the message or the lines of its block: then it shows the code the finding is about
    (`Found:` over the code, `Perhaps:` over a rewrite), not what was compared."""
    key = shapes.PAIR_KEY_RE.match(lines[m].core)
    side = key.group(0).rstrip(": ").lower() if key else "code"
    # (The other side may close the message's first line: `a.lua:13: expected: "x"`.)
    if side == "code" or any(shapes.PAIR_KEY_RE.match(part) for part in _PARTS_RE.split(text)):
        return False  # (the code a test ran is no side of a comparison)
    for k in range(m + 1, min(m + 12, end)):
        other = shapes.PAIR_KEY_RE.match(lines[k].core)
        if not lines[k].core:
            break
        if other and other.group(0).rstrip(": ").lower() != side:
            return False
    return True


def _goes_with(text: str, s: str, level: bool) -> bool:
    """Whether the line `s` goes on `text` as a part of it, deeper or not: the other side of a
    pair, a reason given as a field, a quotation `text` opened, or (at the same indentation
    or deeper) the report a context clause opened (`while parsing a block mapping` / `in
    "a.yml", line 3` / `expected <block end>, but found '?'`)."""
    if shapes.PAIR_KEY_RE.match(s) or shapes.REASON_RE.match(s) or text.count('"') % 2 == 1:
        return True
    return level and bool(shapes.CLAUSE_RE.match(text))


def paragraph(lines: list[shapes.Line], kinds: list[str], n: int) -> str:
    """The line at `n` with the lines of its paragraph before it (text at its indentation, no
    blank line between, none a verdict) when a sentence of it is wrapped (a line ends in a
    comma; it goes on with the next, other lines are parts of their own), or from a heading
    over the names it lists (`The following paths are ignored ...:` / `build` / `dist`)."""
    start = n
    while (
        start > 0
        and kinds[start - 1] in ("text", "used")
        and lines[start - 1].indent == lines[n].indent
        and not wording.is_verdict(lines[start - 1].text.strip())
    ):
        start -= 1
    heading = next((k for k in range(n - 1, start - 1, -1) if lines[k].text.rstrip().endswith(":")), None)
    if heading is not None and all(len(line.text.split()) == 1 for line in lines[heading + 1 : n + 1]):
        start = heading
    else:
        start = next((k for k in range(n, start - 1, -1) if k == start or kinds[k - 1] != "text"), n)
        if not any(line.text.rstrip().endswith(",") for line in lines[start:n]):
            return lines[n].text.strip()  # (lines that stand apart are said apart)
    text = ""
    for line in lines[start : n + 1]:
        s = line.text.strip()
        text = s if not text else f"{text} {s}" if text.endswith((",", ":")) else f"{text}; {s}"
    return text
