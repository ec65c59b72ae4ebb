"""A test runner's failure as one unit: the test's title and the message under it.

    titles_only(found) -> bool                            # the messages are names and no more
    named(opener) -> str                                  # the name a failed-test title gives
    named_by(title) -> bool                               # a few words reading as no message
    numbered(opener) -> str                               # the id a numbered title names
    over_values(lines, kinds, n, end) -> str              # `name:` over values, one line
    entitled(lines, kinds, found, blocks) -> list[str]    # each message under its block's title
    renamed(lines, found, blocks) -> bool                 # found under whole numbered titles
    paragraph_start(lines, kinds, n, end) -> int | None   # the best line's paragraph's start
    wrapped(text, opener, line) -> bool                   # a sentence going on under an indent
    unbulleted(text) -> str                               # a message's parts without bullets

A runner prints each failed test as a title (the test's name as it prints it: a few words or
an id, often after a mark or a header of the runner's own, reading as no message) over a
block that says why; a run with several failures prints several such blocks in one form.
When the run's count split the output into its blocks and each message found was read from
one of them, the block's title goes in front of it, `title: message`, as a developer quotes a
failed test. A runner prints every failure alike, so each block has its title or none does.
Nothing here names a tool.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes, wording
from context_keeper.failures.lines import collapse, compose, join

# A title names a test: at most this many words (`cart sums prices`, `cart > keeps names`).
_TITLE_WORDS = 8
# A sentence wrapped onto the next line: a few words at least.
_WRAPPED_WORDS = 3
# The values under a test's name: at most this many lines.
_VALUES = 8
_WORD_RE = re.compile(r"\w\w+")
# A numbered item (`1) `, `2. `) and a test's id in it: parts joined by `::`, `#`, or dots
# (the last part no file's extension: `cart_test.cpp` is a file).
_NUMBERED_RE = re.compile(r"^\d{1,4}[.)]\s+(?P<title>\S.*)$")
_ID_RE = re.compile(r"^[A-Za-z_][\w$]*(?:(?:::|#)[\w$]+)+$|^[A-Za-z_][\w$]*(?:\.[\w$]+)*\.(?![a-z]{1,4}$)[\w$]+$")
# A test's id alone on its line: a name's letters and its separators, no space.
_ALONE_RE = re.compile(r"^[A-Za-z_][\w.:$'-]*[A-Za-z0-9_]$")
# A runner's status in brackets before a test's name of any words, its time or a verdict after
# it (`[FAIL] cart::label: (0.00s)`, `(fail) cart > labels [0.24ms]`, `[FAIL] a::b: CRASH!`).
TAGGED_STATUS_RE = re.compile(
    r"^[\[(](?:FAILED|FAIL|failed|fail)[\])]\s+(?P<name>\S.*?):?"
    r"(?:\s*[\[(]\d+(?:\.\d+)?\s*(?:ms|s|sec)?[\])]|:\s*[A-Z]+!)?$"
)
# A runner's column of marks before each line of a report (`[----] `), no word in it.
_MARK_COLUMN_RE = re.compile(r"^\[[^\w\]]+\]\s*")
_BULLET_RE = re.compile(r"(^|; )[-*•] (?=\S)")
_PLACE_RE = re.compile(r"^/?" + shapes.PATH + r":\d+(?::\d+)?:\s+")
# What a runner prints before a test's name: its number (`1)`, `2.`), a TAP status, marks.
_TAG_RE = re.compile(r"^(?:\[[^\]]*\]|(?:not )?ok\b|\d+[.)]?(?=\s)|[-#*>:|]+|\s)+")


# A title that opens with the runner's word that the test failed, maybe the test's place in
# brackets, then the test's name after a colon (`Failure ('test-cart.R:2'): total sums prices`).
# (`error:` alone is a level, whose text is the message: `error ('a.R:2'):` names a test.)
_FAILED_TITLE_RE = re.compile(
    r"^\W{0,4}(?:(?:fail|failed|failure)\b!?\s*(?:\([^()]*\)|\[[^\[\]]*\])?|error\s*(?:\([^()]*\)|\[[^\[\]]*\]))"
    r":\s+(?P<name>\S.*)$",
    re.I,
)


def named(opener: str) -> str:
    """The test's name when `opener` is a runner's title for a failed test (its word that the
    test failed, a place maybe, then the name, reading as no message), else ""."""
    m = _FAILED_TITLE_RE.match(opener)
    if not m:
        return ""
    name = m.group("name").strip()
    words = _WORD_RE.findall(name)
    return name if 0 < len(words) <= _TITLE_WORDS and wording.score(name) <= 0 else ""


def named_by(title: str) -> bool:
    """Whether `title` names a test and no more: a few words that read as no message."""
    return 0 < len(_WORD_RE.findall(title)) <= _TITLE_WORDS and wording.score(title) <= 0


def titles_only(found: list[str]) -> bool:
    """Whether each message is a test's name and no more: a few words that read as no message
    (after the place they were found at: `a.js:5:22: 30` is a value, no message), or a runner's
    title that says only that the test failed or its status (`[FAIL] a::b: (0.00s)`)."""
    return all(named_by(_PLACE_RE.sub("", m)) or named(m) or TAGGED_STATUS_RE.match(m) for m in found)


def entitled(
    lines: list[shapes.Line], kinds: list[str], found: list[str], blocks: list[tuple[int, int]], inside: bool = True
) -> list[str]:
    """`found`, each message under the title of the block it was read from; `found` itself
    unless every block holds its message and a title above it (with `inside` false, only
    the test's id alone over the block's opener: the blocks' own messages, whose titles in
    the block the split has put in front already)."""
    if len(found) != len(blocks):
        return found
    named_as = []
    for message, (start, end) in zip(found, blocks, strict=True):
        at = _read_from(lines, kinds, message, start, end)
        title = ((inside and _title(lines, kinds, start, at)) or _over(lines, kinds, start)) if at is not None else ""
        if not title:
            return found
        named_as.append(title)
    out = []
    for k, (message, title) in enumerate(zip(found, named_as, strict=True)):
        # (The next test's id over its opener is its title, not a value of this block's.)
        following = named_as[k + 1] if k + 1 < len(named_as) else ""
        message = message.removesuffix(f"; {following}") if following else message
        out.append(message if title in message else compose(title, [message]))
    return out


def _read_from(lines: list[shapes.Line], kinds: list[str], message: str, start: int, end: int) -> int | None:
    """The block's first line that reads as a message and is said in `message`, or its
    opener when the message opens with it (a block's message read from its opener)."""
    for m in range(start, end):
        s = collapse(lines[m].core.strip())
        if s and (m == start and message.startswith(s) or kinds[m] == "text" and s in message and wording.score(s) > 0):
            return m
    return None


def _title(lines: list[shapes.Line], kinds: list[str], start: int, at: int) -> str:
    """The nearest line above `at` in its block that names a test: text at the message's
    margin or above, a few words, reading as no message, no verdict, no bare path."""
    for m in range(at - 1, start - 1, -1):
        line = lines[m]
        s = line.core.strip()
        if kinds[m] != "text" or not s or line.indent > lines[at].indent:
            continue
        name = _TAG_RE.sub("", s).removesuffix(":").strip()
        words = _WORD_RE.findall(name)
        if (
            0 < len(words) <= _TITLE_WORDS
            and wording.score(s) <= 0
            and not wording.is_verdict(s)
            and not shapes.BARE_PATH_RE.match(name)
        ):
            return collapse(name)
    return ""


def _over(lines: list[shapes.Line], kinds: list[str], start: int) -> str:
    """The test's id alone on the line right over the block's opener, at its margin
    (`prop_dedupeUnique` over `*** Failed! Falsified ...`), "" when there is none."""
    if start < 1 or kinds[start - 1] != "text" or lines[start - 1].indent != lines[start].indent:
        return ""
    s = lines[start - 1].core.strip()
    return s if _ALONE_RE.match(s) and not wording.is_verdict(s) and not shapes.BARE_PATH_RE.match(s) else ""


def over_values(lines: list[shapes.Line], kinds: list[str], n: int, end: int) -> str:
    """A test's name ending in a colon over the values it failed on (`suite > name:` / `25` /
    `should equal` / `30`): `name: 25; should equal; 30`, its text lines, blank lines between,
    up to a line of another kind (its frame); "" when the line names no test or nothing is under it."""
    opener = lines[n].core.strip()
    if not opener.endswith(":") or not named_by(opener):
        return ""
    stop = next((m for m in range(n + 1, end) if kinds[m] not in ("text", "blank")), end)
    values = [lines[m].core.strip() for m in range(n + 1, min(stop, n + 1 + _VALUES)) if kinds[m] == "text"]
    return compose(opener[:-1], [join(values)]) if values else ""


def wrapped(text: str, opener: shapes.Line, line: shapes.Line) -> bool:
    """Whether `line` goes on with the sentence of `text` (opened by `opener`): wrapped under a
    hanging indent (`x failed at A.hs:16:22` / `  after 29 tests.`), in lower case, after a
    sentence of a few words that has not ended (`25` over `should equal` is a value, no sentence)."""
    return (
        line.indent > opener.indent
        and line.core.strip()[:1].islower()
        and text[-1:] not in shapes.SENTENCE_END
        and len(text.split()) >= _WRAPPED_WORDS
    )


def numbered(opener: str) -> str:
    """The test a numbered title names by its id among the runner's words (`1) test:
    CartTest::testTotal (F) line: 31 a.cpp` names `CartTest::testTotal`), "" when it holds no
    one id beside other words, or reads as a message."""
    m = _NUMBERED_RE.match(opener)
    if not m or wording.score(m.group("title")) > 0:
        return ""
    title = m.group("title").strip()
    ids = [w for w in (t.strip(",;()[]'\"") for t in title.split()) if _ID_RE.match(w)]
    return ids[0] if len(ids) == 1 and len(title.split()) > 1 else ""


def unbulleted(text: str) -> str:
    """A message's parts without the bullets a runner put before them (`- Expected: 7`)."""
    return collapse(_BULLET_RE.sub(r"\1", text))


def renamed(lines: list[shapes.Line], found: list[str], blocks: list[tuple[int, int]]) -> bool:
    """Whether each message found is written under the whole line of its block's numbered
    title (`test: A::b (F) line: 31 a.cpp: ...`), where the title names a test by its id."""
    if len(found) != len(blocks):
        return False
    for message, (start, _end) in zip(found, blocks, strict=True):
        title = _NUMBERED_RE.match(lines[start].core.strip())
        if not title or not numbered(title.group(0)) or not message.startswith(title.group("title")):
            return False
    return True


def paragraph_start(lines: list[shapes.Line], kinds: list[str], n: int, end: int) -> int | None:
    """Under the title at `n`, the first line of the paragraph that holds the line reading most
    as a message (`equality assertion failed` over `- Expected: 7` / `- Actual : 8`)."""
    said = [
        (wording.score(lines[k].core), k)
        for k in range(n + 1, end)
        if kinds[k] == "text" and _WORD_RE.search(lines[k].core)
    ]
    if not said:
        return None
    first = max(said)[1]
    while first - 1 > n and kinds[first - 1] == "text" and lines[first - 1].indent == lines[first].indent:
        first -= 1
    return first


def says(lines: list[shapes.Line], kinds: list[str], start: int, end: int) -> bool:
    """Whether a line between `start` and `end` reads as a message (no verdict)."""
    return any(_said(lines[m].core, kinds[m]) for m in range(start, end))


def _said(core: str, kind: str) -> bool:
    s = _MARK_COLUMN_RE.sub("", core.strip())
    return _reported(core, kind) and wording.score(s) > 0 and not wording.is_verdict(s)


def _reported(core: str, kind: str) -> bool:
    """A line of a report: text, or a line in a runner's column of marks (`[----] ...`)."""
    return kind == "text" or (kind == "noise" and bool(_MARK_COLUMN_RE.match(core.strip())))


def closing(lines: list[shapes.Line], kinds: list[str], start: int, n: int, name: str) -> str:
    """The report a status line closes (`[----] a.c:23: Assertion Failed` ... `[FAIL] cart::label:
    (0.00s)`): its first line that reads as a message and the text lines after it, blank lines
    between, up to a line of another kind (a frame), under the test's name; the status line as
    printed when nothing above it says why."""
    first = next((m for m in range(start, n) if _said(lines[m].core, kinds[m])), None)
    if first is None:
        return collapse(lines[n].core.strip())
    parts = []
    for m in range(first, min(n, first + _VALUES)):
        if kinds[m] != "blank" and not _reported(lines[m].core, kinds[m]):
            break
        s = _MARK_COLUMN_RE.sub("", lines[m].core.strip())
        if s:
            parts.append(s)
    return compose(name, [join(parts)])


def closed(
    lines: list[shapes.Line], kinds: list[str], openers: list[int], end: int, names: list[str]
) -> tuple[list[str], list[tuple[int, int]]] | None:
    """Status lines (`names` their tests) with reports above them and nothing said after the
    last (up to `end`): each closes the report above it. Its messages and blocks, or None."""
    above = list(zip([0, *[k + 1 for k in openers[:-1]]], openers, strict=True))
    if (
        not all(names)
        or says(lines, kinds, openers[-1] + 1, end)
        or not any(says(lines, kinds, a, b) for a, b in above)
    ):
        return None
    return [closing(lines, kinds, a, b, name) for (a, b), name in zip(above, names, strict=True)], above
