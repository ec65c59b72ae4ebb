"""The forms of numbers and paths the terminal and HTML reports share: thousands separators,
percentages of the window, a nice top for the y axis, repo-relative paths."""

from __future__ import annotations

import math
from collections.abc import Sequence

DASH = "-"  # a value nobody recorded (an old record, a hook that did not run)


def num(value: int | None) -> str:
    """An integer with thousands separators; DASH for None."""
    return DASH if value is None else f"{value:,}"


def percent(tokens: int, window: int) -> str:
    """Share of the window: one decimal below 10%, none above (0.4%, 22.1%, 99%)."""
    if window <= 0:
        return DASH
    share = 100.0 * tokens / window
    if share == 0:
        return "0%"
    return f"{share:.1f}%" if share < 10 else f"{share:,.0f}%"


def nice_top(value: int) -> int:
    """The smallest round number (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^k) at or above
    `value`: the chart's y-axis top, close enough above the peak to use the height."""
    if value <= 0:
        return 1
    scale = 10 ** max(0, int(math.floor(math.log10(value))))
    for step in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10):
        top = int(step * scale)
        if top >= value:
            return top
    return 10 * scale


def relative_path(path: str, bases: Sequence[str | None]) -> str:
    """`path` relative to the first base it lies under (the repo, then the session's
    working directory); unchanged otherwise. Tables show the end of a path, which a cut
    absolute path would lose."""
    for base in bases:
        if not base:
            continue
        base = base.rstrip("/")
        if path == base:
            return "."
        if base and path.startswith(base + "/"):
            return path[len(base) + 1 :]
    return path


def relative_in_text(text: str, bases: Sequence[str | None]) -> str:
    """Every path under a base inside `text` made relative ("Edit of /repo/a.py" -> "Edit of a.py")."""
    for base in bases:
        if base and base.rstrip("/"):
            text = text.replace(base.rstrip("/") + "/", "")
    return text


def clip_left(text: str, width: int) -> str:
    """The end of `text` in `width` characters ('…' first): what a path must keep."""
    if len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    return "…" + text[len(text) - width + 1 :]


def clip_right(text: str, width: int) -> str:
    if len(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    return text[: width - 1] + "…"
