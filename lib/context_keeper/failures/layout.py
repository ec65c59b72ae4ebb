"""What an output says as a whole, beside its lines: a formatter's diff, the way its runner
names tests, its count of failures, a list of findings.

    diff_files(lines) -> list[str]          # the `+++` header of each file of a bare diff
    names_file_colon_colon(pieces) -> bool  # tests named `file::name` somewhere
    failed_count(pieces) -> int             # the runner's `N failed` near the end, or 0
    listed(units) -> list[str]              # lines saying the same of different files
    bulleted(lines, kinds) -> dict          # the items of each list under a heading
    listed_under(lines, n) -> (str, int)    # a sentence ending in `:` with its flat list
    error_list(lines) -> list[str]          # the items under `Errors:`, one failure each
    verdict_title(lines, n) -> str | None   # `name FAILED` over an indented report
    records(lines) -> list[str]             # blocks between rules, a name over its fields
    logged(units, best) -> str              # the tool's own line for the exception `best`
    heads(lines, kinds, above, n) -> bool   # the line above names where the message happened
    titled(where, best) -> str              # a test's message under its title
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes, wording
from context_keeper.failures.lines import collapse, compose

TYPE_CHECKING = False
if TYPE_CHECKING:
    from context_keeper.failures.findings import Unit
    from context_keeper.failures.shapes import Line

FAILED_COUNT_RE = re.compile(r"^=*\s*(\d+) (?:failed|failing)\b")
# A test id written `file::name` (`tests/x.py::test_y`).
# (Tried from the start of a run of path characters only: from every character of a long
# dotted line, the leading run would cost time quadratic in its length, for the same answer.)
NODE_ID_RE = re.compile(r"(?<![\w./-])[\w./-]+\.\w+::\w")
VERDICT_TITLE_RE = re.compile(r"^(\S.*?)\s+(?:FAILED|FAIL|ERROR)$")
RULE_LINE_RE = re.compile(r"^[-=─━*_]{10,}$")
RECORD_FIELD_RE = re.compile(r"^[a-z][\w ]*:\s+\S")
BULLET_ITEM_RE = re.compile(r"^[-*•]\s+(\S.*)$")
# A heading in words that counts the lines under it (`Unused dependencies (2)`).
COUNTED_HEADING_RE = re.compile(r"^([A-Za-z][A-Za-z ]*[A-Za-z])\s*\((\d{1,2})\):?$")
# A heading that says its items are the failures (`Errors:`, `3 problems:`), over a list
# bulleted or numbered (`1. pkg.main is ./dist/index.js but the file does not exist.`).
ERROR_HEADING_RE = re.compile(
    r"^(?:\d+ )?(?:errors|failures|problems|issues|violations|failed)(?: \(\d+\))?:$", re.IGNORECASE
)
# A count the tool marks as its failure (`✖ Found 2 circular dependencies!`, `ERROR: 3 dead
# links found!`): the lines under it, when there are that many, are what it counted.
# (Or an exception counting what it holds, yup's `ValidationError: 3 errors occurred`.)
_MARKED_COUNT_RE = re.compile(
    r"^(?:(?:error|fatal|(?P<exc>[a-z][\w.]*(?:error|exception))):\s+)?(?:found )?(?P<count>\d{1,2}) [a-z][\w -]*[!.:]?$",
    re.IGNORECASE,
)
# A failure mark in brackets before an item (`[✖] a.md → Status: 400`).
_BRACKETED_MARK_RE = re.compile(r"^\[[✖✘×✗]\]\s+")
LIST_ITEM_RE = re.compile(r"^(?:[-*•]|\d+[.)])\s+(\S.*)$")
# An arrow pointing at a block's message (`=> org.example.Error: ...`).
_ARROWED_RE = re.compile(r"^=>\s+")
# How many lines at the end of a piece may hold the run's count.
_COUNT_LINES = 40


def diff_files(lines: list[Line]) -> list[str]:
    """An output that is only a unified diff (a formatter's check): the file each hunk is
    for, as its `+++` header says, or its name alone over its hunks; [] when anything else
    was printed."""
    files, in_hunk = [], False
    # (Blank lines aside: a colour reset printed on a line of its own leaves one after a header.)
    said = [n for n, line in enumerate(lines) if line.text.strip()]
    for k, n in enumerate(said):
        s = lines[n].text
        if s.startswith("+++ ") and k > 0 and lines[said[k - 1]].text.startswith("--- "):
            files.append(" ".join(s.split()))
            in_hunk = False
        elif s.startswith("--- ") and k + 1 < len(said) and lines[said[k + 1]].text.startswith("+++ "):
            continue
        elif s.startswith("@@ ") and files:
            in_hunk = True
        elif (
            s[:1] not in " +-"
            and shapes.BARE_PATH_RE.match(s)
            and k + 1 < len(said)
            and lines[said[k + 1]].text.startswith("@@ ")
        ):
            files.append(s.strip())  # (a file named alone over its hunks, with no `---`/`+++` header)
            in_hunk = False
        elif not (in_hunk and s[:1] in " +-\\"):
            return []
    return files


def names_file_colon_colon(pieces: list[list[str]]) -> bool:
    """A runner that names tests `file::name` somewhere (its summary) names them so throughout."""
    return any("::" in line and NODE_ID_RE.search(line) for piece in pieces for line in piece)


def failed_count(pieces: list[list[str]]) -> int:
    """A runner's count of its failures (`398 failed, 2 passed in 0.97s`): how many there were
    when the report was cut (a count below the messages found says nothing)."""
    counts = [
        int(m.group(1)) for piece in pieces for line in piece[-_COUNT_LINES:] if (m := FAILED_COUNT_RE.search(line))
    ]
    return max(counts, default=0)


def listed(units: list[Unit]) -> list[str]:
    """Nothing reads as a message: lines that say the same of different files (`would
    reformat a.py`, `would reformat b.py`), or only paths, are a list of findings."""
    paths = [text for text, *_ in units if shapes.BARE_PATH_RE.match(text)]
    if len(paths) >= 2 and len(paths) == len(units):
        return paths  # only paths: the files a check lists (`gofmt -l`)
    groups: dict[str, list[str]] = {}
    for text, *_ in units:
        words = text.split()
        if len(words) >= 3 and shapes.PATH_IN_RE.search(words[-1]):
            groups.setdefault(" ".join(words[:2]), []).append(text)
    found = max(groups.values(), key=len, default=[])
    return [collapse(t) for t in found] if len(found) >= 2 else []


def logged(units: list[Unit], best: str) -> str:
    """A tool that logs its error (`[ERROR] x must be string`) and then dumps the traceback of
    the same exception (`pkg.errors.ValidationError: x must be string`): its own words."""
    head, sep, message = best.partition(": ")
    if not sep or len(message) < 10 or not wording.EXC_RE.search(best):
        return best
    for text, *_ in units:
        if text == best:
            break
        # (A line quoting the whole exception, class and all, `Caught: x.Error: ...`, is a
        # wrapper's report of it, not the tool's words.)
        if text.endswith(message) and text != message and not text.endswith(best):
            return text
    return best


def bulleted(lines: list[Line], kinds: list[str]) -> dict[str, list[str]]:
    """Each list of bullet items under a heading (`Unused dependencies` / `* left-pad`): the
    heading, and its items as messages. A heading that is a phrase names what its items are
    (`Unused dependencies: left-pad`); one that gives a value (`File: "app.py"`) does not."""
    out: dict[str, list[str]] = {}
    n = 0
    while n + 1 < len(lines):
        heading, first = lines[n], lines[n + 1]
        counted = _counted_items(lines, n)
        if counted:
            label = COUNTED_HEADING_RE.sub(r"\1 (\2)", heading.core)
            out[heading.core] = [compose(label, [collapse(line.core)]) for line in counted]
            n += 1 + len(counted)
            continue
        if not (
            kinds[n] == "text"
            and not BULLET_ITEM_RE.match(heading.core)
            and BULLET_ITEM_RE.match(first.core)
            and first.indent >= heading.indent
        ):
            n += 1
            continue
        label = heading.core.removesuffix(":").strip()
        named = ": " not in label and label[-1:] not in ".!?"
        whole = listed_under(lines, n)
        if whole:
            # A sentence ending in `:` over a flat list (`The following files are not
            # formatted:` / `* lib/a.ex`) is one message: the list is what it says is wrong.
            out[heading.core] = [whole[0]]
            n = whole[1]
            continue
        m = n + 1
        while m < len(lines) and lines[m].indent == first.indent and (item := BULLET_ITEM_RE.match(lines[m].core)):
            subs = _sub_items(lines, m)
            if subs:
                # (An item over deeper items of its own is their heading: `* shop==1.4` over
                # `  - pydantic [required: <2, installed: 2.7.1]`, each `shop==1.4: pydantic ...`.)
                out.setdefault(heading.core, []).extend(compose(item.group(1), [sub]) for sub in subs)
                m += 1 + len(subs)
                continue
            out.setdefault(heading.core, []).append(
                compose(label, [item.group(1)]) if named else collapse(item.group(1))
            )
            m += 1
        n = m
    return out


def listed_under(lines: list[Line], n: int) -> tuple[str, int] | None:
    """The line at `n`, a sentence ending in `:`, with the flat list of bullet items right
    under it (at its margin or deeper, one marker, no items of their own), written `heading
    - a; - b`, and where the list ends; None when no such list stands there."""
    heading = lines[n].core
    if not heading.endswith(":") or heading.endswith("::") or len(heading.split()) < 3 or BULLET_ITEM_RE.match(heading):
        return None
    if ERROR_HEADING_RE.match(heading) or wording.VERDICT_RE.search(heading):
        return None  # (a heading counting failures lists one failure an item)
    first = n + 1
    if first + 1 < len(lines) and not lines[first].core:
        first += 1  # (one blank line may stand between a header and what it introduces)
    if first >= len(lines) or not BULLET_ITEM_RE.match(lines[first].core) or lines[first].indent < lines[n].indent:
        return None
    marker = lines[first].core[0]
    items = []
    m = first
    while m < len(lines) and lines[m].indent == lines[first].indent and BULLET_ITEM_RE.match(lines[m].core):
        if lines[m].core[0] != marker or _sub_items(lines, m):
            return None
        items.append(lines[m].core)
        m += 1
    return collapse(f"{heading} " + "; ".join(items)), m


def _sub_items(lines: list[Line], n: int) -> list[str]:
    """The bullet items right under the item at `n`, deeper than it."""
    subs = []
    for k in range(n + 1, len(lines)):  # (by index: a slice of the rest, per item, is the list's square)
        sub = BULLET_ITEM_RE.match(lines[k].core)
        if not sub or lines[k].indent <= lines[n].indent:
            break
        subs.append(collapse(sub.group(1)))
    return subs


def _counted_items(lines: list[Line], n: int) -> list[Line]:
    """The lines under a heading that counts them (`Unused files (2)` over two lines, ended
    by a blank line, another heading or the output's end), or [] when the count is not theirs."""
    m = COUNTED_HEADING_RE.match(lines[n].core)
    if not m:
        return []
    count = int(m.group(2))
    items = lines[n + 1 : n + 1 + count]
    after = n + 1 + count
    if len(items) != count or any(not line.core or line.indent < lines[n].indent for line in items):
        return []
    if after < len(lines) and lines[after].core and not COUNTED_HEADING_RE.match(lines[after].core):
        return []
    return items


def error_list(lines: list[Line]) -> list[str]:
    """The items of each list under a heading that names them as the failures (`Errors:`
    then `1. ...`, `2. ...`): one message each, the numbering dropped. Lists under other
    headings (`Suggestions:`, `Warnings:`) are not failures."""
    out: list[str] = []
    for n, heading in enumerate(lines[:-1]):
        if not ERROR_HEADING_RE.match(heading.core):
            continue
        listed = len(out)
        for line in lines[n + 1 :]:
            item = LIST_ITEM_RE.match(line.core)
            if not item or line.indent < heading.indent:
                break
            out.append(collapse(item.group(1)))
        if len(out) == listed:
            out.extend(_blocks_under(lines, n))
    return out


def marked_count(lines: list[Line]) -> list[str]:
    """The lines under a count the tool marks as its failure (a failure mark before it, or an
    error level), when exactly that many follow it (past blank lines) and end where a blank line
    or the output does: one message each."""
    for n, heading in enumerate(lines):
        m = _MARKED_COUNT_RE.match(heading.core)
        if not m or int(m.group("count")) < 2 or not (heading.marked or m.group("exc") or heading.core[:1] in "eEfF"):
            continue
        start = n + 1
        while start < len(lines) and not lines[start].core:
            start += 1
        count = int(m.group("count"))
        items = lines[start : start + count]
        if len(items) != count or any(not line.core or line.indent != items[0].indent for line in items):
            continue
        if start + count < len(lines) and lines[start + count].core:
            continue
        # (An exception's items are bulleted under it: the bullet is no part of a message.)
        texts = [_BRACKETED_MARK_RE.sub("", line.core) for line in items]
        if m.group("exc"):
            texts = [b.group(1) if (b := LIST_ITEM_RE.match(text)) else text for text in texts]
        return [collapse(text) for text in texts]
    return []


def _blocks_under(lines: list[Line], n: int) -> list[str]:
    """The blocks indented under the heading at `n` (`FAILED:` over a report, a blank line,
    another report): one failure each, its lines its parts."""
    blocks: list[list[Line]] = [[]]
    for line in lines[n + 1 :]:
        if not line.core:
            blocks.append([])
        elif line.indent > lines[n].indent:
            blocks[-1].append(line)
        else:
            break
    return [m for block in blocks if block for m in _opened_blocks(block)]


def _opened_blocks(block: list[Line]) -> list[str]:
    """A block's lines as one failure, its lines its parts; or, when it is several blocks of
    one shape, each a line at the block's margin over deeper lines (a test's name over its
    source, its error and its frames), one failure each: the name and the deeper line that
    reads most like a message (`=> ` pointing at it dropped)."""
    margin = block[0].indent
    openers = [k for k, line in enumerate(block) if line.indent == margin]
    bodies = [block[k + 1 : nxt] for k, nxt in zip(openers, [*openers[1:], len(block)], strict=True)]
    if len(openers) < 2 or not all(bodies):
        return [compose("", [line.core for line in block])]
    out = []
    for k, body in zip(openers, bodies, strict=True):
        said = [_ARROWED_RE.sub("", line.core) for line in body]
        best = max(said, key=lambda s: (wording.score(s, False), -said.index(s)))
        out.append(compose(block[k].core, [best]))
    return out


def verdict_title(lines: list[Line], n: int) -> str | None:
    """A line naming something with a verdict after it (`CartTest > sums() FAILED`) over a
    deeper report is a test's title; a run's progress list (`test x ... FAILED`) has none."""
    m = VERDICT_TITLE_RE.match(lines[n].core)
    if not m or shapes.is_count_summary(m.group(1)):
        return None
    below = next((line for line in lines[n + 1 : n + 3] if line.core), None)
    return m.group(1).removesuffix(" ...").strip() if below and below.indent > lines[n].indent else None


def records(lines: list[Line]) -> list[str]:
    """Blocks between rules (`------`), each a name over `key: value` fields: one failure
    each, the name and every line under it (`sums: FAILURE; actual: 25; expected: 30`)."""
    blocks: list[list[str]] = [[]]
    for line in lines:
        if RULE_LINE_RE.match(line.core):
            blocks.append([])
        elif line.core:
            blocks[-1].append(line.core)
    found = [
        b for b in blocks if len(b) >= 3 and ":" not in b[0] and sum(bool(RECORD_FIELD_RE.match(s)) for s in b[1:]) >= 2
    ]
    if len(found) < 2:
        return []
    return [compose(b[0], b[1:]) for b in found]


def heads(lines: list[Line], kinds: list[str], above: int, n: int) -> bool:
    """Whether the line `above` is where the message at `n` happened: a location, or a file
    named alone right over the deeper message (`models/a.sql` / `    error: ...`)."""
    if kinds[above] == "location":
        return True
    return (
        kinds[above] == "text"
        and above == n - 1
        and lines[n].indent > lines[above].indent
        and bool(shapes.BARE_PATH_RE.match(lines[above].core))
    )


def titled(where: str, best: str) -> str:
    """A test's message written `title: message`, unless the message quotes the test by name
    already (`Failed test 'sums'; at t/cart.t line 5`)."""
    low, name = best.lower(), where.lower()
    if not where or f"test '{name}'" in low or f'test "{name}"' in low:
        return collapse(best)
    return compose(where, [best])
