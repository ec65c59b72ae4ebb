"""Short forms of text: clipped to a length with '…', folded to one line, first lines, and
lists without repeats — one set of helpers for the model, summaries, blocks and tables."""

from __future__ import annotations

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
    return text if len(text) <= cap else text[: cap - 1] + ELLIPSIS


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
