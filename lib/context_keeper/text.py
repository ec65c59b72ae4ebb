"""Short forms of text: clipped to a length with '…' (keeping the start, or the end of a path),
folded to one line, first lines, lists without repeats, whole numbers with thousands separators
and paths relative to a repository — one rule each for the model, summaries, blocks, reports and
tables."""

from __future__ import annotations

import os

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TypeVar

    T = TypeVar("T")

ELLIPSIS = "…"
# How much of one text (a prompt, an assistant text, a tool's output) is scanned for names,
# decisions and error lines: a 50 MB paste must not cost seconds of regex time per call.
SCAN_CHARS = 64 * 1024


def clip(text: str, cap: int) -> str:
    """`text` if it has at most `cap` characters, else its first cap-1 and '…'."""
    if len(text) <= cap:
        return text
    return text[: cap - 1] + ELLIPSIS if cap > 1 else ELLIPSIS[: max(cap, 0)]


def clip_start(text: str, cap: int) -> str:
    """`text`, or '…' and its last cap-1 characters: a path keeps its file name."""
    if len(text) <= cap:
        return text
    return ELLIPSIS + text[len(text) - cap + 1 :] if cap > 1 else ELLIPSIS[: max(cap, 0)]


def number(value: int | None) -> str:
    """A whole number with thousands separators (12,345); '-' when nobody recorded it."""
    return "-" if value is None else f"{value:,}"


def relative_path(path: str, root: str | os.PathLike[str] | None) -> str:
    """`path` relative to `root` when it lies under it ("." for the root itself); any other
    path, and a relative one, unchanged. A table or a line that shows the end of a path then
    shows the part that matters."""
    if not root or not os.path.isabs(path):
        return path
    base = os.path.normpath(os.fspath(root))
    norm = os.path.normpath(path)
    if norm == base:
        return "."
    prefix = base if base.endswith(os.sep) else base + os.sep
    return norm[len(prefix) :] if norm.startswith(prefix) else path


def folded(text: str, cap: int) -> str:
    """Every run of whitespace (newlines included) folded to one space, then clipped."""
    return clip(" ".join(text.split()), cap)


def one_line(text: str, cap: int) -> str:
    """`text` verbatim (stripped) when it is one line, else folded; clipped either way."""
    if "\n" in text or "\r" in text:
        text = " ".join(text.split())
    return clip(text.strip(), cap)


def first_line(text: str, cap: int) -> str:
    """The first non-blank line among the first SCAN_CHARS characters, stripped and clipped."""
    for line in text[:SCAN_CHARS].splitlines():
        line = line.strip()
        if line:
            return clip(line, cap)
    return ""


def unique(items: Iterable[T], cap: int, skip_empty: bool = False) -> list[T]:
    """The first `cap` distinct items, in order (without empty ones, if asked)."""
    out: list[T] = []
    for item in items:
        if (item or not skip_empty) and item not in out:
            out.append(item)
            if len(out) == cap:
                break
    return out
