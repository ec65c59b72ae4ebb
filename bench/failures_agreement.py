"""How far two readers agree on a batch's failure messages, and how the method scores against each.

    python bench/failures_agreement.py [--second bench/data/second_reading_batch25.json]
                                        [--fixtures tests/fixtures/toolchains] [--method]

A recording's `expected` was written by one engineer from the raw output before the method ran
on it. The second reading is another engineer's, written blind: from the same outputs with
`expected` removed, under the same rules (tests/fixtures/toolchains/README.md), without the
repository. Agreement uses the benchmarks' own criterion (`bench/failures_in_context.py`): a
message counts when it stands verbatim in the other's text. `--method` also scores the block
against the second reading, so the method's figure can be read beside the readers' agreement:
what two careful readers share bounds what any method can be expected to match.

Not a test: the second reading covers one batch; it measures the target, not the code.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _messages(case: dict[str, Any]) -> list[str]:
    expected = case["expected"]
    return json.loads(expected) if isinstance(expected, str) else list(expected)


def agreement(first: dict[str, dict[str, Any]], second: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Counts over the runs both readings hold: messages of each found verbatim in the other's."""
    row = dict(runs=0, identical=0, same_count=0, same_more=0, first=0, first_in_second=0, second=0, second_in_first=0)
    for name in sorted(set(first) & set(second)):
        a, b = _messages(first[name]), _messages(second[name])
        text_a, text_b = "\n".join(a), "\n".join(b)
        row["runs"] += 1
        row["identical"] += a == b
        row["same_count"] += len(a) == len(b)
        row["same_more"] += first[name].get("expected_more", 0) == second[name].get("expected_more", 0)
        row["first"] += len(a)
        row["second"] += len(b)
        row["first_in_second"] += sum(m in text_b for m in a)
        row["second_in_first"] += sum(m in text_a for m in b)
    return row


def _method_against(second: dict[str, dict[str, Any]], fixtures: Path) -> str:
    """The block scored against the second reading (`bench/failures_in_context.py`'s last line)."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, reading in second.items():
            case = json.loads((fixtures / f"{name}.json").read_text())
            case["expected"], case["expected_more"] = reading["expected"], reading.get("expected_more", 0)
            (Path(tmp) / f"{name}.json").write_text(json.dumps(case, ensure_ascii=False))
        done = subprocess.run(
            [sys.executable, str(ROOT / "bench" / "failures_in_context.py"), "--fixtures", tmp],
            capture_output=True,
            text=True,
            check=True,
        )
    lines = [line for line in done.stdout.splitlines() if "expected messages" in line]
    return lines[-1] if lines else done.stdout.strip()


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f} %" if b else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--second", type=Path, default=ROOT / "bench" / "data" / "second_reading_batch25.json")
    parser.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "toolchains")
    parser.add_argument("--method", action="store_true", help="also score the block against the second reading")
    args = parser.parse_args(argv)
    if not args.second.is_file() or not args.fixtures.is_dir():
        print(
            f"failures_agreement: need a second reading ({args.second}) and the fixtures ({args.fixtures})",
            file=sys.stderr,
        )
        return 2
    second = json.loads(args.second.read_text())
    missing = [name for name in second if not (args.fixtures / f"{name}.json").is_file()]
    if missing:
        print(
            f"failures_agreement: {len(missing)} runs of the second reading have no recording: {missing[:3]}",
            file=sys.stderr,
        )
        return 2
    first = {name: json.loads((args.fixtures / f"{name}.json").read_text()) for name in second}
    row = agreement(first, second)
    print(
        f"runs {row['runs']}: the same messages {row['identical']}, the same number {row['same_count']}, "
        f"the same count beyond five {row['same_more']}"
    )
    print(
        f"first reading's {row['first']} messages verbatim in the second's: {row['first_in_second']} "
        f"({_pct(row['first_in_second'], row['first'])})"
    )
    print(
        f"second reading's {row['second']} messages verbatim in the first's: {row['second_in_first']} "
        f"({_pct(row['second_in_first'], row['second'])})"
    )
    if args.method:
        print("the block against the second reading:", _method_against(second, args.fixtures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
