"""How many failures a run says it had, and its output split into that many blocks of one shape.

    reported(lines) -> int                       # the runner's own count, 0 when it gives none
    split(lines, kinds, count) -> list[str]      # one message per block, or []
    preferred(piece, lines, found) -> list[str]  # the split, where it says more than `found`

A runner that counts its failures (`4 failures`, `FAILED (failures=2, errors=1)`, `Errors: 1
Failures: 3`, `2 of 5 tests failed`, `[  FAILED  ] 3 tests`, `# fail 2`, `Found 6 errors`,
TAP's `not ok` lines) tells how many messages its output holds; with no count, so do the lines
of one lead that open saying the thing failed (`*** Failed! ...`). Each failure is printed in
one form: the same opening words or markers at the same indentation, then the lines that say
why. So the lines whose lead (first two words, each compared by its form, `cart:2:parse` and
`cart:0:total` agree, and whether more follow) occurs exactly `count` times open the failures'
blocks, the first such lead in the output. An opener that reads as a message is the message,
with the lines of its paragraph that continue it (`error: x is inconsistent` / `Stub: in file
a.pyi:7` / `def (...)`); a short one that reads as none, or stands alone, is the failure's
title (`Error: cart:2:parse.`) over the block's best line, written `title: message`. What
every block prints alike (`Raised at ...`) is the runner's; a line that introduces each block
(`[ RUN      ] name`) names its test; a runner's bracketed column (`[  ERROR   ] --- `) is its
mark, not the message.
Nothing here names a tool.
"""

from __future__ import annotations

import re

from context_keeper.failures import blocks, marks, shapes, titles, wording
from context_keeper.failures.findings import level
from context_keeper.failures.lines import collapse, compose, join

# The lines a runner's closing count is looked for in (its summary is at the end).
_COUNT_LINES = 40
_NUMBER = r"(\d{1,6})"
# `4 failures`, `2 failed`, `3 failing`, `6 errors`, `2 errors generated`, `4 FAILED TEST(S)`.
# (Not a label after a number: `Tried: 5 Errors: 1` counts one error, not five.)
_COUNT_BEFORE_RE = re.compile(
    _NUMBER + r" (?:failures?|failed|failing|errors?|failed tests?(?:\(s\))?)\b(?![:=])", re.I
)
# `Failures: 3`, `failures=4`, `Errors: 1`, `# fail 2`, `Failing: 4`, `[  FAILED  ] 3 tests`.
_COUNT_AFTER_RE = re.compile(r"\b(?:failures?|failed|failing|errors?|fail)\s*[:=\]]\s*" + _NUMBER + r"\b", re.I)
# `2 of 5 tests failed`, `2 out of 2 assertions failed`.
_COUNT_OF_RE = re.compile(_NUMBER + r" (?:out )?of \d+ \w+ (?:failed|failing)\b", re.I)
# A line that opens with the runner's word that something failed (no level: `error: ...`
# lines are findings already read one by one).
_FAILED_LEAD_RE = re.compile(r"^\W{0,4}(?:fail|failed|failure)\b!?", re.I)
_TAP_NOT_OK_RE = re.compile(r"^not ok \d+\b")
# TAP's closing comment: `# fail 2`.
_TAP_FAIL_RE = re.compile(r"^#\s*(?:fail|failed)\s+" + _NUMBER + r"\b", re.I)
# Lines of one lead: the first words, each a word's letters or a form's first signs.
_LEAD_WORDS = 2
_FORMAL_RE = re.compile(r"[\d/.#~@$]|:.")
# A title names a test: a few words (`Error: cart:2:parse.`, `[FAIL] suite 0 sum.`).
_TITLE_WORDS = 4
# A block's message is its opener's paragraph: at most this many lines after it.
_PARAGRAPH = 8
_NAME_END_RE = re.compile(r"[.:]$")
# A runner's column before each line it prints about a test (`[  ERROR   ] --- `).
_COLUMN_RE = re.compile(r"^\[ *[A-Z][A-Z ]*\](?: ---)? +(?=\S)")
# What a runner prints before a test's name: bracketed tags, a TAP status and number, marks.
_TAG_RE = re.compile(r"^(?:\[[^\]]*\]|(?:not )?ok\b|\d+\b|[-#*>:|]+|\s)+")
_WORD_RE = re.compile(r"\w\w+")
# A runner's status line for one test: its name, then dots and the status (`{0} pkg.test_x
# [0.0089s] ... FAILED`, `test_x ... [FAIL]`), or the status word and a one-word name
# (`FAILED: addsPrices`); a failure mark's line (`✖ adds prices (1.89ms)`) is one too. The
# line is the test's title; why it failed is under it or in its block further down.
_TIME = r"(?:\s*[\[(]\d+(?:\.\d+)?\s*(?:ms|s|sec)?[\])])"
_STATUS_AFTER_RE = re.compile(
    r"^(?:\{\d+\}\s+)?(?P<name>\S.*?)" + _TIME + r"?\s*(?:\.{2,}|…)\s*\[?(?:FAILED|FAIL|ERROR)\]?$"
)
_STATUS_BEFORE_RE = re.compile(r"^(?:FAILED|FAIL)[:!]?\s+(?P<name>[\w.$\[\]-]+)$")
# A name and a dot leader before what happened to it (`* orders ..... Parse error near line
# 1: ...`): when that reads as a message, the line is the message under the name.
_LEADER_RE = re.compile(r"^(?:[-+*•]\s+)?(?P<name>\w\S*(?: \S+){0,3}?)\s+\.{2,}\s+(?P<said>\S.*)$")
# A test's id standing alone: one token, a name's letters and its separators.
_ID_RE = re.compile(r"^[A-Za-z_][\w.:/$<>\[\]-]*$")
# A status alone (`[FAIL]`): the runner's verdict on the test, not why it failed.
_BARE_STATUS_RE = re.compile(r"^\[?(?:FAILED|FAIL|FAILURE|ERROR)\]?:?$")
_VALUE_RE = re.compile(r"[^\s.!]")
_TIME_END_RE = re.compile(r"[\[(]\d+(?:\.\d+)?\s*(?:ms|s|sec)?[\])]$")


def reported(lines: list[str]) -> int:
    """The number of failures the run reports: the largest count on one of its last lines
    (failures and errors counted on one line added up), or its TAP `not ok` lines."""
    best = 0
    for line in lines[-_COUNT_LINES:]:
        s = line.strip()
        numbers = [int(m.group(1)) for m in [*_COUNT_OF_RE.finditer(s), _TAP_FAIL_RE.match(s)] if m]
        if not numbers:
            seen: set[int] = set()
            for pattern in (_COUNT_BEFORE_RE, _COUNT_AFTER_RE):
                for m in pattern.finditer(s):
                    # (`failures=2, errors=1`: each number once, whichever side its word is.)
                    if m.start(1) not in seen:
                        seen.add(m.start(1))
                        numbers.append(int(m.group(1)))
        best = max(best, sum(numbers))
    tap = sum(1 for line in lines if _TAP_NOT_OK_RE.match(line.strip()))
    return max(best, tap)


def preferred(piece: list[str], lines: list[shapes.Line], found: list[str]) -> list[str]:
    """The messages of a piece whose runner counts its failures: `count` blocks of one shape
    over another number of messages, or over as many that the blocks go on
    with, in order; not when `found` says each block's message already (with its file)."""
    count = reported(piece) or _marked(lines)
    if count < 2:
        return found
    # (The kinds as the lines' own and their neighbours' make them, not as the pass that
    # found `found` used them up.)
    kinds = [shapes.kind(line) for line in lines]
    for mark in (marks.mark_summaries, marks.mark_excerpts, marks.mark_traces):
        mark(lines, kinds)
    blocks_found, spans_found = spans(lines, kinds, count)
    # (A block's message past its first word, its place or lead: `3:1 error ...` is said by
    # `a.md:3:1: error ...`.)
    if len(blocks_found) != count or all(any(s.split(None, 1)[-1] in m for m in found) for s in blocks_found):
        return titles.entitled(lines, kinds, found, spans_found)
    if len(found) != count or all(s.startswith(m) for m, s in zip(found, blocks_found, strict=True)):
        return titles.entitled(lines, kinds, blocks_found, spans_found, inside=False)
    if titles.renamed(lines, found, spans_found):
        return blocks_found  # (each test named by its id, not the whole line of its title)
    if titles.titles_only(found) and any(len(s) > len(m) for m, s in zip(found, blocks_found, strict=True)):
        # A failure is its test's title and the message under it: the titles alone (a list of
        # failed tests printed before the reports) say which tests, not why.
        return blocks_found
    return titles.entitled(lines, kinds, found, spans_found)


def _marked(lines: list[shapes.Line]) -> int:
    """With no count, the runner's mark on each failure: the lines of one lead whose first
    words say it failed (`*** Failed! ...`, `FAIL ...`), as many as there are."""
    groups: dict[Lead, set[str]] = {}
    for n, line in enumerate(lines):
        if _FAILED_LEAD_RE.match(line.core) and not (n and lines[n - 1].core == "Caused by:"):  # (a cause)
            groups.setdefault(_lead(line), set()).add(line.core.strip())
    return max((len(texts) for texts in groups.values()), default=0)


def _form(word: str) -> str:
    if not _FORMAL_RE.search(word):
        return word.lower()
    return "\0" + re.sub(r"\d+", "0", re.sub(r"[A-Za-z_]+", "a", word))[:2]


Lead = tuple[int, tuple[str, ...]]


def _lead(line: shapes.Line) -> Lead:
    """The line's margin, its first two words' forms, and whether more words follow (a name
    alone, `Error: a:1:b.`, is not the same line as `Error: a:1:b (in the log).`). A test's
    status lines agree whatever the names they hold."""
    if _status(line):
        return line.indent, ("\0status", line.mark, "")
    if _led(line):
        return line.indent, ("\0led", "", "")
    if line.mark and not wording.COUNTED_RE.match(line.core.strip()):
        # (A runner's failure mark opens each test's block, whatever the test's name.)
        return line.indent, ("\0mark", line.mark, "")
    words = line.text.split()
    lead = [_form(w) for w in words[:_LEAD_WORDS]] + [""] * (_LEAD_WORDS - len(words[:_LEAD_WORDS]))
    return line.indent, (*lead, "+" if len(words) > _LEAD_WORDS else "")


def split(lines: list[shapes.Line], kinds: list[str], count: int) -> list[str]:
    """`count` messages, one per block opened by the lines of one lead that occur exactly
    `count` times, the first such lead whose blocks all give one. [] when none."""
    return spans(lines, kinds, count)[0]


def spans(lines: list[shapes.Line], kinds: list[str], count: int) -> tuple[list[str], list[tuple[int, int]]]:
    """`split`'s messages and the blocks they were read from (first line, end); a caret under an excerpt opens none."""
    groups: dict[Lead, list[int]] = {}
    for n, line in enumerate(lines):
        if line.text.strip() and kinds[n] != "blank" and not shapes.CARET_RE.match(line.core.lstrip("|│ ")):
            groups.setdefault(_lead(line), []).append(n)
    # What every block prints alike (`[ RUN ] name`, `Raised at ...`) is the runner's; what
    # differs is the failure's.
    # (By its first word, unless that word names an exception or a level: `Raised at ...`
    # and `Raised by ...` are the runner's, `ValueError: ...` in each block the failures'.)
    words: dict[tuple[int, str], int] = {}
    for lead, members in groups.items():
        words[lead[0], lead[1][0]] = words.get((lead[0], lead[1][0]), 0) + len(members)
    # (An exception that reads the same each time is one failure told again, in the run's
    # recap, not the runner's.)
    runners = {
        lead
        for lead, members in groups.items()
        if (len(members) >= count and not _retold(lines, members, count))
        or (
            words[lead[0], lead[1][0]] >= count
            and not lead[1][0].startswith("\0")  # (a word, not a form dotted ids share)
            and not _failure_word(lines[members[0]].text.split()[0])
        )
    }
    # The output's outermost repeated unit: the lead that comes first (a block's first line
    # opens it; the lines of one lead inside each block come later).
    # (Rules last: a block's first words say more of it than the rule drawn over it.)
    for openers in sorted(groups.values(), key=lambda g: (_rule(lines[g[0]], kinds[g[0]]), g[0])):
        # (Openers that differ, or rules: a runner that draws one over each failure.)
        rules = all(_rule(lines[n], kinds[n]) for n in openers)
        if len(openers) != count or (len({lines[n].text.strip() for n in openers}) != count and not rules):
            continue
        # Lines of a repeated lead printed before the first opener (`not ok 2 - name`, `[ RUN ]
        # name`) introduce the next block: they end a paragraph.
        # (Not a list printed before them all, `✖ adds prices` ...: its lines come between the
        # blocks too.)
        ahead = {
            lead
            for lead, members in groups.items()
            if len(members) >= 2 and members[0] < openers[0] and members[-1] > openers[0]
        }
        ends = [*openers[1:], _recap(lines, openers)]
        if (closed := titles.closed(lines, kinds, openers, ends[-1], [_status(lines[n]) for n in openers])) is not None:
            return closed
        found = [
            _titled(lines, start, n, ahead, _block(lines, kinds, n, end, runners, ahead))
            for start, n, end in zip([-1, *openers[:-1]], openers, ends, strict=True)
        ]
        messages = [m for m in found if m is not None]
        if len(messages) == count:
            return messages, list(zip(openers, ends, strict=True))
    return [], []


def _recap(lines: list[shapes.Line], openers: list[int]) -> int:
    """Where the last block ends: at the end, or at a line that names an earlier block's
    test (the run's recap of the failures, which tells each again under its name)."""
    names = [name for n in openers[:-1] if (name := _status(lines[n]))]
    for m in range(openers[-1] + 1, len(lines)):
        if any(name in lines[m].core for name in names):
            return m
    return len(lines)


def _titled(lines: list[shapes.Line], start: int, n: int, ahead: set[Lead], message: str | None) -> str | None:
    """The message under the test it is for: the nearest line before its opener of a lead
    that introduces each block (`[ RUN      ] test_total`), a name of a few words, in front
    (unless the message names it already)."""
    if message is None:
        return None
    for m in range(n - 1, start, -1):
        if _lead(lines[m]) in ahead:
            name = _TAG_RE.sub("", lines[m].core.strip())
            words = name.split()
            # (A file's path over its findings is their file, not a test: `sections` reads those.)
            file = shapes.BARE_PATH_RE.match(name)
            if 0 < len(words) <= _TITLE_WORDS and _WORD_RE.search(name) and not file and name not in message:
                return compose(name, [message])
            return message
    return message


def _status(line: shapes.Line) -> str:
    """The test's name when the line is a runner's status line for it, else ""."""
    text = line.core.strip()
    if line.mark:
        # (A marked line that reads as a message, `✖ expected 3 to be 4`, is that message.)
        name = _TIME_END_RE.sub("", text).rstrip()
        named = len(name.split()) <= _TITLE_WORDS * 2 and wording.score(name) <= 0
        return name if named and not wording.is_verdict(name) else ""
    m = _STATUS_AFTER_RE.match(text) or _STATUS_BEFORE_RE.match(text) or titles.TAGGED_STATUS_RE.match(text)
    return m.group("name").strip() if m else ""


def _retold(lines: list[shapes.Line], members: list[int], count: int) -> bool:
    """Lines of one lead that name an exception or a level in fewer texts than the failures."""
    texts = {lines[n].core.strip() for n in members}
    return len(texts) < count and _failure_word(lines[members[0]].text.split()[0])


def _led(line: shapes.Line) -> str:
    """`name: message` when the line puts a message after a name and a dot leader, else ""."""
    m = _LEADER_RE.match(line.core.strip())
    if not m or _status(line) or wording.score(m.group("said")) <= 0 or wording.is_verdict(m.group("said")):
        return ""
    return compose(m.group("name"), [m.group("said")])


def _failure_word(word: str) -> bool:
    # (As a line's first word: what follows it is the line's, not the word's.)
    return bool(wording.EXC_RE.search(f"{word} …") or level(f"{word} "))


def _block(
    lines: list[shapes.Line], kinds: list[str], n: int, end: int, runners: set[Lead], ahead: set[Lead]
) -> str | None:
    """The message of the block opened at `n`; None when nothing in it reads as one. An opener
    that reads as a message is the message, with its paragraph; a short one that reads as
    none, or stands alone over the block's other lines (`Error: a:2:b.`), is its title."""
    if led := _led(lines[n]):
        return collapse(led)
    opener = lines[n].core.strip()
    status = _status(lines[n])
    score = 0 if status else wording.score(opener)
    text = _paragraph(lines, kinds, n, end, ahead)
    # (Words, not the marks and slashes between them: `❯ cart / adds prices` is a title.)
    numbered = titles.numbered(opener)
    short = bool(status or numbered) or len(_WORD_RE.findall(opener)) <= _TITLE_WORDS
    says = (score > 0 and not wording.is_verdict(opener)) or bool(_FAILED_LEAD_RE.match(opener) and not short)
    if says and not (short and text == collapse(opener)):
        # (A title that says the test failed, `Failure ('a.R:2'): name`, over its message:
        # the message under the test's name.)
        name = titles.named(opener)
        said_under = text[len(collapse(opener)) :].lstrip("; ")
        return compose(name, [said_under]) if name and said_under else text
    if opener.endswith(":") and not status and (over := titles.over_values(lines, kinds, n, end)):
        return over
    if not short:
        return None  # (a sentence that reads as no message is no title either)
    rule = _rule(lines[n], kinds[n])
    name = "" if rule else (status or numbered or _name(opener))
    said = [
        (wording.score(lines[m].core), m)
        for m in range(n + 1, end)
        if kinds[m] == "text"
        and _WORD_RE.search(lines[m].core)
        and (not name or name not in lines[m].core)
        and _lead(lines[m]) not in runners
        and not wording.is_verdict(lines[m].core.strip())
        and not _BARE_STATUS_RE.match(lines[m].core.strip())
    ]
    first = titles.paragraph_start(lines, kinds, n, end) if numbered else None
    if numbered and first is not None:
        # Under a numbered title, the paragraph of the line that reads most as a message.
        return compose(numbered, [titles.unbulleted(_paragraph(lines, kinds, first, end, ahead))])
    if not said:
        if score > 0 and not wording.is_verdict(opener):
            return text
        return _drawn(lines, n, end) if _FAILED_LEAD_RE.match(opener) and not status else None
    # The line that reads most as a message, the latest on a tie (a runner prints where it
    # happened, then why).
    _top, m = max(said, key=lambda sm: (sm[0], sm[1]))
    message = lines[m].core.strip()
    name = _trailing_name(lines, kinds, m, end) if rule else name
    return compose(name, [message]) if name else collapse(message)


def _rule(line: shapes.Line, kind: str) -> bool:
    return kind == "noise" and not _WORD_RE.search(line.core)


def _trailing_name(lines: list[shapes.Line], kinds: list[str], m: int, end: int) -> str:
    """Under a rule, the test's id a runner prints alone after the failure's message
    (`tests.test_cart.CartTests.test_total`), "" when there is none."""
    for k in range(m + 1, end):
        s = lines[k].core.strip()
        if kinds[k] == "text" and _ID_RE.match(s) and _WORD_RE.search(s):
            return s
    return ""


def _drawn(lines: list[shapes.Line], n: int, end: int) -> str:
    """A block that says it failed over values and no message (`Failed: After 13 test(s).`, a
    counterexample, its shrunk form): the block's lines that hold more than marks, joined."""
    parts = [lines[m].core.strip() for m in range(n, min(end, n + 1 + _PARAGRAPH)) if _VALUE_RE.search(lines[m].core)]
    return join(parts)


def _paragraph(lines: list[shapes.Line], kinds: list[str], n: int, end: int, ahead: set[Lead]) -> str:
    """The opener and the lines that go on with it: up to a blank line, a line of another
    kind (noise, a frame, an excerpt), a rule, one that states a level of its own (another
    finding), a verdict, the program's wrap-up, a line that introduces the next block, or a
    line at a shallower margin. A runner's bracketed column (`[  ERROR   ] --- `) is its
    mark, not the message: dropped, and its lines under the opener (`[   LINE   ] --- a.c:24:
    ...`) are the block's fields, up to one that holds a name alone (`[  FAILED  ] name`)."""
    tag = _COLUMN_RE.match(lines[n].core.strip())
    text = lines[n].core.strip()[tag.end() if tag else 0 :]
    for m in range(n + 1, min(end, n + 1 + _PARAGRAPH)):
        s = lines[m].core.strip()
        if m == n + 1 and text.endswith(":") and s and lines[m].indent >= lines[n].indent:
            text = f"{text} {s}"  # (a header's value, whatever it looks like: `""`, `[]`)
            continue
        field = _COLUMN_RE.match(s) if tag else None
        if field and len(s[field.end() :].split()) >= 2 and _lead(lines[m]) not in ahead:
            s = s[field.end() :]
        elif (
            kinds[m] != "text"
            or not _WORD_RE.search(s)
            or lines[m].indent < lines[n].indent
            or level(s)
            or wording.is_verdict(s)
            or blocks.stops(s)
            or _lead(lines[m]) in ahead
        ):
            break
        text = f"{text} {s}" if text.endswith(":") or titles.wrapped(text, lines[n], lines[m]) else f"{text}; {s}"
    return collapse(text)


def _name(opener: str) -> str:
    """A title's name: what follows its lead label (`Error: cart:2:parse.` names
    `cart:2:parse`); a one-word name loses the stop that ends its sentence."""
    words = opener.split()
    # (A label, `Error:`, or a mark that holds no word, `❯`.)
    if len(words) >= 2 and (words[0].endswith(":") or words[0].endswith("]") or not re.search(r"\w", words[0])):
        words = words[1:]
    name = " ".join(words)
    return _NAME_END_RE.sub("", name) if len(words) == 1 else name
