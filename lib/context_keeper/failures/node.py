"""Node.js tools outside test runners: tsc, eslint, uncaught errors, npm / pnpm.

- tsc: each `error TSnnnn` diagnostic line, plain (`file(l,c): error TS...`) or pretty
  (`file:l:c - error TS...`); count from `Found N errors`.
- eslint: each error of the stylish format as `file:line:col: error message rule` (warnings
  only when there is no error), or of the compact format; count from `✖ N problems (X errors`.
- An uncaught error: the last `SomeError: message` line followed by its stack (`    at ...`),
  with the changed lines of an assert's diff printed between the two.
- npm: `npm error code EXXX` with the line that explains it, or the first `npm error` line;
  nothing for a failed lifecycle script (the script's own output says why). pnpm:
  `ERR_PNPM_* message`.
"""

from __future__ import annotations

import itertools
import re

from context_keeper.failures import jsonlist, shapes
from context_keeper.failures.jstest import assertion_parts
from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe, number

_TSC_RE = re.compile(r"^(?:\S.*?\(\d+,\d+\): |\S.*?:\d+:\d+ - )?error (TS\d+): .+$")
_TSC_COUNT_RE = re.compile(r"^Found (\d+) errors?\b")

_ESLINT_ROW_RE = re.compile(r"^\s+(\d+):(\d+)\s+(error|warning)\s+(.+?)\s*$")
_ESLINT_COMPACT_RE = re.compile(r"^(\S.*?): line (\d+), col (\d+), (Error|Warning) - (.+)$")
_ESLINT_COUNT_RE = re.compile(r"^✖ \d+ problems? \((\d+) errors?")
_ESLINT_CLEAN_RE = re.compile(r"^✖ \d+ problems?\b|^ESLint found too many warnings")

_NODE_ERROR_RE = re.compile(r"^(?:Uncaught )?\[?((?:[A-Z][\w$]*)?(?:Error|Exception)(?: \[[A-Z_0-9]+\])?): (.+?)\]?$")
_CARET_RE = re.compile(r"^[\s~-]*\^[\s~^-]*$")
# A caret drawn in a gutter under an excerpt (`   :      ^^^^`, `  |   ^`), as compilers draw them.
_DRAWN_CARET_RE = re.compile(r"^\s*[:|│]\s*\^+[\s~^-]*$")
_STACK_RE = re.compile(r"^\s+at \S")
# How far below an error line its stack may start: node prints an assert's diff in between.
_MESSAGE_LINES = 40
_OPENERS = ("[", "{", "(")  # the first line of a value printed over many lines says nothing

_NPM_RE = re.compile(r"^(npm (?:error|ERR!))(?: (.*))?$")
_NPM_CODE_RE = re.compile(r"^code (E[A-Z0-9_]+)$")
_NPM_META_RE = re.compile(
    r"^(?:errno|syscall|path|code|command|workspace|location|signal|cwd|A complete log|Log files were not written)\b|^\d+$|^$"
)
_NPM_WRAPPER_RE = re.compile(
    r"^(?:Lifecycle script .* failed|code ELIFECYCLE|code \d+$|command failed|Failed at the .* script)"
)
_PNPM_RE = re.compile(r"^\s*(ERR_PNPM_\w+)\s+(.+)$")


def tsc(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    messages = [collapse(line) for line in lines if _TSC_RE.match(line)]
    if not messages:
        return None
    return Found(dedupe(messages), number(_TSC_COUNT_RE, lines))


def eslint(chunks: list[list[str]]) -> Found | None:
    errors: list[str] = []
    warnings: list[str] = []
    stylish = False
    for lines in chunks:
        current = ""
        for line in lines:
            if line and not line[0].isspace():
                c = _ESLINT_COMPACT_RE.match(line)
                if c:
                    where = f"{c.group(1)}:{c.group(2)}:{c.group(3)}"
                    (errors if c.group(4) == "Error" else warnings).append(
                        compose(where, [f"{c.group(4).lower()} {c.group(5)}"])
                    )
                    continue
                current = line.strip()
                continue
            r = _ESLINT_ROW_RE.match(line)
            if r and current:
                stylish = True
                # compose keeps a long path's end (a header line taken for one can be long)
                text = compose(f"{current}:{r.group(1)}:{r.group(2)}", [f"{r.group(3)} {r.group(4)}"])
                (errors if r.group(3) == "error" else warnings).append(text)
    messages = errors or warnings
    counted = any(_ESLINT_COUNT_RE.match(line) or _ESLINT_CLEAN_RE.match(line) for line in all_lines(chunks))
    if not messages or (stylish and not counted):
        # Rows under a file header without eslint's `✖ N problems` are another linter's
        # (remark, textlint, yamllint print the same layout): the general method reads them.
        return None
    return Found(dedupe(messages), number(_ESLINT_COUNT_RE, all_lines(chunks)) if errors else 0)


def uncaught(chunks: list[list[str]]) -> Found | None:
    for lines in reversed(chunks):
        for n in range(len(lines) - 1, -1, -1):
            m = _NODE_ERROR_RE.match(lines[n])
            if not m:
                continue
            end = min(n + _MESSAGE_LINES, len(lines))
            stack = next((k for k in range(n + 1, end) if _STACK_RE.match(lines[k])), 0)
            if stack and any(_CARET_RE.match(line) for line in lines[n + 1 : stack]):
                # A source excerpt and its caret under the message (a parser's report, as
                # jsonlint prints it): not node's, the general method reads excerpts.
                return None
            if stack and any(_DRAWN_CARET_RE.match(line) for line in lines[:n]):
                # A report drawn with carets above the throw (a compiler's diagnostics, then
                # `Error: Failed to compile: a.ts`): the tool's own findings, the throw its
                # wrap-up; the general method reads them.
                return None
            listed = jsonlist.records([shapes.Line(s) for s in lines[n:]]) if m.group(2) == "[" else []
            if listed:
                # (An error whose message is a JSON list of issues, zod's: one failure each.)
                return Found(listed)
            located = [line.strip() for line in lines[n + 1 : stack] if line.strip()]
            if stack and m.group(2).endswith(":") and located and all(map(shapes.LOC_START_RE.match, located)):
                # A wrapper's error over the findings it collects (ts-node's `TSError: ⨯ Unable
                # to compile TypeScript:` over `src/a.ts(3,41): error TS2322: ...` lines): each
                # finding is a failure, the wrapper's words are its wrap-up.
                return Found([collapse(line) for line in located])
            if stack:
                # A message over several lines (an assert's `a !== b`, its diff's changed values).
                values = [p for p in assertion_parts(lines[n:stack])[1:] if p not in _OPENERS]
                values = values or _message_lines(lines[n + 1 : stack])
                parts = [f"{m.group(1)}: {m.group(2)}", *values, *_own_cause(lines, stack, m.group(2))]
                return Found([*_reported_before(lines, n), compose("", parts)])
    return _thrown_value(all_lines(chunks))


# The error's own cause among the properties node prints in braces after its stack, at the
# braces' first depth (`  [cause]: Error: connect ECONNREFUSED ...`); a cause deeper in is a
# property's (an inner error's), not the thrown error's.
_OWN_CAUSE_RE = re.compile(r"^  \[cause\]: (\S.*)$")
_PROPERTIES_LOOKED_AT = 200


def _own_cause(lines: list[str], stack: int, message: str) -> list[str]:
    """`[cause]: Error: why` when the error thrown carries an error as its cause (fetch's
    `TypeError: fetch failed`, whose reason is only there); none when the cause's message is
    the thrown error's `message` again (a driver's error wrapping the socket's)."""
    last = stack
    while last + 1 < len(lines) and _STACK_RE.match(lines[last + 1]):
        last += 1
    if not lines[last].endswith(" {"):
        return []
    for line in lines[last + 1 : last + 1 + _PROPERTIES_LOOKED_AT]:
        if line.startswith("}"):
            break
        c = _OWN_CAUSE_RE.match(line)
        cause = _NODE_ERROR_RE.match(c.group(1).rstrip(" {")) if c else None
        if cause:
            return [] if cause.group(2) in message else [f"[cause]: {cause.group(0)}"]
    return []


_MESSAGE_MOST = 3  # the most lines at the margin a message goes on over before its stack
# What to do (`To treat it as a CommonJS script, rename it to use the '.cjs' file extension.`).
_TOLD_TO = re.compile(r"\bTo [^.;:]{3,80}, (?:rename|use|run|add|set|install|try|pass|remove|change)\b").search


def _message_lines(lines: list[str]) -> list[str]:
    """A message that goes on at the margin between its first line and its stack (graphql's
    messages joined by blank lines): node prints an error's whole message above its frames. A
    longer text there (a listing, a `Require stack:`) or a place (`at src/app.ls`) is not."""
    said = [line for line in lines if line.strip()]
    if len(said) > _MESSAGE_MOST or any(
        s[:1].isspace() or s.startswith("at ") or s.rstrip().endswith(":") or _TOLD_TO(s) for s in said
    ):
        return []
    return [collapse(s) for s in said]


def _reported_before(lines: list[str], n: int) -> list[str]:
    """What the program reported as an error right before it threw (`[MSW] Error: ...:` over the
    item it names), above the throw's place, code and caret over the exception at `n`: a failure
    too. The report stands in a paragraph of its own (a blank line or the throw's place under it)."""
    site = n - 1
    while site >= 0 and not lines[site].strip():
        site -= 1
    if site < 2 or not _CARET_RE.match(lines[site]) or not _THROW_PLACE_RE.search(lines[site - 2]):
        return []
    above = lines[: site - 2]
    said = next((k for k in range(len(above) - 1, -1, -1) if _REPORTED_RE.match(above[k])), None)
    if said is None:
        return []
    parts, after = [above[said]], above[said + 1 :]
    if parts[0].rstrip().endswith(":"):
        rest = list(itertools.dropwhile(lambda s: not s.strip(), after))
        opened = list(itertools.takewhile(lambda s: bool(s.strip()), rest))
        parts, after = parts + opened[:_OPENED_LINES], rest[len(opened) :]
    if after and after[0].strip():
        return []  # (the program's output goes on right under it: an error it logged and went past)
    return [compose("", [" ".join(collapse(p) for p in parts)])]


# An error node prints in brackets over its properties (`[Error [ValidationError]: x] {`,
# `[7:23: Unexpected end of file] {`): one whose stack holds no frames, so its text is all it says.
_BRACKETED_RE = re.compile(r"^\[(\S.*)\](?: \{)?$")
_THROW_PLACE_RE = re.compile(r":\d+$")
# An error a program reports at the margin before it throws (`[MSW] Error: ...`, `Error: ...`).
_OPENED_LINES = 5  # the most lines a report ending in `:` opens
_REPORTED_RE = re.compile(r"^(?:\[[\w .-]+\] )?(?:[A-Z]\w*)?Error: \S")


def _thrown_value(lines: list[str]) -> Found | None:
    """The error node reports uncaught under the throw's place, code and caret, printed in
    brackets (no stack follows it): its text, the brackets left out."""
    for n, line in enumerate(lines):
        if not _CARET_RE.match(line) or n < 2 or not _THROW_PLACE_RE.search(lines[n - 2]):
            continue
        after = next((s for s in lines[n + 1 : n + 4] if s.strip()), "")
        m = _BRACKETED_RE.match(after)
        if m:
            return Found([collapse(m.group(1))])
    return None


def npm(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    entries = [(m.group(1), (m.group(2) or "").strip()) for m in map(_NPM_RE.match, lines) if m]
    if not entries:
        pnpm = [f"{m.group(1)} {collapse(m.group(2))}" for m in map(_PNPM_RE.match, lines) if m]
        return Found(dedupe(pnpm)) if pnpm else None
    if any(_NPM_WRAPPER_RE.match(text) for _, text in entries):
        return None
    for n, (prefix, text) in enumerate(entries):
        c = _NPM_CODE_RE.match(text)
        if c:
            return Found([compose(f"{prefix} code {c.group(1)}", [_paragraph(entries[n + 1 :])])])
    for k, (prefix, text) in enumerate(entries):
        if not _NPM_META_RE.match(text):
            return Found([compose("", [f"{prefix} {_paragraph(entries[k:])}"])])
    return None


def _paragraph(entries: list[tuple[str, str]]) -> str:
    """The first run of explaining lines, unwrapped (npm wraps its messages at 80 columns)."""
    out: list[str] = []
    for _, text in entries:
        if _NPM_META_RE.match(text):
            if out:
                break
            continue
        out.append(text)
        if text.endswith((".", "!", "?")):  # a sentence ends: the next line is not a wrap of it
            break
    return " ".join(out)
