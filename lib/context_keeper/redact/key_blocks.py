"""A private key block's body: what stands between its BEGIN line and its END line goes.

The body is base64 over lines (or escaped `\\n`s in a string), with a PEM's header fields; a key
printed in a log has each of its lines after the log's prefix (a time stamp, a service's name).
A block with no key material (`key omitted`) is kept; one cut off before its END line loses
what it has.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .log_prefixes import SERVICE_SOURCE, STAMP_SOURCE
from .patterns import MARK, LazyPattern, LazyRule

_B64_RUN = LazyPattern(r"[A-Za-z0-9+/=]{12,}")
# (A key printed in a log has each line after the log's prefix, a time stamp or a service's name.)
_KEY_BODY = LazyPattern(
    r"(?:\n[ \t]*(?:" + STAMP_SOURCE + "|" + SERVICE_SOURCE + r")[ \t]*"
    r"|\\[nr]|[A-Za-z0-9+/=\s]|(?:Proc-Type|DEK-Info|Comment|Version|Charset|Hash):[^\n\\]*)*"
)


def _pem_sub(m: re.Match[str]) -> tuple[str, int]:
    """A private key (or seed) block: the body goes; the BEGIN/END lines stay so the reader sees
    what it was. (The replacement, and where the block ends.)"""
    text = m.string
    body = _KEY_BODY.match(text, m.end())
    stop = body.end() if body else m.end()
    if body is None or _B64_RUN.search(body.group(0)) is None:
        return m.group(0), m.end()  # `-----BEGIN RSA PRIVATE KEY-----\nkey omitted\n…`: no key material
    end_marker = f"-----END {m.group('kind')}{m.group('what')}{m.group('blk')}-----"
    end_at = stop + (text[stop : stop + 6] == "------")  # (NATS writes its lines with six dashes)
    if text.startswith(end_marker, end_at):
        after = end_at + len(end_marker)
        after += text.startswith("-", after)
        return m.group(0) + MARK + text[stop:after], after
    if sum(c.isalnum() for c in body.group(0)) >= 16:
        return m.group(0) + MARK, stop  # a key cut off before its END line
    return m.group(0), m.end()


def pem_rule(lazy: LazyRule) -> Callable[[str], str]:
    """PEM needs the text after the header, so it runs as its own loop instead of `sub`."""

    def run(text: str) -> str:
        out: list[str] = []
        pos = 0
        for m in lazy.pattern.finditer(text):
            if m.start() < pos:
                continue
            replaced, end = _pem_sub(m)
            out += (text[pos : m.start()], replaced)
            pos = end
        out.append(text[pos:])
        return "".join(out)

    return run
