#!/usr/bin/env python3
"""Wall time and peak RSS of the PreCompact hook (archive copy included) on big transcripts.

    python bench/precompact.py [--sizes 1MB,10MB,100MB,300MB] [--runs 3] [--root DIR] [--python PATH]

Generates the transcripts with bench/gen_transcript.py into --out (reused when already
there), sets up a temp git repo with an uncommitted change as the project (so the diff stat
runs too) and a temp CONTEXT_KEEPER_HOME, then runs hooks/pre_compact_preserve.py as Claude
Code does, one process per call, measuring each from spawn to exit (wall) and its peak RSS
(GNU time's %M, else wait4's ru_maxrss):

- "no state": no saved session model: the hook folds the whole transcript, archives it,
  prints the block (a manual /compact before any check, an install mid-session, lost state);
- "saved state": the state the first call saved is up to date: archive + block only;
- "restore": SessionStart(compact) right after a PreCompact;
- "post compact": PostCompact after them, with a summary that kept every other block line;
- `python -c pass` and `cp` of the transcript, for scale.

Both PreCompact calls print the same block (checked: the model does not depend on whether
it was resumed). `--root` runs another checkout's hooks and library (PYTHONPATH=DIR/lib), to
measure before and after a change with the same interpreter and data.

Not a test: timings depend on the machine and its load (printed with the figures).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
SAMPLES = json.loads((ROOT / "tests" / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]
GNU_TIME = shutil.which("time", path="/usr/bin:/bin")
# The archive's name and the diff stat's timing aside, both calls print the same block.
_ARCHIVE_LINE = re.compile(r"^.*archived at: .*$", re.MULTILINE)


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


def hook_stdin(event: str, transcript: Path, project: Path) -> bytes:
    """The stdin Claude Code gives the hook of `event` (a key of SAMPLES, `PreCompact:auto`,
    `SessionStart:compact`) for this transcript and project."""
    stdin = dict(SAMPLES[event]["stdin"], session_id=session_of(transcript), transcript_path=str(transcript), cwd=str(project))
    return json.dumps(stdin).encode()


def timed(argv: list[str], stdin: bytes, env: dict[str, str], cwd: Path) -> tuple[float, int, bytes, float]:
    """(wall seconds, peak RSS in KiB, stdout, CPU seconds: user + system) of one child process.

    Peak RSS comes from GNU time when installed: wait4's ru_maxrss of a child forked from
    this (20 MB) interpreter keeps the high-water mark of the fork, a floor that would hide
    small processes' real figures. CPU time is what load on a shared machine moves least.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as inp, tempfile.NamedTemporaryFile("r") as rss:
        inp.write(stdin)
        inp.seek(0)
        command = [GNU_TIME, "-f", "%M %U %S", "-o", rss.name, *argv] if GNU_TIME else argv
        started = time.perf_counter()
        proc = subprocess.Popen(command, stdin=inp, stdout=out, stderr=subprocess.DEVNULL, env=env, cwd=cwd)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code
        if code != 0:
            raise SystemExit(f"{argv} exited {code}")
        out.seek(0)
        if GNU_TIME:
            peak_text, user, system = rss.read().split()[-3:]
            peak, cpu = int(peak_text), float(user) + float(system)
        else:
            peak, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
        return wall, peak, out.read(), cpu


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


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def measure(source: Path, runs: int, python: str, code_root: Path, root: Path, project: Path) -> dict[str, list]:
    session = session_of(source)
    pre_compact = code_root / "hooks" / "pre_compact_preserve.py"
    session_start = code_root / "hooks" / "session_start_restore.py"
    stdin = hook_stdin("PreCompact:auto", source, project)
    restore_stdin = hook_stdin("SessionStart:compact", source, project)

    def env(home: Path) -> dict[str, str]:
        return {
            "PATH": os.environ["PATH"],
            "HOME": str(root),
            "PYTHONPATH": str(code_root / "lib"),
            "CONTEXT_KEEPER_HOME": str(home),
            "CONTEXT_KEEPER_CONFIG": str(root / "config.toml"),
        }

    post_compact = code_root / "hooks" / "post_compact_check.py"

    def post_stdin(summary: str) -> bytes:
        sample = dict(SAMPLES["PostCompact:auto"]["stdin"], session_id=session, transcript_path=str(source), cwd=str(project))
        return json.dumps(dict(sample, compact_summary=summary)).encode()

    rows: dict[str, list] = {"no state": [], "saved state": [], "restore": [], "post compact": [], "cp": []}
    for i in range(runs):
        home = root / f"home-{i}"
        wall, rss, cold_out, cpu = timed([python, str(pre_compact)], stdin, env(home), project)
        rows["no state"].append((wall, rss, len(cold_out.decode()), cpu))
        # The first call's archive goes: within the same second the second one would be named
        # `..._1_transcript.jsonl`, and the block packs its items around that longer line.
        for archive in home.glob("runs/*/archives/*"):
            archive.unlink()
        wall, rss, warm_out, cpu = timed([python, str(pre_compact)], stdin, env(home), project)
        rows["saved state"].append((wall, rss, len(warm_out.decode()), cpu))
        cold_lines = _ARCHIVE_LINE.sub("", cold_out.decode()).splitlines()
        warm_lines = _ARCHIVE_LINE.sub("", warm_out.decode()).splitlines()
        if cold_lines != warm_lines:
            print(f"  NOTE: run {i}: the block with saved state differs from the one without:")
            for line in list(difflib.unified_diff(cold_lines, warm_lines, "no state", "saved state", n=0, lineterm=""))[:12]:
                print(f"    {line[:160]}")
        wall, rss, _, cpu = timed([python, str(session_start)], restore_stdin, env(home), project)
        rows["restore"].append((wall, rss, 0, cpu))
        # PostCompact with a summary that kept every other line of the block.
        summary = "<analysis>-</analysis>\n<summary>" + "\n".join(warm_out.decode().splitlines()[::2]) + "</summary>"
        wall, rss, _, cpu = timed([python, str(post_compact)], post_stdin(summary), env(home), project)
        rows["post compact"].append((wall, rss, 0, cpu))
        shutil.rmtree(home)
        copy = root / "copy"
        wall, rss, _, cpu = timed(["cp", str(source), str(copy)], b"", dict(os.environ), project)
        rows["cp"].append((wall, rss, 0, cpu))
        copy.unlink()
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", "--size", default="100MB", help="comma-separated: 1MB,10MB,100MB,300MB")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose hooks and lib run")
    p.add_argument("--out", type=Path, default=Path("/tmp/ck-bench"))
    args = p.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    sources = [transcript(size, args.seed, args.out) for size in args.sizes.split(",")]
    print(f"PreCompact, {args.root} with {args.python}, {args.runs} runs per row, load {loadavg()} at start")
    bare = []
    with tempfile.TemporaryDirectory(prefix="ck-bench-pc-") as tmp:
        root = Path(tmp)
        project = git_project(root)
        (root / "config.toml").write_text("")
        bare = [timed([args.python, "-c", "pass"], b"", {"PATH": os.environ["PATH"]}, project)[:2] for _ in range(args.runs)]
        print(f"{'transcript':>10} {'case':>12} {'wall median':>12} {'min':>7} {'max':>7} {'ms/MB':>7} {'peak RSS':>10} "
              f"{'CPU s':>6} {'chars':>7}")
        for source in sources:
            mb = source.stat().st_size / 1e6
            rows = measure(source, args.runs, args.python, args.root.resolve(), root, project)
            for case, sample in rows.items():
                walls = [s[0] for s in sample]
                median = statistics.median(walls)
                chars = f"{sample[-1][2]:,}" if sample[-1][2] else ""
                cpu = statistics.median(s[3] for s in sample)
                print(f"{mb:>8.0f}MB {case:>12} {median:>10.3f} s {min(walls):>7.3f} {max(walls):>7.3f} "
                      f"{median * 1e3 / mb:>7.1f} {max(s[1] for s in sample) / 1024:>7.1f} MB {cpu:>6.2f} {chars:>7}")
    walls = [w for w, _ in bare]
    print(f"{'':>10} {'python -c pass':>12} {statistics.median(walls):>10.3f} s; load {loadavg()} at end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
