#!/usr/bin/env python3
"""Where each expected message stands among the general method's ranked candidates.

    python bench/failures_ceiling.py [--fixtures DIR] [--only NAMES_FILE] [--halves] [--json] [--list]

For every recording (tests/fixtures/toolchains, or DIR; with --only, the recordings named one a
line in NAMES_FILE, e.g. the test's KNOWN_MISSES): the general method's candidates
(`failures.ranking` units: a line joined with what continues it, after wrap-ups are dropped),
in the order the method prefers them (the higher score first, the earlier on a tie), and for
each expected message that `failure_messages` does not give verbatim (a "missed" message),
the rank of the first candidate that holds it verbatim (whitespace collapsed): first, second,
third, later, or none. A message a candidate holds only loosely (the candidate is part of it)
is counted apart. Also: whether a recogniser claims the output, and whether the method ended
on its single-best-line pick (the case where a second candidate could be carried).

With --halves the toolchains are sorted and split alternating (A: the 1st, 3rd, ...; B: the
2nd, 4th, ...), and the table is given per half.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lib"))
sys.path.insert(0, str(ROOT / "bench"))

from context_keeper.failures import failure_messages, findings, joins, marks, ranking, shapes  # noqa: E402
from context_keeper.failures.lines import collapse, pieces  # noqa: E402


def candidates(output: str) -> list[tuple[int, int, str]]:
    """(score, order, text) of every candidate of `output`, best first."""
    out = []
    order = 0
    for piece in ranking._bounded(pieces(output)):
        piece = ranking.boxes.unboxed(piece)
        lines = [shapes.Line(line) for line in piece]
        kinds = [shapes.kind(line) for line in lines]
        marks.mark_summaries(lines, kinds)
        marks.mark_excerpts(lines, kinds)
        marks.mark_traces(lines, kinds)
        units = findings.without_wrapups(joins.paragraphs(lines, ranking._units(lines, kinds, 0, len(lines), True)))
        for u in units:
            out.append((u.score, order, collapse(u.text)))
            order += 1
    return sorted(out, key=lambda c: (-c[0], c[1]))


def single_pick(case: dict[str, Any]) -> bool:
    """Whether the method ended on its single-best pick for some piece of the output."""
    hit: list[bool] = []
    original = ranking._best

    def spy(units: list[Any]) -> Any:
        hit.append(True)
        return original(units)

    ranking._best = spy
    try:
        failure_messages(case["tool_result"], case["command"])
    finally:
        ranking._best = original
    return bool(hit)


def rank_of(message: str, cands: list[tuple[int, int, str]]) -> tuple[str, bool]:
    flat = collapse(message)
    for n, (_score, _order, text) in enumerate(cands):
        if flat in text:
            return (("first", "second", "third")[n] if n < 3 else "later"), False
    loose = any(len(text) > 8 and text in flat for _s, _o, text in cands)
    return "none", loose


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "toolchains")
    parser.add_argument("--only", type=Path)
    parser.add_argument("--halves", action="store_true")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--list", action="store_true", help="every missed message with its rank")
    args = parser.parse_args(argv)
    from failures_loo import claimant

    cases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.fixtures.glob("*.json"))]
    if args.only:
        names = {n.strip() for n in args.only.read_text(encoding="utf-8").split() if n.strip()}
        cases = [c for c in cases if c["name"] in names]
    toolchains = sorted({c["toolchain"] for c in cases})
    half = {t: ("A" if i % 2 == 0 else "B") if args.halves else "all" for i, t in enumerate(toolchains)}
    table: dict[str, Counter[str]] = defaultdict(Counter)
    rows = []
    for case in cases:
        found = failure_messages(case["tool_result"], case["command"]).messages
        cands = candidates(case["tool_result"])
        claimed = claimant(case) != ""
        single = not claimed and single_pick(case)
        for message in case["expected"]:
            key = half[case["toolchain"]]
            table[key]["messages"] += 1
            if any(message in m for m in found):
                table[key]["given"] += 1
                continue
            where, loose = rank_of(message, cands)
            table[key][where] += 1
            table[key]["loose"] += loose
            table[key]["claimed" if claimed else ("single" if single else "shaped")] += 1
            if not claimed and single and where in ("second", "third"):
                table[key][f"single_{where}"] += 1
            rows.append((case["name"], key, "claimed" if claimed else "single" if single else "shaped", where, message))
    if args.json:
        print(json.dumps({k: dict(v) for k, v in table.items()}, indent=2, sort_keys=True))
    else:
        cols = (
            "messages",
            "given",
            "first",
            "second",
            "third",
            "later",
            "none",
            "loose",
            "claimed",
            "single",
            "single_second",
            "single_third",
        )
        print("half " + " ".join(f"{c:>13}" for c in cols))
        for key in sorted(table):
            print(f"{key:4} " + " ".join(f"{table[key][c]:>13}" for c in cols))
    if args.list:
        for name, key, path, where, message in rows:
            print(f"{key} {where:6} {path:7} {name}: {message[:150]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
