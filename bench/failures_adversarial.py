#!/usr/bin/env python3
"""Worst time per call of failures.failure_messages on adversarial output (1 MB each).

    python bench/failures_adversarial.py [--lib DIR]

Shapes no recording has: long runs of blank lines, 1,000-character lines of one repeated
token (dotted names, paths, colons), 100,000 copies of one message line, mixed scripts,
messages each over a margin line (failures/margin) and a margin line of 1 MB of `a, `,
messages each over a place set off below them (failures/after), a heading over 100,000
findings (failures/grouped), lines of one repeated `in a.b ` ending in `:`, a JSON report of
20,000 diagnostics and JSON nested 100,000 deep (failures/jsonreport), 100,000 CI annotations
(failures/lines), mypy's errors over margin lines (failures/pychecks), a thrown error over
100,000 properties (failures/node), 100,000 names each with one complaint and lines led by a
place in a document (failures/blocks), a traceback panel (failures/python).
The fold reads the first and last 64 KB of an output (failures/lines.SCAN_CHARS), so a
shape's cost is what those 128 KB cost. `--lib` points at another tree's `lib` to compare.
Prints seconds per call (best of 3) and the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

MB = 1 << 20


def _line(unit: str, prefix: str = "") -> str:
    return prefix + (unit * 1000)[: 999 - len(prefix)]


SHAPES = {
    "blank lines, then a message": lambda: "\n" * 120_000 + "error: boom",
    "blank lines between two messages": lambda: "error: a" + "\n" * 120_000 + "error: b",
    "dotted lines (a.a.a...)": lambda: ("error: x\n" + _line("a.") + "\n") * (MB // 1009),
    "dotted lines (._._...)": lambda: (_line("._") + "\n") * (MB // 1000),
    "path lines (a/a/a...)": lambda: (_line("a/") + "\n") * (MB // 1000),
    "colon lines": lambda: (_line(":") + "\n") * (MB // 1000),
    "100,000 x `x:1: error: y`": lambda: "x:1: error: y\n" * 100_000,
    "mixed scripts": lambda: "错误：文件未找到 ‫שגיאה‬ e\u0301\u0301\u0301\n" * (MB // 22),
    "one 1 MB line": lambda: "error: " + "x" * MB,
    "messages each over a margin line": lambda: "Error: x failed\nthe reason it failed.\n\n" * (MB // 38),
    "a margin line of 1 MB of `a, `": lambda: "Error: x failed\nTo " + "a, " * (MB // 3) + "\n",
    "messages each over a set-off place and excerpt": lambda: (
        "Cannot query field x.\n\nGraphQL request:1:3\n1 | { x }\n  |   ^\n\n" * (MB // 60)
    ),
    "a heading over 100,000 findings": lambda: "src/a.py:4 in total\n" + "    R1: x is missing\n" * 100_000,
    "lines of `in a.b ` ending in `:`": lambda: (_line("in a.b ") + ":\n") * (MB // 1001),
    "a JSON report of 20,000 diagnostics": lambda: json.dumps(
        {
            "files": [
                {"path": f"a{i}.py", "messages": [{"message": "x\ny", "line": 1, "column": 2}]} for i in range(20_000)
            ]
        }
    ),
    "JSON nested 100,000 deep": lambda: "[" * 100_000 + "]" * 100_000,
    "100,000 CI annotations": lambda: "::error file=a.py,line=1::a.py:1:1: E1 bad%0A  help: fix\n" * 100_000,
    "mypy errors each over margin lines": lambda: "a.py:1: error: bad thing\nword word\nmore words\n" * 30_000,
    "a thrown error over 100,000 properties": lambda: (
        "TypeError: x\n    at f (a.js:1:1) {\n" + "  k: 1,\n" * 100_000 + "  [cause]: Error: y\n}\n\nNode.js v22"
    ),
    "100,000 names each with one complaint": lambda: "".join(
        f"d{i}: No such file or directory\n" for i in range(100_000)
    ),
    "100,000 lines led by a place in a document": lambda: "".join(f"a/b{i}: Expected x {i}\n" for i in range(100_000)),
    "100,000 lines of one skeleton, nothing scored": lambda: "".join(f"Rewriting src/a{i}.py\n" for i in range(100_000)),
    "a verdict over 100,000 items of one skeleton": lambda: "Check failed\n"
    + "".join(f"Checking s{i}.py  (changed)\n" for i in range(100_000)),
    "50,000 messages, a question set in under each": lambda: "".join(
        f"error: connection {i} failed\n\tIs the server running?\n" for i in range(50_000)
    ),
    "50,000 failures, each under a labelled name": lambda: "".join(
        f"### Failure in: {i}:t\na{i}.c:1: error: x\n" for i in range(50_000)
    ),
    "a traceback panel of 100,000 lines": lambda: (
        "╭── Traceback (most recent call last) ──╮\n" + "│ a: b │\n" * 100_000 + "╰──╯\nKeyError: 'x'"
    ),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", type=Path, default=Path(__file__).resolve().parent.parent / "lib")
    args = parser.parse_args()
    sys.path.insert(0, str(args.lib))
    from context_keeper.failures import failure_messages

    failure_messages("error: warm\n")
    print(f"lib: {args.lib}  load: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, make in SHAPES.items():
        text = make()
        best = min(_timed(failure_messages, text) for _ in range(3))
        print(f"{best:8.3f} s  {name} ({len(text):,} chars)")


def _timed(function: object, text: str) -> float:
    start = time.perf_counter()
    function(text)  # type: ignore[operator]
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
