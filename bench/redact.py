#!/usr/bin/env python3
"""Speed and accuracy of `context_keeper.redact`, next to an earlier version of it.

    .venv-dev/bin/python bench/redact.py [--baseline e5b39d8] [--repeat 5]

The baseline is `lib/context_keeper/redact.py` (or the package) at a git revision, loaded
from a temp dir. Rows: lines per second on ordinary lines (the corpus's, and every line of
the real transcripts in tests/fixtures) and on secret lines (the corpus's, seed 1); import
time in a fresh interpreter and the first call (which compiles the patterns); the share of
ordinary lines left unchanged and of secrets removed (tests/redact_corpus.py).

A second table: one 10 MB string (the transcripts' lines, repeated) redacted whole, in MB per
second of CPU time (the machine is shared: wall time is printed too), next to its lines
redacted one by one, and whether the two results are identical.

Not a test: timings depend on the machine and its load (printed with them).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import redact_corpus as corpus  # noqa: E402
from json_strings import strings  # noqa: E402

_TIMED_IMPORT = (
    "import time, sys\n"
    "t0 = time.perf_counter()\n"
    "import context_keeper.redact as r\n"
    "t1 = time.perf_counter()\n"
    "r.redact('export GITHUB_TOKEN=ghp_0123456789abcdefghijABCDEFGHIJ012345')\n"
    "t2 = time.perf_counter()\n"
    "print((t1 - t0) * 1e3, (t2 - t1) * 1e3)\n"
)


def checkout(rev: str, dest: Path) -> Path:
    """`lib/context_keeper/redact{.py,/}` at `rev` under dest/context_keeper (a bare package)."""
    pkg = dest / "context_keeper"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-tree", "-r", "--name-only", rev, "lib/context_keeper/"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for name in files:
        if name == "lib/context_keeper/redact.py" or name.startswith("lib/context_keeper/redact/"):
            target = dest / name.removeprefix("lib/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(
                subprocess.run(
                    ["git", "-C", str(ROOT), "show", f"{rev}:{name}"], check=True, capture_output=True
                ).stdout
            )
    return dest


def import_times(libdir: Path, runs: int) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=str(libdir), PYTHONDONTWRITEBYTECODE="")
    subprocess.run([sys.executable, "-c", "import context_keeper.redact"], env=env, check=True)  # .pyc
    imports, firsts = [], []
    for _ in range(runs):
        out = subprocess.run(
            [sys.executable, "-c", _TIMED_IMPORT], env=env, check=True, capture_output=True, text=True
        ).stdout.split()
        imports.append(float(out[0]))
        firsts.append(float(out[1]))
    return statistics.median(imports), statistics.median(firsts)


def fixture_lines() -> list[str]:
    lines: list[str] = []
    for path in sorted((ROOT / "tests" / "fixtures").glob("*.jsonl")):
        for raw in path.read_text().splitlines():
            try:
                record = json.loads(raw)
            except ValueError:
                continue
            for s in strings(record):
                lines += [line for line in s.split("\n") if line.strip()]
    return lines


def rate(redact, lines: list[str], repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Lines per second of CPU time (the machine is shared: wall time would measure the others'
    load), best of `repeat` passes."""
    for line in lines[:50]:
        redact(line)
    best = float("inf")
    for _ in range(repeat):
        started = time.process_time()
        for line in lines:
            redact(line)
        best = min(best, time.process_time() - started)
    return len(lines) / best


def _repeat_to(lines: list[str], size: int) -> list[str]:
    out: list[str] = []
    total = 0
    while total < size:
        for line in lines:
            out.append(line)
            total += len(line) + 1
            if total >= size:
                break
    return out


def _timed(fn):  # type: ignore[no-untyped-def]
    """(result, (CPU seconds, wall seconds)) of one call."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn()
    return result, (time.process_time() - cpu, time.perf_counter() - wall)


def load(libdir: Path):  # type: ignore[no-untyped-def]
    code = f"import sys; sys.path.insert(0, {str(libdir)!r}); from context_keeper.redact import redact"
    scope: dict[str, object] = {}
    for name in [m for m in sys.modules if m == "context_keeper" or m.startswith("context_keeper.")]:
        del sys.modules[name]
    exec(code, scope)
    sys.path.remove(str(libdir))
    return scope["redact"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default="e5b39d8", help="git revision to compare with")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--import-runs", type=int, default=15)
    parser.add_argument("--big-mb", type=int, default=10, help="size of the one-string row")
    args = parser.parse_args()

    ordinary = corpus.ordinary_lines()
    real = fixture_lines()
    cases = corpus.secret_cases(seed=1)
    secrets = [c.text for c in cases]
    try:
        load_avg = " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        load_avg = "?"
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} cores, load {load_avg}")
    print(
        f"corpus: {len(ordinary)} ordinary lines, {len(secrets)} secret texts; "
        f"{len(real)} lines of real transcripts (tests/fixtures)\n"
    )

    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, libdir in (("before", checkout(args.baseline, Path(tmp) / "base")), ("after", ROOT / "lib")):
            imp, first = import_times(libdir, args.import_runs)
            redact = load(libdir)
            kept = sum(redact(line) == line for line in ordinary)
            removed = sum(not corpus.leaked(redact(c.text), c.secret) for c in cases)
            rows.append(
                (
                    label,
                    rate(redact, ordinary, args.repeat),
                    rate(redact, real, args.repeat),
                    rate(redact, secrets, args.repeat),
                    imp,
                    first,
                    100 * kept / len(ordinary),
                    100 * removed / len(cases),
                )
            )
    big = "\n".join(_repeat_to(real, args.big_mb * 1_000_000))
    big_rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for label, libdir in (("before", checkout(args.baseline, Path(tmp) / "base")), ("after", ROOT / "lib")):
            redact = load(libdir)
            whole, (cpu_w, wall_w) = _timed(lambda: redact(big))  # noqa: B023 - called at once
            by_line, (cpu_l, wall_l) = _timed(lambda: "\n".join(redact(line) for line in big.split("\n")))  # noqa: B023
            mb = len(big) / 1e6
            big_rows.append((label, mb / cpu_w, mb / wall_w, mb / cpu_l, mb / wall_l, whole == by_line))
    header = (
        "",
        "ordinary lines/s (CPU)",
        "transcript lines/s (CPU)",
        "secret lines/s (CPU)",
        "import ms",
        "first call ms",
        "ordinary unchanged %",
        "secrets removed %",
    )
    print(" | ".join(header))
    print(" | ".join("---" for _ in header))
    for label, o, t, s, imp, first, kept, removed in rows:
        print(
            f"{label} ({args.baseline if label == 'before' else 'this tree'}) | {o:,.0f} | {t:,.0f} | {s:,.0f} | "
            f"{imp:.2f} | {first:.2f} | {kept:.1f} | {removed:.1f}"
        )
    print(f"\none string of {len(big) / 1e6:.1f} MB ({big.count(chr(10)) + 1:,} lines)")
    print("| whole MB/s (CPU) | whole MB/s (wall) | line by line MB/s (CPU) | line by line MB/s (wall) | identical")
    print("| --- | --- | --- | --- | ---")
    for label, cw, ww, cl, wl, same in big_rows:
        print(f"{label} | {cw:.2f} | {ww:.2f} | {cl:.2f} | {wl:.2f} | {'yes' if same else 'no'}")


if __name__ == "__main__":
    main()
