"""How a section's items become lines: bullets, indented, plain, several to a line, files by
directory. Each layout maps the items shown (in display order) to the section's lines."""

from __future__ import annotations

import os
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
