"""Printed output read without the prefix a log collector puts on each of its lines.

`docker compose up` prints each service's output after its name and a bar (`jenkins-1  | `):
a heading that announces a secret and the secret on a later line are then read as if the
service had printed them alone, and the prefix is kept. A prefix counts where it starts two
lines or more, the same each time (a shell pipe's `ls | grep` is one line, not a service).

A CI log puts a time stamp before each line instead (GitHub Actions' `2026-11-28T05:01:22.1203315Z `,
Jenkins' timestamper `[2026-11-28T05:02:10.318Z] `, a job's `[05:02:10] ` or `05:02:10 `): a stamp differs
from line to line, so its shape counts, on two lines or more; what a traced command (`+ terraform
output -raw …`) printed on the next stamped line is read as if nothing stood before them.
"""

from __future__ import annotations

from collections.abc import Callable

from .patterns import LazyPattern

SERVICE_SOURCE = r"[A-Za-z][\w.-]{0,62}[ \t]+\|"  # a service's name before its lines: `web  | `
# A date and time (ISO 8601, `T` or a space between; a fraction, a zone), or a time alone, bracketed or not.
STAMP_SOURCE = (
    r"(?:\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?\]?"
    r"|\[?\d\d:\d\d:\d\d(?:[.,]\d{1,9})?\]?)"
)
_PREFIX = LazyPattern(SERVICE_SOURCE + r"(?:[ \t]|$)")
_STAMP = LazyPattern(STAMP_SOURCE + r"[ \t]+(?=\S)")


def read_unprefixed(text: str, read: Callable[[str], str]) -> str:
    """`read(text)`, where lines share a service's log prefix or a log's time stamps `read`
    of them without it."""
    services = " |" in text
    # (a stamped log starts with a stamp, or with the command that printed it and a stamp on the
    # next line: two tests, not a scan of a long text)
    stamps = _STAMP.match(text) is not None or _STAMP.match(text, text.find("\n") + 1) is not None
    if not services and not stamps:
        return read(text)
    lines = text.split("\n")
    cut = [0] * len(lines)
    if services:
        prefix = _PREFIX.compiled()
        # (a line without a bar holds no prefix: one substring test, not a match, for most lines)
        found = [prefix.match(line) if "|" in line else None for line in lines]
        counts: dict[str, int] = {}
        for m in found:
            if m is not None:
                counts[m.group(0).rstrip()] = counts.get(m.group(0).rstrip(), 0) + 1
        shared = {p for p, n in counts.items() if n >= 2}
        cut = [m.end() if m is not None and m.group(0).rstrip() in shared else 0 for m in found]
    if stamps:
        stamped = [_STAMP.match(line, k) for line, k in zip(lines, cut, strict=True)]
        if sum(m is not None for m in stamped) >= 2:
            cut = [k if m is None else m.end() for k, m in zip(cut, stamped, strict=True)]
    if not any(cut):
        return read(text)
    view = [line[k:] for line, k in zip(lines, cut, strict=True)]
    done = read("\n".join(view)).split("\n")
    if len(done) != len(lines):
        return read(text)  # (a reading that joined lines: the text as it is)
    return "\n".join(line[:k] + d for line, k, d in zip(lines, cut, done, strict=True))
