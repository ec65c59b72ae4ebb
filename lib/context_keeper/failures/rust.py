"""Rust: cargo test / nextest panics, rustc and clippy diagnostics (cargo build, check, clippy, run).

- cargo test: each `---- <test> stdout ----` section as `<test>: <panic message>`, the
  message's following lines (`left: ...`, `right: ...`) joined on, or for a `should_panic`
  test whose panic message did not match, rustc's verdict and the two strings; a panic outside a test
  (`cargo run`) as `<file:line:col>: <message>`. Old panics (`panicked at 'msg', file`)
  too. Count from `test result: FAILED. n passed; N failed`.
- cargo fmt --check: each `Diff in <file>:<line>` (rustfmt's header of a file's diff).
- rustc / clippy: each `error[EXXXX]: message` / `error: message` with its ` --> file:l:c`
  location as `file:l:c: error[EXXXX]: message: <label of the primary ^^^ span>`; count
  from `due to N previous errors`. Errors without a location (`error: no such command`) when
  nothing else failed; `could not compile` and `aborting due to` are summaries.
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import Found, all_lines, compose, dedupe, number

_SECTION_RE = re.compile(r"^---- (.+?) stdout ----$")
_PANIC_RE = re.compile(r"^thread '([^']*)'(?: \(\d+\))? panicked at (\S+?):?$")
_OLD_PANIC_RE = re.compile(r"^thread '([^']*)'(?: \(\d+\))? panicked at '(.*)', (\S+)$")
_NOTE_RE = re.compile(r"^note: (?:run with `RUST_BACKTRACE|Some details are omitted)|^stack backtrace:")
_TEST_FAILED_RE = re.compile(r"^test (\S+) \.\.\. FAILED$|^(\S+) --- FAILED$")
_TEST_COUNT_RE = re.compile(r"^test result: FAILED\. \d+ passed; (\d+) failed")
_NEXTEST_FAIL_RE = re.compile(r"^\s*(?:FAIL|SIGSEGV|SIGABRT|TIMEOUT) \[\s*[\d.]+s\] (?:\S+ )?(\S+)$")

_DIAG_RE = re.compile(r"^(error(?:\[E\d{4}\])?): (.+)$")
_ARROW_RE = re.compile(r"^\s*--> (\S+?:\d+:\d+)\s*$")
# The primary span's caret line; secondary spans (---) and their bars may come before it.
_LABEL_RE = re.compile(r"^\s*(?:\d+\s*)?\|[\s|_\-]*\^+\s?(.*)$")
_SUMMARY_RE = re.compile(
    r"^error: (?:could not compile|aborting due to|test failed, to rerun|build failed|\d+ previous errors?)"
)
_FMT_RE = re.compile(r"^Diff in \S.*:$")
_DIAG_COUNT_RE = re.compile(r"due to (\d+) previous errors?")
_RUST_MARKER_RE = re.compile(
    r"^\s*--> \S+\.rs:\d+:\d+|^error: could not compile |^\s+(?:Compiling|Checking) \S+ v\d|^error(?:\[E\d{4}\])?: .*(?:`Cargo\.toml`|cargo|rustc|crate)"
)


def cargo_test(chunks: list[list[str]]) -> Found | None:
    messages = []
    failed_names: list[str] = []
    for lines in chunks:
        section = ""
        section_lines: list[str] = []
        for n, line in enumerate(lines):
            s = _SECTION_RE.match(line)
            if s or line == "failures:" or line.startswith("test result: "):
                if section and section_lines:  # a section without a panic: a test returning Err, should_panic
                    messages.append(compose(section, [_strip_note(section_lines[0])]))
                section, section_lines = (s.group(1) if s else ""), []
                continue
            t = _TEST_FAILED_RE.match(line) or _NEXTEST_FAIL_RE.match(line)
            if t:
                failed_names.append(next(g for g in t.groups() if g))
                continue
            old = _OLD_PANIC_RE.match(line)
            if old:
                messages.append(compose(section or old.group(3), [old.group(2)]))
                section = ""
                continue
            p = _PANIC_RE.match(line)
            if not p:
                if section and line.strip() and not _NOTE_RE.match(line):
                    section_lines.append(line.strip())
                continue
            parts = []
            for follow in lines[n + 1 :]:
                if not follow.strip() or _NOTE_RE.match(follow) or _SECTION_RE.match(follow):
                    break
                parts.append(follow.strip())
            where = section or (p.group(1) if p.group(1) not in ("main", "<unnamed>") else p.group(2))
            messages.append(compose(where, _should_panic_verdict(lines[n + 1 :]) or parts or ["panicked"]))
            section = ""
    lines = all_lines(chunks)
    total = number(_TEST_COUNT_RE, lines)
    if not messages:
        if not failed_names:
            return None
        messages = [f"{name}: FAILED" for name in failed_names]
    return Found(dedupe(messages), total)


def _should_panic_verdict(lines: list[str]) -> list[str]:
    """A `should_panic(expected = ...)` test whose panic said something else: the verdict
    after the panic (`panic did not contain expected string`) with the two strings under it."""
    for n, line in enumerate(lines):
        if _SECTION_RE.match(line) or line in ("failures:", "successes:"):
            break
        if line.startswith("note: panic did not contain expected string"):
            values = [f.strip() for f in lines[n + 1 : n + 3] if f.startswith(" ") and f.strip()]
            return [_strip_note(line), *values]
    return []


def _strip_note(line: str) -> str:
    return line.removeprefix("note: ")


def rustfmt(chunks: list[list[str]]) -> Found | None:
    messages = [line[:-1] for lines in chunks for line in lines if _FMT_RE.match(line)]
    return Found(dedupe(messages)) if messages else None


def rustc(chunks: list[list[str]]) -> Found | None:
    if not any(_RUST_MARKER_RE.match(line) for lines in chunks for line in lines):
        return None  # a bare "error: ..." of another program is the generic rules' business
    located, bare = [], []
    for lines in chunks:
        for n, line in enumerate(lines):
            d = _DIAG_RE.match(line)
            if not d or _SUMMARY_RE.match(line):
                continue
            where = ""
            label = ""
            for k, follow in enumerate(lines[n + 1 : n + 40], n + 1):
                if not where:
                    a = _ARROW_RE.match(follow)
                    if a:
                        where = a.group(1)
                        continue
                    if k > n + 2:
                        break
                    continue
                if not follow.strip() or _DIAG_RE.match(follow):
                    break
                lab = _LABEL_RE.match(follow)
                if lab:
                    label = lab.group(1).strip()
                    break
            text = f"{d.group(1)}: {d.group(2)}" + (f": {label}" if label else "")
            if where:
                located.append(compose(where, [text]))
            else:
                bare.append(compose("", [text]))
    # (A build script that panicked, its stderr under cargo's `failed to run custom build
    # command`: the panic says why, cargo's error only that the script failed.)
    messages = located or _script_panics(chunks) or bare
    if not messages:
        return None
    return Found(dedupe(messages), number(_DIAG_COUNT_RE, all_lines(chunks)))


def _script_panics(chunks: list[list[str]]) -> list[str]:
    """Each panic printed inside cargo's report of a failed build script (indented under its
    `--- stderr`), as `<file:line:col>: <message>`."""
    out = []
    for lines in chunks:
        for n, line in enumerate(lines):
            p = _PANIC_RE.match(line.strip())
            if p and line.startswith(" ") and n + 1 < len(lines) and lines[n + 1].strip():
                out.append(compose(p.group(2), [lines[n + 1].strip()]))
    return out
