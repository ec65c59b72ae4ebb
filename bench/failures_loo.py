#!/usr/bin/env python3
"""Leave one toolchain out: failure messages with that toolchain's recognisers switched off.

    python bench/failures_loo.py [--fixtures DIR] [--context] [--json] [--misses]

For every toolchain of tests/fixtures/toolchains (or DIR): which recognisers claim its
recordings when all are on, then the same recordings with those recognisers removed, so
that what reads them is what meets a tool nobody wrote a recogniser for (another family's
recogniser that claims the output, or the general method, failures/ranking). Toolchains no
recogniser claims score the same either way; they are the unseen-tool case itself.

Per toolchain: the recognisers switched off, the exact first message and the exact
messages and `more` (as bench/failures.py scores them) with all recognisers on and with
those off; with --context also the share of expected messages carried verbatim by the
preservation block and the restore note (the sessions of bench/failures_in_context.py,
rendered in process). The general method has no trained part, so nothing is retrained.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lib"))

import context_keeper.failures as failures  # noqa: E402
from context_keeper.failures import failure_messages  # noqa: E402

ALL = failures.RECOGNISERS


def _context_module() -> Any:
    spec = importlib.util.spec_from_file_location("failures_in_context", ROOT / "bench" / "failures_in_context.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def claimant(case: dict[str, Any]) -> str:
    """The recogniser whose messages failure_messages returns for `case` ("" for none)."""
    names = {id(r[3]) if not isinstance(r[3], str) else r[3]: r[0] for r in ALL}
    won: list[str] = []
    original = failures._function

    def spy(target: Any) -> Any:
        fn = original(target)

        def wrapped(chunks: list[list[str]]) -> Any:
            found = fn(chunks)
            if found and found.messages and not won:
                won.append(names[target if isinstance(target, str) else id(target)])
            return found

        return wrapped

    failures._function = spy
    try:
        failure_messages(case["tool_result"], case["command"])
    finally:
        failures._function = original
    return won[0] if won else ""


def exact(case: dict[str, Any]) -> tuple[bool, bool]:
    found = failure_messages(case["tool_result"], case["command"])
    expected = case["expected"]
    first = (found.messages[0] if found.messages else None) == (expected[0] if expected else None)
    whole = list(found.messages) == expected and found.more == case.get("expected_more", 0)
    return first, whole


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "toolchains")
    parser.add_argument("--context", action="store_true", help="also render the block and the note (slower)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true")
    args = parser.parse_args(argv)
    cases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.fixtures.glob("*.json"))]
    claims = {c["name"]: claimant(c) for c in cases}
    by_toolchain: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for c in cases:
        by_toolchain[c["toolchain"]].append(c)
    ctx = _context_module() if args.context else None
    table: dict[str, dict[str, Any]] = {}
    misses: list[str] = []
    with tempfile.TemporaryDirectory(prefix="ck-failures-loo-") as tmp:
        for toolchain, own in sorted(by_toolchain.items()):
            off = sorted({claims[c["name"]] for c in own} - {""})
            row: dict[str, Any] = {"off": off, "recordings": len(own), "messages": sum(len(c["expected"]) for c in own)}
            row["first_on"] = sum(exact(c)[0] for c in own)
            row["all_on"] = sum(exact(c)[1] for c in own)
            failures.RECOGNISERS = tuple(r for r in ALL if r[0] not in off)
            try:
                scored = [exact(c) for c in own]
                row["first_off"] = sum(s[0] for s in scored)
                row["all_off"] = sum(s[1] for s in scored)
                if ctx is not None:
                    row["block_off"] = row["note_off"] = 0
                    for c in own:
                        i = cases.index(c)
                        resolved, others = ctx.neighbours(cases, i)
                        path = ctx.session_with(c, resolved, others).write(Path(tmp) / f"{ctx.SESSION}.jsonl")
                        block, note = ctx.render_in_process(path)
                        row["block_off"] += ctx.carried(c, block)[0]
                        row["note_off"] += ctx.carried(c, note)[0]
                        if args.misses:
                            lost = [m for m in c["expected"] if m not in block]
                            if lost:
                                misses.append(f"block {c['name']}: " + " || ".join(lost))
                if args.misses:
                    for c in own:
                        found = failure_messages(c["tool_result"], c["command"])
                        if list(found.messages) != c["expected"]:
                            misses.append(
                                f"exact {c['name']} (off: {', '.join(off) or '-'})\n  expected {c['expected']}\n  got      {list(found.messages)}"
                            )
            finally:
                failures.RECOGNISERS = ALL
            table[toolchain] = row
    if args.json:
        print(json.dumps(table, indent=2))
        return 0
    _print(table, args.context)
    if args.misses:
        print("\n".join(misses))
    return 0


def _pct(a: int, b: int) -> str:
    return f"{a / b:.0%}" if b else "-"


def _print(table: dict[str, dict[str, Any]], context: bool) -> None:
    head = f"{'toolchain':13} {'recognisers switched off':34} {'runs':>4} {'msgs':>4} {'all on':>6} {'first off':>9} {'all off':>7}"
    print(head + (f" {'block off':>9} {'note off':>8}" if context else ""))
    groups = (("recognised", lambda r: bool(r["off"])), ("no recogniser", lambda r: not r["off"]))
    for label, keep in groups:
        rows = {k: r for k, r in table.items() if keep(r)}
        for name, r in rows.items():
            line = (
                f"{name:13} {', '.join(r['off']) or '-':34} {r['recordings']:4} {r['messages']:4} {r['all_on']:6}"
                f" {r['first_off']:9} {r['all_off']:7}"
            )
            if context:
                line += f" {_pct(r['block_off'], r['messages']):>9} {_pct(r['note_off'], r['messages']):>8}"
            print(line)
        n = sum(r["recordings"] for r in rows.values())
        msgs = sum(r["messages"] for r in rows.values())
        total = (
            f"{label + ' (' + str(len(rows)) + ')':48} {n:4} {msgs:4} {sum(r['all_on'] for r in rows.values()):6}"
            f" {sum(r['first_off'] for r in rows.values()):9} {sum(r['all_off'] for r in rows.values()):7}"
        )
        if context:
            total += (
                f" {_pct(sum(r['block_off'] for r in rows.values()), msgs):>9}"
                f" {_pct(sum(r['note_off'] for r in rows.values()), msgs):>8}"
            )
        print(total)


if __name__ == "__main__":
    sys.exit(main())
