"""A call whose arguments are wrapped over lines, read as the one line they make.

Formatters (black, prettier, rustfmt, google-java-format, gofmt) put a long call's arguments
one a line: `DriverManager.getConnection(\\n    url,\\n    "sa",\\n    "…");`, `HTTPBasicAuth(\\n
"bob",\\n    "…",\\n)`. Every rule that reads a call's literals (a login's password after its
user, an auth tuple, a constructor's credentials) reads one line, so the file as a Read shows it
would keep them. Such a call is joined into the line it stands for (its line breaks and their
indentation made one space, a trailing comma dropped), that line is read by every rule, and the
quoted literals it loses are marked where they stand in the text.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyPattern
from .whole_line import ready, redact_line

# The text must hold a call (or a tuple after `=`) opened at a line's end, or a line ending in a comma.
TRIGGERS = ("(\n", "(\r\n", ",\n", "[\n")
_LITERAL = LazyPattern(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'")
_BREAK = re.compile(r"[ \t]*\r?\n[ \t]*")
_AFTER_OPEN = re.compile(r"([(\[])[ \t]*\r?\n[ \t]*")
_FLAG_ITEM = re.compile(r"\n[ \t]*[\"']-")  # an item that is a flag, at a line's start
_BEFORE_CLOSE = re.compile(r",?[ \t]*\r?\n[ \t]*(?=[)\]}])")
# A wrapped call longer than this is a data literal or generated code, not a login.
_MOST_CHARS = 1200
_MOST_LINES = 24
_CLOSES = {")": "(", "]": "[", "}": "{"}
# What `_close` stops at; the characters between are skipped in one search.
_SIGNIFICANT = re.compile(r"[\"'`\n()\[\]{}]")


def _close(text: str, at: int) -> int:
    """Where the bracket opened at `at` closes, or -1: past the bounds, at a quote left open
    on its line (a triple-quoted or template string), or at a bracket of another kind."""
    stack: list[str] = []
    end = min(len(text), at + _MOST_CHARS)
    lines = 0
    i = at
    while (m := _SIGNIFICANT.search(text, i, end)) is not None:
        i = m.start()
        c = text[i]
        if c in "\"'":
            lit = _LITERAL.match(text, i)
            if lit is None:
                return -1
            i = lit.end()
            continue
        if c == "`":
            return -1
        if c == "\n":
            lines += 1
            if lines > _MOST_LINES:
                return -1
        elif c in "([{":
            stack.append(c)
        elif not stack or stack.pop() != _CLOSES[c]:
            return -1
        elif not stack:
            return i
        i += 1
    return -1


def _opens(text: str) -> list[int]:
    """Where a call (a name, a closing bracket before it), a tuple after `=` or a value's
    bracket after `:` opens at a line's end, or is left open on a line that ends in a comma
    (`connect("db", "app",` over `"…")`), in order. Found by C searches for the line ends that
    can hold one (a pattern of the character before would be tried at every character)."""
    found = []
    for needle in TRIGGERS[:2]:
        at = text.find(needle)
        while at != -1:
            j = at - 1
            while j >= 0 and text[j] in " \t":
                j -= 1
            if j >= 0 and (text[j].isalnum() or text[j] in "_])>=:"):
                found.append(at)
            at = text.find(needle, at + 1)
    at = text.find("[\n")
    while at != -1:
        j = at - 1
        while j >= 0 and text[j] in " \t":
            j -= 1
        # an array of a command's arguments, one a line (`"Cmd": [`, `args = [`): a flag among its items
        if j >= 0 and text[j] in ":=" and _FLAG_ITEM.search(text, at, at + _MOST_CHARS) is not None:
            found.append(at)
        at = text.find("[\n", at + 1)
    at = text.find(",\n")
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        if "(" in text[start:at]:
            opened = _left_open(text, start, at)
            if opened != -1:
                found.append(opened)
        at = text.find(",\n", at + 1)
    return sorted(set(found))


def _left_open(text: str, start: int, end: int) -> int:
    """The first `(` of `text[start:end]` (one line) that the line does not close, or -1."""
    opened: list[int] = []
    i = start
    while (m := _SIGNIFICANT.search(text, i, end)) is not None:
        i = m.start()
        c = text[i]
        if c in "\"'":
            lit = _LITERAL.match(text, i, end)
            if lit is None:
                return -1
            i = lit.end()
            continue
        if c == "(":
            opened.append(i)
        elif c == ")" and opened:
            opened.pop()
        i += 1
    return opened[0] if opened else -1


def _joined(span: str) -> str:
    return _BREAK.sub(" ", _BEFORE_CLOSE.sub("", _AFTER_OPEN.sub(r"\1", span)))


def redact_wrapped_calls(text: str) -> str:
    """Each literal a wrapped call's line loses, marked where it stands."""
    if not ready():
        return text
    out: list[str] = []
    pos = read_to = 0
    for paren in _opens(text):
        if paren < read_to:
            continue  # (inside a call already read: the outer call's line held it)
        close = _close(text, paren)
        if close == -1:
            continue
        read_to = close
        start = text.rfind("\n", 0, paren) + 1  # (the call's line: its name, what it is assigned to)
        span = text[start : close + 1]
        literals = list(_LITERAL.finditer(span))
        if not literals:
            continue
        line = _joined(span)
        done = redact_line(line)
        if done == line:
            continue
        kept = [d.group(0) for d in _LITERAL.finditer(done)]
        if len(kept) != len(literals):  # (a rule took more than one literal: each one it lost goes)
            kept = [x if x[1:-1] in done else x[0] + MARK + x[0] for x in (lit.group(0) for lit in literals)]
        for lit, new in zip(literals, kept, strict=True):
            if new != lit.group(0) and MARK in new and start + lit.start() >= pos:
                out.append(text[pos : start + lit.start()])
                out.append(new)
                pos = start + lit.end()
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, redact_wrapped_calls),)
