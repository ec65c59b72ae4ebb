"""How a section's items become lines: bullets, indented, plain, several to a line, files by
directory. Each layout maps the items shown (in display order) to the section's lines."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Sequence

Layout = Callable[[Sequence[str]], list[str]]


def bullets(items: Sequence[str]) -> list[str]:
    return [f"- {item}" for item in items]


def indented(items: Sequence[str]) -> list[str]:
    return [f"  {item}" for item in items]


def plain(items: Sequence[str]) -> list[str]:
    return list(items)


def inline(items: Sequence[str]) -> list[str]:
    """Short items several to a line (about 100 characters), for long lists of names."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(item) + 2 <= 100:
            lines[-1] += f"; {item}"
        else:
            lines.append(f"- {item}")
    return lines


def grouped(head: re.Pattern[str]) -> Layout:
    """Items that follow each other with the same head (group 1 of `head`, which matches
    up to the ': ' after it): the head once, on a line of its own, and what follows it in
    each item as nested bullets. An item alone, or without a head, stays one bullet."""

    def layout(items: Sequence[str]) -> list[str]:
        lines: list[str] = []
        n = 0
        while n < len(items):
            m = head.match(items[n])
            end = n + 1
            while m and end < len(items) and (other := head.match(items[end])) and other.group(1) == m.group(1):
                end += 1
            if m and end - n > 1:
                lines.append(f"- {m.group(1)}:")
                lines += [f"  - {item[len(m.group(0)) :]}" for item in items[n:end]]
            else:
                lines.append(f"- {items[n]}")
            n = end
        return lines

    return layout


def files_layout(full: int) -> Layout:
    """The `full` most recent paths one per line, then the rest grouped by directory
    (groups in order of their most recent file): hundreds of paths in a few lines."""

    def layout(paths: Sequence[str]) -> list[str]:
        lines = [f"- {p}" for p in paths[:full]]
        groups: dict[str, list[str]] = {}
        for path in paths[full:]:
            head, name = os.path.split(path)
            groups.setdefault(head, []).append(name or path)
        for head, names in groups.items():
            if len(names) == 1:
                lines.append(f"- {os.path.join(head, names[0]) if head else names[0]}")
            else:
                lines.append(f"- {head.rstrip('/') + '/' if head else './'}: {', '.join(names)}")
        return lines

    return layout
