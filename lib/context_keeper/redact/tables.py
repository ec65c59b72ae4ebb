"""A value in a table's column whose header names a password or a secret: the rows under a
Markdown header (`| user | password |`) or a CSV header (`username,password`); and a row's
value cell under a name/value header (`key,value` then `smtp_password,…`: the record's name
field names its value, as `named_fields` reads one). The header's line says what each cell
below it holds, so this reads across lines and runs on a whole text before its lines (see `lines`).

A cell is taken when it is shaped like a password or is a random key (`positions`); a
header that only sounds like one (`password_hash_algo`, `token_count`) is judged by
`names.tier`.
"""

from __future__ import annotations

from .names import NOT_SECRET, PASSWORD, STRONG, tier
from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .values import looks_random, not_a_secret

TRIGGERS = ("assw", "ASSW", "ecret", "ECRET", "value", "Value", "VALUE")  # (`value`: a name/value header)
_MD_HEADER = LazyPattern(r"[A-Za-z_][\w .-]{0,40}")
_CSV_HEADER = LazyPattern(r"[A-Za-z_][\w.-]{0,40}")
_MAX_ROWS = 200
_MAX_HEADER = 400
_NOT_IN_HEADER = '"{}()=:;<>'


def _cells(line: str, sep: str) -> list[tuple[int, int]]:
    """The spans of a row's cells (for Markdown, without the empty ones outside the outer pipes)."""
    spans, start = [], 0
    for part in line.split(sep):
        spans.append((start, start + len(part)))
        start += len(part) + 1
    if sep == "|":
        if spans and not line[spans[0][0] : spans[0][1]].strip():
            spans = spans[1:]
        if spans and not line[spans[-1][0] : spans[-1][1]].strip():
            spans = spans[:-1]
    return spans


def _secret_columns(line: str, sep: str) -> tuple[int, list[int]]:
    """(number of cells, indices of the cells whose header names a secret) of a header line."""
    header = _MD_HEADER if sep == "|" else _CSV_HEADER
    spans = _cells(line, sep)
    names = [line[a:b].strip() for a, b in spans]
    if not all(header.fullmatch(n) for n in names):
        return len(spans), []  # not a header: code or prose with commas or pipes
    return len(spans), [k for k, n in enumerate(names) if tier(n, whole=True) in (PASSWORD, STRONG)]


def _record_columns(line: str, sep: str) -> tuple[list[int], int]:
    """(the name columns, the value column) of a name/value header (`key,value`), else ([], -1)."""
    from .named_fields import field_role

    roles = [field_role(line[a:b].strip().strip("\"'")) for a, b in _cells(line, sep)]
    if "name" not in roles or roles.count("value") != 1:
        return [], -1
    return [k for k, r in enumerate(roles) if r == "name"], roles.index("value")


def _secret_cell(value: str) -> bool:
    return MARK not in value and (password_shaped(value) or (looks_random(value) and not not_a_secret(value)))


def _names_secret(cell: str) -> bool:
    from .named_fields import name_level

    return name_level(cell.strip().strip("\"'")) != NOT_SECRET


def redact_tables(text: str) -> str:
    from .pairs import lines_holding

    lines = text.split("\n")
    changed = False
    for i in lines_holding(text, lines, TRIGGERS):
        line = lines[i]
        if len(line) > _MAX_HEADER or any(c in line for c in _NOT_IN_HEADER):
            continue  # a header is short and plain; this is code, data or a minified file
        sep = "|" if line.count("|") >= 2 else "," if "," in line else ""
        if not sep:
            continue
        width, columns = _secret_columns(line, sep)
        named, valued = ([], -1) if columns else _record_columns(line, sep)
        if not columns and not named:
            continue
        for j in range(i + 1, min(len(lines), i + 1 + _MAX_ROWS)):
            row = lines[j]
            if sep == "|" and row.strip() and set(row.strip()) <= set("|-: "):
                continue  # the row under a Markdown header
            spans = _cells(row, sep)
            if len(spans) != width or (named and _record_columns(row, sep)[0]):
                break  # the table ended (or another name/value header begins one)
            if named and any(_names_secret(row[spans[k][0] : spans[k][1]]) for k in named):
                columns = [valued]  # (this row's value: its name cell names a secret)
            elif named:
                continue
            for k in reversed(columns):
                a, b = spans[k]
                cell = row[a:b]
                value = cell.strip()
                if _secret_cell(value):
                    lead = len(cell) - len(cell.lstrip())
                    row = row[: a + lead] + MARK + row[a + lead + len(value) :]
                    changed = True
            lines[j] = row
    return "\n".join(lines) if changed else text
