#!/usr/bin/env python3
"""What subagents cost the session model: state size and fold time with 0 to 150 subagents.

    .venv-dev/bin/python bench/subagents.py [--counts 0,10,60,150] [--repeats 15]

The session is the recorded `tests/fixtures/subagents/foreground` one (a real Claude Code
2.1.330 project folder) with N more subagent files cloned from its notes subagent (each under
a new id, with its own tool ids, file names and failing command), in a temp dir. Per N:
the saved state's size, a first fold (no state), a steady fold (saved state, nothing new:
what a hook pays on each call past the gate), a fold after one subagent appended a round
trip, and rendering the block and the note. Medians of `--repeats` runs, in-process (the
hook's own process start is in bench/run.py's hot path). Not a test: figures depend on the
machine and its load.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "lib"))

from context_keeper.preserve import render_block, render_restore  # noqa: E402
from context_keeper.session import load_or_build  # noqa: E402
from context_keeper.session.subagent_files import subagents_dir  # noqa: E402

FOREGROUND = ROOT / "tests" / "fixtures" / "subagents" / "foreground"


def copy_session(to: Path) -> Path:
    """The recorded project folder copied to `to`; the main transcript's path."""
    shutil.copytree(FOREGROUND, to)
    [main] = to.glob("*.jsonl")
    return main


def clone_subagents(main: Path, n: int) -> list[str]:
    """`n` more subagent files cloned from the recorded notes subagent, each under a new id
    (and new tool ids, file names and a command of its own, so each one's work is its own)."""
    directory = Path(subagents_dir(main))
    source_meta = next(p for p in directory.glob("*.meta.json") if "Write the notes" in p.read_text())
    source = source_meta.with_suffix("").with_suffix(".jsonl")
    old_id = source.name[len("agent-"):-len(".jsonl")]
    data, meta = source.read_text(), json.loads(source_meta.read_text())
    ids = []
    for i in range(n):
        agent_id = f"c{i:016x}"
        clone = data.replace(old_id, agent_id).replace("toolu_fake_00", f"toolu_c{i:05d}_")
        clone = clone.replace("notes/a.md", f"notes/a{i}.md").replace("cat notes/index.md", f"cat notes/index{i}.md")
        (directory / f"agent-{agent_id}.jsonl").write_text(clone)
        (directory / f"agent-{agent_id}.meta.json").write_text(json.dumps(
            {**meta, "description": f"Clone {i}", "toolUseId": f"toolu_clone_{i}"}))
        ids.append(agent_id)
    return ids


def median_ms(run, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(n: int, repeats: int, tmp: Path) -> dict[str, float]:
    main = copy_session(tmp / f"n{n}")
    ids = clone_subagents(main, n)
    first = median_ms(lambda: load_or_build(main, None), repeats)
    saved = load_or_build(main, None).to_bytes()
    steady = median_ms(lambda: load_or_build(main, saved), repeats)
    grown = ids[-1] if ids else None
    appended = 0.0
    if grown:
        path = Path(subagents_dir(main)) / f"agent-{grown}.jsonl"
        lines = path.read_bytes().splitlines(keepends=True)
        tail = b"".join(line for line in lines if b'"type":"assistant"' in line or b'"type":"user"' in line)[-4000:]
        tail = tail[tail.index(b"\n") + 1:]  # whole records only

        def grow_and_fold() -> None:
            with open(path, "ab") as handle:
                handle.write(tail)
            load_or_build(main, saved)

        appended = median_ms(grow_and_fold, repeats)
    model = load_or_build(main, saved)
    render = median_ms(lambda: render_restore(model, max_chars=9_500, block_items=render_block(
        model, trigger="auto", max_chars=10_000).items), repeats)
    return {"subagents": n + 2, "kept": len(model.subagents), "state_kb": len(saved) / 1000,
            "first_ms": first, "steady_ms": steady, "appended_ms": appended, "render_ms": render}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--counts", default="0,10,60,150", help="cloned subagents per row (plus the 2 recorded)")
    parser.add_argument("--repeats", type=int, default=15)
    args = parser.parse_args()
    print(f"{'subagents':>9} {'kept':>5} {'state KB':>9} {'first ms':>9} {'steady ms':>10} {'+1 record ms':>13} {'block+note ms':>14}")
    with tempfile.TemporaryDirectory(prefix="ck-bench-subagents-") as tmp:
        for n in (int(c) for c in args.counts.split(",")):
            row = measure(n, args.repeats, Path(tmp))
            print(f"{row['subagents']:>9} {row['kept']:>5} {row['state_kb']:>9.1f} {row['first_ms']:>9.1f} "
                  f"{row['steady_ms']:>10.2f} {row['appended_ms']:>13.2f} {row['render_ms']:>14.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
