#!/usr/bin/env python3
"""Time per call of redact.redact on adversarial text: one long line that repeats a name and
what follows it, the shape whose cost grows faster than its length when a rule restarts a
scan from each candidate.

    python bench/redact_adversarial.py [--lib DIR]

A session meets such text in an assistant message (its first 64 KB are redacted) or a tool
output. Each shape is timed at 16 KB and 64 KB (`--sizes`), so the ratio of the two rows shows how the
cost grows (4 for linear, 16 for quadratic). `--lib` points at another tree's `lib` to
compare. Prints seconds per call (best of 3; a single run when it takes over 2 s) and the
machine's load. A shape whose smaller size took over 2 s is not timed at the larger.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

KB = 1 << 10

UNITS = {
    "`password=` repeated": "password=",
    "`token=` repeated": "token=",
    "`https://u:p@` repeated": "https://u:p@",
    "`password=abc\\r` repeated": "password=abc\r",
    "`password password ` repeated": "password password ",
    "`token: x, ` repeated": "token: x, ",
    # calls opened at a line's end that never close: each is scanned to its bound (`wrapped_calls`)
    "`f(\\n` repeated": "f(\n",
    "`f(\\n'a',\\n` repeated": "f(\n'a',\n",
    "`secret: ` repeated": "secret: ",
    # a name whose values are kept (a bare `key`): each value ran to the line's end, judged whole
    "`key=` repeated": "key=",
    "`secret_key=` repeated": "secret_key=",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", type=Path, default=Path(__file__).resolve().parent.parent / "lib")
    parser.add_argument("--sizes", default="16,64", help="sizes in KB, comma-separated")
    args = parser.parse_args()
    sys.path.insert(0, str(args.lib))
    from context_keeper.redact import redact

    redact("warm password=x")
    print(f"lib: {args.lib}  load: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, unit in UNITS.items():
        slow = False
        for size in (int(s) for s in args.sizes.split(",")):
            text = unit * (size * KB // len(unit))
            if slow:
                print(f"{'-':>8}    {name} ({len(text):,} chars): not timed, the smaller size took over 2 s")
                continue
            first = _timed(redact, text)
            slow = first > 2
            best = first if first > 2 else min([first] + [_timed(redact, text) for _ in range(2)])
            print(f"{best:8.3f} s  {name} ({len(text):,} chars)")


def _timed(function: object, text: str) -> float:
    start = time.perf_counter()
    function(text)  # type: ignore[operator]
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
