"""Aligned tables a tool prints: the cell in a `Value` column beside a row label that names a
secret, and the cells under a column whose title names one (`TOKEN  TTL  EXPIRES`).

Columns are found by the header's offsets, by the dash runs of the rule under it when its
titles are one space apart (PowerShell's tables), or between `|`/`│`; rules under the header (`---`,
`├──┼──┤`, `╞══╪══╡`) are skipped. A label or title is judged by `printed_labels.names_secret`
and a cell by `printed_labels.shown_secret`, which `printed_labels.redact_printed_labels` hands
in with the table (a `value` row printed by a command that makes a credential is one).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import PASSWORD, tier
from .patterns import MARK, LazyPattern

Judge = Callable[[str], bool]

# An aligned table's header: two to eight titles of words, two spaces or a bar apart (`PASSWORD2`: numbered).
_HEADER_TITLE = LazyPattern(r"[A-Za-z][A-Za-z0-9_-]*(?: [A-Za-z][A-Za-z0-9_-]*){0,2}")
_BARS = "|│┃"
# (A title's words are one space apart and titles two or more, or a bar: no text can be read
# two ways, so a line that is no header fails in linear time.)
_HEADER_LINE = LazyPattern(
    r"[ \t|│┃]*+(?:[A-Za-z][A-Za-z0-9_-]*+(?: [A-Za-z][A-Za-z0-9_-]*+)*+[ \t]*+(?:[|│┃][ \t]*+)?+)++\r?"
)
_RULE_CHARS = frozenset("-=─━┼┬┴├┤┌┐└┘╭╮╰╯═╞╪╡╤╧╔╗╚╝╠╣╦╩╬|│┃+ \t\r")
_MAX_ROWS = 100
_VALUE_TITLES = frozenset("VALUE VALUES DATA".split())
_LEAST_GENERATED = 8


def _header(line: str) -> list[tuple[int, int, str]] | None:
    """The titles of an aligned table's header (start, end, title), or None."""
    if len(line) > 300 or _HEADER_LINE.fullmatch(line) is None:
        return None
    if any(b in line for b in _BARS):
        spans, start = [], 0
        for part in re.split(f"[{_BARS}]", line):
            if part.strip():
                lead = len(part) - len(part.lstrip())
                spans.append((start + lead, start + lead + len(part.strip()), part.strip()))
            start += len(part) + 1
    else:
        spans = [(m.start(), m.end(), m.group()) for m in re.finditer(r"\S+(?: \S+)*", line)]
    if not 2 <= len(spans) <= 8 or not all(_HEADER_TITLE.fullmatch(t) for _, _, t in spans):
        return None
    return spans


def _row_cells(row: str, titles: list[tuple[int, int, str]], barred: bool) -> list[tuple[int, int]] | None:
    """The spans of a row's cells, one per title (None when the row does not fit the header)."""
    if barred:
        # every cell between two bars, a blank one too (`│ DB_PASSWORD │ … │          │`: no note);
        # what stands outside the first and the last bar is no cell, nor is nothing between a
        # double bar's two (`||  Value  |  …  ||`)
        parts, spans, start = re.split(f"[{_BARS}]", row), [], 0
        for part in parts:
            lead = len(part) - len(part.lstrip())
            spans.append((start + lead, start + lead + len(part.strip())) if part.strip() else part)
            start += len(part) + 1
        spans = spans[1 if not parts[0].strip() else 0 : -1 if not parts[-1].strip() else None]
        while spans and spans[0] == "":
            spans.pop(0)
        while spans and spans[-1] == "":
            spans.pop()
        cells = [(0, 0) if isinstance(span, str) else span for span in spans]
        return cells if len(cells) == len(titles) else None
    cells = []
    for k, (start, _, _) in enumerate(titles):
        if start >= len(row) or row[start].isspace() or (start and not row[start - 1].isspace()):
            return None  # the row's text does not start where the column does
        end = titles[k + 1][0] if k + 1 < len(titles) else len(row)
        cell = row[start:end].rstrip()
        cells.append((start, start + len(cell)))
    return cells


# The rule under a header whose titles are one space apart (PowerShell's `Format-Table`,
# `sqlcmd`): a run of dashes per column, one space between runs.
_DASH_RULE = LazyPattern(r"[ \t]*-{2,}(?: -{2,}){1,7}[ \t\r]*")


def _header_by_rule(lines: list[str], i: int) -> list[tuple[int, int, str]] | None:
    """The titles of line `i` where the line under it is a rule of dash runs, a column per run."""
    if i + 1 >= len(lines) or len(lines[i]) > 300 or _DASH_RULE.fullmatch(lines[i + 1]) is None:
        return None
    spans = [(m.start(), m.end(), lines[i][m.start() : m.end()].strip()) for m in re.finditer("-+", lines[i + 1])]
    if not all(_HEADER_TITLE.fullmatch(t) for _, _, t in spans):
        return None
    return spans


def redact_table(lines: list[str], i: int, title_names: Judge, row_names: Judge, shown: Judge) -> int:
    """The secret cells of the table whose header is line `i` redacted; the index of its last row."""
    titles = _header(lines[i])
    if titles is None or len(titles) < 2:
        titles = _header_by_rule(lines, i)
    if titles is None:
        return i
    names = [t.upper().replace(" ", "_") for _, _, t in titles]
    value_at = next((k for k, n in enumerate(names) if n in _VALUE_TITLES), None)
    secret_columns = [k for k, (_, _, t) in enumerate(titles) if title_names(t)]
    # A generated credential's column (`TOKEN`, `SECRET`) shows the credential in 8 characters or
    # more; a shorter cell there is its id (`k3s token list`'s `k7x2ab`). A password may be short.
    short_ok = {k for k in secret_columns if tier(titles[k][2].replace(" ", "_"), whole=True) == PASSWORD}
    if (value_at is None or value_at == 0) and not secret_columns:
        return i
    barred = any(b in lines[i] for b in _BARS)
    last = i
    for j in range(i + 1, min(len(lines), i + 1 + _MAX_ROWS)):
        row = lines[j]
        if not row.strip() or set(row) <= _RULE_CHARS:
            if not row.strip() and j > i + 1:
                break
            continue  # the rule under a header (`---   -----`, `├───┼───┤`)
        cells = _row_cells(row, titles, barred)
        if cells is None and "\t" in row:
            cells = tab_cells(row, len(titles))
            if cells is None:  # (an empty cell the tabs do not show: only a long random cell is read)
                lines[j] = _mark_cells(row, _tab_spans(row), shown, 20) if secret_columns else row
                last = j
                continue
        if cells is None:
            break
        last = j
        take = list(secret_columns)
        label = row[cells[0][0] : cells[0][1]]
        if value_at and row_names(label):
            take.append(value_at)
        for k in sorted(set(take), reverse=True):
            a, b = cells[k]
            value = row[a:b]
            if (len(value) >= _LEAST_GENERATED or k in short_ok or k == value_at) and (
                not any(c.isspace() for c in value) and shown(value)
            ):
                row = row[:a] + MARK + row[b:]
        lines[j] = row
    return last


# A tool's tab-separated output (`chamber read`, `influx auth create`, `aws … --output text`):
# cells are the runs between tabs, whatever the tab stops make of their offsets.
_TAB_CELL = LazyPattern(r"[^\t\r]+")


def _tab_spans(row: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in _TAB_CELL.finditer(row) if m.group().strip()]


def tab_cells(row: str, count: int) -> list[tuple[int, int]] | None:
    """The spans of a tab-separated row's cells when there is one per title, else None."""
    spans = _tab_spans(row)
    return spans if len(spans) == count else None


def _mark_cells(row: str, spans: list[tuple[int, int]], shown: Judge, least: int) -> str:
    """`row` with each cell of `least` characters or more that `shown` takes, random in shape, marked."""
    from .values import is_numberish, looks_random

    for a, b in reversed(spans):
        value = row[a:b].strip()
        if (
            len(value) >= least
            and " " not in value
            and looks_random(value)
            and not is_numberish(value)
            and shown(value)
        ):
            row = row[:a] + MARK + row[b:]
    return row


def redact_tab_record(row: str, names: Judge, shown: Judge) -> str:
    """A tab-separated record whose first cell names a secret (`CREDENTIALS\t<key id>\t<expiry>
    \t<secret>\t<token>`, AWS's text output): its random cells of 16 characters or more marked."""
    spans = _tab_spans(row)
    if len(spans) < 3 or not names(row[spans[0][0] : spans[0][1]].strip()):
        return row
    return _mark_cells(row, spans[1:], shown, 16)
