#!/usr/bin/env python3
"""Regexes whose time grows faster than their input: every pattern the library keeps at module
level (compiled, or the redaction's lazily compiled `LazyPattern`s), run as the code runs it
(`match` or `search`) on long runs of one character or one short unit (spaces, tabs, dots,
colons, `a.`...), at two lengths.

    python bench/regex_growth.py [--sizes 1000,4000] [--root DIR] [--min-ms 5]

A pattern that backtracks (`[\\w.-]+\\.\\w+$` searched on a long token, `\\s*>?\\s*\\d` on a run
of blanks) takes time quadratic in the text: one long line of a tool's output then costs the
fold seconds. Listed: the patterns whose slowest input took at least `--min-ms` at the larger
size, with the growth factor between the two sizes (4x the input: ~4x is linear, ~16x
quadratic) and where the code calls them (a pattern only ever `match`ed at the start of a
line clipped to N characters costs what N allows).

Also run: the patterns a module keeps in a tuple or list (`shapes.TITLE_RES[15]`, called
as `search`, the costlier of the two ways a table is read) and the redaction's `LazyRule`s
(module-level ones and those its `compile_rules()` build, called as `sub`, as the rules run).

Not a test: the figures are timings (the machine's load is printed with them).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import re
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# Runs of one character or one short unit: what makes a greedy run and what follows it
# overlap, the usual cause of backtracking.
UNITS = [
    " ", "\t", "\n", ".", "a", "a.", "a ", "a:", "-", "/", ":", "1", "=", "(", '"', "`", "*", "x=", "aA1_", "ab.c ",
]  # fmt: skip


# The mark of a redaction rule in a listed name: it is run as `sub`, as the rules run.
RULE = "rule"


def patterns(package: str) -> list[tuple[str, str, re.Pattern[str]]]:
    """(module, name, pattern) of every str pattern at module level, each once: compiled ones,
    the redaction's `LazyPattern`s (compiled here as they compile on first use), the items of
    module-level tuples and lists (`NAME[i]`), and the redaction's `LazyRule`s (module-level,
    or built by the module's `compile_rules()`)."""
    root = importlib.import_module(package)
    marks = importlib.import_module(package + ".redact.patterns")
    found: dict[int, tuple[str, str, re.Pattern[str]]] = {}

    def add(module: str, name: str, value: Any, depth: int = 0) -> None:
        if isinstance(value, marks.LazyPattern):
            value = value.compiled()
        elif isinstance(value, marks.LazyRule):
            value, name = value.pattern, f"{name} ({RULE}) {value.pattern.pattern[:24]!r}"
        if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
            found.setdefault(id(value), (module, name, value))
        elif isinstance(value, (tuple, list)) and depth < 4:
            for i, item in enumerate(value):
                add(module, name if "[" in name or "(" in name else f"{name}[{i}]", item, depth + 1)
        elif isinstance(value, dict) and depth < 4:
            for item in value.values():
                add(module, name, item, depth + 1)

    for info in pkgutil.walk_packages(root.__path__, package + "."):
        if info.name.endswith("__main__"):
            continue  # importing it runs the command line
        try:
            module = importlib.import_module(info.name)
        except Exception:  # noqa: BLE001 - a module that needs what is not installed here
            continue
        for name, value in list(vars(module).items()):
            add(info.name, name, value)
        build = getattr(module, "compile_rules", None)
        if info.name.startswith(package + ".redact.") and callable(build):
            add(info.name, "compile_rules()", build())
    return list(found.values())


def styles_of(source_root: Path, module: str, name: str) -> set[str]:
    """How the code calls a pattern: a rule substitutes; a table's item is searched (its
    callers loop over the table, so no call names it); else as `call_styles` finds."""
    if f"({RULE})" in name:
        return {"sub"}
    if "[" in name:
        return {"search"}
    return call_styles(source_root, module, name) or {"search"}


def call_styles(source_root: Path, module: str, name: str) -> set[str]:
    """How the library's code calls the pattern `name` of `module`: match, search, findall...
    In its own module by its bare name, elsewhere qualified (`shapes.PATH_IN_RE.search`):
    two modules may each have a pattern of one name (`_FILE_NAME`), called differently."""
    styles: set[str] = set()
    methods = r"\.(match|search|fullmatch|findall|finditer|sub|subn|split)\("
    own = source_root.parent.joinpath(*module.split(".")).with_suffix(".py")
    if not own.exists():
        own = own.with_suffix("") / "__init__.py"
    qualified = re.compile(rf"\b{re.escape(module.rsplit('.', 1)[-1])}\.{re.escape(name)}{methods}")
    for path in source_root.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        styles.update(qualified.findall(text))
        if path == own:
            styles.update(re.findall(rf"(?<![\w.]){re.escape(name)}{methods}", text))
    return styles


def timed(method: object, text: str, runs: int = 3) -> float:
    """The fastest of `runs` calls: a shared machine adds milliseconds to single calls."""
    best = float("inf")
    for _ in range(runs):
        started = time.perf_counter()
        try:
            method(text)  # type: ignore[operator]
        except Exception:  # noqa: BLE001, S110 - only the time matters here
            pass
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", default="1000,4000", help="two text lengths, the smaller first")
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose lib is scanned")
    p.add_argument("--min-ms", type=float, default=5.0, help="list patterns at least this slow at the larger size")
    args = p.parse_args()
    small, large = (int(n) for n in args.sizes.split(","))
    sys.path.insert(0, str(args.root / "lib"))
    source_root = args.root / "lib" / "context_keeper"
    print(f"load {' '.join(f'{x:.2f}' for x in os.getloadavg())}; the machine is shared")
    rows = []
    for module, name, pattern in patterns("context_keeper"):
        styles = styles_of(source_root, module, name)
        worst = (0.0, 0.0, "", "")
        for style in sorted(styles & {"match", "search", "fullmatch", "findall", "finditer", "sub", "split"}):
            method = getattr(pattern, style)
            if style == "sub":
                method = lambda text, pattern=pattern: pattern.sub("", text)  # noqa: E731
            for unit in UNITS:
                big = timed(method, (unit * large)[:large], runs=1)
                if big * 1000 >= args.min_ms:
                    big = timed(method, (unit * large)[:large])
                if big > worst[1]:
                    worst = (timed(method, (unit * small)[:small]), big, style, unit)
        t_small, t_large, style, unit = worst
        if t_large * 1000 >= args.min_ms:
            rows.append((t_large, t_small, f"{module}.{name}", style, unit))
    rows.sort(reverse=True)
    print(f"{'pattern':72} {'call':8} {'on':>8} {small:>7} ch {large:>7} ch  growth")
    for t_large, t_small, where, style, unit in rows:
        growth = t_large / t_small if t_small > 0 else float("inf")
        print(f"{where:72} {style:8} {unit!r:>8} {t_small * 1000:7.1f} ms {t_large * 1000:7.1f} ms  {growth:5.1f}x")
    print(f"{len(rows)} patterns at least {args.min_ms} ms on {large} characters")
    return 0


if __name__ == "__main__":
    sys.exit(main())
