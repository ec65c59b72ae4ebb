#!/usr/bin/env python3
"""Time per call of redact.redact on adversarial text: one long line that repeats a name and
what follows it, the shape whose cost grows faster than its length when a rule restarts a
scan from each candidate.

    python bench/redact_adversarial.py [--lib DIR] [--sizes 16,64,256] [--triggers]

A session meets such text in an assistant message (its first 64 KB are redacted) or a tool
output. Each shape is timed at 16 KB and 64 KB (`--sizes`), so the ratio of the two rows shows how the
cost grows (4 for linear, 16 for quadratic). `--lib` points at another tree's `lib` to
compare. Prints seconds per call (best of 3; a single run when it takes over 2 s) and the
machine's load. A shape whose smaller size took over 2 s is not timed at the larger.
`--triggers` also repeats every rule's trigger words with and without a sign and a value, and
lists the ones whose cost grows faster than their length.
"""

from __future__ import annotations

import argparse
import base64
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

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
    "`--key=` repeated": "--key=",
    "`key=\\\\` repeated": "key=\\\\",
    "`KEY=` repeated": "KEY=",
    "`token: ` repeated": "token: ",
    '`"` repeated': '"',
    "`\\` repeated": "\\",
    '`\\"` repeated': '\\"',
    # a login joined as one quoted token, each judged (`joined_logins`: the line around each pair)
    '`"bob:Winter@2007",` repeated': '"bob:Winter@2007",',
}
# A secret's name, then one random value as long as the line (a base64 blob).
BLOBS = {"`token=` and a base64 blob": "token=", "`PASSWORD=` and a base64 blob": "PASSWORD="}
# What each rule's triggers are repeated with (`--triggers`): nothing, a sign, a sign and a value.
GLUES = ("", "=", ": ", "=x ", '="', "=a1B2c3D4e5 ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lib", type=Path, default=Path(__file__).resolve().parent.parent / "lib")
    parser.add_argument("--sizes", default="16,64", help="sizes in KB, comma-separated")
    parser.add_argument(
        "--triggers",
        action="store_true",
        help="also every rule's trigger repeated with each of GLUES, listed when 4x the size cost over 6x",
    )
    args = parser.parse_args()
    sys.path.insert(0, str(args.lib))
    from context_keeper.redact import redact

    redact("warm password=x")
    print(f"lib: {args.lib}  load: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    sizes = [int(s) for s in args.sizes.split(",")]
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
    for name, sign in BLOBS.items():
        for size in sizes:
            text = sign + base64.b64encode(random.Random(size).randbytes(size * KB * 3 // 4)).decode()
            print(f"{min(_timed(redact, text) for _ in range(3)):8.3f} s  {name} ({len(text):,} chars)")
    if args.triggers:
        _triggers(redact, sizes)


def _triggers(redact: Any, sizes: list[int]) -> None:
    """Every rule's trigger (a word the rule runs on) repeated with each glue, at the first two
    sizes; printed when the larger costs over 6 times the smaller (4 is linear), CPU time."""
    from context_keeper.redact import _compiled

    rules = _compiled()
    words = {t for t, _ in rules.triggers} | {t for t, _ in rules.flag_triggers} | set(rules.assignment_triggers)
    small, large = sizes[0], sizes[1]
    for word in sorted(words):
        for glue in GLUES:
            unit = word + glue
            first = _cpu(redact, unit * (small * KB // len(unit)))
            if first < 0.005:
                continue  # (too fast to tell a growth from the noise)
            second = _cpu(redact, unit * (large * KB // len(unit)))
            if second > 6 * first * large / small / 4:
                print(f"{first:8.3f} s -> {second:8.3f} s  {unit!r} repeated ({small} -> {large} KB)")


def _cpu(function: Any, text: str) -> float:
    start = time.process_time()
    function(text)
    return time.process_time() - start


def _timed(function: object, text: str) -> float:
    start = time.perf_counter()
    function(text)  # type: ignore[operator]
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
