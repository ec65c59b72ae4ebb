#!/usr/bin/env python3
"""A trained ranker over rich features against the hand-set rules, leave one toolchain out.

    python bench/failures_ranker.py [--fixtures DIR] [--lib DIR] [--rules-lib DIR] [--heldout-commit REV]
                                    [--weights FILE] [--ablate] [--misses]

The decision is the one bench/failures_model.py measures: which candidate of an output (a
`ranking` unit: a line joined with what continues it) is the first expected message. A unit
is right when it holds the first expected message or the message holds it (whitespace
collapsed); only recordings with at least one right unit count. The candidates come from
`ranking` exactly as failures_model.py takes them.

The model is bench/failures_features.py's features (the shapes patterns, hashed word and
character-class n-grams of the normalised unit, its position: place among the units,
distance to the first and last line reading as an error, indentation, length, neighbours'
kinds, repetition) under a listwise logistic loss (a softmax over one recording's units, the
right ones its target), trained by AdaGrad with L2, pure Python. Hyper-parameters are fixed
up front (EPOCHS, RATE, L2 below), never tuned on a left-out toolchain.

Variants: the rules (highest hand-set score, earliest on a tie); the model without the
hand-set score; the model with it as a feature (combined); the rules with the model
breaking their ties. Leave one toolchain out: for each toolchain the model is trained on
every other toolchain's recordings. Figures overall, on the recordings no recogniser claims
(what the general method meets), and on the batch added by REV (toolchains the rules were
not tuned on), both leave-one-out and trained on the recordings before it only. With
--rules-lib the rules' picks come from that library (a checkout of an older commit's lib);
with --ablate also the model without each group of features; with --weights FILE the combined
model trained on every recording is written to FILE (JSON: name -> weight), nothing else run.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import math
import random
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "toolchains"
EPOCHS, RATE, L2, SEED = 12, 0.1, 1e-4, 7

Group = tuple[list[dict[str, float]], list[bool]]


def _lib(path: Path) -> Any:
    sys.path.insert(0, str(path))
    return importlib.import_module("context_keeper.failures.ranking")


def candidates(case: dict[str, Any], ranking: Any, learned: Any = None) -> list[tuple[str, int, Any, bool]]:
    """(text, rule score, features, right) for each unit of the recording's output."""
    from context_keeper.failures.lines import collapse

    model = _bench_module("failures_model")  # after _lib: it takes the library already loaded
    expected = collapse(case["expected"][0]) if case["expected"] else ""
    out = []
    for units, lines, kinds in model.ranked_units(case, ranking):
        vectors = learned.features(units, lines, kinds) if learned else [None] * len(units)
        for (text, score, *_), vector in zip(units, vectors, strict=True):
            flat = collapse(text)
            out.append((flat, score, vector, model.is_right(expected, flat)))
    return out


def rule_pick(cand: list[tuple[str, int, Any, bool]]) -> int:
    # The highest score, the earliest on a tie (as ranking._best).
    return max(range(len(cand)), key=lambda i: (cand[i][1], -i))


def train(groups: list[Group], epochs: int = EPOCHS, seed: int = SEED) -> dict[str, float]:
    """Listwise logistic regression: per recording, a softmax over its units, the target
    spread over its right units; AdaGrad steps, L2 on the features a step touches."""
    weights: dict[str, float] = defaultdict(float)
    squares: dict[str, float] = defaultdict(lambda: 1e-8)
    order = groups[:]
    rng = random.Random(seed)
    for _ in range(epochs):
        rng.shuffle(order)
        for vectors, right in order:
            z = [sum(weights[k] * v for k, v in x.items()) for x in vectors]
            top = max(z)
            p = [math.exp(s - top) for s in z]
            total = sum(p)
            p = [v / total for v in p]
            mass = sum(pi for pi, r in zip(p, right, strict=True) if r)
            grad: dict[str, float] = defaultdict(float)
            for x, pi, r in zip(vectors, p, right, strict=True):
                g = pi - (pi / mass if r else 0.0)
                if g:
                    for k, v in x.items():
                        grad[k] += g * v
            for k, g in grad.items():
                g += L2 * weights[k]
                squares[k] += g * g
                weights[k] -= RATE * g / math.sqrt(squares[k])
    return {k: w for k, w in weights.items() if w}


def _score(weights: dict[str, float], x: dict[str, float]) -> float:
    return sum(weights.get(k, 0.0) * v for k, v in x.items())


def _plain(x: dict[str, float]) -> dict[str, float]:
    return {k: v for k, v in x.items() if not k.startswith("r:")}


def picks(
    cand: list[tuple[str, int, Any, bool]], plain: dict[str, float], combined: dict[str, float]
) -> dict[str, int]:
    model = [_score(plain, _plain(c[2])) for c in cand]
    both = [_score(combined, c[2]) for c in cand]
    top = max(c[1] for c in cand)
    return {
        "rules": rule_pick(cand),
        "model": max(range(len(cand)), key=lambda i: (model[i], -i)),
        "combined": max(range(len(cand)), key=lambda i: (both[i], -i)),
        "tie-break": max(range(len(cand)), key=lambda i: (cand[i][1] == top, model[i], -i)),
    }


def groups_of(cases: list[dict[str, Any]], units: dict[str, list[Any]], plain: bool) -> list[Group]:
    out = []
    for c in cases:
        cand = units[c["name"]]
        out.append(([_plain(u[2]) if plain else u[2] for u in cand], [u[3] for u in cand]))
    return out


def added_by(rev: str) -> set[str]:
    """The recordings the commit `rev` added."""
    names = subprocess.run(
        ["git", "-C", str(ROOT), "show", "--name-only", "--diff-filter=A", "--format=", rev],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    return {Path(n).stem for n in names if n.startswith("tests/fixtures/toolchains/") and n.endswith(".json")}


def rules_from(lib: Path, fixtures: Path) -> dict[str, bool]:
    """Whether the rules of the library at `lib` pick a right unit, per recording."""
    out = subprocess.run(
        [sys.executable, __file__, "--emit-rules", "--lib", str(lib), "--fixtures", str(fixtures)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return {k: bool(v) for k, v in json.loads(out).items()}


def _bench_module(name: str) -> Any:
    """bench/<name>.py, loaded once."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def _features() -> Any:
    return _bench_module("failures_features")


def claims(cases: list[dict[str, Any]]) -> dict[str, str]:
    loo = _bench_module("failures_loo")
    return {c["name"]: loo.claimant(c) for c in cases}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=FIXTURES)
    parser.add_argument("--lib", type=Path, default=ROOT / "lib")
    parser.add_argument("--rules-lib", type=Path, help="take the rules' picks from this library")
    parser.add_argument("--heldout-commit", default="e4af01d", help="the commit that added the unseen batch")
    parser.add_argument("--weights", type=Path, help="train the combined model on all recordings, write it here")
    parser.add_argument("--emit-rules", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--misses", action="store_true")
    parser.add_argument("--ablate", action="store_true", help="also the model without each group of features")
    args = parser.parse_args(argv)
    ranking = _lib(args.lib)
    cases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.fixtures.glob("*.json"))]
    if args.emit_rules:
        rights = {}
        for c in cases:
            cand = candidates(c, ranking)
            rights[c["name"]] = bool(cand) and cand[rule_pick(cand)][3]
        print(json.dumps(rights))
        return 0
    learned = _features()
    units = {c["name"]: candidates(c, ranking, learned) for c in cases}
    usable = [c for c in cases if any(u[3] for u in units[c["name"]])]
    if args.weights:
        weights = train(groups_of(usable, units, plain=False))
        kept = {k: round(w, 4) for k, w in sorted(weights.items()) if abs(w) >= 1e-4}
        data = {"with_score": True, "weights": kept}
        args.weights.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {args.weights} ({len(kept)} weights)")
        return 0
    report(args, cases, usable, units)
    return 0


def report(args: argparse.Namespace, cases: list[dict[str, Any]], usable: list[dict[str, Any]], units: dict) -> None:
    heldout = added_by(args.heldout_commit)
    claimed = claims(usable)
    older_rules = rules_from(args.rules_lib, args.fixtures) if args.rules_lib else None
    by_toolchain: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in usable:
        by_toolchain[c["toolchain"]].append(c)
    right: dict[str, dict[str, bool]] = defaultdict(dict)
    misses = []
    for toolchain, own in sorted(by_toolchain.items()):
        rest = [c for c in usable if c["toolchain"] != toolchain]
        plain = train(groups_of(rest, units, plain=True))
        combined = train(groups_of(rest, units, plain=False))
        for c in own:
            cand = units[c["name"]]
            for variant, i in picks(cand, plain, combined).items():
                right[variant][c["name"]] = cand[i][3]
                if args.misses and variant == "combined" and not cand[i][3]:
                    misses.append(f"{c['name']}: picked {cand[i][0][:100]!r}")
    # The batch the rules were not tuned on, scored as the rules were: trained on what came before.
    before = [c for c in usable if c["name"] not in heldout]
    plain = train(groups_of(before, units, plain=True))
    combined = train(groups_of(before, units, plain=False))
    first: dict[str, dict[str, bool]] = defaultdict(dict)
    for c in usable:
        if c["name"] in heldout:
            cand = units[c["name"]]
            for variant, i in picks(cand, plain, combined).items():
                first[variant][c["name"]] = cand[i][3]
    subsets = {
        "all": [c["name"] for c in usable],
        "no recogniser": [c["name"] for c in usable if not claimed[c["name"]]],
        "batch (LOO)": [c["name"] for c in usable if c["name"] in heldout],
    }
    print(
        f"{len(usable)} of {len(cases)} recordings over {len(by_toolchain)} toolchains have a right candidate; "
        f"{len(subsets['no recogniser'])} no recogniser claims; {len(subsets['batch (LOO)'])} in the batch of "
        f"{args.heldout_commit} ({len({c['toolchain'] for c in usable if c['name'] in heldout})} toolchains)"
    )
    print(f"{'variant':12} " + " ".join(f"{k:>22}" for k in [*subsets, "batch (trained before)"]))
    for variant in right:
        cells = [_cell(right[variant], names) for names in subsets.values()]
        cells.append(_cell(first[variant], subsets["batch (LOO)"]))
        print(f"{variant:12} " + " ".join(f"{c:>22}" for c in cells))
    if older_rules is not None:
        cells = [_cell(older_rules, names) for names in subsets.values()]
        print(f"{'rules@lib':12} " + " ".join(f"{c:>22}" for c in cells) + f"   ({args.rules_lib})")
    for variant in ("model", "combined", "tie-break"):
        for label, names in subsets.items():
            gained = [n for n in names if right[variant][n] and not right["rules"][n]]
            lost = [n for n in names if right["rules"][n] and not right[variant][n]]
            print(f"{variant} against the rules, {label}: {len(gained)} gained, {len(lost)} lost")
    if args.ablate:
        ablate(usable, units, subsets)
    tuned = nested(before, units, [c for c in usable if c["name"] in heldout])
    print(f"batch trained before, hyper-parameters chosen by grouped 5-fold CV on what came before: {tuned}")
    print("\n".join(misses))


GROUPS = {"shapes": ("f:",), "lexical": ("h",), "position": ("p:",)}


def ablate(usable: list[dict[str, Any]], units: dict, subsets: dict[str, list[str]]) -> None:
    """The model (no hand-set score) leaving each toolchain out, without one group of features."""
    for group, prefixes in GROUPS.items():
        kept = {
            name: [(t, s, {k: v for k, v in _plain(x).items() if not k.startswith(prefixes)}, r) for t, s, x, r in cand]
            for name, cand in units.items()
        }
        right = {}
        for toolchain in sorted({c["toolchain"] for c in usable}):
            weights = train(groups_of([c for c in usable if c["toolchain"] != toolchain], kept, plain=True))
            for c in usable:
                if c["toolchain"] == toolchain:
                    cand = kept[c["name"]]
                    right[c["name"]] = cand[max(range(len(cand)), key=lambda i: (_score(weights, cand[i][2]), -i))][3]
        print(f"model without {group} features: " + ", ".join(f"{k} {_cell(right, v)}" for k, v in subsets.items()))


GRID = [(epochs, l2) for epochs in (6, 12, 24) for l2 in (1e-5, 1e-4, 1e-3, 1e-2)]


def nested(train_cases: list[dict[str, Any]], units: dict, test_cases: list[dict[str, Any]]) -> str:
    """The combined model on `test_cases`, its epochs and L2 chosen by a 5-fold cross-validation
    grouped by toolchain on `train_cases` only."""
    global L2
    toolchains = sorted({c["toolchain"] for c in train_cases})
    random.Random(SEED).shuffle(toolchains)
    fold = {t: i % 5 for i, t in enumerate(toolchains)}
    saved, best = L2, (-1, GRID[0])
    try:
        for epochs, l2 in GRID:
            L2 = l2
            hits = 0
            for k in range(5):
                inner = [c for c in train_cases if fold[c["toolchain"]] != k]
                weights = train(groups_of(inner, units, plain=False), epochs)
                for c in train_cases:
                    if fold[c["toolchain"]] == k:
                        cand = units[c["name"]]
                        hits += cand[max(range(len(cand)), key=lambda i: (_score(weights, cand[i][2]), -i))][3]
            best = max(best, (hits, (epochs, l2)))
        epochs, L2 = best[1]
        weights = train(groups_of(train_cases, units, plain=False), epochs)
    finally:
        L2 = saved
    right = {}
    for c in test_cases:
        cand = units[c["name"]]
        right[c["name"]] = cand[max(range(len(cand)), key=lambda i: (_score(weights, cand[i][2]), -i))][3]
    return f"{_cell(right, list(right))} (epochs {epochs}, L2 {best[1][1]:g}; inner CV {best[0]}/{len(train_cases)})"


def _cell(right: dict[str, bool], names: list[str]) -> str:
    n = sum(right.get(name, False) for name in names)
    return f"{n}/{len(names)} {n / len(names):.1%}" if names else "-"


if __name__ == "__main__":
    sys.exit(main())
