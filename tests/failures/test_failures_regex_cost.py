"""failures' regexes cost time linear in the line: none starts with an unguarded repeat.

A search tries a pattern from every position of its text. When the pattern starts with an
unbounded repeat of a set (`[\\w./-]+\\.\\w+::\\w`, `\\n*\\.\\.\\. \\[`) and something must follow it,
each position of a long run of that set reads the rest of the run before failing: time
quadratic in the run (a 1,000-character dotted line cost ~10 ms a search, 100,000 blank lines
~4 s a split). Started only where a run starts (a lookbehind for the set, a word boundary
before a run of word characters, or the start of the line), the same search is linear.
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import re._constants as c  # type: ignore[import-not-found]  # noqa: PLC2701 - a pattern read as parsed
import re._parser as parser  # type: ignore[import-not-found]  # noqa: PLC2701
from typing import Any

import context_keeper.failures as failures
from context_keeper.failures import jstest, layout, lines, wording

_ZERO_WIDTH = (c.AT, c.ASSERT, c.ASSERT_NOT)
_WORD_CATEGORIES = (c.CATEGORY_WORD, c.CATEGORY_DIGIT)


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for info in pkgutil.iter_modules(failures.__path__):
        module = importlib.import_module(f"context_keeper.failures.{info.name}")
        for name, value in vars(module).items():
            values = (
                value.values() if isinstance(value, dict) else value if isinstance(value, (tuple, list)) else [value]
            )
            found += [(f"{info.name}.{name}", v) for v in values if isinstance(v, re.Pattern)]
    return found


def _branches(items: list[Any]) -> list[list[Any]]:
    """The alternatives a pattern (or a group opening a branch) starts with, each as items."""
    if len(items) == 1 and items[0][0] is c.BRANCH:
        return [b for branch in items[0][1][1] for b in _branches(list(branch))]
    return [items]


def _word_set(item: Any) -> bool:
    op, av = item
    if op is c.IN:
        return all((o is c.CATEGORY and a in _WORD_CATEGORIES) or (o is c.LITERAL and chr(a).isalnum()) for o, a in av)
    return op is c.LITERAL and chr(av).isalnum()


def unguarded(items: list[Any], guarded: str = "") -> list[str]:
    """The alternatives of `items` that start with an unbounded repeat followed by more
    pattern, tried from every position."""
    out = []
    for branch in _branches(items):
        guard = guarded
        for n, (op, av) in enumerate(branch):
            if op in _ZERO_WIDTH:
                if op is c.AT and av in (c.AT_BEGINNING, c.AT_BEGINNING_STRING):
                    guard = "start"
                elif op is c.AT and av is c.AT_BOUNDARY:
                    guard = guard or "boundary"
                elif op is c.ASSERT_NOT and av[0] == -1:
                    guard = "lookbehind"
                continue
            if op is c.SUBPATTERN and n == len(branch) - 1:
                out += unguarded(list(av[-1]), guard)
            elif op is c.SUBPATTERN:
                # A group opening the alternative: its own alternatives start it (what
                # follows the group follows each of them).
                out += unguarded([*av[-1], *branch[n + 1 :]], guard)
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT) and av[1] is c.MAXREPEAT and n < len(branch) - 1:
                body = list(av[2])
                word_run = guard == "boundary" and len(body) == 1 and _word_set(body[0])
                if guard not in ("start", "lookbehind") and not word_run:
                    out.append(str(branch[n : n + 3])[:120])
            break
    return out


def test_no_pattern_starts_with_an_unguarded_repeat() -> None:
    patterns = _patterns()
    assert len(patterns) > 200  # every module's patterns were found
    bad = {name: found for name, p in patterns if (found := unguarded(list(parser.parse(p.pattern, p.flags))))}
    assert bad == {}


def test_the_check_sees_the_quadratic_forms() -> None:
    def check(pattern: str) -> list[str]:
        return unguarded(list(parser.parse(pattern)))

    assert check(r"[\w./-]+\.\w+::\w")
    assert check(r"\n*\.\.\. x")
    assert check(r"\b[\w.$]*Error:")  # `.` and `$` are no word characters: no boundary between them
    assert check(r"a|(?:x|⎯+ Failed)")
    assert not check(r"(?<![\w./-])[\w./-]+\.\w+::\w")
    assert not check(r"^\s*\d+\|")
    assert not check(r"\b\d+ passed")
    assert not check(r"\s+")  # nothing after the repeat: it never fails back over the run


def test_the_guarded_patterns_find_what_they_found() -> None:
    assert layout.NODE_ID_RE.search("FAILED tests/unit/test_x.py::test_y - assert 1 == 2")
    assert layout.NODE_ID_RE.search("ERROR at setup of a.b.c.py::T::t")
    assert not layout.NODE_ID_RE.search("std::vector<int> x")
    assert wording.EXC_RE.search("java.lang.IllegalStateException: boom")
    assert wording.EXC_RE.search("$Error: x") and wording.EXC_RE.search("..TypeError: y")
    assert not wording.EXC_RE.search("a.b.c.d.e.f Error")
    assert jstest._VITEST_BANNER_RE.search("⎯⎯⎯⎯ Failed Tests 2 ⎯⎯⎯⎯")
    cut = "head\n\n\n... [120 characters truncated] ...\n\ntail\n... [9 characters truncated] ...\nend"
    assert lines._CUT_RE.split(cut) == ["head", "tail", "end"]
    assert lines._CUT_RE.split("\n" * 50 + "x") == ["\n" * 50 + "x"]


def test_a_run_of_dotted_names_or_blank_lines_is_read_in_one_pass() -> None:
    # 100,000 blank lines (two splits of the old pattern would take tens of seconds) and a
    # line of 1,000 dotted characters: the answer is the same as for short ones.
    assert lines.pieces("error: a" + "\n" * 100_000 + "error: b") == [["error: a", *[""] * 99_999, "error: b"]]
    assert failures.failure_messages("a." * 500 + "\nerror: boom\n").messages == ("error: boom",)
    # Leading blank lines go in one slice (one by one, 120,000 of them took ~1 s), the
    # `Exit code` line after them with them.
    assert lines.pieces("\n" * 120_000 + "Exit code 1\nerror: c") == [["error: c"]]
