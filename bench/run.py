#!/usr/bin/env python3
"""The benchmarks in one command: hot path, PreCompact at scale, preservation recall.

    .venv-dev/bin/python bench/run.py            # full run, ~10 minutes on 2 cores
    .venv-dev/bin/python bench/run.py --quick    # ~1 minute: 1 MB and 100 MB, fewer repeats
    .venv-dev/bin/python bench/run.py --parts recall --missing   # one part, with the facts left out

Data (generated transcripts with their truth files, the recall corpus) goes to --data
(default /tmp/ck-bench) and is reused when it is there and was made by the current
generator (a stamp holds the generator's hash); never into git. Every hook call is a real
process of the hook script with the same interpreter, a temp CONTEXT_KEEPER_HOME and no
config file (defaults), as Claude Code runs it.

(a) Hot path: whole-process wall time of one PostToolUse call at the end of each transcript,
    median of repeated runs, next to `python -c pass` measured in the same run (ratio). Each
    timed call first appends one tool round trip (as Claude Code writes between two calls).
    Rows: usage low (below the threshold: the common case) and high (80 %, between and at
    cold checks), steady (state and check record from the previous calls present) and cold
    (state dir emptied before each call). Then the `-X importtime` top 10 (cumulative).
(b) PreCompact: wall time and peak RSS (GNU time) of the hook, archive copy included, steady
    (state present: primed by PostToolUse calls with a cold check, the normal case) and cold
    (no state: the hook folds the whole transcript), plus ms/MB to read linearity.
(c) Recall: bench/score.py over the recall corpus and the generated transcripts: PreCompact
    stdout (cut at 10,000 chars as Claude Code does) + the SessionStart(compact) note.

Not a test: figures depend on the machine and its load (printed with them).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(ROOT / "lib"))

import score as scorer  # noqa: E402
from context_keeper.config import Settings  # noqa: E402
from hot_path import fresh_ids, round_trip  # noqa: E402

POST_TOOL_USE = ROOT / "hooks" / "auto_context_manager.py"
PRE_COMPACT = ROOT / "hooks" / "pre_compact_preserve.py"
SESSION_START = ROOT / "hooks" / "session_start_restore.py"
SAMPLES = json.loads((ROOT / "tests" / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]
GNU_TIME = shutil.which("time", path="/usr/bin:/bin")
FULL_SIZES = ("1MB", "10MB", "100MB", "300MB")
QUICK_SIZES = ("1MB", "100MB")
HIGH_PERCENT = 80.0  # usage of the appended responses in the "high" rows (threshold: 70 %)


def loadavg() -> str:
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "?"


def machine() -> str:
    cpu = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (f"{os.cpu_count()} cores ({cpu}), Python {platform.python_version()} ({sys.executable}), "
            f"{platform.system()} {platform.release()}")


# -- data ---------------------------------------------------------------------------------------


def generator_stamp() -> str:
    digest = hashlib.sha256()
    for name in ("gen_transcript.py", "recall_corpus.py"):
        digest.update((BENCH / name).read_bytes())
    for fixture in sorted((ROOT / "tests" / "fixtures").glob("*.jsonl")):
        digest.update(fixture.read_bytes())
    return digest.hexdigest()[:16]


def _matches(jsonl: Path, made_by: str | None, stamp: str) -> bool:
    truth = jsonl.with_suffix(".truth.json")
    if made_by != stamp or not (jsonl.is_file() and truth.is_file()):
        return False
    try:
        return json.loads(truth.read_text())["bytes"] == jsonl.stat().st_size
    except (OSError, ValueError, KeyError):
        return False


def prepare_data(data: Path, sizes: list[str], corpus: bool) -> tuple[dict[str, Path], list[Path]]:
    """Generated transcripts by size, and the corpus transcripts; made only where missing or
    made by another version of the generator (stamp.json: file -> generator hash)."""
    from gen_transcript import SessionSpec, generate, parse_size
    from recall_corpus import CORPUS

    data.mkdir(parents=True, exist_ok=True)
    stamp_file = data / "stamp.json"
    stamp = generator_stamp()
    try:
        stamps = json.loads(stamp_file.read_text())
        stamps = stamps if isinstance(stamps, dict) else {}
    except (OSError, ValueError):
        stamps = {}
    wanted = [(data / f"gen-{size}-s1.jsonl", SessionSpec(name=f"gen-{size}-s1", target_bytes=parse_size(size), seed=1))
              for size in sizes]
    if corpus:
        wanted += [(data / "corpus" / f"{spec.name}.jsonl", spec) for spec in CORPUS]
    made = []
    for path, spec in wanted:
        key = str(path.relative_to(data))
        if not _matches(path, stamps.get(key), stamp):
            t0 = time.perf_counter()
            stamps.pop(key, None)
            stamp_file.write_text(json.dumps(stamps, indent=1))
            generate(spec, path.parent)
            stamps[key] = stamp
            stamp_file.write_text(json.dumps(stamps, indent=1))
            made.append(f"{key} ({time.perf_counter() - t0:.1f} s)")
    big = {size: wanted[i][0] for i, size in enumerate(sizes)}
    corpus_paths = [path for path, _ in wanted[len(sizes):]]
    print(f"data: {data} ({'generated ' + ', '.join(made) if made else 'all reused'})")
    return big, corpus_paths


# -- processes ----------------------------------------------------------------------------------


class Run:
    __slots__ = ("wall", "rss_kb", "out", "err")

    def __init__(self, wall: float, rss_kb: int, out: bytes, err: bytes) -> None:
        self.wall, self.rss_kb, self.out, self.err = wall, rss_kb, out, err


def run_process(argv: list[str], stdin: bytes, env: dict[str, str], rss: bool = False, check_quiet: bool = True) -> Run:
    """One child process from spawn to exit; peak RSS from GNU time when asked (wait4 of a
    child forked from this interpreter would report the fork's high-water mark)."""
    with tempfile.NamedTemporaryFile("r") as rss_file:
        command = [GNU_TIME, "-f", "%M", "-o", rss_file.name, *argv] if rss and GNU_TIME else argv
        started = time.perf_counter()
        done = subprocess.run(command, input=stdin, env=env, capture_output=True)
        wall = time.perf_counter() - started
        peak = 0
        if rss and GNU_TIME:
            text = rss_file.read().split()
            peak = int(text[-1]) if text else 0
    if done.returncode:
        raise SystemExit(f"{argv} exited {done.returncode}: {done.stderr[-500:]!r}")
    if check_quiet and done.stderr:
        raise SystemExit(f"{argv} wrote to stderr: {done.stderr[-500:]!r}")
    return Run(wall, peak, done.stdout, done.stderr)


def hook_env(home: Path, work: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
    # As installed, Python caches bytecode; a PYTHONDONTWRITEBYTECODE in the caller's
    # environment would make every call recompile the package.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    # No config file, as install.sh leaves it (a file costs tomllib's import: the "config" row).
    env.update(CONTEXT_KEEPER_HOME=str(home), CONTEXT_KEEPER_CONFIG=str(work / "absent.toml"),
               PYTHONPYCACHEPREFIX=str(work / "pycache"))
    env.update(extra)
    return env


FORCED_CHECK = {"CONTEXT_KEEPER_CHECK_FREQUENCY": "1", "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0"}


def session_and_cwd(path: Path) -> tuple[str, str]:
    truth = path.with_suffix(".truth.json")
    if truth.is_file():
        data = json.loads(truth.read_text())
        return data["session_id"], data["cwd"]
    with open(path, "rb") as handle:
        for line in handle:
            record = json.loads(line)
            if record.get("sessionId"):
                return record["sessionId"], record.get("cwd") or str(path.parent)
    return "bench-session", str(path.parent)


def stdin_for(event: str, session: str, transcript: Path, cwd: str) -> bytes:
    payload = dict(SAMPLES[event]["stdin"], session_id=session, transcript_path=str(transcript), cwd=cwd)
    return json.dumps(payload).encode()


def state_files(home: Path, session: str) -> list[Path]:
    return [p for p in home.glob(f"runs/*/state/{session}.*") if p.suffix in (".json", ".check")]


def prime(python: str, transcript: Path, session: str, cwd: str, env: dict[str, str]) -> float:
    """PostToolUse calls with a forced cold check until the state has folded the whole file
    (a first fold stops after a few seconds and leaves the rest to the next calls), as the
    calls during a session leave it. Returns the time of all of them."""
    stdin = stdin_for("PostToolUse:Bash", session, transcript, cwd)
    home = Path(env["CONTEXT_KEEPER_HOME"])
    spent = 0.0
    for _ in range(20):
        spent += run_process([python, str(POST_TOOL_USE)], stdin, {**env, **FORCED_CHECK}).wall
        states = [p for p in state_files(home, session) if p.suffix == ".json"]
        if states and json.loads(states[0].read_bytes()).get("offset") == transcript.stat().st_size:
            break
    return spent


# -- (a) hot path -------------------------------------------------------------------------------


def high_usage_chunk(chunk: list[bytes], percent: float) -> list[bytes]:
    from context_keeper.transcript.usage import context_window

    out = []
    for line in chunk:
        record = json.loads(line)
        usage = (record.get("message") or {}).get("usage") if record.get("type") == "assistant" else None
        if usage:
            window = context_window(record["message"].get("model"))
            usage.update(input_tokens=10, cache_creation_input_tokens=1000, output_tokens=200,
                         cache_read_input_tokens=int(window * percent / 100) - 1210)
            line = json.dumps(record, separators=(",", ":")).encode() + b"\n"
        out.append(line)
    return out


def hot_path(python: str, big: dict[str, Path], work: Path, runs: int, cold_runs: int) -> dict:
    chunks = {"low": round_trip(), "high": high_usage_chunk(round_trip(), HIGH_PERCENT)}
    bare: list[float] = []
    env0 = hook_env(work / "bare-home", work)

    def bare_sample(n: int) -> None:
        bare.extend(run_process([python, "-c", "pass"], b"", env0).wall for _ in range(n))

    bare_sample(runs)
    rows = []
    counter = 0
    for size, source in big.items():
        transcript = work / f"hot-{size}.jsonl"
        shutil.copyfile(source, transcript)  # calls append to it
        session, cwd = session_and_cwd(source)
        stdin = stdin_for("PostToolUse:Bash", session, transcript, cwd)
        for usage in ("low", "high"):
            home = work / f"hot-home-{size}-{usage}"
            env = hook_env(home, work)
            prime(python, transcript, session, cwd, env)
            for kind, n in (("steady", runs), ("cold", cold_runs)):
                times = []
                for _ in range(n):
                    counter += 1
                    with open(transcript, "ab") as out:
                        out.write(b"".join(fresh_ids(line, f"b{counter}") for line in chunks[usage]))
                    if kind == "cold":
                        for p in state_files(home, session):
                            p.unlink()
                    times.append(run_process([python, str(POST_TOOL_USE)], stdin, env).wall)
                rows.append({"size": size, "mb": source.stat().st_size / 1e6, "usage": usage, "kind": kind,
                             "median": statistics.median(times), "max": max(times), "n": n})
        if size == next(iter(big)):
            # The same steady low-usage call with a config file present (tomllib imported).
            home = work / f"hot-home-{size}-low"
            env = hook_env(home, work, CONTEXT_KEEPER_CONFIG=str(work / "config.toml"))
            times = []
            for _ in range(runs):
                counter += 1
                with open(transcript, "ab") as out:
                    out.write(b"".join(fresh_ids(line, f"b{counter}") for line in chunks["low"]))
                times.append(run_process([python, str(POST_TOOL_USE)], stdin, env).wall)
            rows.append({"size": size, "mb": source.stat().st_size / 1e6, "usage": "low", "kind": "config",
                         "median": statistics.median(times), "max": max(times), "n": runs})
        transcript.unlink()
        bare_sample(max(3, runs // 3))  # bare start measured all along the run, not only at its start
    return {"bare": statistics.median(bare), "bare_n": len(bare), "rows": rows}


def import_profile(python: str, source: Path, work: Path, repeats: int = 5) -> list[tuple[str, float, float]]:
    """-X importtime of one steady PostToolUse call: the top 10 by cumulative time (median us)."""
    transcript = work / "imports.jsonl"
    shutil.copyfile(source, transcript)
    session, cwd = session_and_cwd(source)
    env = hook_env(work / "imports-home", work)
    prime(python, transcript, session, cwd, env)
    stdin = stdin_for("PostToolUse:Bash", session, transcript, cwd)
    samples: dict[str, list[tuple[int, int]]] = {}
    for i in range(repeats):
        with open(transcript, "ab") as out:
            out.write(b"".join(fresh_ids(line, f"imp{i}") for line in round_trip()))
        err = run_process([python, "-X", "importtime", str(POST_TOOL_USE)], stdin, env, check_quiet=False).err
        for line in err.decode().splitlines():
            m = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
            if m:
                samples.setdefault(m.group(4), []).append((int(m.group(1)), int(m.group(2))))
    transcript.unlink()
    rows = [(name, statistics.median(c for _, c in v), statistics.median(s for s, _ in v)) for name, v in samples.items()]
    rows.sort(key=lambda r: -r[1])
    total = sum(r[2] for r in rows)
    return rows[:10] + [("(all imports, self times summed)", total, total)]


def print_hot(result: dict, profile: list) -> None:
    bare = result["bare"]
    print(f"\n(a) HOT PATH: PostToolUse, whole process, median wall ms (load {loadavg()})")
    print(f"python -c pass: {bare * 1e3:.1f} ms (median of {result['bare_n']}, spread over the run)")
    print(f"{'transcript':>10} {'usage':>6} {'state':>7} {'runs':>5} {'median ms':>10} {'max ms':>8} {'x bare':>7}")
    for r in result["rows"]:
        print(f"{r['size']:>10} {r['usage']:>6} {r['kind']:>7} {r['n']:>5} {r['median'] * 1e3:>10.1f} "
              f"{r['max'] * 1e3:>8.1f} {r['median'] / bare:>7.2f}")
    by = {(r["size"], r["usage"], r["kind"]): r["median"] for r in result["rows"]}
    sizes = list(dict.fromkeys(r["size"] for r in result["rows"]))
    worst = max(r["median"] / bare for r in result["rows"] if r["kind"] == "steady")
    print("steady: state and check record of the previous calls present; cold: none; config: steady with a "
          "config file (install.sh writes none)")
    print(f"target steady <= 2.5x bare: worst steady row {worst:.2f}x -> {'met' if worst <= 2.5 else 'MISSED'}")
    if "1MB" in sizes and "100MB" in sizes:
        for usage in ("low", "high"):
            ratio = by[("100MB", usage, "steady")] / by[("1MB", usage, "steady")]
            print(f"target 100 MB <= 1.2x 1 MB (steady, usage {usage}): {ratio:.2f} -> {'met' if ratio <= 1.2 else 'MISSED'}")
    print("\nimports of one steady call (-X importtime, median of 5; top 10 by cumulative us)")
    print(f"{'module':<40} {'cumulative us':>14} {'self us':>9}")
    for name, cum, own in profile:
        print(f"{name:<40} {cum:>14,.0f} {own:>9,.0f}")


# -- (b) PreCompact -----------------------------------------------------------------------------


def precompact(python: str, big: dict[str, Path], work: Path, runs: int) -> dict:
    rows, outputs = [], {}
    for size, source in big.items():
        session, cwd = session_and_cwd(source)
        stdin = stdin_for("PreCompact:auto", session, source, cwd)
        restore_stdin = stdin_for("SessionStart:compact", session, source, cwd)
        n = runs if source.stat().st_size < 200e6 else max(1, runs - 1)
        steady_home = work / f"pc-home-{size}"
        env = hook_env(steady_home, work)
        prime_s = prime(python, source, session, cwd, env)
        steady, cold = [], []
        for i in range(n):
            for p in steady_home.glob("runs/*/archives/*"):
                p.unlink()  # keep the disk to one archive at a time
            steady.append(run_process([python, str(PRE_COMPACT)], stdin, env, rss=True))
            home = work / f"pc-cold-{size}-{i}"
            cold.append(run_process([python, str(PRE_COMPACT)], stdin, hook_env(home, work), rss=True))
            shutil.rmtree(home)
        note = run_process([python, str(SESSION_START)], restore_stdin, env, rss=True)
        outputs[size] = (steady[-1].out.decode(), note.out.decode(), source)
        shutil.rmtree(steady_home)
        cp = []
        for _ in range(n):
            cp.append(run_process(["cp", str(source), str(work / "cp-copy")], b"", dict(os.environ), rss=True))
            (work / "cp-copy").unlink()
        mb = source.stat().st_size / 1e6
        for kind, sample in (("steady", steady), ("cold", cold), ("restore", [note]), ("cp", cp)):
            walls = [r.wall for r in sample]
            rows.append({"size": size, "mb": mb, "kind": kind, "n": len(sample), "median": statistics.median(walls),
                         "max": max(walls), "rss_mb": max(r.rss_kb for r in sample) / 1024,
                         "chars": len(sample[-1].out.decode()) if kind in ("steady", "restore") else None})
        rows.append({"size": size, "mb": mb, "kind": "prime", "n": 1, "median": prime_s, "max": prime_s,
                     "rss_mb": 0, "chars": None})
    return {"rows": rows, "outputs": outputs}


def print_precompact(result: dict) -> None:
    print(f"\n(b) PRECOMPACT: whole process incl. archive copy, wall s and peak RSS (load {loadavg()})")
    print(f"{'transcript':>10} {'MB':>7} {'case':>8} {'runs':>5} {'median s':>9} {'max s':>7} {'ms/MB':>7} "
          f"{'peak RSS MB':>12} {'chars':>7}")
    labels = {"steady": "steady", "cold": "cold", "restore": "restore", "cp": "cp", "prime": "prime"}
    for r in result["rows"]:
        if r["kind"] == "prime":
            continue
        chars = f"{r['chars']:,}" if r["chars"] is not None else ""
        print(f"{r['size']:>10} {r['mb']:>7.1f} {labels[r['kind']]:>8} {r['n']:>5} {r['median']:>9.3f} {r['max']:>7.3f} "
              f"{r['median'] * 1e3 / r['mb']:>7.2f} {r['rss_mb']:>12.1f} {chars:>7}")
    print("steady: saved state up to date (primed by PostToolUse calls with a cold check); cold: no saved state "
          "(the whole transcript folded); restore: SessionStart(compact) after it; cp: copying the file, for scale")
    by = {(r["size"], r["kind"]): r for r in result["rows"]}
    # Targets: no state <= 1.0 s and <= 150 MB, saved state <= 0.4 s, on 100 MB;
    # linear (ms/MB not growing) up to 300 MB.
    if ("100MB", "cold") in by:
        c, s = by[("100MB", "cold")], by[("100MB", "steady")]
        print(f"target 100 MB no state <= 1.0 s and <= 150 MB: {c['median']:.2f} s, {c['rss_mb']:.0f} MB -> "
              f"{'met' if c['median'] <= 1.0 and c['rss_mb'] <= 150 else 'MISSED'}")
        print(f"target 100 MB saved state <= 0.4 s: {s['median']:.2f} s, {s['rss_mb']:.0f} MB -> "
              f"{'met' if s['median'] <= 0.4 else 'MISSED'}")
    if ("100MB", "steady") in by and ("300MB", "steady") in by:
        for kind in ("steady", "cold"):
            a, b = by[("100MB", kind)], by[("300MB", kind)]
            per_a, per_b = a["median"] / a["mb"], b["median"] / b["mb"]
            print(f"linear to 300 MB ({kind}): {per_a * 1e3:.2f} -> {per_b * 1e3:.2f} ms/MB, RSS {a['rss_mb']:.0f} -> "
                  f"{b['rss_mb']:.0f} MB -> {'met' if per_b <= per_a * 1.15 and b['rss_mb'] <= max(150, a['rss_mb'] * 1.15) else 'MISSED'}")


# -- (c) recall ---------------------------------------------------------------------------------


def recall_one(python: str, source: Path, work: Path) -> tuple[str, str]:
    session, cwd = session_and_cwd(source)
    home = work / f"recall-{source.stem}"
    env = hook_env(home, work)
    prime(python, source, session, cwd, env)
    block = run_process([python, str(PRE_COMPACT)], stdin_for("PreCompact:auto", session, source, cwd), env).out
    note = run_process([python, str(SESSION_START)], stdin_for("SessionStart:compact", session, source, cwd), env).out
    shutil.rmtree(home)
    return block.decode(), note.decode()


_GROUP = re.compile(r"^(?:- |  )?(\S*/): (\S+(?:, \S+)*)$", re.MULTILINE)


def expand_groups(text: str) -> str:
    """The block's directory groups ("- dir/: a.py, b.py") read as the paths they stand for.

    score.py matches whole paths only, so a grouped file would count as lost although any
    reader (the summariser included) gets dir/a.py from it. Scored both ways: "strict" is
    score.py as is; the recall columns read groups as paths (appended for matching only;
    the characters spent are counted on the text as printed)."""
    paths = [head + name for head, names in _GROUP.findall(text) for name in names.split(", ")]
    return text + ("\n" + "\n".join(paths) if paths else "")


SHORT = {"active_tasks": "active", "completed_tasks": "done", "files_modified": "files", "unresolved_errors": "unres",
         "resolved_errors": "resolv", "decisions": "decis", "test_commands": "tests", "last_user_prompt": "prompt"}


def recall(python: str, corpus: list[Path], outputs: dict, work: Path, save: Path | None) -> dict:
    groups: dict[str, list[tuple[str, scorer.Score, scorer.Score, int]]] = {"corpus": [], "generated": []}

    def both(truth: dict, block: str, note: str) -> tuple[scorer.Score, scorer.Score]:
        # Cut at 10,000 first (what Claude Code keeps), then read the groups of what is left.
        # (Passed as the note: as the block, the appended paths would be cut at 10,000 again.)
        pre, _ = scorer.model_text(block, note)
        grouped = scorer.score(truth, "", expand_groups(pre) + "\n" + expand_groups(note))
        plain = scorer.score(truth, block, note)
        return grouped, plain, bare_need(truth)

    for path in corpus:
        block, note = recall_one(python, path, work)
        truth = json.loads(path.with_suffix(".truth.json").read_text())
        groups["corpus"].append((path.stem, *both(truth, block, note)))
        if save:
            (save / f"{path.stem}.block.txt").write_text(block)
            (save / f"{path.stem}.note.txt").write_text(note)
    for block, note, source in outputs.values():
        truth = json.loads(source.with_suffix(".truth.json").read_text())
        groups["generated"].append((source.stem, *both(truth, block, note)))
        if save:
            (save / f"{source.stem}.block.txt").write_text(block)
            (save / f"{source.stem}.note.txt").write_text(note)
    return groups


NOTE_CAP = Settings(Path()).restore_max_chars  # the restore note's default cap (9,500; it was 4,000 once)
CHANNEL = scorer.PRECOMPACT_CAP + NOTE_CAP  # block + restore note


def bare_need(truth: dict) -> int:
    """Characters the truth's facts need as bare strings, one separator each, files grouped by
    directory, with no headers, statuses or formatting: a floor no packing can go under. When
    it exceeds CHANNEL, full recall is impossible by construction, whatever the packing."""
    cwd = (truth.get("cwd") or "").rstrip("/") + "/"
    dirs: dict[str, list[str]] = {}
    for path in truth.get("files_modified", []):
        rel = path[len(cwd):] if path.startswith(cwd) else path
        dirs.setdefault(os.path.dirname(rel), []).append(os.path.basename(rel))
    files = sum(min(sum(len(d) + len(n) + 2 for n in names), len(d) + 3 + sum(len(n) + 2 for n in names))
                for d, names in dirs.items())
    tasks = sum(len(t["subject"]) + len(t["status"]) + 4 for t in truth.get("active_tasks", []))
    tasks += sum(len(t["subject"]) + 2 for t in truth.get("completed_tasks", []))
    errors = sum(len(e["command"]) + len(e["error_line"]) + 3
                 for e in truth.get("unresolved_errors", []) + truth.get("resolved_errors", []))
    rest = sum(len(d) + 1 for d in truth.get("decisions", [])) + sum(len(t["command"]) + 3 for t in
                                                                      truth.get("test_commands", []))
    return files + tasks + errors + rest + len(truth.get("last_user_prompt") or "")


# The facts asked for: "the tasks active at compaction, files modified, unresolved errors,
# decisions, test commands" (+ the last request). Completed tasks and resolved errors are in the
# truth too and scored, but are history rather than state.
CORE = ("active_tasks", "files_modified", "unresolved_errors", "decisions", "test_commands", "last_user_prompt")


def _cell(found: int, total: int) -> str:
    return f"{found / total:.0%}" if total else "-"


def print_recall(groups: dict, missing: bool) -> None:
    print("\n(c) RECALL: facts of the truth present in PreCompact stdout (cut at 10,000) + restore note")
    print("columns: per-category recall, directory groups read as paths; 'strict': score.py as is; block/note: "
          "characters printed (block as kept: <= 10,000)")
    head = f"{'session':<22}" + "".join(f"{SHORT[c]:>7}" for c in scorer.CATEGORIES) + \
        f"{'overall':>9}{'strict':>8}{'core':>7}{'facts':>7}{'block':>7}{'note':>6}{'need':>8}"
    for group, scores in groups.items():
        if not scores:
            continue
        print(f"-- {group}")
        print(head)
        sums = {c: [0, 0] for c in scorer.CATEGORIES}
        strict = [0, 0]
        chars = [0, 0]
        fit = [0, 0]
        bound = 0.0
        for name, s, plain, need in scores:
            cells = "".join(f"{_cell(s.categories[c].found, s.categories[c].total):>7}" for c in scorer.CATEGORIES)
            cf, ct = (sum(s.categories[c].found for c in CORE), sum(s.categories[c].total for c in CORE))
            print(f"{name:<22}{cells}{s.overall:>9.1%}{plain.overall:>8.1%}{_cell(cf, ct):>7}{s.total:>7}"
                  f"{plain.precompact_chars:>7,}{plain.restore_chars:>6,}{need:>8,}{'' if need <= CHANNEL else ' >channel'}")
            if need <= CHANNEL:
                fit[0] += s.found
                fit[1] += s.total
            bound += s.total * min(1.0, CHANNEL / need) if need else s.total
            for c in scorer.CATEGORIES:
                sums[c][0] += s.categories[c].found
                sums[c][1] += s.categories[c].total
            strict[0] += plain.found
            strict[1] += plain.total
            chars[0] += plain.precompact_chars
            chars[1] += plain.restore_chars
        found, total = sum(v[0] for v in sums.values()), sum(v[1] for v in sums.values())
        cf, ct = sum(sums[c][0] for c in CORE), sum(sums[c][1] for c in CORE)
        cells = "".join(f"{_cell(*sums[c]):>7}" for c in scorer.CATEGORIES)
        print(f"{'ALL (micro)':<22}{cells}{found / total:>9.1%}{strict[0] / strict[1]:>8.1%}{_cell(cf, ct):>7}{total:>7}"
              f"{chars[0] // len(scores):>7,}{chars[1] // len(scores):>6,}  (chars: mean)")
        if group == "corpus":
            print(f"'need': characters the facts take as bare strings (files grouped), no formatting; the channel is "
                  f"{CHANNEL:,} (block {scorer.PRECOMPACT_CAP:,} + note {NOTE_CAP:,}). Upper bound for this corpus at best: "
                  f"{bound / total:.0%}. Sessions that fit the channel: {fit[0]}/{fit[1]} = "
                  f"{fit[0] / max(1, fit[1]):.1%} -> {'met' if fit[0] >= 0.95 * fit[1] else 'MISSED'}")
            print(f"target >= 95 % (corpus, micro, all categories): {found / total:.1%} -> "
                  f"{'met' if found / total >= 0.95 else 'MISSED'}; the issue's own categories (core: active tasks, "
                  f"files, unresolved errors, decisions, tests, last prompt): {cf / ct:.1%} -> "
                  f"{'met' if cf / ct >= 0.95 else 'MISSED'}")
        if missing:
            for name, s, _, _ in scores:
                for c, cat in s.categories.items():
                    for m in cat.missing[:8]:
                        print(f"   missing {name} {c}: {m[:150]}")
                    if len(cat.missing) > 8:
                        print(f"   ... {len(cat.missing) - 8} more {c}")


# -- main ---------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--quick", action="store_true", help="~1 minute: 1 MB and 100 MB, fewer repeats")
    p.add_argument("--data", type=Path, default=Path("/tmp/ck-bench"))
    p.add_argument("--sizes", help="comma-separated (default 1MB,10MB,100MB,300MB; quick: 1MB,100MB)")
    p.add_argument("--parts", default="hot,precompact,recall")
    p.add_argument("--runs", type=int, help="hot-path runs per steady row (default 21; quick 9)")
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--missing", action="store_true", help="list the facts the recall left out")
    p.add_argument("--save", type=Path, help="keep the blocks and notes of the recall part here")
    args = p.parse_args(argv)
    parts = set(args.parts.split(","))
    sizes = args.sizes.split(",") if args.sizes else list(QUICK_SIZES if args.quick else FULL_SIZES)
    runs = args.runs or (9 if args.quick else 21)
    started = time.perf_counter()
    print(f"bench/run.py{' --quick' if args.quick else ''}: {time.strftime('%Y-%m-%d %H:%M %Z')}; {machine()}; "
          f"load at start {loadavg()}")
    big, corpus = prepare_data(args.data, sizes, "recall" in parts)
    if args.save:
        args.save.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="ck-bench-run-") as tmp:
        work = Path(tmp)
        (work / "config.toml").write_text("# as a user might keep it\ncontext_threshold = 70\n")
        if "hot" in parts:
            result = hot_path(args.python, big, work, runs, cold_runs=3 if args.quick else 5)
            profile = import_profile(args.python, big[sizes[0]], work, 3 if args.quick else 5)
            print_hot(result, profile)
        outputs = {}
        if "precompact" in parts or "recall" in parts:
            if "precompact" in parts:
                pc = precompact(args.python, big, work, 1 if args.quick else 3)
                print_precompact(pc)
                outputs = pc["outputs"]
        if "recall" in parts:
            print_recall(recall(args.python, corpus, outputs, work, args.save), args.missing)
    print(f"\ntotal {time.perf_counter() - started:.0f} s, load at end {loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
