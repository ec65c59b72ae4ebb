#!/usr/bin/env python3
"""Rules or a small model for the general method's line ranking: which generalises better?

    python bench/failures_model.py [--fixtures DIR] [--epochs N]

Compares the hand-set weights of `failures.wording.score` with a logistic regression over
the same features, trained in pure Python, on one decision: which candidate line of an
output (a `ranking` unit: a line joined with what continues it) is the message. For every
recording, its units and their features come from `ranking` itself; a unit is right when
it holds the first expected message or the message holds it (whitespace collapsed). Leave
one toolchain out: the model is trained on every other toolchain's recordings and picks a
unit in the left-out one's; the rules pick theirs with no training at all. Only recordings
with at least one right unit count (the others no ranking can get right).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lib"))

from context_keeper.failures import ranking, shapes  # noqa: E402
from context_keeper.failures.lines import collapse, pieces  # noqa: E402

FEATURES = (
    "exception",
    "level",
    "os_error",
    "located",
    "compare",
    "paired",
    "failed_colon",
    "weak",
    "warning",
    "code",
    "short",
    "first",
    "last",
)


def features(text: str, n: int, count: int) -> list[float]:
    # Imported here: `failures_ranker` loads this module for `ranked_units` with older
    # libraries, from before the line's wording moved out of `shapes`.
    from context_keeper.failures import wording as r

    return [
        float(bool(r.EXC_RE.search(text))),
        float(bool(r.LEVEL_RE.search(text))),
        float(bool(r.OS_ERROR_RE.search(text))),
        float(bool(shapes.LOC_START_RE.match(text) or shapes.LOC_TAIL_RE.search(text))),
        float(bool(r.COMPARE_RE.search(text))),
        float(bool(r.PAIRED_RE.search(text))),
        float(bool(r.FAILED_COLON_RE.search(text))),
        float(bool(r.WEAK_RE.search(text))),
        float(bool(r.WARNING_RE.search(text))),
        float(bool(r.CODE_RE.search(text))),
        float(len(text) < 4),
        float(n == 0),
        float(n == count - 1),
    ]


def ranked_units(case: dict[str, Any], rules: Any = ranking) -> Iterator[tuple[list[Any], list[Any], list[str]]]:
    """Each piece of the recording's output as the rules of `rules` (a `ranking` module, of this
    checkout or another) see it: (its units, its lines, their kinds)."""
    for piece in rules._bounded(pieces(case["tool_result"])):
        lines = [rules.shapes.Line(line) for line in piece]
        kinds = [rules.shapes.kind(line) for line in lines]
        rules.marks.mark_summaries(lines, kinds)
        rules.marks.mark_traces(lines, kinds)
        yield rules._units(lines, kinds, 0, len(lines), locate=True), lines, kinds


def is_right(expected: str, flat: str) -> bool:
    """Whether a unit's text (whitespace collapsed) holds the first expected message, or the
    message holds it."""
    return bool(expected) and (expected in flat or (len(flat) > 8 and flat in expected))


def candidates(case: dict[str, Any]) -> list[tuple[str, int, list[float], bool]]:
    """(text, rule score, features, right) for each unit of the recording's output."""
    expected = collapse(case["expected"][0]) if case["expected"] else ""
    out = []
    for units, _lines, _kinds in ranked_units(case):
        for n, (text, score, *_) in enumerate(units):
            flat = collapse(text)
            out.append((flat, score, features(flat, n, len(units)), is_right(expected, flat)))
    return out


def train(rows: list[tuple[list[float], bool]], epochs: int, seed: int = 7) -> list[float]:
    weights = [0.0] * (len(FEATURES) + 1)
    rng = random.Random(seed)
    rows = rows[:]
    for epoch in range(epochs):
        rng.shuffle(rows)
        rate = 0.1 / (1 + epoch * 0.1)
        for x, y in rows:
            z = weights[-1] + sum(w * v for w, v in zip(weights, x, strict=False))
            p = 1 / (1 + math.exp(-max(min(z, 30), -30)))
            g = (1.0 if y else 0.0) - p
            for i, v in enumerate(x):
                weights[i] += rate * (g * v - 0.001 * weights[i])
            weights[-1] += rate * g
    return weights


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "toolchains")
    parser.add_argument("--epochs", type=int, default=8)
    args = parser.parse_args(argv)
    cases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.fixtures.glob("*.json"))]
    units = {c["name"]: candidates(c) for c in cases}
    usable = [c for c in cases if any(u[3] for u in units[c["name"]])]
    by_toolchain: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in usable:
        by_toolchain[c["toolchain"]].append(c)
    rules_right = model_right = 0
    for toolchain, own in sorted(by_toolchain.items()):
        rows = [(u[2], u[3]) for c in usable if c["toolchain"] != toolchain for u in units[c["name"]]]
        weights = train(rows, args.epochs)
        for c in own:
            cand = units[c["name"]]
            # The rules: the highest score, the earliest on a tie (as ranking._best).
            rule_pick = max(range(len(cand)), key=lambda i: (cand[i][1], -i))
            model_pick = max(
                range(len(cand)), key=lambda i: (sum(w * v for w, v in zip(weights, cand[i][2], strict=False)), -i)
            )
            rules_right += cand[rule_pick][3]
            model_right += cand[model_pick][3]
    n = len(usable)
    print(f"{n} recordings over {len(by_toolchain)} toolchains with a right candidate ({len(cases) - n} without)")
    print(f"rules (hand-set weights, no training):        {rules_right} right ({rules_right / n:.1%})")
    print(f"logistic regression, leave one toolchain out: {model_right} right ({model_right / n:.1%})")
    weights = train([(u[2], u[3]) for c in usable for u in units[c["name"]]], args.epochs)
    print(
        "weights trained on all: " + ", ".join(f"{name} {w:+.2f}" for name, w in zip(FEATURES, weights, strict=False))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
