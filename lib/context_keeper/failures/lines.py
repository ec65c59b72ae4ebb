"""The text every recogniser reads, and the one way messages are written.

`pieces(output)` turns a Bash tool_result into pieces of plain lines: the `Exit code N` line
and `<tool_use_error>` tags dropped, ANSI escapes removed, a carriage-return progress line
reduced to what the terminal last showed, and the output split where Claude Code cut it
(`... [N characters truncated] ...`): the head and the tail are separate pieces, so no
message is ever glued together across the cut. Only the two ends of a huge output and the
start of a huge line are read. `compose` writes one failure as one line.
"""

from __future__ import annotations

import re

from context_keeper.records import record

# A hook reads outputs of 30,000 characters and, from other sources, of megabytes: only this
# much of each end is scanned (the first complaint is at the start, the verdict at the end).
SCAN_CHARS = 64 * 1024
LINE_CAP = 300
WHERE_CAP = 120
# What of one line the recognisers read: a message is at most LINE_CAP long anyway, and a
# minified bundle's 60,000-character line must not cost a regex pass of that length apiece.
LINE_SCAN = 1000

_ANSI_RE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]"  # CSI: colours, cursor moves, erase line
    r"|\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC: titles, hyperlinks
    r"|[()*+][0-9A-Za-z]"  # charset designation (terminfo's sgr0 ends in ESC ( B)
    r"|[@-Z\\^_])"  # other two-character escapes
    r"|\x9b[0-?]*[ -/]*[@-~]"
)
# An escape the output was cut inside of (`...\x1b[` at its end): no sequence left to remove.
_PARTIAL_ESC_RE = re.compile(r"\x1b\[?[0-?]*(?=\n|$)")
# The newlines before the marker are taken from the start of their run only: tried from each
# newline of a long run of blank lines, a leading `\n*` costs time quadratic in the run.
_CUT_RE = re.compile(r"(?:(?<!\n)\n+)?\.\.\. \[\d+ characters truncated\] \.\.\.\n*")
_EXIT_RE = re.compile(r"^(?:Error: )?Exit code -?\d+\s*$")
# A CI annotation (`::error file=a.py,line=1,col=8::a.py:1:8: F401 ...%0A  help: ...`): the
# workflow command and its properties (where `:` is written `%3A`, so the first `::` ends them)
# are for the CI's page, its text is the tool's line, with newlines written `%0A`.
_ANNOTATION_RE = re.compile(r"^::(?:error|warning|notice|debug)(?: [^:\n]*)?::(.*)$", re.MULTILINE)
_ANNOTATION_ESCAPES = (("%0D", ""), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%"))
_SPACES_RE = re.compile(r"\s+")


@record
class Found:
    """What one recogniser made of an output: its messages in output order, and the number
    of failures the tool itself reports (0: unknown), which may exceed the messages seen."""

    messages: list[str]
    total: int = 0


def pieces(output: str) -> list[list[str]]:
    if len(output) > 2 * SCAN_CHARS:
        output = output[:SCAN_CHARS] + "\n\n... [0 characters truncated] ...\n\n" + output[-SCAN_CHARS:]
    if "<tool_use_error>" in output:
        output = output.replace("<tool_use_error>", "").replace("</tool_use_error>", "")
    if "\x1b" in output or "\x9b" in output:
        output = _PARTIAL_ESC_RE.sub("", _ANSI_RE.sub("", output))
    if "::" in output:
        output = _ANNOTATION_RE.sub(_annotated_text, output)
    chunks = _CUT_RE.split(output)
    out = []
    for n, chunk in enumerate(chunks):
        lines = chunk.split("\n")
        # The cut falls anywhere in a line: a half line could read as a wrong message
        # ("expected 12" of "expected 1234"), so the line on each side of a cut goes.
        if n > 0:
            del lines[:1]
        if n < len(chunks) - 1:
            del lines[-1:]
        if n == 0:
            # (Sliced once: deleting leading blank lines one by one is quadratic in their number.)
            del lines[: next((k for k, line in enumerate(lines) if line.strip()), len(lines))]
            if lines and _EXIT_RE.match(lines[0]):
                del lines[0]
        out.append([_last_frame(line[: 4 * LINE_SCAN])[:LINE_SCAN].rstrip() for line in lines])
    return out


def _annotated_text(m: re.Match[str]) -> str:
    text = m.group(1)
    for escaped, plain in _ANNOTATION_ESCAPES:
        text = text.replace(escaped, plain)
    return text


def _last_frame(line: str) -> str:
    """What a terminal shows of a line rewritten with carriage returns (progress bars)."""
    if "\r" not in line:
        return line
    frames = [f for f in line.split("\r") if f.strip()]
    return frames[-1] if frames else ""


def collapse(text: str) -> str:
    return _SPACES_RE.sub(" ", text).strip()


def join(parts: list[str]) -> str:
    """Parts of one message: after a part ending in ':' a space, otherwise '; '."""
    out = ""
    for part in parts:
        part = collapse(part)
        if not part:
            continue
        if not out:
            out = part
        else:
            out += (" " if out.endswith(":") else "; ") + part
    return out


def shorten(text: str, room: int) -> str:
    if len(text) <= room:
        return text
    return text[: max(room - 1, 0)].rstrip() + "…"


def compose(where: str, parts: list[str], cap: int = LINE_CAP) -> str:
    """`where: message; detail; ...` in at most `cap` characters: a long test id or path keeps
    its end (the file and test names), a long message keeps its start and room for details."""
    where = collapse(where)
    if len(where) > WHERE_CAP:
        where = "…" + where[-(WHERE_CAP - 1) :]
    main = collapse(parts[0]) if parts else ""
    rest = join(parts[1:]) if len(parts) > 1 else ""
    head = (where + (" " if where.endswith(":") else ": ")) if where and main else where
    room = cap - len(head)
    if len(main) + (len(rest) + 2 if rest else 0) <= room:
        return head + (join([main, rest]) if rest else main)
    if rest:
        keep = min(len(main), max(room // 2, room - len(rest) - 2))
        main = shorten(main, keep)
        return head + shorten(join([main, rest]) if main else rest, room)
    return head + shorten(main, room)


# A place in parentheses at a message's end (` (/lib/x/extract.py:297)`): where a logger was
# called from, printed after a message that is also given without it.
_LOGGED_AT_RE = re.compile(r" \((?:/|\.{0,2}/)?[^\s():]+:\d+\)$")


def dedupe(messages: list[str]) -> list[str]:
    """Each message once; a message given again with the place it was logged from appended
    is the same message, kept as said without it."""
    seen: set[str] = set()
    out = []
    for m in messages:
        if _LOGGED_AT_RE.search(m) and _LOGGED_AT_RE.sub("", m) in messages:
            continue
        if m and m not in seen:
            seen.add(m)
            out.append(m)
    return out


def number(pattern: re.Pattern[str], lines: list[str]) -> int:
    """The first integer group of the last line matching `pattern` (a tool's failure count)."""
    for line in reversed(lines):
        m = pattern.search(line)
        if m:
            return sum(int(g) for g in m.groups() if g and g.isdigit())
    return 0


def all_lines(chunks: list[list[str]]) -> list[str]:
    return [line for chunk in chunks for line in chunk]
