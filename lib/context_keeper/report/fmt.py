"""The forms the terminal and HTML reports share beyond text's (numbers, clipping, one relative
path): percentages of the window, a nice top for the y axis, paths under any of several bases."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..text import relative_path

DASH = "-"  # a value nobody recorded (an old record, a hook that did not run)


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


def relative_to_any(path: str, bases: Sequence[str | None]) -> str:
    """`path` relative to the first base it lies under (the repo, then the session's
    working directory); unchanged otherwise. Tables show the end of a path, which a cut
    absolute path would lose."""
    for base in bases:
        shown = relative_path(path, base)
        if shown != path:
            return shown
    return path


def relative_in_text(text: str, bases: Sequence[str | None]) -> str:
    """Every path under a base inside `text` made relative ("Edit of /repo/a.py" -> "Edit of a.py")."""
    for base in bases:
        if base and base.rstrip("/"):
            text = text.replace(base.rstrip("/") + "/", "")
    return text
