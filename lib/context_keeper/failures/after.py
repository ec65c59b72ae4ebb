"""What a message takes from the lines after it, past blank lines or on a line of its own.

    pointed(lines, kinds, n, end, text) -> (text, next)  # `--> file:l:c` and its caret label
    detailed(lines, kinds, n, end, text, indent)         # fields under the excerpt it points into
    sides(lines, kinds, n, end, text) -> (text, next)    # an assertion hint's Expected/Received
    changed(lines, kinds, n, end, text)                  # the changed lines of a diff under it
    past_excerpt / said_below(lines, kinds, n, end, text) # what a where-only header is about
    appended(text, s, deeper, pair) -> str               # a continuation line joined to text
    items_after(lines, kinds, n, end, text)              # the items ending a header's block

Each returns the message with what it took and the first line they did not take; the lines
taken are marked "used" in `kinds`, so the ranking does not read them again.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes, wording
from context_keeper.failures.lines import collapse, compose

# A capitalised field and its value (`Expression: add(1, 2) == 4`).
# A location that names a line (`x.yaml:6:7`), not only a file.
_LINE_RE = re.compile(r":\d+|line \d+|\(\d+")
_AT_ONLY_RE = re.compile(r"^([\w.$]*(?:Error|Exception)|[Ee]rror):\s+(/?" + shapes.PATH + r":\d+(?::\d+)?)$")
_FRAME_AT_RE = re.compile(r"^(/?" + shapes.PATH + r"(?::| )\d+:\d+)\s{2,}\S")
# (Or only that a step failed, `commit validation: failed!`, over why on the next line; a
# one-word field, `message: failed`, is metadata.)
_WHERE_ONLY_RE = re.compile(
    r"\berror\b.*\((?:at )?[\w./-]+\.\w+:\d+(?::\d+)?\)\.$|^[a-z]\w*(?: [\w-]+)+: (?:failed|error)!?$", re.IGNORECASE
)
# A place alone on a line, naming a line in a file (`src/a.js:2:23`, `src/a.js (1:16)`,
# `at src/a.js:2:23`, after a one-word label: `Origin: site.yml:11:6`), and a link alone on one.
_PLACE_RE = re.compile(r"^(?:at |[A-Z][a-z]+: )?(/?" + shapes.PATH + r"(?::\d+(?::\d+)?| ?\(\d+[:,]\d+\)))$")
# The same past a blank line, or a source named in up to three words (`GraphQL request:3:10`).
_NAMED_PLACE_RE = re.compile(
    r"^(/?" + shapes.PATH + r"(?::\d+(?::\d+)?| ?\(\d+[:,]\d+\))|[A-Za-z<][\w<>-]*(?: [\w<>-]+){0,2}:\d+:\d+)$"
)
# A level stated in the message (`TS2322 [ERROR]: ...`, `error: ...`).
_LEVEL_RE = re.compile(r"(?:^|[\s\[])(?:error|warning|ERROR|WARNING|Error|Warning)(?:\]|:)")
# A place after `at`, as a URL too (`at file:///p/main.ts:3:30`).
_AT_PLACE_RE = re.compile(r"^at ((?:file://)?/?" + shapes.PATH + r":\d+:\d+)$")
_LINK_RE = re.compile(r"^https?://\S+$")
# An item of a list: one word a line, or a bullet (`lint`, `- missing: flake8-bugbear`); a word
# that ends a sentence is a status said after the list (`Done.`), not an item of it.
_ITEM_RE = re.compile(r"^(?:\S*[^\s.!]|[-*•]\s+\S.*)$")
# A line saying only where the error above it happened (`Error occurred at line: 7`, `Error
# found at a.conf:2.`).
_WHERE_LINE_RE = re.compile(
    r"^(?:an? )?(?:error|problem|failure)s? (?:occurred |found |was found )?(?:at|on|in) "
    r"(?:line:? \d+(?:,? col(?:umn)?:? \d+)?|(?P<place>/?" + shapes.PATH + r":\d+(?::\d+)?))\.?$",
    re.IGNORECASE,
)
# A label at the end of a line drawn from the span it names (`╰──── Module not found.`).
_DRAWN_LABEL_RE = re.compile(r"^\s*[╰└]─+\s+(\S.*)$")
# A message cut after a dash or a preposition (`... outside the exception class -`) goes on
# with the place on the next line: the place ends its sentence.
_DANGLING_RE = re.compile(r"(?: [-–—]| (?:at|in|of|from))$")
_VALUED_RE = re.compile(r"^(?:expected|actual|got|received|want|found)\s*:\s*\S", re.IGNORECASE)
# An excerpt's line after its number and gutter (` 3 │ console.log(...)`): where its code starts.
_NUMBERED_GUTTER_RE = re.compile(r"^\s*\d+\s*[|│] ?")
_SPAN_RE = re.compile(r"^[\s|_/\\]*(?=\^)")
# A field under an excerpt (`symbol:   variable itemz`).
_DETAIL_RE = re.compile(r"^(\w+):\s+\S")
# A field starting a part of its own (`Evaluated: 3 == 4`, or its label alone, `Reason:`).
_FIELD_RE = re.compile(r"^[A-Z][a-z]+(?: [a-z]+)?:(?: \S|$)")


def pointed(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int]:
    """A message whose location follows it on an arrow line (`--> src/main.rs:7:20`), and
    the label of the excerpt's caret under it: `location: message: label`."""
    if n >= end:
        return text, n
    echoed = _echoed(text) if kinds[n] == "label" else ""
    caret = shapes.CARET_LABEL_RE.match(lines[n].core) if echoed else None
    if caret:
        # The place with the line of code it echoes (`a.c:5:   return s;`), a caret under it
        # labelled with what is wrong there (`^ expected ';'`): `a.c:5: expected ';'`.
        kinds[n] = "used"
        return compose(echoed, [caret.group(1)]), n + 1
    arrow = shapes.ARROW_RE.match(lines[n].core)
    if not arrow and kinds[n] == "blank" and n + 1 < end and lines[n + 1].indent > 0:
        # Or on an indented line of its own after a blank one (`    src/app.js:2:25:`): the
        # message then loses its bullet and level tag, which the location replaces.
        arrow = shapes.TRAILING_LOCATION_RE.match(lines[n + 1].core)
        if arrow:
            n += 1
            text = shapes.BULLET_RE.sub("", shapes.TAG_RE.sub("", shapes.BULLET_RE.sub("", text)))
    if not arrow:
        return _closing(lines, kinds, n, end, text)
    kinds[n] = "used"
    label = ""
    drawn: list[tuple[int, str]] = []  # (column, label) of each label drawn from its span
    m = n + 1
    while m < end and kinds[m] in ("source", "caret", "label"):
        # The caret may stand in the excerpt's gutter (`  |     ^ expected ...`).
        # (Or end a span drawn down the margin: `|________^ label`.)
        under = _SPAN_RE.sub("", shapes.GUTTER_RE.sub("", lines[m].core))
        if not label and not drawn and "^" in under:
            found = shapes.CARET_LABEL_RE.match(under)
            label = found.group(1) if found else ""
        elif not label and (line_drawn := _DRAWN_LABEL_RE.match(under)):
            # (the caret's label at the end of a line drawn from it)
            drawn.append((lines[m].text.find(line_drawn.group(0).strip()[:1]), line_drawn.group(1)))
        m += 1
    label = label or _primary(lines, n, m, arrow.group(1), drawn)
    return compose(arrow.group(1) + ":", [f"{text}: {label}" if label else text]), m


def _echoed(text: str) -> str:
    """The place of a line that holds a place and then only code, "" for any other line."""
    place = shapes.LOC_START_RE.match(text)
    rest = text[place.end() :].strip() if place else ""
    return place.group(0).strip() if place and rest and wording.is_code(rest) else ""


def _primary(lines: list[shapes.Line], n: int, m: int, place: str, drawn: list[tuple[int, str]]) -> str:
    """Of the labels drawn under an excerpt, the one drawn from the place's column (the
    primary span: `╰── , or ) expected` under `a.js:3:26`, not `Opened here`), else the first."""
    column = re.search(r":(\d+)$", place)
    gutter = next((g for line in lines[n + 1 : m] if (g := _NUMBERED_GUTTER_RE.match(line.text))), None)
    if len(drawn) > 1 and column and gutter:
        at = gutter.end() + int(column.group(1)) - 1
        return next((label for col, label in drawn if col == at), drawn[0][1])
    return drawn[0][1] if drawn else ""


def _closing(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int]:
    """A message whose location closes the excerpt under it (`└─ in a.ts(2,21)`), or stands
    alone on the line under it at the end of its block (`template.yaml:6:7`)."""
    where = _WHERE_LINE_RE.match(lines[n].core) if n < end and kinds[n] == "text" else None
    if where and not _WHERE_LINE_RE.match(text):
        kinds[n] = "used"
        # (A file's place goes in front, as a place under a message does; a line alone after.)
        return (
            compose(where.group("place") + ":", [text]) if where.group("place") else f"{text}; {where.group(0)}"
        ), n + 1
    if n < end and _DANGLING_RE.search(text) and kinds[n] == "location" and _PLACE_RE.match(lines[n].core):
        kinds[n] = "used"
        return f"{text} {lines[n].core}", n + 1
    m = n
    # (The excerpt is the line above the caret, whatever it looks like.)
    while (
        m < end
        and m < n + 8
        and (kinds[m] in ("source", "caret", "label") or (m + 1 < end and kinds[m + 1] == "caret"))
    ):
        m += 1
    # (An arrow, or a frame's location and its name: `styles/site.scss 3:10  root stylesheet`;
    # or the one frame `at` a place closing the block: `    at file:///p/main.ts:3:30`.)
    arrow = (
        (
            shapes.ARROW_RE.match(lines[m].core)
            or _FRAME_AT_RE.match(lines[m].core)
            or (_AT_PLACE_RE.match(lines[m].core) if _diagnostic_closed(lines, kinds, m, end, text) else None)
        )
        if n < m < end
        else None
    )
    if arrow:
        for k in range(n, m + 1):
            kinds[k] = "used"
        return compose(arrow.group(1) + ":", [text]), m + 1
    if kinds[n] == "location" and (n + 1 >= end or kinds[n + 1] == "blank") and _LINE_RE.search(lines[n].core):
        kinds[n] = "used"
        return compose(shapes.plain_location(lines[n].core) + ":", [text]), n + 1
    # (Past a link to the tool's page on the error; with `at ` before it, a place only when
    # no stack follows; over the excerpt it points into.)
    k = n + 1 if n + 1 < end and _LINK_RE.match(lines[n].core) else n
    place = _PLACE_RE.match(lines[k].core) if k < end else None
    if not place and kinds[n] == "blank" and _set_off(lines, kinds, n + 1, end):
        # Past a blank line, a place over the excerpt it points into (`GraphQL request:3:10`,
        # named in words where the source has no file), when what follows the excerpt is
        # no message of its own without such a place: the same layout again, or nothing.
        k, place = n + 1, _NAMED_PLACE_RE.match(lines[n + 1].core)
    if place and (k + 1 >= end or kinds[k + 1] in ("blank", "source", "caret")):
        for used in range(n, k + 1):
            kinds[used] = "used"
        return compose(place.group(1) + ":", [text]), k + 1
    return text, n


def _set_off(lines: list[shapes.Line], kinds: list[str], k: int, end: int) -> bool:
    """Whether the line at `k` is a place alone over a numbered excerpt whose block ends with
    nothing after it, or with a message that has such a place of its own."""
    if k + 1 >= end or kinds[k + 1] != "source" or not _NAMED_PLACE_RE.match(lines[k].core):
        return False
    m = k + 1
    while m < end and kinds[m] in ("source", "caret", "label"):
        m += 1
    while m < end and kinds[m] == "blank":
        m += 1
    if m >= end:
        return True
    return m + 3 < end and kinds[m + 1] == "blank" and bool(_NAMED_PLACE_RE.match(lines[m + 2].core))


def _diagnostic_closed(lines: list[shapes.Line], kinds: list[str], m: int, end: int, text: str) -> bool:
    """Whether the line at `m` closes a diagnostic's block (`TS2322 [ERROR]: ...`, its excerpt
    and caret, `at file:///p/main.ts:3:30`, a blank line): where the diagnostic is. (Under
    an exception or an assertion's report, an `at` line is the one frame of its stack.)"""
    return (
        (m + 1 >= end or kinds[m + 1] == "blank") and bool(_LEVEL_RE.search(text)) and not wording.EXC_RE.search(text)
    )


def said_below(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int] | None:
    """A line saying that an error happened and where, ending there (`Execution error
    (NumberFormatException) at f (X.java:67).`), or only that a step failed (`commit
    validation: failed!`), over the message on the next line."""
    if not _WHERE_ONLY_RE.search(text) or n >= end or kinds[n] != "text" or lines[n].indent != lines[n - 1].indent:
        return None
    kinds[n] = "used"
    return f"{text}; {lines[n].core}", n + 1


def past_excerpt(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int] | None:
    """A header that ends in a location (`Parse error at src/app.js:5,0`), or an error whose
    message is only one (`ParseError: css/site.styl:7:1`), over the excerpt it points into
    and its caret, then what is wrong there: `header; what`, or `location: Name: what`."""
    bare = _AT_ONLY_RE.match(text)
    tail = shapes.LOC_TAIL_RE.search(text)
    at_place = bool(bare) or bool(tail and re.fullmatch(r"[\d,:]*(?<!:)", text[tail.end() :]))
    m, caret = n, False
    while (
        m < end
        and m < n + 14
        and (kinds[m] in ("source", "caret", "label", "blank") or (m + 1 < end and kinds[m + 1] == "caret"))
    ):
        caret = caret or kinds[m] == "caret"
        m += 1
    if not caret or m >= end or kinds[m] != "text" or not (at_place or _closes(lines, kinds, m, end, n - 1, text)):
        return None
    for k in range(n, m):
        kinds[k] = "source" if kinds[k] == "text" else kinds[k]
    kinds[m] = "used"
    what = lines[m].core
    return (compose(bare.group(2) + ":", [f"{bare.group(1)}: {what}"]) if bare else f"{text}; {what}"), m + 1


def _closes(lines: list[shapes.Line], kinds: list[str], m: int, end: int, header: int, text: str) -> bool:
    """Whether the line at `m`, under a message's excerpt and caret, goes on with the message
    (`Instead I see a string = "-Wall"`): a sentence at the message's indentation that reads
    as no message of its own, the last of its block. (A message ending in `:` introduces its
    text: it is joined as a header's.)"""
    below = lines[m]
    return (
        not text.endswith(":")
        and below.indent <= lines[header].indent
        and wording.score(below.core) <= 0
        and not wording.is_verdict(below.core)
        and not wording.COUNTED_RE.match(below.core)  # (`2 errors generated.` counts them)
        and not shapes.located(below, below.core)
        and (m + 1 >= end or kinds[m + 1] == "blank")
    )


def detailed(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str, indent: int) -> tuple[str, int]:
    """A compiler's message, the excerpt and caret it points into, then deeper `key: value`
    fields that say what it is about (`symbol:   variable itemz`); a field that says where
    (`location: class A`) is not the message."""
    m = n
    # (The excerpt is the line above the caret, whatever it looks like.)
    while m < end and m < n + 4 and (kinds[m] in ("source", "caret") or (m + 1 < end and kinds[m + 1] == "caret")):
        m += 1
    if m == n or not any(kinds[k] == "caret" for k in range(n, m)):
        return text, n
    parts = []
    while m < end and kinds[m] == "text" and lines[m].indent > indent and (field := _DETAIL_RE.match(lines[m].core)):
        if field.group(1).lower() not in ("location", "where", "at"):
            parts.append(collapse(lines[m].core))
        kinds[m] = "used"
        m += 1
    return (compose("", [text, *parts]), m) if parts else (text, n)


def sides(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int]:
    """An assertion library's hint and, in the block under it (past blank lines and a diff's
    legend), the sides it names: `Expected: x` / `Received: y` pairs, or a diff's changed lines."""
    m, legend = n, False
    while m < end and m < n + 6 and (kinds[m] == "blank" or shapes.LEGEND_RE.match(lines[m].core)):
        legend = legend or kinds[m] != "blank"
        m += 1
    block: list[str] = []
    while m < end and len(block) < 20:
        if kinds[m] == "blank":
            # The next paragraph goes on giving sides (`Snapshot name: ...`, blank, `Snapshot: ...`).
            if m + 1 < end and block and shapes.SIDE_RE.match(lines[m + 1].core):
                m += 1
                continue
            break
        block.append(lines[m].core)
        kinds[m] = "used"
        m += 1
    pairs = [s for s in block if shapes.SIDE_RE.match(s)]
    changed = [collapse(s) for s in block if legend and s[:1] in "+-" and s[1:2].isspace()]
    parts = pairs or changed
    return (compose("", [text, *parts]) if parts else text), m


def changed(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int] | None:
    """A header over a diff's legend (`+ actual - expected`) and the value it prints, past one
    blank line: the header and the value's changed lines (`+ 443; - 8443`)."""
    m = n + 1 if n < end and kinds[n] == "blank" else n
    block = []
    # (A changed value may read as a count, `+ 'total:7'`: under a legend it is a value.)
    while m < end and (kinds[m] == "text" or (kinds[m] == "summary" and lines[m].core[:2] in ("+ ", "- "))):
        block.append(m)
        m += 1
    diff = [k for k in block if lines[k].core[:1] in "+-" and lines[k].core[1:2].isspace()]
    if not diff:
        return None
    for k in block:
        kinds[k] = "used"
    return f"{text} {'; '.join(collapse(lines[k].core) for k in diff)}", m


# One side of a comparison, its value after the word (`expected <0.15>`), and the other
# side's words on the line under it (`but was  <0.14>`).
# A line wholly in brackets, one aside (`(Different type constructors)`).
_ASIDE_RE = re.compile(r"^\([^()]*\)\W*$")
# A label and its value, the value set off by spaces (`operand:         string * int`).
_LABEL_PADDED_RE = re.compile(r"^[A-Za-z][\w ]{0,30}:\s+\S")
_ONE_SIDE_RE = re.compile(r"^expected\s+\S", re.IGNORECASE)
_OTHER_SIDE_RE = re.compile(r"^(?:but (?:was|got|found)|actual|got|received)\s+\S", re.IGNORECASE)


def appended(text: str, s: str, deeper: bool, pair: bool) -> str:
    """`text` with its continuation line `s` joined the way the two read together."""
    if s.startswith("| "):
        # (A line of bars alone, pointing from an expression to its values, adds nothing
        # but the end of the expression: the values below are a part of their own.)
        return f"{text} {s[2:]}" if s[2:].strip() else f"{text} "
    # (A field, `Evaluated: 3 == 4`, starts a part of its own; so does the other side of a
    # pair printed without colons, `expected <7>` / `but was <8>`.)
    mid_sentence = ((s[:1].islower() or s[:1] == "{") and text[-1:] not in shapes.SENTENCE_END) or (
        text[-1:].isalnum() and not _FIELD_RE.match(s)
    )
    if _LABEL_PADDED_RE.match(s) and _LABEL_PADDED_RE.match(re.split(r"; ", text)[-1]):
        # A label under a label, its value aligned with the one above (`operator domain: a`
        # over `operand:         b`): the next field, not the sentence going on.
        mid_sentence = False
    side = _ONE_SIDE_RE.match(s) or (_OTHER_SIDE_RE.match(s) and _ONE_SIDE_RE.match(re.split(r": |; ", text)[-1]))
    if side and text[-1:] != ",":
        mid_sentence = False
    # (A word alone under a word alone, `cart/` over `tests/`, is the next item of a list.)
    listed = " " not in s and " " not in re.split(r": |; ", text)[-1].strip()
    part = re.split(r"; ", text)[-1]
    aside = s[:1] == "(" and not _ASIDE_RE.match(s)
    if text[-1:] not in ".:;!?" and (aside or (text[-1:] == "," and part.count("(") > part.count(")"))):
        # A bracket the line above left open at a comma (`(number(),` / `number())`), or one
        # this line opens mid-sentence and closes before going on (`... to destination
        # [MS-banned]` / `(CWE-120). Consider ...`), goes on with the sentence; a line wholly
        # in brackets (`(Missing semicolon on previous line?)`) is a note of its own.
        mid_sentence, listed = True, False
    if deeper and not pair and not listed and (mid_sentence or text[-1:] == ","):
        # A wrapped paragraph: the line goes on where the last one stopped mid-sentence.
        return f"{text} {s}"
    # (A pair whose value ends in a colon, `expected: https:`, is a part of its own.)
    opens = text.endswith(":") and not _VALUED_RE.match(text.rsplit("; ", 1)[-1])
    # (A part that ends in `;` is already closed: `type mismatch; found : String`.)
    return f"{text} {s}" if opens or text.endswith(";") else f"{text.rstrip()}; {s}"


def items_after(lines: list[shapes.Line], kinds: list[str], n: int, end: int, text: str) -> tuple[str, int]:
    """`text`, a header ending in `:` joined to the line right under it at its margin (the
    line before `n`), with the items that end its block at that margin (one word a line or
    bullets, up to a blank line or the output's end): the header's message goes on in a list
    (`environments not found in configuration file:` / `lint` / `type`). No item may start
    where it happened, as a title of its own or be the run's wrap-up (`Aborted`); a block going
    on past them is not a list."""
    head = n - 2
    if head < 0 or kinds[n - 1] != "used" or not text.endswith(lines[n - 1].core):
        return text, n
    if not lines[head].core.endswith(":") or lines[head].indent != lines[n - 1].indent:
        return text, n
    m = n
    while m < end and kinds[m] == "text" and lines[m].indent == lines[head].indent:
        s = lines[m].core
        if not _ITEM_RE.match(s) or shapes.LOC_START_RE.match(s) or shapes.title(s) is not None or wording.is_wrapup(s):
            return text, n
        m += 1
    if m == n or (m < end and kinds[m] != "blank"):
        return text, n
    for k in range(n, m):
        kinds[k] = "used"
    return "; ".join([text.rstrip()] + [lines[k].core for k in range(n, m)]), m
