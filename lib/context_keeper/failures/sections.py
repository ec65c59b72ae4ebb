"""Where the sections of a failed output start: test titles, file and location headers.

    headers(lines, kinds) -> [(line, kind, where)]  # kind "title" or "file"
    opens_findings(lines, kinds, n) -> bool          # a bare path over per-finding rows

A title names a test (`1) name`, `FAIL: name`, `not ok 3 name`, `name FAILED` over an indented
report); its section holds that test's report. A file header (`path` over `3:5  error ...`,
`== path ==`, `In f line 3:`) holds one finding per row. `failures.ranking` reads the sections.
"""

from __future__ import annotations

import re

from context_keeper.failures import findings, grouped, layout, shapes

# A row that states its level before its position in the file named above it (`ERROR: 1:5
# prefer-const  Identifier ...`): the level, the position, what is wrong there.
LEVEL_POSITION_RE = re.compile(r"^((?:ERROR|WARNING|error|warning):)\s+(\d+:\d+)\s+(\S.*)$")
# A file and a place in it alone on a line (`src/a.ts:4:19`).
_FILE_PLACE_RE = re.compile(r"^(/?" + shapes.PATH + r"):\d+(?::\d+)?$")


def headers(lines: list[shapes.Line], kinds: list[str]) -> list[tuple[int, str, str]]:
    """(line, kind, where): test titles, file headers and location headers."""
    out = []
    level_files = []  # files named over findings that state their level (`findings.leveled`)
    failed_file = ""
    for n, line in enumerate(lines):
        s = line.core
        f = shapes.FAIL_FILE_RE.match(s)
        failed_file = f.group(1) if f else failed_file
        if kinds[n] not in ("text", "location", "noise"):
            continue
        title = (shapes.title(s) or layout.verdict_title(lines, n) or _framed(lines, n)) if kinds[n] == "text" else None
        if title is not None:
            label = title.rstrip(":").strip().lower()
            if label in shapes.LABEL_WORDS:
                title = ""
            elif shapes.is_summary_words(title):
                # A title that names no test (`● Test suite failed to run`): the file the
                # runner last reported failing (`FAIL test/api.test.js`).
                title = failed_file
            out.append((n, "title", title))
            continue
        m = shapes.FILE_BANNER_RE.match(s)
        if m:
            kinds[n] = "noise"
            out.append((n, "file", m.group(1) or m.group(2)))
            continue
        m = shapes.LOCATION_HEADER_RE.match(s)
        if m:
            out.append((n, "file", s[:-1]))
            continue
        bare = s[:-1] if s.endswith(":") else s  # (a file's name as a heading: `openapi.yaml:`)
        if shapes.BARE_PATH_RE.match(bare) and opens_findings(lines, kinds, n):
            out.append((n, "file", bare))
        elif shapes.BARE_PATH_RE.match(bare) and _over_leveled(lines, kinds, n):
            level_files.append((n, "file", bare))
        elif place := grouped.heading(lines, kinds, n):
            out.append((n, "file", place))
        elif kinds[n] == "location" and (m := _FILE_PLACE_RE.match(s)) and opens_findings(lines, kinds, n):
            # A file's first finding's place over rows that each give their own position
            # (`a.ts:4:19` / `4:19  text` / `6:0  text`): the rows are in that file.
            out.append((n, "file", m.group(1)))
    # Files named each over findings that state their level (`a.frag` / `ERROR: 0:6: ...`,
    # then `b.vert` / ...): a section per file. One such name may be a heading of the output.
    return sorted(out + level_files) if len(level_files) >= 2 else out


def _over_leveled(lines: list[shapes.Line], kinds: list[str], n: int) -> bool:
    m = n + 1
    return m < len(lines) and kinds[m] == "text" and lines[m].indent == 0 and findings.leveled(lines[m].core)


def opens_findings(lines: list[shapes.Line], kinds: list[str], n: int) -> bool:
    for m in range(n + 1, min(n + 3, len(lines))):
        if kinds[m] == "blank" or shapes.BANNER_RE.match(lines[m].core):
            continue
        s = lines[m].core
        return (
            bool(shapes.POSITION_RE.match(s) or LEVEL_POSITION_RE.match(s))
            or kinds[m] == "label"
            or (kinds[m] == "source" and lines[m].indent > 0)
            or bool(lines[m].mark)
        )
    return False


def _framed(lines: list[shapes.Line], n: int) -> str | None:
    """A name alone between two rules (`-----` / `cart sums prices` / `-----`) is a test's title;
    a count there (`FOUND 6 ERRORS AFFECTING 3 LINES`) is the report's heading."""
    s = lines[n].core
    if s.isupper() or shapes.is_count_summary(s) or not 0 < n < len(lines) - 1:
        return None
    return s if all(shapes.RULE_RE.match(lines[k].core) for k in (n - 1, n + 1)) else None
