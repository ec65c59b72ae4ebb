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
- otherwise the single best line, the earliest on a tie, with its siblings (`siblings`).

What a single line is (its kind, the test it names, its score) is `failures.shapes`; this module
puts lines together. General rules only: nothing here names a tool. Recognisers stay for what
this cannot know (a runner's test ids composed from parts printed apart, diffs, a tool's own
conventions); this is where every other tool lands.
"""

from __future__ import annotations

import re

from context_keeper.failures import (
    after,
    blocks,
    boxes,
    carried,
    counted,
    findings,
    grouped,
    headed,
    joins,
    jsonlist,
    layout,
    margin,
    marks,
    named,
    placed,
    sections,
    shapes,
    siblings,
    stacked,
    wording,
)
from context_keeper.failures.findings import Unit
from context_keeper.failures.lines import Found, collapse, compose

# How many lines of one piece of output are ranked (the first third and the last two thirds).
RANK_LINES = 800
# A place at the margin set off from its message by a column of spaces, no level between
# (`src/a.php:5   UnusedField  Avoid ...`): written `place: message`, as a place and its
# message are.
_SPACED_PLACE_RE = re.compile(
    r"^(/?" + shapes.PATH + r":\d+(?::\d+)?)\s{2,}(?!(?:error|warning|warn|info|note|fatal)\b)(?=\S)", re.IGNORECASE
)
_LEAD_BULLET_RE = re.compile(r"^[-*•] (?=\S)")


def rank(chunks: list[list[str]]) -> Found | None:
    messages: list[str] = []
    last: tuple[list[shapes.Line], list[str], list[int]] = ([], [], [])  # (its paragraphs joined when needed)
    pieces = [boxes.unboxed(piece) for piece in _bounded(chunks)]
    # A runner that names tests `file::name` somewhere (its summary) names them so throughout.
    qualified = layout.names_file_colon_colon(pieces)
    for piece in pieces:
        lines = [shapes.Line(line) for line in piece]
        kinds = [shapes.kind(line) for line in lines]
        wider: list[str] = []
        found = _chunk_messages(lines, kinds, qualified, wider)
        chosen = counted.preferred(piece, lines, found)
        # The single best line with the runner-up the ranking could not tell from it
        # (failures/carried), unless the runner's count read the piece another way.
        messages.extend(wider if wider and chosen == found else chosen)
        # (A hint, `hint: Use -f if you really want to add them.`, or advice, `Please check for
        # typing mistakes in the pattern.`, says what to do, not what failed.)
        rest = [n for n, kind in enumerate(kinds) if kind == "text" and not wording.told_what_to_do(lines[n].core)]
        said = [n for n in rest if not wording.is_verdict(lines[n].text.strip())]
        named = [n for n in said if not wording.COUNTED_RE.match(lines[n].text.strip())]
        last = (lines, kinds, siblings.of_last(lines, kinds, named or said or rest)) if rest else last
    if not messages and last[2]:
        # Nothing reads as a message: the last thing the program said (not its verdict, nor
        # a count of what it did, `1 template would have been reindented.`, where a line
        # names which: `would have reindented templates/cart.html`), with its siblings.
        messages = [collapse(joins.paragraph(last[0], last[1], n)) for n in last[2]]
    if not messages:
        return None
    # A list's bullet before a message (`    - Root composer.json requires ...`) marks where it
    # stands in the report, not what it says.
    messages = [_LEAD_BULLET_RE.sub("", m) for m in messages]
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


def _chunk_messages(
    lines: list[shapes.Line], kinds: list[str], qualified: bool = False, wider: list[str] | None = None
) -> list[str]:
    """The piece's messages; where it ends on its single best line, `wider` gets that line as
    `failures.carried` writes it."""
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
    files = layout.diff_files(lines) or layout.records(lines) or jsonlist.records(lines)
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
    listed = layout.error_list(lines) or layout.marked_count(lines)
    if listed:
        return listed
    explained = headed.headed(lines, kinds)
    if explained:
        return explained
    units = findings.without_wrapups(joins.paragraphs(lines, _units(lines, kinds, 0, len(lines), locate=True)))
    units = findings.chained(lines, units)
    if several := _several(units) or stacked.reports(lines, kinds, units):
        return named.placed(lines, units, several)
    best = _best(units)
    lists = layout.bulleted(lines, kinds)
    items = [item for listed in lists.values() for item in listed]
    if lists and (best is None or best in lists or any(item.endswith(collapse(best)) for item in items)):
        # A heading over a list (`Missing dependencies` / `* chalk`) says what its items are.
        return items
    if best is None:
        return layout.listed(units)
    family = siblings.family(lines, kinds, units, unit) if (unit := _best_unit(units)) else []
    return named.placed(lines, units, family) if family else [_single(lines, units, best, wider)]


def _single(lines: list[shapes.Line], units: list[Unit], best: str, wider: list[str] | None) -> str:
    """The output's one message, its best line as the method writes it; `wider` gets it with
    the runner-up the ranking could not tell from it (`failures.carried`)."""
    chained = any(shapes.CHAIN_RE.match(line.core) for line in lines)
    if chained:
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
    final = collapse(layout.logged(units, best))
    unit = _best_unit(units)
    if unit is not None and not chained and not causes and wider is not None:
        wider.append(carried.carried(lines, units, unit, final))
    return final


def _several(units: list[Unit]) -> list[str]:
    """Several failures: findings (`findings`), or a block of lines of one shape (`blocks`),
    the block when it holds the findings and more (`Runtime error near line 7: ...` over
    `Parse error near line 8: ...` lines), unless what it adds is a note the findings left out."""
    several = findings.several(units)
    block = blocks.alike_block(units)
    if set(several) < set(block) and not any(shapes.NOTE_RE.search(m) for m in block if m not in several):
        return block
    return several


def _sectioned(
    lines: list[shapes.Line], kinds: list[str], headers: list[tuple[int, str, str]], qualified: bool = False
) -> list[str]:
    out: list[str] = []
    marked: list[str] = []  # the failure mark of each title's message
    for k, (start, kind, where) in enumerate(headers):
        end = headers[k + 1][0] if k + 1 < len(headers) else len(lines)
        if kind == "title":
            # A title continued on deeper lines ending in `:` (`1) suite` / `   test name:`, or
            # its place, `a.hs:20:`; not a message there, `a.lua:14: tables differ:`).
            while (
                start + 1 < end
                and lines[start + 1].indent > lines[start].indent
                and lines[start + 1].core.endswith(":")
                and lines[start + 1].core[:-1].strip().lower() not in shapes.LABEL_WORDS
                and not (
                    shapes.LOC_START_RE.match(lines[start + 1].core)
                    and not joins.BARE_DIAGNOSTIC_RE.match(lines[start + 1].core)
                )
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
            # A place alone on the line over a test's title is where the test failed.
            over = shapes.TRAILING_LOCATION_RE.match(lines[start - 1].core) if start > 0 else None
            place = over.group(1) if over and lines[start - 1].indent == lines[start].indent else ""
            for unit in _section_failures(_units(lines, kinds, start + 1, end)):
                # A note level on a test's verdict (`note: test did not panic as expected`)
                # is the runner's tag, not the words.
                text = unit.text.removeprefix("note: ")
                out.append(layout.titled(where, compose(place + ":", [text]) if place and place not in text else text))
                marked.append(unit.mark)
            continue
        end = grouped.block_end(lines, kinds, start, end)  # (a heading's findings end at its margin)
        out.extend(_file_rows(lines, kinds, start, end, where) or grouped.rows(lines, kinds, start, end, where))
    if any(kind == "title" for _n, kind, _w in headers):
        return findings.marked_errors(out, marked) if len(marked) == len(out) else out
    return findings.errors_only(out)


def _file_rows(lines: list[shapes.Line], kinds: list[str], start: int, end: int, where: str) -> list[str]:
    """The findings under a file or location header, each composed with its file."""
    rows: list[str] = []
    for m in range(start + 1, end):
        s = lines[m].core
        if kinds[m] == "label":
            label = shapes.CARET_LABEL_RE.match(s)
            if label:
                rows.append(compose(where, [label.group(1)]))
            continue
        position = shapes.POSITION_RE.match(s) if kinds[m] in ("text", "source") else None
        if position and position.group(1):
            text = joins.continued(lines, kinds, m, position.group(3))[0]
            rows.append(compose(f"{where}:{position.group(1)}:", [text]))
        elif position:
            text = joins.continued(lines, kinds, m, position.group(4))[0]
            rows.append(compose(where, [text]))
        elif kinds[m] == "text" and (leveled := sections.LEVEL_POSITION_RE.match(s)):
            rows.append(compose(f"{where}:{leveled.group(2)}:", [f"{leveled.group(1)} {leveled.group(3)}"]))
        elif kinds[m] == "text" and shapes.LOC_START_RE.match(s) and lines[m].indent > 0:
            rows.append(collapse(joins.continued(lines, kinds, m, s)[0]))
        elif kinds[m] == "text" and lines[m].indent == 0 and findings.leveled(s) and not blocks.stops(s):
            # A finding that states its level under its file's name (`a.frag` / `ERROR: 0:6: ...`).
            rows.append(compose(where, [joins.continued(lines, kinds, m, s)[0]]))
        elif kinds[m] == "text" and lines[m].mark:
            # A row flagged with a failure mark (`✖ name-format - ...`), the mark kept.
            rows.append(compose(where, [f"{lines[m].mark} {s}"]))
    return rows


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
            text, n_next = joins.joined(lines, kinds, n, end)
            if n_next == n + 1:
                text = lines[n].text.strip()
                if text.endswith(":") and not text.endswith("::") and n_next < end and kinds[n_next] == "source":
                    text = text[:-1]  # the colon introduced only the excerpt of where it happened
            text, n_next = joins.continued(lines, kinds, n_next - 1, text, end, lines[n].indent, _opened(lines, n, end))
            text, n_next = margin.went_on(lines, kinds, n, n_next, end, text)
        text, n_next = after.pointed(lines, kinds, n_next, end, text)
        text, n_next = after.detailed(lines, kinds, n_next, end, text, lines[n].indent)
        text = _SPACED_PLACE_RE.sub(r"\1: ", shapes.unthreaded(text, keep_location=locate))
        if wording.MATCHER_HINT_RE.search(text):
            text, n_next = after.sides(lines, kinds, n_next, end, text)
        # A one-word field before an expected/actual pair (`operator: equal`) is metadata.
        head = shapes.FIELD_HEAD_RE.match(text)
        if head and not shapes.PAIR_KEY_RE.match(text) and shapes.PAIR_KEY_RE.match(text[head.end() :]):
            text = text[head.end() :]
        # A location alone on the line above (`At line 7 of file sum.f90`), or above the excerpt
        # and caret it points into (`File "x.py", line 2`; past a blank line, an excerpt between).
        above = n - 1
        while above > start and above >= n - 5 and kinds[above] in ("source", "caret", "blank"):
            above -= 1
        excerpt = any(kinds[k] in ("source", "caret") for k in range(above + 1, n))
        near = locate and (excerpt or all(kinds[k] != "blank" for k in range(above + 1, n))) and above >= start
        if near and not shapes.LOC_START_RE.match(text):
            text = placed.placed(lines, kinds, above, n, text)
        # The value of a field named as the error (`error: |-`, `message:`) is it; a bare label says nothing.
        named = bool(field) or shapes.YAML_BLOCK_RE.sub(":", lines[n].core)[:-1].strip().lower() in shapes.LABEL_WORDS
        named = named and text.rstrip(" :|>-").lower() not in shapes.LABEL_WORDS
        units.append(
            Unit(
                text,
                # (A header that reads as no code, joined to the code it quotes, `... line 4
                # ('function' is useless): function log {`, is scored as the header.)
                wording.score(lines[n].core if wording.is_code(text) and not wording.is_code(lines[n].core) else text)
                + 2 * lines[n].marked
                + 4 * lines[n].badge
                + 5 * named
                + 2 * marks.ends_traceback(lines, kinds, n),
                shapes.located(lines[n], text),
                lines[n].indent,
                lines[n].mark,
                (n, max(n_next, n + 1)),
            )
        )
        n = max(n_next, n + 1)
    return units


def _opened(lines: list[shapes.Line], n: int, end: int) -> str:
    """The line at `n` when it opens a block the lines under it go on with: it ends in `:` or
    `;` over a deeper line, or over a line of its own lead (`svn: E1: ... follow):` /
    `svn: E2: ...`); else ""."""
    s = lines[n].core
    if n + 1 >= end or s.endswith("::"):
        return ""
    below = lines[n + 1]
    if joins.BARE_DIAGNOSTIC_RE.match(s) and below.core and below.indent >= lines[n].indent:
        return s
    if below.indent > lines[n].indent and joins.LABELLED_RE.match(below.core) and wording.score(s, False) > 0:
        return s  # (over a deeper labelled value: `error: No solution found` / `  cause: ...`)
    if not s.endswith((":", ";")):
        return ""
    if below.indent > lines[n].indent or below.core.split(None, 1)[:1] == s.split(None, 1)[:1]:
        return s
    return ""


def _section_failures(units: list[Unit]) -> list[Unit]:
    """A test's failures: its best line, or each of several that start where they happened
    and are of one shape with it (two assertions failed in one test: `a.cpp:19: FAILED: ...`
    and `a.cpp:20: FAILED: ...`)."""
    best = _section_best(units)
    if best is None or not best.located:
        return [best] if best else []
    alike = [u for u in units if u.located and u.score == best.score and blocks.same_shape(u, best)]
    return alike if len(alike) >= 2 and best in alike else [best]


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
