#!/usr/bin/env python3
"""Wall time and peak RSS of the PreCompact hook (archive copy included) on a big transcript.

    python bench/precompact.py [--size 100MB] [--seed 1] [--runs 3] [--python PATH] [--out DIR]

Generates the transcript with bench/gen_transcript.py (reused when already there), sets up a
temp git repo with an uncommitted change as the project (so the diff stat runs too) and a
temp CONTEXT_KEEPER_HOME, then runs hooks/pre_compact_preserve.py as Claude Code does, one
process per call, measuring each process from spawn to exit (wall) and its peak RSS
(wait4's ru_maxrss):

- "cold": no saved state: the hook folds the whole transcript, archives it, prints the block;
- "warm": the state is up to date (as after the last PostToolUse): archive + block only;
- "restore": SessionStart(compact) right after a PreCompact;
- `python -c pass` and `cp` of the transcript, for scale.

Not a test: timings depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
PRE_COMPACT = ROOT / "hooks" / "pre_compact_preserve.py"
SESSION_START = ROOT / "hooks" / "session_start_restore.py"
SAMPLES = json.loads((ROOT / "tests" / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]


def transcript(size: str, seed: int, out: Path) -> Path:
    from gen_transcript import SessionSpec, generate, parse_size

    path = out / f"gen-{size}-s{seed}.jsonl"
    if not path.exists():
        generate(SessionSpec(name=path.stem, target_bytes=parse_size(size), seed=seed), out)
    return path


def session_of(path: Path) -> str:
    with open(path, "rb") as handle:
        for line in handle:
            sid = json.loads(line).get("sessionId")
            if sid:
                return sid
    return "bench-session"


GNU_TIME = shutil.which("time", path="/usr/bin:/bin")


def timed(argv: list[str], stdin: bytes, env: dict[str, str], cwd: Path) -> tuple[float, int, bytes]:
    """(wall seconds, peak RSS in KiB, stdout) of one child process.

    Peak RSS comes from GNU time when installed: wait4's ru_maxrss of a child forked from
    this (20 MB) interpreter keeps the high-water mark of the fork, a floor that would hide
    small processes' real figures.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as inp, tempfile.NamedTemporaryFile("r") as rss:
        inp.write(stdin)
        inp.seek(0)
        command = [GNU_TIME, "-f", "%M", "-o", rss.name, *argv] if GNU_TIME else argv
        started = time.perf_counter()
        proc = subprocess.Popen(command, stdin=inp, stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code
        if code != 0:
            raise SystemExit(f"{argv} exited {code}")
        out.seek(0)
        peak = int(rss.read().split()[-1]) if GNU_TIME else usage.ru_maxrss
        return wall, peak, out.read()


def git_project(root: Path) -> Path:
    repo = root / "project"
    repo.mkdir()
    env = {**os.environ, "GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@b", "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@b"}
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True, env=env)
    (repo / "app.py").write_text("x = 1\n")
    subprocess.run(["git", "add", "."], cwd=repo, check=True, env=env)
    subprocess.run(["git", "commit", "-qm", "init"], cwd=repo, check=True, env=env)
    (repo / "app.py").write_text("x = 2\ny = 3\n")
    return repo


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", default="100MB")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--out", type=Path, default=Path("/tmp/ck-bench"))
    args = p.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    source = transcript(args.size, args.seed, args.out)
    size = source.stat().st_size
    session = session_of(source)
    rows: list[tuple[str, list[float], list[int], str]] = []
    with tempfile.TemporaryDirectory(prefix="ck-bench-pc-") as tmp:
        root = Path(tmp)
        project = git_project(root)
        (root / "config.toml").write_text("")
        stdin = dict(SAMPLES["PreCompact:auto"]["stdin"], session_id=session, transcript_path=str(source), cwd=str(project))
        restore_stdin = dict(SAMPLES["SessionStart:compact"]["stdin"], session_id=session, transcript_path=str(source), cwd=str(project))

        def env(home: Path) -> dict[str, str]:
            return {
                "PATH": os.environ["PATH"],
                "HOME": str(root),
                "CONTEXT_KEEPER_HOME": str(home),
                "CONTEXT_KEEPER_CONFIG": str(root / "config.toml"),
            }

        cold_w, cold_r, warm_w, warm_r, rest_w, rest_r = [], [], [], [], [], []
        chars = 0
        for i in range(args.runs):
            home = root / f"home-{i}"
            w, r, out = timed([args.python, str(PRE_COMPACT)], json.dumps(stdin).encode(), env(home), project)
            cold_w.append(w), cold_r.append(r)
            chars = len(out.decode())
            w, r, out = timed([args.python, str(PRE_COMPACT)], json.dumps(stdin).encode(), env(home), project)
            warm_w.append(w), warm_r.append(r)
            w, r, _ = timed([args.python, str(SESSION_START)], json.dumps(restore_stdin).encode(), env(home), project)
            rest_w.append(w), rest_r.append(r)
            shutil.rmtree(home)
        base_w, base_r = zip(*[timed([args.python, "-c", "pass"], b"", env(root / "x"), project)[:2] for _ in range(args.runs)])
        cp_w, cp_r = zip(*[timed(["cp", str(source), str(root / "copy")], b"", dict(os.environ), project)[:2] for _ in range(args.runs)])
        rows = [
            ("PreCompact, cold (fold all + archive + block)", cold_w, cold_r, f"{chars:,} chars printed"),
            ("PreCompact, warm (state up to date)", warm_w, warm_r, ""),
            ("SessionStart(compact) after PreCompact", rest_w, rest_r, ""),
            ("python -c pass", list(base_w), list(base_r), ""),
            ("cp transcript", list(cp_w), list(cp_r), ""),
        ]
    print(f"transcript: {source} ({size / 1e6:.1f} MB), python: {args.python}, runs: {args.runs}")
    print(f"{'':48} {'wall median':>12} {'wall max':>9} {'peak RSS':>10}")
    for name, walls, rss, note in rows:
        print(f"{name:48} {statistics.median(walls):>10.2f} s {max(walls):>7.2f} s {max(rss) / 1024:>7.1f} MB  {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
