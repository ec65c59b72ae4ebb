#!/usr/bin/env python3
"""Claude Code versions nobody has seen: the real transcripts mutated the way a new version
plausibly changes its records, replayed through the hooks, compared with the unmutated replay.

    .venv-dev/bin/python bench/versions.py                       # every family, every transcript
    .venv-dev/bin/python bench/versions.py --family type_first --only Aley
    .venv-dev/bin/python bench/versions.py --replay 5            # also the live replay (PostToolUse every 5th)
    .venv-dev/bin/python bench/versions.py --hooks-only          # hook stdin mutations alone

For each transcript of the corpus (bench/wild.py's, read at run time, never copied) and each
family of bench/mutations.py, the records are mutated, written back as Claude Code writes
JSON (compact, non-ASCII as is) and run through wild.py's machinery: PreCompact and
SessionStart(compact) on the whole file with no state (`cold`), and with `--replay N` the
live replay too (the hooks where Claude Code fires them). The unmutated records go through
the same serialiser, so a difference is the mutation's. Compared with the unmutated run:

- neutral families: the block, the note and the saved state's facts must be the same;
  every difference is counted by kind (block, note, each state field);
- unknown families: what the mutation hides may go, nothing may appear that the unmutated
  run did not say: a state value not in the unmutated one, a block or note line not in
  it, is a *wrong fact* (listed, to read: a header line that changes because a count is
  absent shows up here too).

Beside that, wild.py's own checks (a `Truth` from the mutated raw records), exit codes,
stderr and log warnings. Then hook stdin: each event's sample with fields added, missing,
renamed, of another type, and an event name nobody knows, through the hooks registered for
it: every hook must exit 0, print nothing but what that hook prints, and log why it did
nothing. Summary to stdout, details to `--out` (git-ignored). Not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import mutations  # noqa: E402
import wild  # noqa: E402
from hook_mutations import hook_report, hook_runs  # noqa: E402

# Fields of the saved state that follow the file's bytes, not what the records say, and the
# fold's own indexes by record id (never shown): not compared.
BYTES_FIELDS = {"offset", "file_dev", "file_ino", "head_len", "head_hash", "stats", "chars_since_boundary"}
BYTES_FIELDS |= {"recent_ids", "sidechains"}
_STAMP = re.compile(r"_\d{8}T\d{6}Z(_\d+)?_transcript")


def serialise(objs: list[Any]) -> list[bytes]:
    return [json.dumps(o, ensure_ascii=False, separators=(",", ":")).encode() for o in objs]


def decoded(path: Path) -> list[Any]:
    out = []
    for raw in path.read_bytes().split(b"\n"):
        if raw.strip():
            try:
                out.append(json.loads(raw))
            except ValueError:
                continue
    return out


def texts(run: wild.Run, work: Path) -> tuple[str, str]:
    def norm(text: str) -> str:
        return _STAMP.sub("_<stamp>_transcript", text.replace(str(work), "<work>"))

    return norm("\n".join(run.blocks)), norm("\n".join(run.notes))


def facts(state: dict[str, Any] | None) -> dict[str, Any]:
    return {k: v for k, v in (state or {}).items() if k not in BYTES_FIELDS}


def _renamed_back(state: dict[str, Any], renames: dict[str, str]) -> dict[str, Any]:
    text = json.dumps(state)
    for old, new in renames.items():
        text = text.replace(json.dumps(new), json.dumps(old))
    return json.loads(text)


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {} or value is False or value == 0


def extra(mut: Any, base: Any, path: str = "") -> list[str]:
    """What `mut` says that `base` does not (absent or empty values say nothing)."""
    if _empty(mut) or mut == base:
        return []
    if isinstance(mut, dict) and isinstance(base, dict):
        return [p for k, v in mut.items() for p in extra(v, base.get(k), f"{path}.{k}")]
    if isinstance(mut, list) and isinstance(base, list):
        out = []
        for item in mut:
            if item in base:
                continue
            twin = _twin(item, base)
            out += extra(item, twin, f"{path}[]") if twin is not None else [f"{path}[]: {str(item)[:120]}"]
        return out
    return [f"{path}: {str(mut)[:80]} (unmutated: {str(base)[:80]})"]


def _twin(item: Any, base: list[Any]) -> Any:
    """The unmutated entry `item` stands for: same command, path, target, id or text."""
    if not isinstance(item, dict):
        return None
    for key in ("command", "path", "target", "id", "tool_use_id", "text", "subject", "n", "turn"):
        if key in item:
            same = [b for b in base if isinstance(b, dict) and b.get(key) == item[key]]
            # of several (a command run again), the one of the same turn
            return next((b for b in same if b.get("turn") == item.get("turn")), same[0] if same else None)
    return None


def compare(
    kind: str, base: tuple[str, str, dict[str, Any]], mut: tuple[str, str, dict[str, Any]]
) -> tuple[Counter[str], list[str]]:
    """Differences by kind of fact, and the wrong facts (unknown families: what is new)."""
    diffs: Counter[str] = Counter()
    wrong: list[str] = []
    for name, old, new in (("block", base[0], mut[0]), ("note", base[1], mut[1])):
        if old != new:
            diffs[name] += 1
            if kind == "unknown":
                lines = set(old.splitlines())
                wrong += [f"{name}: {line[:160]}" for line in new.splitlines() if line not in lines]
    for key in sorted(base[2].keys() | mut[2].keys()):
        if base[2].get(key) != mut[2].get(key):
            diffs[f"state.{key}"] += 1
            if kind == "unknown":
                wrong += [f"state{p}" for p in extra(mut[2].get(key), base[2].get(key), f".{key}")]
    return diffs, wrong


def run_one(objs: list[Any], work: Path, name: str, session: str, python: str, every: int) -> dict[str, Any]:
    """`name` only labels the run: every run uses the same paths (the runs dir is keyed by the
    project's path, which the block prints), removed before the next."""
    lines = serialise(objs)
    truth = wild.read_truth(lines)
    model = next(iter(sorted(truth.models)), None)
    for sub in ("cold", "live"):
        shutil.rmtree(work / sub, ignore_errors=True)
    (work / "live").mkdir()
    runs = [wild.cold(lines, work, "cold", session, python, model)]
    if every:
        runs.append(wild.replay(lines, work / "live", session, python, every))
    out = []
    for run in runs:
        block, note = texts(run, work)
        out.append((block, note, facts(run.state)))
    calls = [c for r in runs for c in r.calls]
    return {
        "views": out,
        "wild_wrong": {k: v for k, v in wild.check(truth, runs, "", None).items() if v},
        "failed": [f"{c.hook} rc={c.rc}" for c in calls if c.rc != 0],
        "stderr": [f"{c.hook}: {c.stderr.strip()[-200:]}" for c in calls if c.stderr.strip()],
        "log": [line for r in runs for line in r.log],
        "calls": len(calls),
    }


def transcript(path: Path, families: list[mutations.Family], python: str, every: int, tmp: Path) -> dict[str, Any]:
    objs = decoded(path)
    session = next((o.get("sessionId") for o in objs if isinstance(o, dict) and o.get("sessionId")), None) or "wild"
    work = tmp / "w"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir()
    base = run_one(objs, work, "base", session, python, every)
    results = {}
    for family in families:
        began = time.perf_counter()
        mut = run_one(mutations.apply(family, objs), work, family.name, session, python, every)
        took = time.perf_counter() - began
        if family.renames:  # a renamed tool's name is what the records say: compared as the old one
            mut["views"] = [(b, n, _renamed_back(s, family.renames)) for b, n, s in mut["views"]]
        diffs: Counter[str] = Counter()
        wrong: list[str] = []
        for old, new in zip(base["views"], mut["views"], strict=True):
            d, w = compare(family.kind, old, new)
            diffs += d
            wrong += w
        new_wild = {k: v for k, v in mut["wild_wrong"].items() if len(v) > len(base["wild_wrong"].get(k, []))}
        results[family.name] = {
            "diffs": dict(diffs),
            "wrong": wrong,
            "wild_wrong": new_wild,
            "failed": mut["failed"],
            "stderr": mut["stderr"],
            "log": [line for line in mut["log"] if line not in base["log"]],
            "calls": mut["calls"],
            "seconds": round(took, 2),
        }
    shutil.rmtree(work, ignore_errors=True)
    return {"name": path.name, "base_failed": base["failed"], "families": results}


def report(results: list[dict[str, Any]], families: list[mutations.Family], every: int) -> None:
    print(
        f"{len(results)} transcripts; runs per transcript and family: cold"
        + (f" + replay (every {every})" if every else "")
    )
    print(
        f"\n{'family':20} {'kind':8} {'hooks':>6} {'exit!=0':>7} {'stderr':>6} {'log':>4} {'differ':>6} {'wrong':>6} {'wild':>5}  differences by kind"
    )
    for family in families:
        rows = [r["families"][family.name] for r in results if family.name in r["families"]]
        differ = sum(1 for row in rows if row["diffs"])
        kinds: Counter[str] = Counter()
        for row in rows:
            kinds.update(row["diffs"].keys())
        print(
            f"{family.name:20} {family.kind:8} {sum(r['calls'] for r in rows):6} "
            f"{sum(len(r['failed']) for r in rows):7} {sum(len(r['stderr']) for r in rows):6} "
            f"{sum(len(r['log']) for r in rows):4} {differ:6} {sum(len(r['wrong']) for r in rows):6} "
            f"{sum(len(v) for r in rows for v in r['wild_wrong'].values()):5}  "
            + ", ".join(f"{k} {n}" for k, n in kinds.most_common(6))
        )
    for family in families:
        shown = [(r["name"], r["families"][family.name]) for r in results if family.name in r["families"]]
        shown = [(n, row) for n, row in shown if row["diffs"] or row["wrong"] or row["failed"] or row["stderr"]]
        if shown:
            print(f"\n{family.name} ({family.kind}): {family.what}")
        for name, row in shown[:6]:
            print(f"  {name[:50]}: {row['diffs']}")
            for line in row["failed"] + row["stderr"] + row["wrong"][:4]:
                print(f"    ! {line[:200]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=wild.DEFAULT_CORPUS)
    parser.add_argument("--only", help="transcripts whose name contains this")
    parser.add_argument("--family", action="append", help="only these families (repeatable)")
    parser.add_argument("--replay", type=int, default=0, help="also the live replay, PostToolUse every Nth result")
    parser.add_argument("--hooks-only", action="store_true")
    parser.add_argument("--no-hooks", action="store_true")
    parser.add_argument("--out", type=Path, default=wild.ROOT / "bench" / "out")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--code", type=Path, help="the checkout whose hooks run (default: this one), e.g. main's")
    args = parser.parse_args(argv)
    if args.code:
        wild.HOOKS = args.code.resolve() / "hooks"
    families = [f for f in mutations.FAMILIES if not args.family or f.name in args.family]
    paths = sorted(p for p in args.corpus.glob("*.jsonl") if not args.only or args.only in p.name)
    if args.hooks_only:
        paths = []
    elif not paths:
        raise SystemExit(f"no transcripts in {args.corpus}")
    load_before, started = os.getloadavg(), time.perf_counter()
    results, hooks = [], []
    with tempfile.TemporaryDirectory(prefix="ck-versions-") as tmp:
        for path in paths:
            results.append(transcript(path, families, args.python, args.replay, Path(tmp)))
            bad = sum(len(f["wrong"]) + bool(f["diffs"]) for f in results[-1]["families"].values())
            print(f"  {path.name[:60]:60} {bad:4} differing or wrong", file=sys.stderr)
        if not args.no_hooks:
            hooks = hook_runs(Path(tmp), args.python, wild.HOOKS)
    elapsed, load_after = time.perf_counter() - started, os.getloadavg()
    if results:
        report(results, families, args.replay)
    if hooks:
        hook_report(hooks)
    print(
        f"\nwall {elapsed:.0f} s; load average before {load_before[0]:.2f} {load_before[1]:.2f}, after "
        f"{load_after[0]:.2f} {load_after[1]:.2f} (shared machine)"
    )
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / f"versions-{time.strftime('%Y%m%dT%H%M%S')}.json"
    out.write_text(json.dumps({"results": results, "hooks": hooks, "elapsed": elapsed}, indent=1, default=str))
    print(f"details: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
