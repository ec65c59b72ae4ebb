"""Python: pytest, unittest (and Django's test runner), Django system checks, tracebacks.

- pytest: each section of FAILURES / ERRORS (failed test, error at setup or teardown, error
  collecting a module) as `<node id>: <message>`, the message being the first `E` line of
  the section's last `E` block (the exception raised last, for chained exceptions) plus the
  explanation pytest puts on later lines (`Differing items:`, `Left contains ...`, the
  `assert` under a custom assertion message, `pytest.approx`'s `comparison failed` report).
  Node ids come from the short summary, or
  from the section's first location; a doctest as `Expected: x; Got: y`. Sections cut off by Claude Code's truncation give way
  to the short summary lines (`FAILED id - message`). The count is pytest's `N failed, M errors`.
- unittest / `manage.py test`: each `FAIL:` / `ERROR:` block as `<test id>: <exception line>`.
- Django `SystemCheckError`: each issue under `ERRORS:` (`app.Model.field: (fields.E130) ...`);
  `makemigrations --check`: each `Migrations for 'app':` with the file and changes under it.
- A traceback: the exception line of the last traceback (the final exception of a chain),
  with `file:line` for a SyntaxError / IndentationError; an exception group as the group
  followed by its sub-exceptions.
"""

from __future__ import annotations

import itertools
import re

from context_keeper.failures import groups, shapes
from context_keeper.failures.continuation import continued
from context_keeper.failures.diffs import changed_lines
from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe, number

_PYTEST_BANNER_RE = re.compile(r"^={3,} (FAILURES|ERRORS) ={3,}$")
_PYTEST_END_RE = re.compile(
    r"^={3,} (?:short test summary info|warnings summary|.*\b(?:passed|failed|errors?|no tests ran)\b.*) ={3,}$|^-- Docs: "
)
_PYTEST_SECTION_RE = re.compile(r"^_{3,} (.+?) _{3,}$")
_PYTEST_SUMMARY_RE = re.compile(r"^(FAILED|ERROR) (.+?)(?: - (.*))?$")
_PYTEST_COUNT_RE = re.compile(r"\b(\d+) failed\b|\b(\d+) errors?\b")
_PYTEST_FINAL_RE = re.compile(
    r"^=*\s*(?:\d+ (?:failed|passed|errors?|skipped|xfailed|xpassed|warnings?|deselected)(?:, |\s|$))+.*\bin [\d.]+s\b"
)
_LOCATION_RE = re.compile(r"^(\S+?\.py):\d+: ")
_E_RE = re.compile(r"^E(?:\s+(.*)|$)")
_EXPLAIN_HEADERS = (
    "Differing items:",
    "Left contains",
    "Right contains",
    "Extra items in the left set:",
    "Extra items in the right set:",
)

_UNITTEST_RE = re.compile(r"^(FAIL|ERROR|UNEXPECTED SUCCESS): (\S+) \(([^)]+)\)(.*)$")
_UNITTEST_COUNT_RE = re.compile(r"^FAILED \((?:failures=(\d+))?(?:, )?(?:errors=(\d+))?")

_DJANGO_ISSUE_RE = re.compile(r"^(\S+): \((\w+\.E\d+)\) (.*)$")
_MIGRATIONS_RE = re.compile(r"^Migrations for '[\w.]+':$")
# A traceback's header, or the title of a panel drawn around its frames (`╭── Traceback (most recent call last) ──╮`).
_TRACEBACK_RE = re.compile(r"^\s*(?:[╭┏][─━]+ )?Traceback \(most recent call last\)(?::| [─━]+[╮┓])\s*$")
_FRAME_FILE_RE = re.compile(r'^\s*File "(.+)", line (\d+)')
_SYNTAX_RE = re.compile(r"^(SyntaxError|IndentationError|TabError)\b")
# A field of an exception's message on a line of its own, in brackets (`[SQL: SELECT 1]`).
_FIELD_RE = re.compile(r"^\[[A-Za-z][\w ]*: .*\]$")
_EXCEPTION_RE = re.compile(r"^([A-Za-z_][\w.]*)(?:: (.*))?$")
_RUNNER_SUMMARY_RE = re.compile(r"^(?:FAILED|ERROR) \S+::\S+")
_BARE_EXCEPTION_RE = re.compile(r"^[A-Za-z_][\w.]*:$")
_CHAIN_LINKS = ("During handling of the above exception", "The above exception was the direct cause")


def pytest(chunks: list[list[str]]) -> Found | None:
    summary: list[tuple[str, str]] = []  # (node id, message as printed in the short summary)
    sections: list[tuple[str, list[str]]] = []
    loose_e: list[str] = []
    for lines in chunks:
        in_report = False
        current: list[str] | None = None
        for line in lines:
            if _PYTEST_BANNER_RE.match(line):
                in_report, current = True, None
                continue
            if in_report and _PYTEST_END_RE.match(line):
                in_report, current = False, None
            m = _PYTEST_SUMMARY_RE.match(line)
            if m and not in_report and ("::" in m.group(2) or m.group(2).endswith(".py")):
                summary.append((m.group(2), m.group(3) or ""))
                continue
            if in_report:
                s = _PYTEST_SECTION_RE.match(line)
                if s and not s.group(1).startswith("_ _"):
                    current = []
                    sections.append((s.group(1), current))
                elif current is not None:
                    current.append(line)
            elif _E_RE.match(line):
                loose_e.append(line)
    if not sections and not summary:
        # `E` lines alone (the report cut by truncation) are pytest's only beside another of
        # its marks: green and others print `E   name` as progress.
        if not loose_e or not any(
            _LOCATION_RE.match(line) or _PYTEST_FINAL_RE.match(line) for line in all_lines(chunks)
        ):
            return None
        block = _e_blocks(loose_e)
        return Found([compose("", _e_message(block[-1]))]) if block else None
    ids = [node for node, _ in summary]
    messages: list[str] = []
    seen_ids: set[str] = set()
    for title, body in sections:
        node = _node_id(title, body, ids)
        parts = _section_message(body)
        if not parts:
            continue
        seen_ids.add(node)
        messages.append(compose(node, parts))
    # Without a tty pytest cuts summary lines at 80 columns ("ValueErro..."): an E line that
    # starts the same way, outside any section kept, says it whole.
    whole = [compose("", _e_message(block)) for block in _e_blocks(loose_e)]
    for node, text in summary:
        if node not in seen_ids:
            seen_ids.add(node)
            if text.endswith("...") and len(text) > 3:
                text = next((w for w in whole if w.startswith(text[:-3]) and len(w) > len(text) - 3), text)
            messages.append(compose(node, [text]) if text else node)
    return Found(dedupe(messages), _pytest_total(all_lines(chunks)))


def _pytest_total(lines: list[str]) -> int:
    for line in reversed(lines):
        if _PYTEST_FINAL_RE.match(line):
            return sum(int(a or b) for a, b in _PYTEST_COUNT_RE.findall(line))
    return 0


def _node_id(title: str, body: list[str], ids: list[str]) -> str:
    for prefix in ("ERROR collecting ", "ERROR at setup of ", "ERROR at teardown of "):
        if title.startswith(prefix):
            title = title[len(prefix) :]
            if prefix == "ERROR collecting ":
                return title
            break
    title = title.removeprefix("[doctest] ")
    name, bracket, params = title.partition("[")
    dotted = name.replace(".", "::") + bracket + params  # TestClass.test_x[1.5] -> TestClass::test_x[1.5]
    for node in ids:
        if node.endswith(("::" + dotted, "::" + title)):
            return node
    for line in body:
        m = _LOCATION_RE.match(line)
        if m:
            return f"{m.group(1)}::{dotted}"
        f = _FRAME_FILE_RE.match(line)  # --tb=native
        if f:
            return f"{f.group(1)}::{dotted}"
        if line.startswith("file ") and ", line " in line:  # "file /x/test_a.py, line 13" (fixture errors)
            return f"{line[5 : line.index(', line ')]}::{dotted}"
    return title


def _e_blocks(lines: list[str]) -> list[list[str]]:
    blocks: list[list[str]] = []
    previous = False
    for line in lines:
        m = _E_RE.match(line)
        if m:
            if not previous:
                blocks.append([])
            blocks[-1].append((m.group(1) or "").strip())
            previous = True
        else:
            previous = False
    return [b for b in blocks if any(b)]


def _e_message(block: list[str]) -> list[str]:
    block = [line for line in block if line]
    if not block:
        return []
    if len(block) > 1 and _BARE_EXCEPTION_RE.match(block[0]):
        block = [f"{block[0]} {block[1]}", *block[2:]]  # `AssertionError:` with its text below
    parts = [block[0]]
    if (
        block[0].startswith("AssertionError: ")
        and not block[0].startswith("AssertionError: assert ")
        and len(block) > 1
        and block[1].startswith("assert ")
    ):
        parts.append(block[1])
    for n, line in enumerate(block[1:], 1):
        if line.startswith("comparison failed"):  # pytest.approx: its report is the explanation
            return parts + block[n:]
        if line.startswith(_EXPLAIN_HEADERS) and len(parts) < 4:
            if line.endswith(":") and n + 1 < len(block):
                parts.append(line + " " + block[n + 1])
            else:
                parts.append(line)
        elif line.startswith("At index ") and " diff: " in line and len(parts) < 4:
            parts.append(line)
    if len(parts) == 1:  # no explanation of pytest's own: a snapshot's or file's diff may be
        parts += changed_lines(parts[0], block[1:])
    if len(parts) == 1:  # nor a diff: the exception's message goes on over the lines under it
        parts += continued(block[1:])
    return parts


def _section_message(body: list[str]) -> list[str]:
    blocks = _e_blocks(body)
    if blocks:
        return _e_message(blocks[-1])
    exc = _last_exception(body)  # --tb=native / --tb=short without E lines
    if exc:
        return [exc[1]]
    doctest = _doctest_parts(body)
    if doctest:
        return doctest
    # A collection error pytest words itself ("'slow' not found in `markers` ..."): its first line.
    first = next((line.strip() for line in body if line.strip() and not _LOCATION_RE.match(line)), "")
    return [first] if first else []


def _doctest_parts(body: list[str]) -> list[str]:
    """A doctest failure: `Expected: <value>; Got: <value>`."""
    parts = []
    for n, line in enumerate(body):
        if line.strip() in ("Expected:", "Got:") and n + 1 < len(body) and body[n + 1].strip():
            parts.append(f"{line.strip()} {body[n + 1].strip()}")
        elif line.startswith(("Expected nothing", "Got nothing")):
            parts.append(line.strip())
    return parts if len(parts) >= 2 else []


def unittest(chunks: list[list[str]]) -> Found | None:
    messages = []
    lines = all_lines(chunks)
    for lines_ in chunks:
        for n, line in enumerate(lines_):
            m = _UNITTEST_RE.match(line)
            if not m or n + 1 >= len(lines_) or not lines_[n + 1].startswith("---"):
                continue
            name, paren, extra = m.group(2), m.group(3), m.group(4).strip()
            test_id = paren if paren == name or paren.endswith("." + name) else f"{paren}.{name}"
            if extra:
                test_id += " " + extra
            body: list[str] = []
            for follow in lines_[n + 2 :]:
                if follow.startswith("=" * 20) or (follow.startswith("-" * 20) and body and not body[-1].strip()):
                    break
                body.append(follow)
            exc = _last_exception(body)
            if exc:
                messages.append(compose(test_id, [exc[1]]))
            elif m.group(1) == "UNEXPECTED SUCCESS":
                messages.append(compose(test_id, ["unexpected success"]))
            else:
                text = next((b.strip() for b in body if b.strip()), "")
                messages.append(compose(test_id, [text] if text else [m.group(1)]))  # the header's own word
    if not messages:
        return None
    return Found(dedupe(messages), number(_UNITTEST_COUNT_RE, lines))


def django_check(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    pending = _pending_migrations(lines)
    if pending:
        return Found(pending)
    if not any("SystemCheckError" in line or line.startswith("System check identified") for line in lines):
        return None
    messages = []
    for line in lines:
        m = _DJANGO_ISSUE_RE.match(line.strip())
        if m:
            messages.append(compose(m.group(1), [f"({m.group(2)}) {m.group(3)}"]))
    return Found(dedupe(messages)) if messages else None


def _pending_migrations(lines: list[str]) -> list[str]:
    """`makemigrations --check`: each app with model changes that have no migration yet."""
    out = []
    for n, line in enumerate(lines):
        if _MIGRATIONS_RE.match(line):
            parts = [line]
            for follow in lines[n + 1 : n + 6]:
                if not follow[:1].isspace() or not follow.strip():
                    break
                parts.append(follow.strip())
            out.append(compose("", parts))
    return out


def traceback(chunks: list[list[str]]) -> Found | None:
    # A program dies of one traceback (a chain prints its links under "During handling..." /
    # "The above exception..."): several apart, or one under a runner's `FAILED file::test`
    # summary, are a runner's report (unittest, green, nose2, pytest --tb=native under another
    # name), for the general method to read test by test.
    lines_all = all_lines(chunks)
    headers = sum(1 for line in lines_all if _TRACEBACK_RE.match(line))
    links = sum(1 for line in lines_all if line.startswith(_CHAIN_LINKS))
    if headers - links > 1 or any(_RUNNER_SUMMARY_RE.match(line) for line in lines_all):
        return None
    for lines in reversed(chunks):
        group = groups.exception_group(lines)
        if group:
            return Found(group)
        exc = _last_exception(lines)
        if exc:
            return Found([_logged(lines, exc[1]) or compose(exc[0], [exc[1]])])
    return None


def _logged(lines: list[str], exception: str) -> str:
    """The tool's own report of the exception (`[ERROR] message` logged before the traceback
    was dumped): the words it chose over the exception's class path."""
    message = exception.partition(": ")[2].strip()
    if len(message) < 10:
        return ""
    for line in lines:
        if _TRACEBACK_RE.match(line):
            return ""
        text = collapse(line)
        if text.endswith(message) and text != exception and not line[:1].isspace():
            return text
    return ""


def _last_exception(lines: list[str]) -> tuple[str, str] | None:
    """(where, exception line) of the last traceback in `lines`; where is set for syntax errors."""
    start = None
    for n in range(len(lines) - 1, -1, -1):
        if _TRACEBACK_RE.match(lines[n]):
            start = n
            break
    if start is None:
        # A SyntaxError needs no traceback header: `  File "x.py", line 2` / code / caret / error.
        for n in range(len(lines) - 1, -1, -1):
            if _SYNTAX_RE.match(lines[n]):
                for back in range(n - 1, max(n - 6, -1), -1):
                    f = _FRAME_FILE_RE.match(lines[back])
                    if f:
                        return f"{f.group(1)}:{f.group(2)}", collapse(lines[n])
                return None
        return None
    frame = ""
    for n in range(start + 1, len(lines)):
        line = lines[n]
        if not line.strip():
            continue
        f = _FRAME_FILE_RE.match(line)
        if f:
            frame = f"{f.group(1)}:{f.group(2)}"
            continue
        if line[:1].isspace() or line[:1] in "│┃╰┗":
            continue
        if _EXCEPTION_RE.match(line) or ": " in line:
            # (Fields the message goes on with, each in brackets: `[SQL: ALTER TABLE ...]`.)
            fields = [collapse(field) for field in itertools.takewhile(_FIELD_RE.match, lines[n + 1 :])]
            # (A message ending in `:` opens what follows, or, too long to carry, nothing.)
            said = _opened_message(line, lines[n + 1 :]) if line.rstrip().endswith(":") else _told_lines(lines[n + 1 :])
            text = compose("", [collapse(line), *fields, *said])
            return (frame if _SYNTAX_RE.match(text) else ""), text
        return None
    return None


_OPENED_LINES = 5


def _opened_message(line: str, rest: list[str]) -> list[str]:
    """The lines a message ending in `:` opens, up to a blank line (`...Exception: Git working
    directory is not clean:` / `M setup.py`): the message goes on with what it introduced."""
    if not line.rstrip().endswith(":"):
        return []
    said = list(itertools.takewhile(lambda s: s.strip() and not _TRACEBACK_RE.match(s), rest))
    return [collapse(s) for s in said] if len(said) <= _OPENED_LINES else []


# A pointer to documentation on a line of its own (`For further information visit https://...`):
# where to read more, not what failed.
_POINTER_RE = re.compile(r"^(?:for (?:further|more) \w+|see|visit|read more)\b.*\bhttps?://\S+$", re.IGNORECASE)
_TOLD_LINES = 12


def _labelled(line: str) -> bool:
    """`label: text` (a label holds no quote or bracket, as a sentence's value does) or `heading:`."""
    head, sep, _ = line.partition(": ")
    return line.rstrip().endswith(":") or (bool(sep) and not any(c in head for c in "\"'(["))


def _told_lines(rest: list[str]) -> list[str]:
    """An exception's message printed over several lines right under its first (pydantic's `3
    validation errors for Settings` / `field` / `  why [type=...]`): the lines up to a blank line
    or the output's end, when some are indented (the message's own structure: PyYAML's `while
    parsing a block mapping` / `  in "f.yml", line 1, column 1` / `expected <block end>, ...`)
    and none at the margin says something of its own (`make: *** ...`, another `Name: text`)."""
    # (A line under a log's time stamp ends it: the program going on, `[2026-11-28 10:00:00] INFO ...`.)
    said = list(
        itertools.takewhile(
            lambda s: s.strip() and not _TRACEBACK_RE.match(s) and not shapes.TIMESTAMP_RE.match(s), rest
        )
    )
    at_margin = [s for s in said if not s[:1].isspace()]
    if len(said) == len(at_margin) or any(map(_labelled, at_margin)) or any(s.startswith(_CHAIN_LINKS) for s in said):
        return []
    return [collapse(s) for s in said if not _POINTER_RE.match(s.strip())][:_TOLD_LINES]
