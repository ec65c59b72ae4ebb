"""Go: go test failures and panics, go build / vet / run compile errors, `go:` command errors.

- go test: each `--- FAIL: TestX` with its first log line that reads like a failure (`file_test.go:7:
  got ..., want ...`; a `t.Log` line before it is context), else its first log line, or testify's `Error:` field, read after the FAIL line or, with -v, between
  `=== RUN TestX` and the FAIL line; a panic as `TestX: panic: ...`; parents that only hold
  failed subtests are left out.
- go build / vet / run: each `file.go:line:col: message` (with its tab-indented `have` /
  `want` lines), else the `go: ...` error.
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, collapse, compose, dedupe

_FAIL_RE = re.compile(r"^(\s*)--- FAIL: (\S+)(?: \([\d.]+s\))?$")
_RUN_RE = re.compile(r"^=== (?:RUN|CONT|PAUSE|NAME)\s+(\S+)$")
_PANIC_RE = re.compile(r"^panic: (.+?)(?: \[recovered(?:, repanicked)?\])?$")
_FILE_RE = re.compile(r"^(?:vet: )?(\.{0,2}/?[^\s:]*\.go):(\d+)(?::(\d+))?: (.+)$")
_GO_RE = re.compile(r"^go: (.+)$")
_GO_PROGRESS_RE = re.compile(
    r"^go: (?:downloading|finding|extracting|found|added|upgraded|downgraded|removed|to add module requirements) "
)
_TESTIFY_ERROR_RE = re.compile(r"^\s*Error:\s+(.+)$")
_TESTIFY_FIELD_RE = re.compile(r"^\s*(?:Error Trace|Error|Test|Messages):\s")
_LOCATION_RE = re.compile(r"^\S+\.go:\d+:$")
_FAILURE_WORD_RE = re.compile(
    r"\b(?:want|wanted|got|expected|expect|errors?|err|fail\w*|mismatch\w*|unexpected|invalid|cannot|can't|"
    r"could ?n[o']t|no such|not|missing|wrong|panic\w*|should|must)\b|!=",
    re.IGNORECASE,
)


def go_test(chunks: list[list[str]]) -> Found | None:
    messages = []
    for lines in chunks:
        logs: dict[str, list[str]] = {}
        current = ""
        for n, line in enumerate(lines):
            r = _RUN_RE.match(line)
            if r:
                current = r.group(1)
                logs[current] = []
                continue
            f = _FAIL_RE.match(line)
            if f:
                current = ""
                indent, name = len(f.group(1)), f.group(2)
                own = _own_lines(lines[n + 1 :], indent)
                if own is None:
                    continue  # only failed subtests below it
                text = _log_message(own or [entry for entry in logs.get(name, []) if entry.strip()])
                if not text:
                    for follow in lines[n + 1 : n + 3]:
                        p = _PANIC_RE.match(follow)
                        if p:
                            text = f"panic: {p.group(1)}"
                            break
                if text:
                    messages.append(compose(name, [text]))
                continue
            if current and line.startswith(" "):
                logs.setdefault(current, []).append(line)
            elif line.startswith(("---", "===", "PASS", "FAIL", "ok ")):
                current = ""
        if not messages:
            for line in lines:
                p = _PANIC_RE.match(line)
                if p:
                    messages.append(f"panic: {p.group(1)}")
                    break
    if not messages:
        return None
    return Found(dedupe(messages))


def _own_lines(lines: list[str], indent: int) -> list[str] | None:
    """The log lines of a failed test, None if its first child line is a failed subtest
    (the subtest carries the message)."""
    own: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        if depth <= indent:
            break
        if _FAIL_RE.match(line):
            if not own:
                return None
            break
        if line.lstrip().startswith(("--- PASS", "--- SKIP")):
            continue
        own.append(line)
    return own


def _log_message(own: list[str]) -> str:
    """The first log line, or testify's `Error:` field with its continuation lines."""
    for n, line in enumerate(own):
        t = _TESTIFY_ERROR_RE.match(line)
        if t:
            parts = [t.group(1)]
            for follow in own[n + 1 : n + 4]:
                if _TESTIFY_FIELD_RE.match(follow):
                    break
                parts.append(follow.strip())
            where = own[0].strip() if _LOCATION_RE.match(own[0].strip()) else ""
            return compose(where.rstrip(":"), parts)
    if not own:
        return ""
    # A multi-line t.Errorf: its later lines are indented deeper than the first.
    depth = len(own[0]) - len(own[0].lstrip())
    entries = [k for k, line in enumerate(own) if len(line) - len(line.lstrip()) <= depth]
    # t.Log lines read the same as t.Errorf's: the first entry that reads like a failure.
    first = next((k for k in entries if _FAILURE_WORD_RE.search(own[k].split(": ", 1)[-1])), 0)
    parts = [own[first].strip()]
    for line in own[first + 1 : first + 4]:
        if len(line) - len(line.lstrip()) <= depth:
            break
        parts.append(line.strip())
    return compose("", parts)


def go_build(chunks: list[list[str]]) -> Found | None:
    located, bare = [], []
    for lines in chunks:
        for n, line in enumerate(lines):
            m = _FILE_RE.match(line)
            if m:
                parts = [line[4:] if line.startswith("vet: ") else line]
                for follow in lines[n + 1 : n + 3]:
                    if follow.startswith("\t") and follow.strip():
                        parts.append(follow.strip())
                    else:
                        break
                located.append(compose("", parts))
                continue
            g = _GO_RE.match(line)
            if g and not _GO_PROGRESS_RE.match(line):
                bare.append(collapse(line))
    messages = located or bare
    return Found(dedupe(messages)) if messages else None
