"""Everyday command-line tools: pip, git, curl, jq, and the shell itself.

- pip: each `ERROR: ...` line (`No matching distribution found for x` rather than the
  version list before it; with the explanation after a blank line, a heading ending in `:`
  over its deeper lines, `The conflict is caused by:`, unless the heading is advice) and `error: <code>` with its `× <reason>` line and, for a failed
  build, the last line the build printed (its exception).
- git: each `CONFLICT (...)` line, else each `! [rejected]` push, else each `error:` /
  `fatal:` line (a line ending in `:` takes the next, indented one), else git's own
  verdicts (`nothing to commit, ...`). `hint:` lines and `Automatic merge failed` are not failures.
- curl: `curl: (N) ...`. jq: `jq: error ...` (with the program line of a syntax error) and
  `parse error: ... at line L, column C`.
- shell: the shell's own complaints without its prefix (`/bin/bash: line 1: `, `zsh:1: `,
  `sh: 1: `): command not found, permission denied, unbound variable, a crashed child
  (`Segmentation fault ./crash`); for a child that aborted itself, the reason it printed
  right above (`free(): double free detected in tcache 2`).
"""

from __future__ import annotations

import itertools
import re

from context_keeper.failures import wording
from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe

_PIP_MARKERS = (
    "No matching distribution found",
    "Could not find a version that satisfies",
    "ResolutionImpossible",
    "pip's dependency resolver",
    "Failed building wheel",
    "Could not build wheels",
    "Failed to build",
    "subprocess-exited-with-error",
    "externally-managed-environment",
    "Invalid requirement",
    "Could not open requirements file",
    "Could not install packages",
)
_PIP_ERROR_RE = re.compile(r"^ERROR: (.+)$")
_PIP_RICH_RE = re.compile(r"^error: ([a-z][a-z0-9-]+)$")
_PIP_REASON_RE = re.compile(r"^\s*× (.+)$")

_GIT_CONFLICT_RE = re.compile(r"^CONFLICT \(.+?\): .+$")
_GIT_REJECTED_RE = re.compile(r"^\s*! \[(?:remote )?rejected\] .+$")
_GIT_ERROR_RE = re.compile(r"^(?:error|fatal): .+$")
_GIT_VERDICT_RE = re.compile(
    r"^(?:nothing to commit\b.*|no changes added to commit\b.*|nothing added to commit but untracked files present.*)$"
)
_GIT_MARKERS_RE = re.compile(
    r"^(?:hint: |CONFLICT \(|\s*! \[(?:remote )?rejected\]|nothing to commit\b|Automatic merge failed)"
    r"|not a git repository|did not match any file\(s\) known to git|unknown revision or path not in the working tree"
    r"|patch does not apply|^error: patch failed: |couldn't find remote ref|has no upstream branch"
    r"|would be overwritten by (?:checkout|merge)|does not appear to be a git repository|refusing to merge unrelated histories"
    r"|Not possible to fast-forward|divergent branches|Updates were rejected"
)
_DEEPER_LABEL_RE = re.compile(r"^\s+(?:cause|caused by|reason): \S", re.IGNORECASE)
_GIT_SUMMARY_RE = re.compile(r"^error: (?:failed to push some refs|could not apply [0-9a-f]+\.\.\.)")

_CURL_RE = re.compile(r"^curl: \(\d+\) .+$")
_JQ_RE = re.compile(r"^jq: error(?: \(at [^)]*\))?: .+$")
_JQ_PARSE_RE = re.compile(r"^(?:jq: )?(?:error \(at [^)]*\): )?parse error: .+ at line \d+, column \d+$")

_SHELL_RE = re.compile(
    r"^(?:/(?:usr/)?bin/)?(?:ba|z|da|k|fi)?sh: (?:-c: )?(?:line \d+: |\d+: )?(.+)$|^(?:zsh|\(eval\)):\d+: (.+)$"
)
_SIGNAL_RE = re.compile(
    r"^(?:\d+ )?((?:Segmentation fault|Killed|Aborted|Bus error|Floating point exception|Illegal instruction"
    r"|Terminated|Hangup|Quit)(?: \(core dumped\))?)\s+(.+)$"
)


def pip(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    text = "\n".join(lines)
    if not any(marker in text for marker in _PIP_MARKERS):
        return None
    messages = []
    no_match = any(line.startswith("ERROR: No matching distribution found") for line in lines)
    for n, line in enumerate(lines):
        e = _PIP_ERROR_RE.match(line)
        if e:
            text = e.group(1)
            if (no_match and text.startswith("Could not find a version that satisfies")) or text.startswith(
                "ResolutionImpossible: for help"
            ):
                continue
            messages.append(compose("", [line, *_explained(lines[n + 1 :])]))
            continue
        r = _PIP_RICH_RE.match(line)
        if r:
            reason = next((m.group(1) for m in map(_PIP_REASON_RE.match, lines[n + 1 : n + 4]) if m), "")
            parts = [line + ":", reason] if reason else [line]
            cause = _subprocess_cause(lines[:n])
            messages.append(compose("", parts + ([cause] if cause else [])))
    return Found(dedupe(messages)) if messages else None


# A heading of what the reader could do (`To fix this you could try to:`): advice, not why.
_ADVICE_HEADING_RE = re.compile(r"\b(?:you (?:could|can|may|might|should)|try|to fix)\b", re.IGNORECASE)


def _explained(rest: list[str]) -> list[str]:
    """The explanation an error line's message goes on with, past one blank line: a heading
    ending in `:` over deeper lines (`The conflict is caused by:` / `    x depends on y`), as
    `heading lines; line`; none for a heading of advice or without deeper lines."""
    if len(rest) < 3 or rest[0].strip() or not rest[1].endswith(":") or rest[1][:1].isspace():
        return []
    if _ADVICE_HEADING_RE.search(rest[1]):
        return []
    items = [s.strip() for s in itertools.takewhile(lambda s: s[:1].isspace() and s.strip(), rest[2:])]
    return [f"{rest[1]} {items[0]}", *items[1:5]] if items else []


def _subprocess_cause(lines: list[str]) -> str:
    """The last line a failed build subprocess printed before pip's `[end of output]`."""
    for n in range(len(lines) - 1, -1, -1):
        if lines[n].strip() == "[end of output]":
            return next((s.strip() for s in reversed(lines[:n]) if s.strip()), "")
    return ""


def git(chunks: list[list[str]]) -> Found | None:
    lines = all_lines(chunks)
    if not any(_GIT_MARKERS_RE.search(line) for line in lines):
        return None
    for pattern in (_GIT_CONFLICT_RE, _GIT_REJECTED_RE):
        found = [collapse(line) for line in lines if pattern.match(line)]
        if found:
            return Found(dedupe(found))
    errors: list[str] = []
    for n, line in enumerate(lines):
        if _GIT_ERROR_RE.match(line) and not _GIT_SUMMARY_RE.match(line):
            if errors and (wording.ADVICE_RE.search(line) or wording.is_wrapup(line)):
                # (Git says one failure over several level lines: what to do about it, `error:
                # please commit or stash them.`, or its closing word, `fatal: Could not read from
                # remote repository.`, under the line that says what.)
                continue
            parts = [line]
            if line.endswith(":"):
                parts += [f.strip() for f in lines[n + 1 : n + 4] if f[:1].isspace() and f.strip()][:2]
            elif n + 1 < len(lines) and _DEEPER_LABEL_RE.match(lines[n + 1]):
                parts.append(lines[n + 1])  # (its cause, labelled under it: `  cause: Because ...`)
            errors.append(compose("", parts))
    if errors:
        return Found(dedupe(errors))
    verdicts = [collapse(line) for line in lines if _GIT_VERDICT_RE.match(line)]
    return Found(dedupe(verdicts)) if verdicts else None


def curl(chunks: list[list[str]]) -> Found | None:
    messages = [collapse(line) for line in all_lines(chunks) if _CURL_RE.match(line)]
    return Found(dedupe(messages)) if messages else None


def jq(chunks: list[list[str]]) -> Found | None:
    messages = []
    for lines in chunks:
        for n, line in enumerate(lines):
            if _JQ_PARSE_RE.match(line):
                messages.append(collapse(line))
            elif _JQ_RE.match(line):
                parts = [line]
                if line.endswith(":") and n + 1 < len(lines) and lines[n + 1].strip():
                    parts.append(lines[n + 1])
                messages.append(compose("", parts))
    return Found(dedupe(messages)) if messages else None


def shell(chunks: list[list[str]]) -> Found | None:
    messages = []
    lines = all_lines(chunks)
    for n, line in enumerate(lines):
        m = _SHELL_RE.match(line)
        if not m:
            continue
        text = collapse(m.group(1) or m.group(2))
        s = _SIGNAL_RE.match(text)
        if s:
            reason = _abort_reason(lines[:n]) if s.group(1).startswith("Aborted") else ""
            text = reason or f"{s.group(1)} {s.group(2)}"
        messages.append(text)
    return Found(dedupe(messages)) if messages else None


def _abort_reason(above: list[str]) -> str:
    """What a program that aborted itself printed right before: its reason (`free(): double
    free detected in tcache 2`, a failed assertion, `terminate called ...` over its indented
    `what():`), "" when the line above is none. An abort is raised by the program itself, just
    after it writes why to stderr, which is unbuffered; what it wrote to a piped stdout is
    lost with it, so the line right above the shell's report is the program's last word. (A
    crash by another signal, `Segmentation fault`, comes with no reason printed.)"""
    from context_keeper.failures.wording import WARNING_RE, is_verdict, score

    parts: list[str] = []
    for line in reversed(above[-3:]):
        if not line.strip() or "|" in line or "^" in line:
            return ""  # a blank line, or a compiler's excerpt and caret: no reason printed
        parts.insert(0, line)
        if line[:1].strip():
            break
    else:
        return ""
    head = collapse(parts[0])
    if _SHELL_RE.match(head) or WARNING_RE.search(head) or is_verdict(head):
        return ""
    # A program that flushes its output (`std::endl`) leaves its last progress line there
    # (`Loaded 10 items`, `Done.`): only a line that reads as what went wrong is the reason.
    said = score(head, located=False)
    return compose("", parts) if said > 0 or (said == 0 and _ABORT_WORDS_RE.search(head)) else ""


# The words a runtime or a C library writes when it aborts a program: the allocator's checks
# (`free(): ...`, `double free or corruption`, `corrupted size`), the stack's guard (`*** stack
# smashing detected ***`), an uncaught C++ exception (`terminate called ...`), an assertion, a
# panic, a pure virtual call.
_ABORT_WORDS_RE = re.compile(
    r"^[\w:]+\(\): \S|\b(?:abort\w*|assert\w*|terminat\w*|corrupt\w*|double free|detected|invalid"
    r"|panick?\w*|fatal|fail\w*|errors?|pure virtual|overflow|violation|illegal|unreachable|uncaught|unhandled)\b",
    re.IGNORECASE,
)
