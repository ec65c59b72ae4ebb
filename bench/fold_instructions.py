#!/usr/bin/env python3
"""Instructions the session fold executes, counted by valgrind: a speed figure that does not
depend on the machine's load.

    python bench/fold_instructions.py TRANSCRIPT [--root DIR ...] [--warm SMALL.jsonl]

On a shared machine CPU seconds for the same fold vary by several percent from run to run
(other processes share the caches and the cores), so a change of 1-5 % cannot be seen in them.
Instruction counts (callgrind's `Ir`) are the same on every run of the same code. Each
checkout (`--root`, this one by default) runs `cursor.build_model` in process, with the orjson
reader that a read of 8 MB or more takes, first on `--warm` (imports, lazily compiled
regexes: what every process pays once), then on TRANSCRIPT. The warm-up alone is counted too
and subtracted, so what is printed is the fold of TRANSCRIPT. A few MB are enough: valgrind
runs the interpreter ~50x slower (dense 5 MB: about a minute).

The child runs without PYTHONDONTWRITEBYTECODE: a checkout whose modules are compiled again
on every run would count hundreds of millions of instructions of compiling.

Needs valgrind (Debian: `apt-get install valgrind`). Not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CHILD = """
import sys
sys.path.insert(0, sys.argv[1])
from context_keeper.transcript import reader
reader.FAST_READ_BYTES = 0  # the orjson reader, as a 100 MB first fold reads
from context_keeper.session.cursor import build_model
build_model(sys.argv[2])
if sys.argv[3] != "-":
    build_model(sys.argv[3])
"""


def instructions(root: Path, warm: Path, transcript: Path | None, python: str) -> int:
    """callgrind's Ir of a child folding `warm`, then `transcript` (if any), with `root`'s code."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as script:
        script.write(CHILD)
    try:
        done = subprocess.run(
            [
                "valgrind",
                "--tool=callgrind",
                "--callgrind-out-file=/dev/null",
                python,
                script.name,
                str(root / "lib"),
                str(warm),
                str(transcript) if transcript else "-",
            ],
            capture_output=True,
            text=True,
            env=env,
            check=True,
        )
    finally:
        os.unlink(script.name)
    match = re.search(r"Collected : (\d+)", done.stderr)
    if match is None:
        raise SystemExit(f"no instruction count from valgrind:\n{done.stderr[-2000:]}")
    return int(match.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcript", type=Path)
    parser.add_argument("--root", type=Path, action="append", help="a checkout (repeatable; default: this one)")
    parser.add_argument("--warm", type=Path, default=Path("/tmp/ck-bench/dense-1MB-s1.jsonl"))
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)
    roots = args.root or [ROOT]
    size = args.transcript.stat().st_size / 1e6
    print(f"fold of {args.transcript.name} ({size:.1f} MB) after a warm-up fold of {args.warm.name}")
    base = None
    for root in roots:
        # Once outside valgrind first, so that no counted run writes the .pyc files: the
        # transcript too, since a module only its fold imports (a toolchain's recogniser) would
        # otherwise be compiled inside the counted fold (+200 M on gen 10 MB in a fresh archive).
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        subprocess.run(
            [args.python, "-c", CHILD, str(root / "lib"), str(args.warm), str(args.transcript)], check=True, env=env
        )
        warm_only = instructions(root, args.warm, None, args.python)
        total = instructions(root, args.warm, args.transcript, args.python)
        fold = total - warm_only
        change = f"  {100 * (fold - base) / base:+.1f} % against the first" if base else ""
        print(f"{fold / 1e6:10.1f} M instructions  {root}{change}")
        base = base or fold
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
