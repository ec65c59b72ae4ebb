"""Printed output read without the prefix a log collector puts on each of its lines.

`docker compose up` prints each service's output after its name and a bar (`jenkins-1  | `):
a heading that announces a secret and the secret on a later line are then read as if the
service had printed them alone, and the prefix is kept. A prefix counts where it starts two
lines or more, the same each time (a shell pipe's `ls | grep` is one line, not a service).
"""

from __future__ import annotations

from collections.abc import Callable

from .patterns import LazyPattern

_PREFIX = LazyPattern(r"[A-Za-z][\w.-]{0,62}[ \t]+\|(?:[ \t]|$)")


def read_unprefixed(text: str, read: Callable[[str], str]) -> str:
    """`read(text)`, where lines share a service's log prefix `read` of them without it."""
    if " |" not in text:
        return read(text)
    lines = text.split("\n")
    found = [_PREFIX.compiled().match(line) for line in lines]
    counts: dict[str, int] = {}
    for m in found:
        if m is not None:
            counts[m.group(0).rstrip()] = counts.get(m.group(0).rstrip(), 0) + 1
    shared = {p for p, n in counts.items() if n >= 2}
    if not shared:
        return read(text)
    cut = [m.end() if m is not None and m.group(0).rstrip() in shared else 0 for m in found]
    view = [line[k:] for line, k in zip(lines, cut, strict=True)]
    done = read("\n".join(view)).split("\n")
    if len(done) != len(lines):
        return read(text)  # (a reading that joined lines: the text as it is)
    return "\n".join(line[:k] + d for line, k, d in zip(lines, cut, done, strict=True))
