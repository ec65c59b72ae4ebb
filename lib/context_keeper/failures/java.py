"""JVM: javac, Maven (surefire and compiler), Gradle, Java exceptions.

- javac: each `File.java:line: error: message` with its `symbol:` line; count from `N errors`.
- Maven: surefire's list under `Failures:` / `Errors:` (`Class.method:line message`), else
  each `<<< FAILURE!` test with its exception, else compiler errors `File.java:[l,c] message`
  (with `symbol:`), else the `Failed to execute goal ...` reason or the first `[ERROR]` line.
  Count from the last `Tests run: n, Failures: F, Errors: E`.
- Gradle: each `Class > test() FAILED` with its exception, Kotlin `e: ` errors, else the
  text under `* What went wrong:`.
- A Java exception: the top exception of a stack trace (`Exception in thread ...` dropped),
  then `; Caused by: ` the innermost cause.
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe, number

_JAVAC_RE = re.compile(r"^(\S.*?\.java):(\d+): error: (.+)$")
_SYMBOL_RE = re.compile(r"^\s*symbol:\s+(.+)$")
_JAVAC_COUNT_RE = re.compile(r"^(\d+) errors?$")

_MVN_MARKS = ("BUILD FAILURE", "Failed to execute goal", "-> [Help 1]", "Re-run Maven")
_MVN_PREFIX_RE = re.compile(r"^\[(ERROR|INFO|WARNING|WARN|DEBUG)\] ?")
_MVN_HEADING_RE = re.compile(r"^(?:Failures|Errors|Failed tests|Tests in error|Flakes):\s*$")
_MVN_TEST_RE = re.compile(r"^(\S+?)(?:\(\S+\))?\s+(?:--\s+)?Time elapsed: .*<<< (?:FAILURE|ERROR)!$")
_MVN_COMPILE_RE = re.compile(r"^(\S.*?\.(?:java|kt|scala|groovy)):\[(\d+),(\d+)\] (.+)$")
_MVN_COUNT_RE = re.compile(r"^Tests run: \d+, Failures: (\d+), Errors: (\d+)")
_MVN_NOISE_RE = re.compile(
    r"^(?:-> \[Help|To see the full stack trace|Re-run Maven|For more information|\[Help \d\]|$)"
)

_GRADLE_TEST_RE = re.compile(r"^(\S.*) > (\S.*) FAILED$")
_KOTLIN_RE = re.compile(r"^e: (.+)$")

_EXCEPTION_RE = re.compile(
    r'^(?:Exception in thread "[^"]*" )?((?:[\w$]+\.)+[\w$]*(?:Exception|Error|Throwable|Failure)[\w$]*)(?:: (.*))?$'
)
_CAUSED_RE = re.compile(r"^Caused by: (.+)$")
_FRAME_RE = re.compile(r"^\s+at [\w$.<>/]+.*\(.*\)$")
_TRACE_RE = re.compile(r"^\s+(?:at |\.\.\. \d+ more|Suppressed: |Caused by: )|^Caused by: ")


def javac(chunks: list[list[str]]) -> Found | None:
    messages = []
    lines = all_lines(chunks)
    for n, line in enumerate(lines):
        if not _JAVAC_RE.match(line):
            continue
        parts = [line]
        for follow in lines[n + 1 : n + 6]:
            if _JAVAC_RE.match(follow):
                break
            s = _SYMBOL_RE.match(follow)
            if s:
                parts.append("symbol: " + s.group(1))
                break
        messages.append(compose("", parts))
    if not messages:
        return None
    return Found(dedupe(messages), number(_JAVAC_COUNT_RE, lines))


def maven(chunks: list[list[str]]) -> Found | None:
    raw = all_lines(chunks)
    # Maven's own marks, not just a `[ERROR]` level (validate-pyproject, dotnet print it
    # too): its `[INFO]` lines, its verdict, or the goal and help lines `mvn -q` still prints.
    if not any(line.startswith("[INFO]") or any(mark in line for mark in _MVN_MARKS) for line in raw):
        return None
    lines = [_MVN_PREFIX_RE.sub("", line) for line in raw]
    total = number(_MVN_COUNT_RE, lines)
    summary = []
    for n, line in enumerate(lines):
        if _MVN_HEADING_RE.match(line):
            for item in lines[n + 1 :]:
                if not item.startswith("  ") or not item.strip():
                    break
                if not item.strip().startswith("Run "):
                    summary.append(collapse(item))
    if summary:
        return Found(dedupe(summary), total)
    tests = []
    for n, line in enumerate(lines):
        t = _MVN_TEST_RE.match(line)
        if t and not line.startswith("Tests run:") and n + 1 < len(lines) and lines[n + 1].strip():
            tests.append(compose(t.group(1), [lines[n + 1]]))
    if tests:
        return Found(dedupe(tests), total)
    compile_errors = []
    for n, line in enumerate(lines):
        c = _MVN_COMPILE_RE.match(line)
        if c:
            parts = [line]
            s = _SYMBOL_RE.match(lines[n + 1]) if n + 1 < len(lines) else None
            if s:
                parts.append("symbol: " + s.group(1))
            compile_errors.append(compose("", parts))
    if compile_errors:
        return Found(dedupe(compile_errors))
    for line in lines:
        if line.startswith("Failed to execute goal"):
            return Found([compose("", [line.removesuffix(" -> [Help 1]")])])
    for prefix, line in zip(raw, lines, strict=False):
        if prefix.startswith("[ERROR]") and not _MVN_NOISE_RE.match(line.strip()):
            return Found([compose("", [line])])
    return None


def gradle(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    if not any(line.startswith(("FAILURE: Build failed", "BUILD FAILED")) for line in lines):
        return None
    messages = []
    for n, line in enumerate(lines):
        t = _GRADLE_TEST_RE.match(line)
        if t:
            exc = next((s.strip() for s in lines[n + 1 : n + 3] if s.strip() and not s.strip().startswith("at ")), "")
            messages.append(compose(f"{t.group(1)} > {t.group(2)}", [exc] if exc else ["FAILED"]))
            continue
        k = _KOTLIN_RE.match(line)
        if k:
            messages.append(collapse(k.group(1)))
    if messages:
        return Found(dedupe(messages))
    # javac's diagnostics above the verdict: what `Compilation failed; see the compiler error
    # output for details` under `* What went wrong:` points to.
    compiled = javac(chunks)
    if compiled:
        return compiled
    for n, line in enumerate(lines):
        if line.strip() == "* What went wrong:":
            parts = []
            for follow in lines[n + 1 :]:
                if not follow.strip() or follow.startswith("* "):
                    break
                parts.append(follow.strip().lstrip("> ").strip())
            if parts:
                return Found([compose("", parts[:3])])
    return None


def exception(chunks: list[list[str]]) -> Found | None:
    """The top exception of a stack trace and its innermost cause; None when the output
    holds several traces that differ (a runner's failures, each under its test: read by the
    general method, which keeps each and its test's name)."""
    tops = {
        line.strip()
        for lines in chunks
        for line, below in zip(lines, [*lines[1:], ""], strict=True)
        if not line[:1].isspace() and _EXCEPTION_RE.match(line.rstrip()) and _FRAME_RE.match(below)
    }
    if len(tops) > 1:
        return None
    for lines in chunks:
        for n, line in enumerate(lines):
            m = None if line[:1].isspace() else _EXCEPTION_RE.match(line.rstrip())
            if not m or not any(_FRAME_RE.match(f) for f in lines[n + 1 : n + 3]):
                continue
            top = collapse(line.strip())
            if top.startswith("Exception in thread"):
                top = top[top.index('" ') + 2 :]
            cause = ""
            for follow in lines[n + 1 :]:
                c = _CAUSED_RE.match(follow.strip())
                if c:
                    cause = c.group(1)
                elif not _TRACE_RE.match(follow):
                    break
            parts = [top] + ([f"Caused by: {collapse(cause)}"] if cause else [])
            return Found([compose("", parts)])
    return None
