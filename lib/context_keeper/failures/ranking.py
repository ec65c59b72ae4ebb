"""The messages of a failed output no recogniser knows: its lines ranked, headers joined.

    rank(chunks) -> Found | None

Every line is first sorted out: what is never the message (stack frames, source excerpts and
caret lines, count-only summaries, progress and banners, exit-status and wrap-up lines, bare
paths and locations) and what may be. A line that may be is joined to what continues it (a
header ending in `:` takes its next line, past a source excerpt and its caret; deeper
indented lines, `expected:`/`got:`-style pairs and a TAP diagnostic's comment lines follow
it) and scored by what makes a line the message a developer quotes: an exception or error
name with text after it, `file:line[:col]` with a description, expected/actual wording, an
OS error. Then the output's shape decides how many failures it holds:

- test titles (`1) name`, `FAIL: name`, `not ok 3 name`, `name | FAIL |`): one message per
  title, the best line of its section, written `title: message`;
- a file or location header over per-finding lines (`path` then `  3:5  error ...`, `In f line
  3:` then caret labels): one message per finding, written `path:line:col: ...`;
- a list under a heading naming its items the failures (`Errors:` / `1. ...`): one each;
- several lines that start with their own location (linters, compilers): one message each;
- otherwise the single best line, the earliest on a tie.

What a single line is (its kind, the test it names, its score) is `failures.shapes`; this
module puts lines together. General rules only: nothing here names a tool. Recognisers stay
for what this cannot know (a runner's test ids composed from parts printed apart, diffs, a
tool's own conventions); this is where every other tool lands.
"""

from __future__ import annotations

import re

from context_keeper.failures import after, blocks, findings, layout, marks, sections, shapes, wording
from context_keeper.failures.findings import Unit
from context_keeper.failures.lines import Found, collapse, compose

# How many lines of one piece of output are ranked (the first third and the last two thirds).
RANK_LINES = 800
# How many lines after a header ending in `:` may be source excerpt and caret before its text.
_EXCERPT_LINES = 3


def rank(chunks: list[list[str]]) -> Found | None:
    messages: list[str] = []
    last = ""
    pieces = _bounded(chunks)
    # A runner that names tests `file::name` somewhere (its summary) names them so throughout.
    qualified = layout.names_file_colon_colon(pieces)
    for piece in pieces:
        lines = [shapes.Line(line) for line in piece]
        kinds = [shapes.kind(line) for line in lines]
        messages.extend(_chunk_messages(lines, kinds, qualified))
        rest = [line.text.strip() for line, kind in zip(lines, kinds, strict=True) if kind == "text"]
        said = [r for r in rest if not wording.is_verdict(r)]
        named = [r for r in said if not wording.COUNTED_RE.match(r)]
        last = (named or said or rest)[-1] if rest else last
    if not messages and last:
        # Nothing reads as a message: the last thing the program said (not its verdict, nor
        # a count of what it did, `1 template would have been reindented.`, where a line
        # names which: `would have reindented templates/cart.html`).
        messages = [collapse(last)]
    if not messages:
        return None
    # A runner's count of its failures (`398 failed, 2 passed in 0.97s`) says how many more
    # there were when the report was cut; a count below the messages found says nothing.
    return Found(messages, layout.failed_count(pieces))


def _bounded(chunks: list[list[str]]) -> list[list[str]]:
    """Each piece's first and last lines, at most RANK_LINES in all: a build log's middle
    is progress, and ranking costs tens of microseconds a line."""
    out = []
    for lines in chunks:
        if len(lines) > RANK_LINES:
            out.extend([lines[: RANK_LINES // 3], lines[-(RANK_LINES - RANK_LINES // 3) :]])
        else:
            out.append(lines)
    return out


def _chunk_messages(lines: list[shapes.Line], kinds: list[str], qualified: bool = False) -> list[str]:
    inline = [shapes.INLINE_FAILURE_RE.match(line.core) for line in lines]
    if any(inline):
        # The runner's own summary already pairs each failed test with its message; the
        # report above it holds the message whole (the summary cuts it to the terminal's
        # width, `...`) and the lines that continue it.
        reported = [u[0] for u in _units(lines, kinds[:], 0, len(lines))]
        out = []
        for m in inline:
            if m:
                text = m.group(2)
                head = text[:-3] if text.endswith("...") else text
                whole = next((u for u in reported if u.startswith(head) and len(u) >= len(text)), None)
                out.append(compose(m.group(1), [whole or text]))
        return out
    files = layout.diff_files(lines) or layout.records(lines)
    if files:
        return files
    marks.mark_summaries(lines, kinds)
    marks.mark_excerpts(lines, kinds)
    marks.mark_traces(lines, kinds)
    headers = sections.headers(lines, kinds)
    if headers:
        found = _sectioned(lines, kinds, headers, qualified)
        if found:
            return found
    listed = layout.error_list(lines)
    if listed:
        return listed
    units = _units(lines, kinds, 0, len(lines), locate=True)
    several = findings.several(units) or blocks.alike_block(units)
    if several:
        return several
    best = _best(units)
    lists = layout.bulleted(lines, kinds)
    items = [item for listed in lists.values() for item in listed]
    if lists and (best is None or best in lists or any(item.endswith(collapse(best)) for item in items)):
        # A heading over a list (`Missing dependencies` / `* chalk`) says what its items are.
        return items
    if best is None:
        return layout.listed(units)
    if any(shapes.CHAIN_RE.match(line.core) for line in lines):
        # A chain printed cause first (`During handling of the above exception, ...`): the
        # exception raised last is the one that ended the program.
        raised = [u[0] for u in units if wording.EXC_RE.search(u[0]) and u[1] > 0]
        best = raised[-1] if raised else best
    # The same message printed again without a leading word (`Caught: X` over `X`): the
    # word was a wrapper's report of it.
    word, _, bare = best.partition(": ")
    if re.fullmatch(r"[A-Za-z]\w*", word) and any(collapse(u.text) == collapse(bare) for u in units):
        best = bare
    causes = [m.group(1) for line in lines if (m := shapes.CAUSE_RE.match(line.core))]
    if causes and wording.EXC_RE.search(best):
        # An exception chain: the exception and the innermost cause.
        best = f"{best}; Caused by: {causes[-1]}"
    return [collapse(layout.logged(units, best))]


def _sectioned(
    lines: list[shapes.Line], kinds: list[str], headers: list[tuple[int, str, str]], qualified: bool = False
) -> list[str]:
    out: list[str] = []
    marked: list[str] = []  # the failure mark of each title's message
    for k, (start, kind, where) in enumerate(headers):
        end = headers[k + 1][0] if k + 1 < len(headers) else len(lines)
        if kind == "title":
            # A title continued on deeper lines ending in `:` (`1) suite` / `   test name:`).
            while (
                start + 1 < end
                and lines[start + 1].indent > lines[start].indent
                and lines[start + 1].core.endswith(":")
                and lines[start + 1].core[:-1].strip().lower() not in shapes.LABEL_WORDS
            ):
                start += 1
                where = f"{where} {lines[start].core[:-1]}".strip()
                kinds[start] = "used"
            for m in range(start + 2, end):
                # A banner ends a test's section (a caret drawn `~~~^^^` under an excerpt is none).
                if kinds[m] != "caret" and shapes.BANNER_RE.match(lines[m].core):
                    end = m
                    break
            if qualified and where and "::" not in where:
                # A bare test name under a title, its file on the section's location line.
                file = next(
                    (f.group(1) for m in range(start + 1, end) if (f := shapes.SECTION_FILE_RE.match(lines[m].core))),
                    "",
                )
                where = f"{file}::{where}" if file else where
            unit = _section_best(_units(lines, kinds, start + 1, end))
            if unit is not None:
                # A note level on a test's verdict (`note: test did not panic as expected`)
                # is the runner's tag, not the words.
                out.append(layout.titled(where, unit.text.removeprefix("note: ")))
                marked.append(unit.mark)
            continue
        for m in range(start + 1, end):
            s = lines[m].core
            if kinds[m] == "label":
                label = shapes.CARET_LABEL_RE.match(s)
                if label:
                    out.append(compose(where, [label.group(1)]))
                continue
            position = shapes.POSITION_RE.match(s) if kinds[m] in ("text", "source") else None
            if position and position.group(1):
                text = _continued(lines, kinds, m, position.group(3))[0]
                out.append(compose(f"{where}:{position.group(1)}:", [text]))
            elif position:
                text = _continued(lines, kinds, m, position.group(4))[0]
                out.append(compose(where, [text]))
            elif kinds[m] == "text" and shapes.LOC_START_RE.match(s) and lines[m].indent > 0:
                out.append(collapse(_continued(lines, kinds, m, s)[0]))
            elif kinds[m] == "text" and lines[m].mark:
                # A row flagged with a failure mark (`✖ name-format - ...`), the mark kept.
                out.append(compose(where, [f"{lines[m].mark} {s}"]))
    if any(kind == "title" for _n, kind, _w in headers):
        return findings.marked_errors(out, marked) if len(marked) == len(out) else out
    return findings.errors_only(out)


def _units(lines: list[shapes.Line], kinds: list[str], start: int, end: int, locate: bool = False) -> list[Unit]:
    """(message, score, starts with its own location) for each line that may be a message;
    with `locate`, a message takes the location printed alone on the line above it."""
    units = []
    n = start
    while n < end:
        if kinds[n] not in ("text", "summary") or kinds[n] == "summary":
            n += 1
            continue
        field = shapes.NAMED_VALUE_RE.match(lines[n].core)
        if field:
            # `error: 'code.trim is not a function'`: the value, whatever fields follow.
            text, n_next = field.group("value"), n + 1
        else:
            text, n_next = _joined(lines, kinds, n, end)
            if n_next == n + 1:
                text = lines[n].text.strip()
                if text.endswith(":") and not text.endswith("::") and n_next < end and kinds[n_next] == "source":
                    text = text[:-1]  # the colon introduced only the excerpt of where it happened
            text, n_next = _continued(lines, kinds, n_next - 1, text, end, lines[n].indent)
        text, n_next = after.pointed(lines, kinds, n_next, end, text)
        text, n_next = after.detailed(lines, kinds, n_next, end, text, lines[n].indent)
        text = shapes.unthreaded(text, keep_location=locate)
        if wording.MATCHER_HINT_RE.search(text):
            text, n_next = after.sides(lines, kinds, n_next, end, text)
        # A one-word field before an expected/actual pair (`operator: equal`) is metadata.
        head = shapes.FIELD_HEAD_RE.match(text)
        if head and not shapes.PAIR_KEY_RE.match(text) and shapes.PAIR_KEY_RE.match(text[head.end() :]):
            text = text[head.end() :]
        # A location printed alone on the line above (`At line 7 of file sum.f90`), or above
        # the excerpt and caret it points into (a Python syntax error's `File "x.py", line 2`).
        # (Past a blank line too, when an excerpt stands between: `In a.cr:5:12` / blank / excerpt.)
        above = n - 1
        while above > start and above >= n - 5 and kinds[above] in ("source", "caret", "blank"):
            above -= 1
        excerpt = any(kinds[k] in ("source", "caret") for k in range(above + 1, n))
        near = locate and (excerpt or all(kinds[k] != "blank" for k in range(above + 1, n))) and above >= start
        if near and layout.heads(lines, kinds, above, n) and not shapes.LOC_START_RE.match(text):
            text = compose(shapes.plain_location(lines[above].core), [text])
        # The value of a field the tool names as the error (`error: |-`, `message:`) is it.
        named = bool(field) or shapes.YAML_BLOCK_RE.sub(":", lines[n].core)[:-1].strip().lower() in shapes.LABEL_WORDS
        units.append(
            Unit(
                text,
                wording.score(text)
                + 2 * lines[n].marked
                + 4 * lines[n].badge
                + 5 * named
                + 2 * marks.ends_traceback(lines, kinds, n),
                shapes.located(lines[n], text),
                lines[n].indent,
                lines[n].mark,
            )
        )
        n = max(n_next, n + 1)
    return units


def _joined(lines: list[shapes.Line], kinds: list[str], n: int, end: int) -> tuple[str, int]:
    """A line ending in `:` and the text it introduces (past an excerpt and its caret)."""
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
        if shapes.title(nxt) is not None or shapes.SUMMARY_HEADING_RE.match(nxt) or shapes.LOC_START_RE.match(nxt):
            break
        label = text[:-1].strip().lower()
        text = nxt if label in shapes.LABEL_WORDS else f"{text} {nxt}"
        kinds[m] = "used"
        n = m + 1
    return text, n


def _continued(
    lines: list[shapes.Line], kinds: list[str], n: int, text: str, end: int | None = None, base: int | None = None
) -> tuple[str, int]:
    """`text` (the line at n and what it joined) with the lines that continue it: deeper than
    `base` (the indentation of the unit's first line), or a pair, or the same TAP comment."""
    end = len(lines) if end is None else end
    last = lines[n].indent
    base = last if base is None else min(base, last)
    tap = lines[n].tap
    m = n + 1
    if wording.is_code(text):
        # A line of code (a runner echoing the failing statement) continues into nothing.
        return text, m
    while m < end:
        line, kind = lines[m], kinds[m]
        s = line.core
        if tap and line.tap and (kind == "blank" or shapes.ADVICE_RE.search(s)):
            m += 1  # an empty margin line, or how to see more, inside a margin's block
            continue
        if kind == "blank" or kind in ("noise", "summary") or shapes.title(s) is not None:
            break
        if shapes.ARROW_RE.match(s) or (s[:1] in "•*" and line.indent == last):
            break  # where it happened, or the next bullet of a list the joined line began
        if kind == "source" and s.startswith("|") and line.indent > base:
            kind = "text"
            s = "| " + re.sub(r"^(?:\|\s*)+", "", s)
        if kind in ("frame", "source", "caret", "label", "location"):
            if tap and kind == "location":
                m += 1
                continue
            break
        if shapes.WHERE_RE.match(s) or shapes.HINT_RE.match(s) or (wording.is_code(s) and not tap):
            break  # how a value was computed (`+  where 6 = f()`), the tool's guess at a cause
        if shapes.CLAUSE_RE.match(s) and shapes.CLAUSE_RE.match(text):
            break  # the next clause opens a report of its own
        # A diff's changed line goes with the other side's before it (`+ 'a,b'` / `- 'a-b'`; a
        # list's bullets are all the same sign); a quotation the message opened goes on.
        diff = {s[:2], lines[m - 1].core[:2]} == {"+ ", "- "}
        pair = diff or _goes_with(text, s, line.indent >= base)
        deeper = line.indent > base
        # An excerpt (the line above a caret) and a message of its own are not continuations.
        if m + 1 < end and kinds[m + 1] in ("caret", "label") and not diff:
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
        text = after.appended(text, s, deeper, pair)
        kinds[m] = "used"
        m += 1
    return text, m


def _goes_with(text: str, s: str, level: bool) -> bool:
    """Whether the line `s` goes on `text` as a part of it, deeper or not: the other side of a
    pair, a reason given as a field, a quotation `text` opened, or (at the same indentation
    or deeper) the report a context clause opened (`while parsing a block mapping` / `in
    "a.yml", line 3` / `expected <block end>, but found '?'`)."""
    if shapes.PAIR_KEY_RE.match(s) or shapes.REASON_RE.match(s) or text.count('"') % 2 == 1:
        return True
    return level and bool(shapes.CLAUSE_RE.match(text))


def _section_best(units: list[Unit]) -> Unit | None:
    """A test's message: its best line, or with nothing that reads as a message, what it
    printed first under its title (a sentence; not its metadata, `- exit code: 1`, nor the
    run's verdict)."""
    said = [
        u
        for u in units
        if len(u.text.split()) >= 3 and not shapes.FIELD_LINE_RE.match(u.text) and not wording.is_verdict(u.text)
    ]
    return _best_unit(units) or (said[0] if said else None)


def _best(units: list[Unit]) -> str | None:
    best = _best_unit(units)
    return best.text if best else None


def _best_unit(units: list[Unit]) -> Unit | None:
    best = None
    for unit in units:
        if unit.score > 0 and (best is None or unit.score > best.score):
            best = unit
    return best
