#!/usr/bin/env python3
"""Instructions a whole PreCompact hook process executes (no saved state), counted by valgrind:
the interpreter's start, the imports, the regexes compiled, the fold, the block, the saves and
the interpreter's end, which bench/fold_instructions.py (the fold alone, in process) leaves out.

    python bench/hook_instructions.py TRANSCRIPT [--root DIR ...]

Each checkout's PreCompact hook runs as Claude Code runs it (bench/dense.py's way: a temp
git project, a fresh CONTEXT_KEEPER_HOME, the PreCompact stdin), once outside valgrind (so
that no counted run writes the .pyc files or any other cache beside the code), then under
callgrind with PYTHONHASHSEED=0 and no time budget (valgrind's pace would run into it); a
run that prints no block stops the script. Printed: the hook's own process (the archive's
forked child and git are other processes, on the other core on a quiet machine). gen 10 MB
takes about half a minute, 100 MB several minutes.

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
sys.path.insert(0, str(ROOT / "bench"))

from precompact import git_project, hook_stdin  # noqa: E402

# hooks/pre_compact_preserve.py without the guard's cap on PreCompact's budget (45 s).
_UNCAPPED = """
import sys
sys.path.insert(0, sys.argv[1])
from context_keeper.hooks import guard
guard.BUDGET_CAPS["PreCompact"] = 100000.0
from context_keeper.hooks.pre_compact_preserve import main
sys.exit(main())
"""


def hook_instructions(root: Path, transcript: Path, python: str) -> int:
    with tempfile.TemporaryDirectory(prefix="ck-bench-hookir-") as tmp:
        work = Path(tmp)
        project = git_project(work)
        # valgrind runs the hook ~50x slower: no budget may cut the fold short (an empty block).
        (work / "config.toml").write_text("hook_budget = 100000.0\n")
        stdin = hook_stdin("PreCompact:auto", transcript, project)
        hook = [python, "-c", _UNCAPPED, str(root / "lib")]
        counts = work / "counts"
        counts.mkdir()
        valgrind = ["valgrind", "--tool=callgrind", f"--log-file={counts}/log.%p", "--callgrind-out-file=/dev/null"]
        for i, prefix in enumerate(([], valgrind)):
            env = {
                "PATH": os.environ["PATH"],
                "HOME": str(work),
                "PYTHONPATH": str(root / "lib"),
                "CONTEXT_KEEPER_HOME": str(work / f"home-{i}"),
                "CONTEXT_KEEPER_CONFIG": str(work / "config.toml"),
                "PYTHONHASHSEED": "0",
            }
            proc = subprocess.Popen(
                [*prefix, *hook], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, cwd=project
            )
            block, _ = proc.communicate(stdin)
            if proc.returncode != 0 or not block:
                raise SystemExit(f"the hook exited {proc.returncode} with {len(block)} bytes of block")
        # valgrind runs in the hook's own process (same pid); the archive's forked child and
        # git have logs of their own.
        match = re.search(r"Collected : (\d+)", (counts / f"log.{proc.pid}").read_text())
        if match is None:
            raise SystemExit("no instruction count from valgrind")
        return int(match.group(1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcript", type=Path)
    parser.add_argument("--root", type=Path, action="append", help="a checkout (repeatable; default: this one)")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)
    transcript = args.transcript.resolve()
    print(f"PreCompact hook process on {transcript.name} ({transcript.stat().st_size / 1e6:.1f} MB), no saved state")
    base = None
    for root in args.root or [ROOT]:
        count = hook_instructions(root.resolve(), transcript, args.python)
        change = f"  {100 * (count - base) / base:+.1f} % against the first" if base else ""
        print(f"{count / 1e6:10.1f} M instructions  {root}{change}")
        base = base or count
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
