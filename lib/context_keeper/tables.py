"""Aligned plain-text tables for the CLI's human output."""

from __future__ import annotations

from typing import Sequence

from .text import clip


def format_table(headers: Sequence[str], rows: Sequence[Sequence[object]], max_width: int = 80) -> str:
    """Columns padded to their widest cell; cells longer than max_width are clipped with '…'."""
    cells = [[clip(str(c).replace("\n", " "), max_width) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in cells:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()]
    for row in cells:
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    return "\n".join(lines)
