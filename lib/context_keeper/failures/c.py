"""C and C++ builds: gcc / clang / g++ diagnostics, linker errors, CMake, make.

- compiler: each `file:line:col: error: ...` / `fatal error: ...` line as printed (and
  MSBuild's `file(l,c): error CS1002: ...` without the project suffix; notes,
  warnings, `In function` context dropped), `<tool>: error: ...` lines, linker `undefined
  reference to` / `undefined symbol` / `cannot find -lx`; `collect2: error: ld returned 1
  exit status` and `linker command failed` only when nothing else says why. Count from clang's
  `N errors generated`. Only for C-family files: other tools printing this format (shellcheck
  -f gcc, nasm, ghc) are read by the general method.
- cmake: each `CMake Error at file:line (command):` with its first paragraph unwrapped, or
  a one-line `CMake Error: ...`.
- make: `make: *** No rule to make target ...` and other `***` errors of make itself; when
  make only reports that a recipe failed (`make: *** [Makefile:3: target] Error 1`), the
  recipe's own output before that line read by the general method (failures/ranking), else the
  make line.
"""

from __future__ import annotations

import re

from context_keeper.failures import generic
from context_keeper.failures.lines import Found, all_lines, collapse, compose, dedupe, number

# gcc and clang put a column in every diagnostic: a `file.h:10: error:` without one is another
# tool's (doxygen's, whose message goes on below it; tcc's), read by the general method.
_DIAG_RE = re.compile(r"^(\S(?:.*?\S)?):(\d+):(\d+):? (?:fatal error|error): .+$")
_MSBUILD_RE = re.compile(r"^(\S.*?\(\d+(?:,\d+)?\): (?:fatal )?error [A-Z]+\d+: .+?)(?: \[[^\]]+\])?$")  # dotnet, MSVC
_TOOL_ERROR_RE = re.compile(
    r"^(?:cc1\w*|gcc|g\+\+|c\+\+|cc|clang(?:\+\+)?(?:-\d+)?|ld(?:\.\w+)?|/usr/bin/ld|lld|ld64\.lld): (?:fatal error|error): (.+)$"
)
_LINK_RE = re.compile(
    r"^(?:.*?: )?(?:undefined reference to|multiple definition of) .+$"
    r"|^(?:.*?ld(?:\.\w+)?: )?(?:error: )?(?:undefined symbol: .+|cannot find -l\S+.*|library not found for -l\S+)$"
)
_LINK_SUMMARY_RE = re.compile(
    r"^(?:collect2: error: ld returned \d+ exit status|clang(?:\+\+)?(?:-\d+)?: error: linker command failed with exit code \d+.*)$"
)
_COUNT_RE = re.compile(r"^(\d+) errors? generated\.$")
# The C family's sources and headers (and `<command-line>`, `<stdin>`): the same
# `file:line:col: error:` format from shellcheck, nasm or ghc is left to the general method,
# which reads it as printed rather than keeping errors only.
_C_SOURCE_RE = re.compile(
    r"(?:\.(?:[chimsCS]|cc|cp|cpp|cxx|c\+\+|hh|hpp|hxx|h\+\+|ipp|tpp|inl|mm|ii|sx|cu|cuh)|^<[\w-]+>)$"
)

_CMAKE_RE = re.compile(r"^CMake Error(?: (?:at|in) .+:|:\s*(.*))$")

_MAKE_RE = re.compile(r"^(?:g?make(?:\[\d+\])?|\S+):(?: \d+:)? \*\*\* (.+)$")
_MAKE_RECIPE_RE = re.compile(r"^\[.+\] (?:Error \d+|Segmentation fault|Killed|Interrupt)")


def compiler(chunks: list[list[str]]) -> Found | None:
    messages: list[str] = []
    summaries: list[str] = []
    for line in all_lines(chunks):
        if (
            "error" not in line
            and "undefined" not in line
            and "cannot find -l" not in line
            and "multiple definition" not in line
        ):
            continue
        d = _DIAG_RE.match(line)
        if d and _C_SOURCE_RE.search(d.group(1)) and not _LINK_SUMMARY_RE.match(line):
            messages.append(collapse(line))
        elif _MSBUILD_RE.match(line):
            messages.append(collapse(_MSBUILD_RE.match(line).group(1)))  # type: ignore[union-attr]
        elif _TOOL_ERROR_RE.match(line):
            (summaries if _LINK_SUMMARY_RE.match(line) else messages).append(collapse(line))
        elif _LINK_SUMMARY_RE.match(line):
            summaries.append(collapse(line))
        elif _LINK_RE.match(line) and not line.startswith(("/usr/bin/ld: /tmp/", "/usr/bin/ld: warning")):
            messages.append(collapse(line))
    messages = messages or summaries
    if not messages:
        return None
    return Found(dedupe(messages), number(_COUNT_RE, all_lines(chunks)))


def cmake(chunks: list[list[str]]) -> Found | None:
    messages = []
    for lines in chunks:
        for n, line in enumerate(lines):
            m = _CMAKE_RE.match(line)
            if not m:
                continue
            if m.group(1):  # one line: "CMake Error: The source directory ... does not exist."
                messages.append(collapse(line))
                continue
            paragraph = _cmake_paragraph(lines[n + 1 :])
            messages.append(compose("", [line.strip(), " ".join(paragraph)]) if paragraph else collapse(line))
    return Found(dedupe(messages)) if messages else None


def _cmake_paragraph(lines: list[str]) -> list[str]:
    """The indented lines of a CMake message. A paragraph ending in ':' announces the next one
    ("Cannot find source file:"); a value set off deeper than the sentence (`    clang`) is
    inside it, the sentence going on after it in lower case up to its end ("is not a full path
    and was not found in the PATH."), the advice after that left out."""
    paragraph: list[str] = []
    base, quoted, resumed = 0, False, False
    for k, follow in enumerate(lines):
        if not follow.strip():
            below = next((lines[j] for j in range(k + 1, len(lines)) if lines[j].strip()), "") if quoted else ""
            if resumed or (
                paragraph and not paragraph[-1].endswith(":") and not (quoted and below.strip()[:1].islower())
            ):
                break
            resumed = quoted
            continue
        if not follow[:1].isspace():
            break
        indent = len(follow) - len(follow.lstrip())
        base = base or indent
        quoted = indent > base
        sentence, end, _ = follow.strip().partition(".  ")
        paragraph.append(sentence + end.strip() if resumed else follow.strip())
        if resumed and end:
            break
    return paragraph


def make(chunks: list[list[str]]) -> Found | None:
    own, recipe_failed = [], False
    for index, lines in enumerate(chunks):
        for n, line in enumerate(lines):
            m = _MAKE_RE.match(line)
            if not m:
                continue
            if _MAKE_RECIPE_RE.match(m.group(1)):
                if not recipe_failed:
                    recipe_failed = True
                    # The recipe's own output, read as any tool's (the general method).
                    from context_keeper.failures import ranking

                    recipe = chunks[:index] + [lines[:n]]
                    before = ranking.rank(recipe) or generic.generic(recipe)
                    if before and before.messages:
                        return before
                    own.append(collapse(line))
                continue
            own.append(_included(lines[:n], m.group(1)) or collapse(line))
    return Found(dedupe(own)) if own else None


_NO_RULE_RE = re.compile(r"^No rule to make target '([^']+)'")


def _included(above: list[str], said: str) -> str:
    """Why make had no rule for a target it was told to include: its own line above naming
    that file (`Makefile:1: config.mk: No such file or directory`), "" when none does."""
    target = _NO_RULE_RE.match(said)
    if not target:
        return ""
    lead = re.compile(r"^\S+:\d+: " + re.escape(target.group(1)) + r": \S")
    return next((collapse(line) for line in reversed(above) if lead.match(line)), "")
