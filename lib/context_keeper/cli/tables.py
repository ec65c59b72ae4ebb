"""Aligned plain-text tables for the CLI's human output."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..text import clip, clip_start, number


def cell_text(value: object) -> str:
    """A cell as shown: whole numbers with thousands separators, one line."""
    if isinstance(value, int) and not isinstance(value, bool):
        return number(value)
    return str(value).replace("\n", " ")


def format_table(
    headers: Sequence[str], rows: Sequence[Sequence[object]], max_width: int = 80, keep_end: Collection[str] = ()
) -> str:
    """Columns padded to their widest cell; cells longer than max_width are clipped with '…'
    (at the start in the columns named in `keep_end`, such as paths, else at the end)."""
    clippers = [clip_start if h in keep_end else clip for h in headers]
    cells = [[clippers[i](cell_text(c), max_width) for i, c in enumerate(row)] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths, strict=False)).rstrip()]
    for row in cells:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=False)).rstrip())
    return "\n".join(lines)
