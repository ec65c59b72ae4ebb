"""JavaScript test runners: jest, vitest, mocha, node --test (TAP and spec reporters).

- jest: each `● <title>` block as `<title>: <message>` (the matcher line, then its
  `Expected:` / `Received:` lines or the changed lines of its diff); a suite that failed to
  run as `<test file>: <error>`; an unmet coverage threshold. Count from `Tests: N failed`.
- vitest: each ` FAIL  <file> > <suite> > <test>` block as `<that header>: <error line>`.
  Count from `Tests  N failed`.
- mocha: each numbered failure after `N failing` as `<suite> <test>: <error>`.
- node --test: each `not ok` test (TAP) or `✖` test (spec) with its error, the values of
  its diff kept; failures that only say a subtest failed are left out. Count from `fail N`.
"""

from __future__ import annotations

import itertools
import re

from context_keeper.failures.diffs import changed_lines
from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe, number

_JEST_TITLE_RE = re.compile(r"^\s*● (.+)$")
_JEST_FAIL_RE = re.compile(r"^\s*FAIL\s+(\S.*?)\s*(?:\(\d[\d.]* m?s\))?$")
_JEST_THRESHOLD_RE = re.compile(
    r"^Jest: .*\bthreshold\b.*$"
)  # "Coverage for lines (66.66%) does not meet "global" threshold (90%)"
_JEST_COUNT_RE = re.compile(r"^Tests:\s+(\d+) failed")
_CODE_FRAME_RE = re.compile(r"^\s*>?\s*\d+\s*\|")
_STACK_RE = re.compile(r"^\s*at \S")
_DIFF_LEGEND_RE = re.compile(r"^[-+] (?:Expected|Received)\b.*$|^[-+] expected [-+] actual$|^\+ actual - expected$")

_VITEST_FAIL_RE = re.compile(r"^\s*FAIL\s+(\S.*?)\s*$")
_VITEST_COUNT_RE = re.compile(r"^\s*Tests\s+(\d+) failed")
_VITEST_BANNER_RE = re.compile(r"(?<!⎯)⎯+ Failed (?:Tests|Suites) \d+ ⎯+")  # (from a rule's start: see lines._CUT_RE)
_VITEST_FILES_RE = re.compile(r"^\s*Test Files\s+\d+ failed")
_VITEST_SEPARATOR_RE = re.compile(r"^⎯+(?:\[\d+/\d+\]⎯)?$")

_MOCHA_FAILING_RE = re.compile(r"^\s*(\d+) failing\s*$")
_MOCHA_ITEM_RE = re.compile(r"^\s*(\d+)\) (.+)$")
# A value the message cuts short (chai's `{ id: 7, …(2) }`, node's `[Object]`): its diff says it.
_CUT_VALUE_RE = re.compile(r"…|\.\.\.|\[(?:Object|Array)\]")

_TAP_NOT_OK_RE = re.compile(r"^(\s*)not ok \d+ - (.+?)(?: # .*)?$")
_TAP_COUNT_RE = re.compile(r"^# fail (\d+)$")
_SPEC_FAIL_RE = re.compile(r"^(\s*)✖ (.+?)(?: \([\d.]+m?s\))?$")
_SPEC_COUNT_RE = re.compile(r"^ℹ fail (\d+)$")
_NODE_TEST_MARK_RE = re.compile(r"^(?:ℹ|#) (?:tests|fail|pass) \d+$")
_SUBTESTS_RE = re.compile(r"^'?\d+ subtests? failed'?$")


def jest(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    if not any(line.startswith(("Tests:", "Test Suites:")) or _JEST_FAIL_RE.match(line) for line in lines):
        return None
    messages = []
    for lines_ in chunks:
        test_file = ""
        for n, line in enumerate(lines_):
            f = _JEST_FAIL_RE.match(line)
            if f and " > " not in f.group(1):
                test_file = f.group(1)
                continue
            t = _JEST_TITLE_RE.match(line)
            if not t or t.group(1).strip() == "Console":
                continue
            title = t.group(1).strip()
            parts = _error_lines(lines_[n + 1 :], limit=4)
            if not parts:
                continue
            if title == "Test suite failed to run":
                title = test_file or title
            messages.append(compose(title, parts))
    messages += [collapse(line) for line in lines if _JEST_THRESHOLD_RE.match(line)]
    if not messages:
        return None
    return Found(dedupe(messages), number(_JEST_COUNT_RE, lines))


def _error_lines(lines: list[str], limit: int) -> list[str]:
    """The message lines under a failure title, up to the code frame or the stack: the values
    of a diff (its -/+ lines) without the diff's legend and context."""
    parts: list[str] = []
    in_diff = False
    for line in lines:
        stripped = line.strip()
        if _JEST_TITLE_RE.match(line) or _CODE_FRAME_RE.match(line) or _STACK_RE.match(line):
            break
        if not stripped:
            continue
        if _DIFF_LEGEND_RE.match(stripped):
            in_diff = True
            continue
        if in_diff:
            if stripped[:2] in ("- ", "+ ") or stripped in ("-", "+"):
                parts.append(stripped)
        else:
            parts.append(stripped)
        if len(parts) >= limit:
            break
    return parts


def vitest(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    if not any(_VITEST_BANNER_RE.search(line) or _VITEST_FILES_RE.match(line) for line in lines):
        return None
    messages = []
    for lines_ in chunks:
        for n, line in enumerate(lines_):
            m = _VITEST_FAIL_RE.match(line)
            if not m:
                continue
            where = m.group(1)
            if where.endswith(" ]") and " [ " in where:  # a suite that failed: "file [ file ]"
                where = where[: where.index(" [ ")]
            elif " > " not in where:
                continue
            error = ""
            for follow in lines_[n + 1 :]:
                stripped = follow.strip()
                if not stripped:
                    if error:
                        break
                    continue
                if _VITEST_SEPARATOR_RE.match(stripped) or stripped.startswith("❯ ") or _VITEST_FAIL_RE.match(follow):
                    break
                error = stripped if not error else error + " " + stripped
                if not error.endswith(":"):
                    break
            if error:
                messages.append(compose(where, [error]))
    if not messages:
        return None
    return Found(dedupe(messages), number(_VITEST_COUNT_RE, lines))


def mocha(chunks: list[list[str]]) -> Found | None:
    messages = []
    total = 0
    for lines in chunks:
        start = None
        for n, line in enumerate(lines):
            m = _MOCHA_FAILING_RE.match(line)
            if m:
                start, total = n + 1, int(m.group(1))
        if start is None:
            continue
        n = start
        while n < len(lines):
            m = _MOCHA_ITEM_RE.match(lines[n])
            if not m:
                n += 1
                continue
            title = [m.group(2).strip()]
            n += 1
            while title and not title[-1].endswith(":") and n < len(lines) and lines[n].strip():
                title.append(lines[n].strip())
                n += 1
            name = " ".join(title).rstrip(":")
            end = next((k for k in range(n, len(lines)) if _MOCHA_ITEM_RE.match(lines[k])), len(lines))
            parts = _mocha_error(lines[n:end])
            n = end
            if parts:
                messages.append(compose(name, parts))
    if not messages:
        return None
    return Found(dedupe(messages), total)


def _mocha_error(block: list[str]) -> list[str]:
    """A mocha failure's error: its first line (with what a line ending in `:` opens), the lines
    mocha left at their own indentation under it (a message printed over several lines: only
    its first is indented under the title), and the changed lines of the diff below when the
    message cuts the values it compares (`expected { id: 7, …(2) } to deeply equal ...`)."""
    head, indent, end = _mocha_head(block)
    if not head:
        return []
    rest = block[end:]
    told = list(itertools.takewhile(lambda s: _told(s, indent), rest))
    rest = rest[len(told) :]
    message = " ".join(head)
    diff: list[str] = []
    cut = _CUT_VALUE_RE.search(message) or message.endswith(":")
    if cut and rest and _DIFF_LEGEND_RE.match(rest[0].strip()):
        # (Up to the frames or a second diff: mocha's own under node's, of the same values.)
        body = list(
            itertools.takewhile(lambda s: not _STACK_RE.match(s) and not _DIFF_LEGEND_RE.match(s.strip()), rest[1:])
        )
        diff = [collapse(d) for d in changed_lines(message, body)]
    parts = [message, *[s.strip() for s in told], *diff]
    # (What a message ending in `:` opens goes on its line, as the lines of its head do.)
    return [f"{message} {parts[1]}", *parts[2:]] if message.endswith(":") and len(parts) > 1 else parts


def _mocha_head(block: list[str]) -> tuple[list[str], int, int]:
    """The error's first line and what lines ending in `:` open; its indentation; where it ends."""
    head: list[str] = []
    indent = 0
    for n, line in enumerate(block):
        stripped = line.strip()
        if _STACK_RE.match(stripped) or _DIFF_LEGEND_RE.match(stripped):
            return head, indent, n
        if not stripped:
            if head and not head[-1].endswith(":"):
                return head, indent, n
            continue
        if not head:
            indent = len(line) - len(line.lstrip())
        elif not head[-1].endswith(":"):
            return head, indent, n
        head.append(stripped)
    return head, indent, len(block)


def _told(line: str, indent: int) -> bool:
    """A line of a message mocha printed over several lines: left less indented than its first."""
    return bool(line.strip()) and len(line) - len(line.lstrip()) < indent and not _DIFF_LEGEND_RE.match(line.strip())


def node_test(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    messages = []
    for lines_ in chunks:
        for n, line in enumerate(lines_):
            t = _TAP_NOT_OK_RE.match(line)
            if t:
                parts = _tap_error(lines_[n + 1 :], len(t.group(1)))
                if parts:
                    messages.append(compose(t.group(2), parts))
                continue
            s = _SPEC_FAIL_RE.match(line)
            if s and s.group(2) != "failing tests:":
                parts = _spec_error(lines_[n + 1 :], len(s.group(1)))
                if parts:
                    messages.append(compose(s.group(2), parts))
    # node --test always ends with its counts (`ℹ fail 2`, `# fail 2`); cucumber's `✖ step`
    # lines and other TAP producers without them are left to the general method.
    if not messages or not any(_NODE_TEST_MARK_RE.match(line) for line in lines):
        return None
    return Found(dedupe(messages), number(_TAP_COUNT_RE, lines) or number(_SPEC_COUNT_RE, lines))


def _tap_error(lines: list[str], indent: int) -> list[str]:
    """The `error:` of a TAP failure's YAML block, unless it only reports failed subtests."""
    error: list[str] = []
    for n, line in enumerate(lines):
        stripped = line.strip()
        if stripped == "..." or stripped.startswith(("ok ", "not ok ", "# Subtest")):
            break
        if line.startswith(" " * (indent + 2) + "failureType: 'subtestsFailed'"):
            return []
        if stripped.startswith("error:") and line.startswith(" " * (indent + 2) + "error:"):
            value = stripped[len("error:") :].strip()
            if value in ("|-", "|", ">-", ">"):
                deeper = " " * (indent + 4)
                block = []
                for follow in lines[n + 1 :]:
                    if follow.startswith(deeper) or not follow.strip():
                        block.append(follow)
                    else:
                        break
                error = assertion_parts(block)
            else:
                error = [value.strip("'\"")]
            break
    if error and _SUBTESTS_RE.match(error[0]):
        return []
    return error


def _spec_error(lines: list[str], indent: int) -> list[str]:
    block = []
    for line in lines:
        if not line.strip():
            block.append(line)
            continue
        if len(line) - len(line.lstrip()) <= indent or _STACK_RE.match(line):
            break
        block.append(line)
    parts = assertion_parts(block)
    if parts and _SUBTESTS_RE.match(parts[0]):
        return []
    return parts


_VALUES_RE = re.compile(r"^\S.* (?:!==|===|!=|==) \S.*$")


def assertion_parts(block: list[str]) -> list[str]:
    """The first line of a node assertion message and the -/+ lines of its diff."""
    parts: list[str] = []
    in_diff = False
    for line in block:
        stripped = line.strip()
        if not stripped or set(stripped) <= {"^", "~"}:
            continue
        if _DIFF_LEGEND_RE.match(stripped):
            in_diff = True
            continue
        if _STACK_RE.match(line):
            break
        if not parts:
            parts.append(stripped)
        elif in_diff:
            if stripped[:2] in ("- ", "+ "):
                parts.append(stripped)
        elif parts[-1].endswith(":") or (len(parts) == 1 and _VALUES_RE.match(stripped)):
            # (The compared values under a message of the test's own: `7 !== 8`.)
            parts.append(stripped)
        if len(parts) >= 5:
            break
    return [collapse(p) for p in parts]
