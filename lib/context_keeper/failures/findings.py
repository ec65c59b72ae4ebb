"""Several failures in one output: lines of the same shape that are one finding each.

    Unit(text, score, located, indent)  # a line that may be a message, with what continues it
    several(units) -> list[str]         # one message per finding, or [] for a single failure
    level(text) -> str                  # the level a line states: error, warning, note or ""
    errors_only(texts) -> list[str]     # the errors, when errors stand beside lower levels
    marked_errors(texts, marks)         # the same by failure marks (`×` beside `!`)
    without_wrapups(units) -> list[Unit]  # less the wrap-ups printed after what failed
    chained(lines, units) -> list[Unit]   # an error with the `Caused by:` headings under it

Two shapes mark a line as a finding of its own, whatever the tool: it starts with its own
location (`src/a.c:3:5: error: ...`, a linter's `path:line:col  message`), or it starts at the
margin with an error level (`error: ...`, `ERROR: ...`, `prog: file:3:2: ERROR: ...`). Two
or more such lines are several failures. When a run states errors beside lower levels
(warnings, notes, help), the errors are why it failed: the others go. A line that counts
errors (`error: aborting due to 2 previous errors`) or reports an exit status is the run's
verdict, not a finding.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from context_keeper.failures import shapes, wording
from context_keeper.failures.lines import collapse


class Unit(NamedTuple):
    """A line that may be the message, joined to what continues it."""

    text: str
    score: int
    # Starts with (or ends in) its own location, or carries a failure mark.
    located: bool
    # The indentation of its first line.
    indent: int
    # The failure mark before it (`✖`, `×`, `x`; `!` a warning's), or "".
    mark: str = ""
    # The lines it was read from: the first, and the one after its last.
    span: tuple[int, int] = (0, 0)


# The level a line states, the first one it names: after a program's name and a location
# (`mandoc: shop.1:7:2: ERROR:`), in brackets (`[error]`) or as a word before `:`.
_LEVEL_RE = re.compile(
    r"(?:^|[\s:\[(])(error|fatal|warning|warn|note|help|hint|info|remark)(?=[\]):\[]|\s)", re.IGNORECASE
)
# A rule's code (`T3`, `E501`, `[SC2086]`): a linter's finding, whatever its words.
_CODE_RE = re.compile(r"(?:^|\s)(?:[A-Z]{1,4}\d{1,5}|\[[\w./:-]+\])(?=\s|:|$)")
_RULE_RE = re.compile(
    r"(?:^|\s)[A-Z]{1,4}\d{1,5}(?=\s|:|$)|\[(?!(?:error|fatal|warning|warn|note|info|\d+)\])[\w./:-]+\]"
    # or a check named at the end, in parentheses (`... on line 4 (check: file_mode)`); a number
    # alone in brackets is a logger's process id (`fail2ban [28854]: ERROR ...`), no rule.
    r"|\(\w+: [\w./-]+\)$",
    re.IGNORECASE,
)
_FILED_RE = re.compile(r"^/?" + shapes.PATH + r"(?:: (?!\d)\S| (?=[a-z]))")
# What a formatter or checker says it does or would do to a file (`would be reformatted`,
# `Rewriting...`): the file's finding, though no failure word says so.
_CHANGED_RE = re.compile(
    r"\b(?:re-?(?:formatt|writ|sort|order)\w*|would (?:be )?(?:change|modifie|fixe|format)\w*)", re.I
)
_SIDES_RE = re.compile(r"; (?:expected|actual|got|received|left|right|want)\b", re.IGNORECASE)
_PATH_WORD_RE = re.compile(r"^[\w.-]*[/.][\w./-]+$")
_NUMBER_RE = re.compile(r"\d+")
# The levels below an error: a finding of one of them is no failure beside an error.
LOWER_LEVELS = frozenset(["warning", "warn", "note", "help", "hint", "info", "remark"])
# A line that starts at the margin with an error level, after at most a program's name and
# a location. (A level in brackets, `[error] `, is a logger's tag on every line it prints,
# excerpts and all: it marks no line as a finding of its own.)
_LEVEL_START_RE = re.compile(
    r"^(?:[\w.-]+: )?(?:\S+?:\d+(?::\d+)?:? |.*?\bline \d+[^:]*: )?(?:[A-Z][a-z]+ )?(?:error|fatal(?: error)?)(?:\[[^\]]*\])?:\s*\S",
    re.IGNORECASE,
)
# A level in one letter at the margin (`E: shop: no-copyright-file`, `W: ...`, `I: ...`), as
# Debian's tools and others print it: the level's initial, before a colon and a space; or
# after the file, and its line, the finding is in (`cart.spec:22: W: macro-in-comment`).
_LETTER_LEVEL_RE = re.compile(r"^(?:/?[\w.-]+(?:/[\w.-]+)*:(?:\d+:)? )?([EFWIN]): (?=\S)")
_LETTER_LEVELS = {"E": "error", "F": "error", "W": "warning", "I": "info", "N": "note"}
# The run's verdict: a count of its errors, or its exit status.
_VERDICT_RE = re.compile(
    r"(?<![.:-])\b(?:\d+|one|two|three) (?:\w+ ){0,2}(?:errors?|warnings?|failures?|problems?|issues?)\b"
    r"|\bexit(?:ed)?(?: with)? (?:code|status)\b",
    re.IGNORECASE,
)


def level(text: str) -> str:
    m = _LEVEL_RE.search(text)
    if not m:
        return ""
    word = m.group(1).lower()
    return "error" if word in ("error", "fatal") else word


def leveled(text: str) -> bool:
    """Whether `text` starts with an error level (`ERROR: 0:6: ...`, `prog: error: ...`) and
    is no count of errors nor an exit status."""
    return bool(_LEVEL_START_RE.match(text)) and not _VERDICT_RE.search(text)


def several(units: list[Unit]) -> list[str]:
    lettered = [(u, _LETTER_LEVEL_RE.match(u.text)) for u in units if u.indent == 0]
    levels = [_LETTER_LEVELS[m.group(1)] for _u, m in lettered if m]
    if len(levels) >= 2 and "error" in levels:
        # Findings each led by its level's initial: the errors and the warnings, each a
        # finding the run failed on; what it tells for information (`I:`, `N:`) is none.
        return [collapse(u.text) for u, m in lettered if m and _LETTER_LEVELS[m.group(1)] in ("error", "warning")]
    located = [u for u in units if u.located and (u.score >= 1 or _CODE_RE.search(u.text))]
    if len(located) >= 2 and all(level(u.text) in LOWER_LEVELS for u in located):
        # Warnings, and something else that says what failed (a compiler's warnings, then
        # the program's `raised CONSTRAINT_ERROR : main.adb:8 range check failed`).
        top = max(u.score for u in located)
        if any(u.score > top and level(u.text) not in LOWER_LEVELS for u in units if not u.located):
            return []
    # A line at the margin naming a file with no line (`b.timer: Timer unit lacks value
    # setting.`) among findings that name theirs is one of them; so is a file a formatter
    # would change (`a.cmake would be reformatted`) beside one it could not read.
    filed = [
        u
        for u in units
        if u.indent == 0
        and (u.score >= 1 or (located and _CHANGED_RE.search(u.text)))
        and not u.located
        and _FILED_RE.match(u.text)
    ]
    if len(located) >= 2 or (located and any(_CHANGED_RE.search(u.text) for u in filed)):
        located = [u for u in units if u in located or u in filed]
        # A note without its own rule id (none, or the one of the finding above it) explains
        # that finding.
        kept = [u for k, u in enumerate(located) if not (shapes.NOTE_RE.search(u.text) and not _own_rule(located, k))]
        return [collapse(u.text) for u in _errors_first(kept or located)]
    leveled = [
        u
        for u in units
        if u.indent == 0 and u.score >= 1 and _LEVEL_START_RE.match(u.text) and not _VERDICT_RE.search(u.text)
    ]
    if len(leveled) >= 2:
        return [collapse(u.text) for u in _errors_first(leveled)]
    return _alike(units)


def without_wrapups(units: list[Unit]) -> list[Unit]:
    """The units less each wrap-up printed after a line that says what failed: the run's
    closing word that it failed (`wording.is_wrapup`) is not a failure of its own."""
    out: list[Unit] = []
    said = False
    for u in units:
        if said and wording.is_wrapup(u.text):
            continue
        said = said or (u.score >= 1 and level(u.text) not in LOWER_LEVELS and not wording.is_wrapup(u.text))
        out.append(u)
    return out


def _own_rule(units: list[Unit], k: int) -> bool:
    rule = shapes.RULE_ID_RE.search(units[k].text)
    if rule is None:
        return False
    above = shapes.RULE_ID_RE.search(units[k - 1].text) if k else None
    return not (above and above.group(0) == rule.group(0))


_PROGRAM_RE = re.compile(r"^[a-z][\w+-]*: (?=\S)")


def _alike(units: list[Unit]) -> list[str]:
    """Messages at the margin that open with the same words and carry a comparison's sides
    (`detected invalid host(s) ...; expected: ...; actual: ...`, then `detected invalid
    protocol ...`) are one failure each; so are lines at the margin that say something and
    open with the same three words, paths and numbers aside (`a/B.js failed for ...` and
    `a/C.js failed for ...`, `(error "line 3 ...` and `(error "line 6 ...`), unless they
    state a lower level (a tool's closing warnings)."""
    groups: dict[str, list[Unit]] = {}
    for u in units:
        words = u.text.split()
        if u.indent == 0 and u.score >= 3 and len(words) >= 4 and _SIDES_RE.search(u.text):
            groups.setdefault(" ".join(words[:2]).lower(), []).append(u)
        elif u.indent == 0 and u.score >= 1 and len(words) >= 4 and level(u.text) not in LOWER_LEVELS:
            groups.setdefault("\0" + _skeleton(words[:3]), []).append(u)
    # (The same line printed twice, a build's repeated warning, is one thing said again.)
    found = max(groups.values(), key=lambda g: len({u.text for u in g}), default=[])
    if len({u.text for u in found}) < 2:
        return []
    # A program that names itself on each of its failures (`sysctl: cannot stat ...` twice)
    # names itself on its others too, whatever their words (`sysctl: a.conf(6): invalid
    # syntax, continuing...`), in the order it printed them: not its warnings, nor what it
    # says after the last of them (its wrap-up, `could not interpret config file 'a.conf'`).
    leads = {m.group(0) if (m := _PROGRAM_RE.match(u.text)) else "" for u in found}
    lead = leads.pop() if len(leads) == 1 else ""
    if lead:
        found = [
            u
            for u in units[: units.index(found[-1]) + 1]
            if u in found
            or (
                u.indent == 0
                and u.score >= 1
                and u.text.startswith(lead)
                and level(u.text) not in LOWER_LEVELS
                and not wording.is_wrapup(u.text)
            )
        ]
    return [collapse(u.text) for u in found]


def _skeleton(words: list[str]) -> str:
    return " ".join(_PATH_WORD_RE.sub("<path>", _NUMBER_RE.sub("0", w.lower())) for w in words)


def errors_only(texts: list[str]) -> list[str]:
    """The errors, when the run states errors beside lower levels. A linter that names the
    rule of every finding (`warning[artipacked]`, `... [SC2086]`, `SC2115 (warning)`, `(check: file_mode)`) reports
    findings, each one a failure whatever its level; a compiler names a rule for its warnings
    only (`[-Wunused]`), or for none."""
    levels = [level(t) for t in texts]
    if "error" not in levels or not any(lv in LOWER_LEVELS for lv in levels):
        return texts
    if all(_RULE_RE.search(t) for t in texts):
        return texts
    return [t for t, lv in zip(texts, levels, strict=True) if lv not in LOWER_LEVELS]


def _errors_first(units: list[Unit]) -> list[Unit]:
    kept = set(errors_only([u.text for u in units]))
    found = [u for u in units if u.text in kept]
    # Lines that state an error beside lines of the same shape that state no level at all
    # (`a.am:4: error: ...` among `a.ac:3: installing './compile'`): the others are progress.
    stated = [u for u in found if leveled(u.text)]
    if stated and not any(level(u.text) or _RULE_RE.search(u.text) for u in found if u not in stated):
        return stated
    return found


def marked_errors(texts: list[str], marks: list[str]) -> list[str]:
    """Messages flagged with an error's mark (`×`) beside others flagged with a warning's
    (`!`): the errors."""
    if "!" not in marks or not any(m and m != "!" for m in marks):
        return texts
    return [t for t, m in zip(texts, marks, strict=True) if m != "!"]


def chained(lines: list[shapes.Line], units: list[Unit]) -> list[Unit]:
    """An error over its causes, each under a heading alone (`error: failed to get x` / blank /
    `Caused by:` / `  failed to read y` / ... / `Caused by:` / `  No such file`): one failure,
    the error and its innermost cause, as a chain's is (the causes between say how it got
    there). The units unchanged when no such chain stands under an error."""
    causes = [k for k, u in enumerate(units) if lines[u.span[0]].core == "Caused by:" and u.span[1] > u.span[0] + 1]
    if not causes or causes[0] == 0 or causes != list(range(causes[0], causes[-1] + 1)):
        return units
    error, last = units[causes[0] - 1], units[causes[-1]]
    if error.score < 1 or level(error.text) in LOWER_LEVELS:
        return units
    merged = error._replace(text=f"{error.text}; {last.text}", score=max(error.score, last.score))
    return [*units[: causes[0] - 1], merged, *units[causes[-1] + 1 :]]
