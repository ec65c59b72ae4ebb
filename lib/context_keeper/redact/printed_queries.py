"""The rows a query prints, each cell under the column its `SELECT` named: a cell under a
column named for a password, its hash or a secret is that secret.

`SELECT user_login, user_pass FROM …` then `| admin | $P$B/GB9… |`; `SELECT UserName,
PasswordHash FROM …` printed with no header (`admin@acme.io   AQAAAAIAAY…`). The column
names come from the query's own line, so no header is needed: the rows are the lines after it
(to a blank line or a prompt, twenty at most), cells between `|`/`│`, or else apart by two
spaces or a tab; a row is read only when it holds as many cells as the query names columns.
A cell is taken when `printed_labels.shown_secret` takes it or it is a crypt hash (`$id$…`);
`NULL`, an empty cell, a number or a word is not. A header row or a border is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import STRONG, tier
from .patterns import MARK, LazyPattern
from .printed_labels import shown_secret

TRIGGERS = ("SELECT", "select")
_SELECT = LazyPattern(
    r"(?i:\bselect)[ \t]+(?:(?i:top)[ \t]+\d+[ \t]+|(?i:distinct)[ \t]+)?"
    r"(?P<cols>[\w.`\"\[\]]+(?:[ \t]*,[ \t]*[\w.`\"\[\]]+){1,15})[ \t]+(?i:from)\b"
)
_BARS = "|│┃"
_CELL_SPLIT = LazyPattern(r"\t+|[ ]{2,}")
_PROMPT = LazyPattern(r"[ \t]*(?:[\w.-]*[>$#%]|\$)[ \t]")
_CRYPT = LazyPattern(r"\$[\w.-]{1,12}\$\S{16,300}")
_MAX_ROWS = 20


def _columns(cols: str) -> list[str]:
    return [c.strip().strip('`"[]').rsplit(".", 1)[-1] for c in cols.split(",")]


def _cells(line: str) -> list[str]:
    if any(b in line for b in _BARS):
        parts = re.split(r"[|│┃]", line)
        return [p.strip() for p in parts[1:-1]] if len(parts) > 2 else []
    return [p for p in _CELL_SPLIT.split(line.strip()) if p]


def _secret_cell(v: str) -> bool:
    return " " not in v and (shown_secret(v) or _CRYPT.fullmatch(v) is not None)


def _mark_cell(line: str, cell: str) -> str:
    at = line.find(cell)
    return line if at < 0 else line[:at] + MARK + line[at + len(cell) :]


def redact_query_rows(text: str) -> str:
    """`text` with the cells under a query's secret columns marked (see the module)."""
    lines = text.split("\n")
    changed = False
    for i, line in enumerate(lines):
        if len(line) > 4096 or ("SELECT" not in line and "select" not in line):
            continue
        m = _SELECT.search(line)
        if m is None:
            continue
        columns = _columns(m.group("cols"))
        secret = [k for k, c in enumerate(columns) if tier(c) >= STRONG]
        if not secret:
            continue
        for j in range(i + 1, min(len(lines), i + 1 + _MAX_ROWS)):
            row = lines[j]
            if not row.strip() or _PROMPT.match(row) is not None:
                break
            cells = _cells(row)
            if len(cells) != len(columns) or [c.lower() for c in cells] == [c.lower() for c in columns]:
                continue  # a border, a header, a line of another shape
            for k in secret:
                if _secret_cell(cells[k]):
                    lines[j] = row = _mark_cell(row, cells[k])
                    changed = True
    return "\n".join(lines) if changed else text


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, on a whole text (see `lines`)."""
    return ((TRIGGERS, redact_query_rows),)
