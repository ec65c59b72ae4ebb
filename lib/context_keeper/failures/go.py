"""Go: go test failures and panics, go build / vet / run compile errors, `go:` command errors.

- go test: each `--- FAIL: TestX` with each log line that reads like a failure (`file_test.go:7:
  got ..., want ...`, `race detected during execution of test`; a `t.Log` line is context),
  else its first log line, or testify's `Error:` field, read after the FAIL line or, with -v,
  between `=== RUN TestX` and the FAIL line; a stack dump under a log line is left out; a
  panic as `TestX: panic: ...`; an example's `got:` / `want:` output; parents that only hold
  failed subtests are left out.
- go build / vet / run / mod: each `file.go:line:col: message` (with its tab-indented `have` /
  `want` lines), else the `go: ...` error and each import chain (`a imports` / `\tb: reason`).
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, collapse, compose, dedupe

_FAIL_RE = re.compile(r"^(\s*)--- FAIL: (\S+)(?: \([\d.]+s\))?$")
_RUN_RE = re.compile(r"^=== (?:RUN|CONT|PAUSE|NAME)\s+(\S+)$")
_PANIC_RE = re.compile(r"^panic: (.+?)(?: \[recovered(?:, repanicked)?\])?$")
# (Or the module's own files, `go.mod:10:`, `go.work:3:`: where a parse error is.)
_FILE_RE = re.compile(r"^(?:vet: )?(\.{0,2}/?[^\s:]*\.go|\S*go\.(?:mod|work)):(\d+)(?::(\d+))?: (.+)$")
_GO_RE = re.compile(r"^go: (.+)$")
_GO_PROGRESS_RE = re.compile(
    r"^go: (?:downloading|finding|extracting|found|added|upgraded|downgraded|removed|to add module requirements) "
)
_TESTIFY_ERROR_RE = re.compile(r"^\s*Error:\s+(.+)$")
_TESTIFY_FIELD_RE = re.compile(r"^\s*(?:Error Trace|Error|Test|Messages):\s")
_LOCATION_RE = re.compile(r"^\S+\.go:\d+:$")
_GOROUTINE_RE = re.compile(r"^goroutine \d+ \[[\w ,]+\]:$")
_FAILURE_WORD_RE = re.compile(
    r"\b(?:want|wanted|got|expected|expect|errors?|err|fail\w*|mismatch\w*|unexpected|invalid|cannot|can't|"
    r"could ?n[o']t|no such|not|missing|wrong|panic\w*|should|must|detected)\b|!=",
    re.IGNORECASE,
)


def go_test(chunks: list[list[str]]) -> Found | None:
    messages: list[str] = []
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
                texts = _log_messages(own or [entry for entry in logs.get(name, []) if entry.strip()])
                if not texts and name.startswith("Example"):
                    texts = _example_output(lines[n + 1 :])
                if not texts:
                    for follow in lines[n + 1 : n + 3]:
                        p = _PANIC_RE.match(follow)
                        if p:
                            texts = [f"panic: {p.group(1)}"]
                            break
                messages.extend(compose(name, [text]) for text in texts)
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


def _example_output(lines: list[str]) -> list[str]:
    """An example's output against the one its comment wants, printed at the margin under its
    FAIL line (`got:` / its lines / `want:` / its lines): `got: 2 item; 1 item; want: ...`."""
    parts: list[str] = []
    for line in lines:
        if line.startswith(("--- ", "=== ", "FAIL", "PASS", "ok ", "panic: ")):
            break
        if parts and parts[-1] in ("got:", "want:") and line.strip():
            parts[-1] += " " + line.strip()
        elif line.strip():
            parts.append(line.strip())
    return [compose("", parts)] if parts and parts[0].startswith("got:") else []


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


def _log_messages(own: list[str]) -> list[str]:
    """Testify's `Error:` field with its continuation lines, else each log entry that reads like
    a failure (`t.Errorf` once per check, `race detected during execution of test` after it; a
    `t.Log` line is context), else the first entry."""
    for n, line in enumerate(own):
        t = _TESTIFY_ERROR_RE.match(line)
        if t:
            parts = [t.group(1)]
            for follow in own[n + 1 : n + 4]:
                if _TESTIFY_FIELD_RE.match(follow):
                    break
                parts.append(follow.strip())
            where = own[0].strip() if _LOCATION_RE.match(own[0].strip()) else ""
            return [compose(where.rstrip(":"), parts)]
    if not own:
        return []
    # A multi-line t.Errorf: its later lines are indented deeper than the first.
    depth = len(own[0]) - len(own[0].lstrip())
    entries = [k for k, line in enumerate(own) if len(line) - len(line.lstrip()) <= depth]
    failing = [k for k in entries if _FAILURE_WORD_RE.search(own[k].split(": ", 1)[-1])] or entries[:1]
    return [_entry(own, k, depth) for k in failing]


def _entry(own: list[str], first: int, depth: int) -> str:
    """A log entry with the deeper lines that continue it, up to a stack dump (`goroutine 83
    [running]:`, printed by a recovered panic's `debug.Stack()`): where, not what."""
    parts = [own[first].strip()]
    for line in own[first + 1 : first + 4]:
        if len(line) - len(line.lstrip()) <= depth or _GOROUTINE_RE.match(line.strip()):
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
            if line.endswith(" imports") and n + 1 < len(lines) and lines[n + 1].startswith("\t"):
                bare.append(_import_chain(lines[n:]))
                continue
            if line.startswith("package ") and n + 1 < len(lines) and lines[n + 1].startswith("\timports "):
                bare.append(_package_chain(lines[n:]))
                continue
            g = _GO_RE.match(line)
            if g and not _GO_PROGRESS_RE.match(line):
                bare.append(collapse(line))
    messages = located or bare
    return Found(dedupe(messages)) if messages else None


def _import_chain(lines: list[str]) -> str:
    """`a imports` / `\tb imports` / `\tc: reason`, as go prints why a package cannot be
    loaded: one message, `a imports b imports c: reason`."""
    parts = [lines[0]]
    for line in lines[1:]:
        if not line.startswith("\t"):
            break
        parts.append(line.strip())
        if not line.endswith(" imports"):
            break
    return collapse(" ".join(parts))


def _package_chain(lines: list[str]) -> str:
    """`package a` / `\timports b` / `\timports c: reason`, as go build prints why a package
    cannot be built (an import cycle, build constraints that exclude every file): one message,
    its lines as parts."""
    parts = [lines[0].strip()]
    for line in lines[1:]:
        if not line.startswith("\timports "):
            break
        parts.append(line.strip())
    return "; ".join(parts)
