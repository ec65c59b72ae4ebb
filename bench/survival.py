#!/usr/bin/env python3
"""What the model holds after compaction: the summary + what the hooks inject.

    .venv-dev/bin/python bench/survival.py                 # the recall corpus + a 1 MB generated session
    .venv-dev/bin/python bench/survival.py --sizes 1MB,10MB --missing

For every session and each of three summarisers — one that keeps none of the block, one
that keeps every other line of it, one that copies it whole — the real hooks run as Claude
Code runs them around an AUTO compaction (the usual one in long sessions; no echo of the
block): PreCompact prints the block, SessionStart(compact) the restore note, PostCompact
gets the summariser's reply, the compaction boundary is appended to the transcript, then
the first main-agent PostToolUse hook prints the refill. The context after compaction is
summary + note + refill; bench/score.py counts the truth's facts in it (directory groups read
as paths, as bench/run.py does). Also the characters injected after compaction (note +
refill), which must stay under 12,000 when the summary kept everything.

Not a test: a benchmark of the product's behaviour on generated data (the figures go to
docs/performance.md with the command).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import score as scorer  # noqa: E402
from run import ROOT, expand_groups, hook_env, prepare_data, prime, run_process, session_and_cwd, stdin_for  # noqa: E402

HOOKS = ROOT / "hooks"
BOUNDARY = {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted", "isMeta": False,
            "parentUuid": None, "uuid": "bench-boundary", "timestamp": "2026-11-23T00:00:00.000Z",
            "compactMetadata": {"trigger": "auto", "preTokens": 0, "postTokens": 0}}
SUMMARISERS = ("none", "half", "all")
INTENT = "1. Primary Request and Intent: the user asked for work on the project; it is in progress."


def summarise(block: str, keep: str) -> str:
    lines = block.strip().splitlines()
    kept = {"none": [], "half": lines[::2], "all": lines}[keep]
    return "<analysis>Fake analysis.</analysis>\n<summary>" + "\n".join([INTENT, *kept]) + "</summary>"


def survive(python: str, source: Path, keep: str, work: Path) -> dict[str, str]:
    """The texts after one auto compaction of `source` with summariser `keep`."""
    session, cwd = session_and_cwd(source)
    home = work / f"survival-{source.stem}-{keep}"
    live = home / "transcript" / f"{session}.jsonl"
    live.parent.mkdir(parents=True)
    shutil.copyfile(source, live)
    env = hook_env(home, work)
    prime(python, live, session, cwd, env)

    def hook(name: str, stdin: dict[str, object]) -> str:
        return run_process([python, str(HOOKS / f"{name}.py")], json.dumps(stdin).encode(), env).out.decode()

    def stdin(event: str, **fields: object) -> dict[str, object]:
        return dict(json.loads(stdin_for(event, session, live, cwd)), **fields)

    block = hook("pre_compact_preserve", stdin("PreCompact:auto"))
    note = hook("session_start_restore", stdin("SessionStart:compact"))
    summary = summarise(block, keep)
    hook("post_compact_check", stdin("PostCompact:auto", compact_summary=summary))
    with open(live, "a") as handle:
        handle.write(json.dumps(dict(BOUNDARY, sessionId=session)) + "\n")
    out = hook("context_refill", stdin("PostToolUse:Bash"))
    refill = json.loads(out)["hookSpecificOutput"]["additionalContext"] if out.strip() else ""
    shutil.rmtree(home)
    return {"block": block, "note": note, "summary": summary, "refill": refill}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--data", type=Path, default=Path("/tmp/ck-bench"))
    p.add_argument("--sizes", default="1MB", help="generated sessions besides the corpus (comma-separated; '' for none)")
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--missing", action="store_true", help="list the facts that did not survive")
    args = p.parse_args(argv)
    sizes = [s for s in args.sizes.split(",") if s]
    big, corpus = prepare_data(args.data, sizes, corpus=True)
    sessions = corpus + [big[s] for s in sizes]
    totals = {keep: {c: [0, 0] for c in scorer.CATEGORIES} for keep in SUMMARISERS}
    injected: dict[str, list[int]] = {keep: [] for keep in SUMMARISERS}
    with tempfile.TemporaryDirectory(prefix="ck-survival-") as tmp:
        work = Path(tmp)
        print(f"{'session':<22}" + "".join(f"{k + ' %':>10}{'chars':>8}" for k in SUMMARISERS))
        for source in sessions:
            truth = json.loads(source.with_suffix(".truth.json").read_text())
            cells = ""
            for keep in SUMMARISERS:
                texts = survive(args.python, source, keep, work)
                context = "\n".join(texts[k] for k in ("summary", "note", "refill"))
                s = scorer.score(truth, "", expand_groups(context))
                for c in scorer.CATEGORIES:
                    totals[keep][c][0] += s.categories[c].found
                    totals[keep][c][1] += s.categories[c].total
                chars = len(texts["note"]) + len(texts["refill"])
                injected[keep].append(chars)
                cells += f"{s.overall:>10.1%}{chars:>8,}"
                if args.missing:
                    for c in scorer.CATEGORIES:
                        for fact in s.categories[c].missing:
                            print(f"    {keep:<5} {source.stem} missing {c}: {fact[:160]}")
            print(f"{source.stem:<22}{cells}")
    print("\nper fact family (all sessions):")
    print(f"{'family':<18}" + "".join(f"{k:>8}" for k in SUMMARISERS))
    for c in scorer.CATEGORIES:
        row = "".join(f"{_pct(*totals[k][c]):>8}" for k in SUMMARISERS)
        print(f"{c:<18}{row}")
    for keep in SUMMARISERS:
        found = sum(v[0] for v in totals[keep].values())
        total = sum(v[1] for v in totals[keep].values())
        families = [v[0] / v[1] for v in totals[keep].values() if v[1]]
        print(f"{keep:<5} all facts {found / total:.1%} ({found:,}/{total:,}), averaged over families "
              f"{sum(families) / len(families):.1%}, injected after compaction max {max(injected[keep]):,} chars")
    return 0


def _pct(found: int, total: int) -> str:
    return f"{found / total:.0%}" if total else "-"


if __name__ == "__main__":
    sys.exit(main())
