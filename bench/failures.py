"""How often `failures.failure_messages` gives the expected messages of real tool runs.

    python bench/failures.py [--fixtures DIR] [--json] [--misses]

For every recording in tests/fixtures/toolchains (or DIR), per toolchain: how many give
exactly the expected first message (what `useful_error_line` returns, with and without the
command as a hint) and exactly all expected messages and `more`. Then the time per call
over the recordings and on a 30,000-character and a 5 MB output (best of 5 rounds; the
machine is shared, so read these as an order of magnitude).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lib"))

from context_keeper.failures import failure_messages  # noqa: E402


def score(cases: list[dict]) -> dict[str, dict[str, int]]:
    table: dict[str, dict[str, int]] = defaultdict(lambda: {"recordings": 0, "first": 0, "first_no_command": 0, "all": 0})
    for case in cases:
        row = table[case["toolchain"]]
        found = failure_messages(case["tool_result"], case["command"])
        bare = failure_messages(case["tool_result"])
        expected = case["expected"]
        first = expected[0] if expected else None
        row["recordings"] += 1
        row["first"] += (found.messages[0] if found.messages else None) == first
        row["first_no_command"] += (bare.messages[0] if bare.messages else None) == first
        row["all"] += list(found.messages) == expected and found.more == case.get("expected_more", 0)
    return dict(sorted(table.items()))


def timing(cases: list[dict]) -> dict[str, float]:
    def best(fn, rounds: int = 5) -> float:
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            fn()
            times.append(time.perf_counter() - start)
        return min(times)

    biggest = max(cases, key=lambda c: len(c["tool_result"]))["tool_result"]
    log = "Exit code 1\n" + "".join(f"[build] step {i} ok\n" for i in range(300_000)) + "error: out of memory"
    return {
        "per_recording_ms": best(lambda: [failure_messages(c["tool_result"], c["command"]) for c in cases]) / len(cases) * 1000,
        "largest_recording_chars": len(biggest),
        "largest_recording_ms": best(lambda: failure_messages(biggest)) * 1000,
        "five_mb_ms": best(lambda: failure_messages(log)) * 1000,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "toolchains")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true", help="print every recording that misses")
    args = parser.parse_args(argv)
    cases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.fixtures.glob("*.json"))]
    table = score(cases)
    totals = {k: sum(row[k] for row in table.values()) for k in ("recordings", "first", "first_no_command", "all")}
    times = timing(cases)
    if args.json:
        print(json.dumps({"toolchains": table, "total": totals, "timing": times}, indent=2))
        return 0
    print(f"{'toolchain':14} {'runs':>4} {'first':>6} {'first(no cmd)':>13} {'all':>4}")
    for name, row in table.items():
        print(f"{name:14} {row['recordings']:4} {row['first']:6} {row['first_no_command']:13} {row['all']:4}")
    n = totals["recordings"]
    print(
        f"{'total':14} {n:4} {totals['first']:6} {totals['first_no_command']:13} {totals['all']:4}"
        f"   ({len(table)} toolchains; first {totals['first'] / n:.1%}, all {totals['all'] / n:.1%})"
    )
    print(
        f"time: {times['per_recording_ms']:.2f} ms per recording; {times['largest_recording_ms']:.2f} ms for the largest"
        f" ({times['largest_recording_chars']:,} chars); {times['five_mb_ms']:.2f} ms for a 5 MB log"
    )
    if args.misses:
        for case in cases:
            found = failure_messages(case["tool_result"], case["command"])
            if list(found.messages) != case["expected"] or found.more != case.get("expected_more", 0):
                print(f"\nMISS {case['name']}\n  expected {case['expected']} +{case.get('expected_more', 0)}\n  got      {list(found.messages)} +{found.more}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
