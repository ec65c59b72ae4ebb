"""The preservation-recall corpus: scripted sessions of ~60 KB to ~5 MB with truth files.

Each session stresses one thing (packing hundreds of files, dozens of errors, TodoWrite,
no task tools at all, compaction in the middle, ...). All are made by gen_transcript.py;
the parameters below are the whole definition, so the corpus is reproducible.

    python bench/recall_corpus.py --out /tmp/ck-bench/corpus
    -> <out>/<name>.jsonl, <out>/<name>.truth.json, <out>/index.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from gen_transcript import DEFAULT_FIXTURES, SessionSpec, generate  # noqa: E402

CORPUS: tuple[SessionSpec, ...] = (
    SessionSpec("tiny-tasks", 60_000, seed=11, episodes=1, actions=6, failing_commands=1, decisions=1),
    SessionSpec("episodes-only", 250_000, seed=12, task_mode="none", episodes=8, failing_commands=3, decisions=3),
    SessionSpec("todowrite", 400_000, seed=13, task_mode="todowrite", episodes=5, failing_commands=4, decisions=4),
    SessionSpec("small-mixed", 800_000, seed=14, episodes=6, failing_commands=6, decisions=6),
    SessionSpec("compact-middle", 1_500_000, seed=15, episodes=10, compactions=1, failing_commands=8, decisions=8),
    SessionSpec("decisions-heavy", 1_000_000, seed=16, episodes=8, actions=110, decisions=40, failing_commands=4),
    SessionSpec("many-errors", 2_500_000, seed=17, episodes=12, actions=300, failing_commands=45,
                unresolved_share=0.5, decisions=10),
    SessionSpec("many-files", 3_500_000, seed=18, episodes=14, actions=520, files=320, code_bytes=(200, 900),
                failing_commands=10, decisions=12),
    SessionSpec("long-episodes", 3_000_000, seed=19, episodes=60, actions=360, failing_commands=12, decisions=15),
    SessionSpec("todowrite-compact", 2_000_000, seed=20, task_mode="todowrite", episodes=12, compactions=2,
                failing_commands=12, decisions=10),
    SessionSpec("packing-stress", 5_000_000, seed=21, episodes=30, actions=700, files=420, code_bytes=(200, 900),
                failing_commands=60, unresolved_share=0.45, decisions=60),
)


def build(out: Path, fixtures: Path = DEFAULT_FIXTURES, names: set[str] | None = None) -> list[dict]:
    index = []
    for spec in CORPUS:
        if names and spec.name not in names:
            continue
        t0 = time.perf_counter()
        jsonl, truth_path = generate(spec, out, fixtures)
        truth = json.loads(truth_path.read_text())
        index.append({
            "name": spec.name, "transcript": jsonl.name, "truth": truth_path.name, "bytes": truth["bytes"],
            "seconds": round(time.perf_counter() - t0, 2),
            **{k: len(truth[k]) for k in ("active_tasks", "completed_tasks", "files_modified", "unresolved_errors",
                                          "resolved_errors", "decisions", "test_commands")},
            "compactions": truth["compactions"], "episodes": truth["episodes"], "task_tool": truth["task_tool"],
        })
    (out / "index.json").write_text(json.dumps(index, indent=2))
    return index


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, default=Path("/tmp/ck-bench/corpus"))
    p.add_argument("--only", action="append", help="build only this session (repeatable)")
    p.add_argument("--fixtures", type=Path, default=DEFAULT_FIXTURES)
    args = p.parse_args(argv)
    index = build(args.out, args.fixtures, set(args.only) if args.only else None)
    cols = ("bytes", "episodes", "active_tasks", "completed_tasks", "files_modified", "unresolved_errors", "resolved_errors",
            "decisions", "test_commands", "compactions")
    print(f"{'session':<20}" + "".join(f"{c[:10]:>11}" for c in cols))
    for row in index:
        print(f"{row['name']:<20}" + "".join(f"{row[c]:>11,}" for c in cols))
    print(f"written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
