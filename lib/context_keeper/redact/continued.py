"""A command continued over lines with a trailing backslash, read as the line it makes.

Shells, Dockerfiles and Makefiles continue a line after `\\`; a long command is written one
argument a line, and a value can land on the line after its name: `export DB_PASSWORD=\\` then
`  …`, `--admin-password \\` then `  …`, `curl -u \\` then `  admin:…`. The line rules read a
continued command as one line but see the backslash, the newline and the indentation between a
name and its value. Here each continued command is joined (after `=` or `:` the break goes, with
its indentation: the value follows its name; elsewhere it is one space), the joined line is read
by every rule, and each word the joined line loses is marked where it stands.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK
from .whole_line import redact_line

TRIGGERS = ("\\\n",)
_BREAK = re.compile(r"\\\r?\n[ \t]*")
_MOST_CHARS = 4000  # a longer command is generated text, read as its lines are
_WORD = re.compile(r"(?:[^\s\\]|\\(?!\n))+")  # (not the backslash that continues the line)
_OPENERS = "\"'(["
_CLOSERS = "\"')],;"


def _joined(span: str) -> str:
    return _BREAK.sub(lambda m: "" if m.start() and span[m.start() - 1] in "=:" else " ", span)


def _marked(word: str, done: str) -> str:
    """`word` with what the joined line took of it marked: its quotes and brackets kept, and
    the start the joined line kept before its mark (`admin:…`, `-p…`)."""
    lead = len(word) - len(word.lstrip(_OPENERS))
    trail = len(word) - len(word.rstrip(_CLOSERS))
    core = word[lead : len(word) - trail]
    head = next((core[:k] for k in range(min(len(core) - 1, 40), 0, -1) if core[:k] + MARK in done), "")
    return word[:lead] + head + MARK + word[len(word) - trail :]


def redact_continued(text: str) -> str:
    """Each word a continued command's joined line loses, marked where it stands."""
    out: list[str] = []
    pos = 0
    at = text.find("\\\n")
    while at != -1:
        start = text.rfind("\n", 0, at) + 1
        end = text.find("\n", at + 2)
        while end != -1 and text[end - 1] == "\\" and end - start <= _MOST_CHARS:
            end = text.find("\n", end + 1)  # (the next line is continued too)
        end = len(text) if end == -1 else end
        if end - start <= _MOST_CHARS:
            pieces = _lost_words(text[start:end])
            if pieces:
                out += [text[pos:start], *pieces]
                pos = end
        at = text.find("\\\n", end)
    if not out:
        return text
    out.append(text[pos:])
    return "".join(out)


def _lost_words(span: str) -> list[str]:
    """`span` (one continued command) in pieces, the words its joined line loses marked; [] when none is."""
    line = _joined(span)
    done = redact_line(line)
    if done == line:
        return []
    pieces: list[str] = []
    last = 0
    for m in _WORD.finditer(span):
        w = m.group(0)
        if MARK not in w and w not in done:
            pieces += [span[last : m.start()], _marked(w, done)]
            last = m.end()
    return [*pieces, span[last:]] if pieces else []


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, redact_continued),)
