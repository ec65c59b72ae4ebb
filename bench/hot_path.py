#!/usr/bin/env python3
"""Whole-process wall time of the PostToolUse hook, steady state, next to `python -c pass`.

    python bench/hot_path.py [--runs 21] [--sizes 1,100] [--python PATH]

For each size (MB) it builds a transcript with bench/gen_transcript.py (or, with
--generator repeat, by repeating the real fixture tests/fixtures/tools_and_tasks.jsonl with
fresh message/tool ids), runs the hook once to build the state (reported as "first
call"), then `--runs` times: appends one more tool round trip (a tool_use record, its result
and the usual noise records, as Claude Code does between two PostToolUse calls) and times
one hook process, start to exit. Prints medians as a table (wall time, and the child's
user+sys CPU time, which a busy machine disturbs less).

Not a test: timings depend on the machine; read them next to the bare interpreter's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOOK = ROOT / "hooks" / "auto_context_manager.py"
FIXTURE = ROOT / "tests" / "fixtures" / "tools_and_tasks.jsonl"
STDIN_SAMPLE = ROOT / "tests" / "fixtures" / "hook_stdin_samples.json"
_IDS = re.compile(rb"(msg_fake_|toolu_fake_|req_fake_)")


def fresh_ids(data: bytes, tag: str) -> bytes:
    return _IDS.sub(lambda m: m.group(1) + tag.encode() + b"_", data)


def build(path: Path, megabytes: float, generator: str = "gen") -> None:
    if generator == "gen":
        # bench/gen_transcript.py: many files, tasks, failing and fixed commands, compactions.
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        from gen_transcript import SessionSpec, generate

        made, _truth = generate(SessionSpec(name=path.stem, target_bytes=int(megabytes * 1_000_000)), path.parent)
        made.replace(path)
        return
    body = FIXTURE.read_bytes()
    target = int(megabytes * 1_000_000)
    with open(path, "wb") as out:
        n = 0
        while out.tell() < target:
            out.write(fresh_ids(body, f"r{n}"))
            n += 1


def round_trip() -> list[bytes]:
    """The fixture's Bash call and everything up to the next tool_use: one call's worth of appends."""
    lines = FIXTURE.read_bytes().splitlines(keepends=True)
    start = next(i for i, line in enumerate(lines) if b'"name":"Bash"' in line)
    end = next(i for i in range(start + 1, len(lines)) if b'"type":"tool_use"' in lines[i])
    # Cut right after a tool_use record, as Claude Code has it on disk when the hook fires.
    return lines[start + 1 : end + 1]


CPU: list[float] = []  # user+sys seconds of each timed child: steadier than wall time on a busy machine


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_process(argv: list[str], stdin: bytes, env: dict[str, str]) -> float:
    cpu = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(argv, input=stdin, env=env, capture_output=True)
    elapsed = time.perf_counter() - started
    CPU.append(_children_cpu() - cpu)
    if done.returncode or done.stdout or done.stderr:
        raise SystemExit(f"hook misbehaved: rc={done.returncode} out={done.stdout[:200]!r} err={done.stderr[:200]!r}")
    return elapsed


def measure(
    python: str, megabytes: float, runs: int, work: Path, env: dict[str, str], generator: str, prime: str
) -> dict[str, float]:
    transcript = work / f"t{megabytes:g}.jsonl"
    build(transcript, megabytes, generator)
    payload = json.loads(STDIN_SAMPLE.read_text())["samples"]["PostToolUse:Bash"]["stdin"]
    payload.update(session_id=f"bench-{megabytes:g}", transcript_path=str(transcript), cwd=str(work))
    stdin = json.dumps(payload).encode()
    # The first call folds the whole file. "checked" runs its cold check whatever the usage, as
    # the checks before each of the session's compactions would have: cold units summarised,
    # their facts dropped from the state. "none" keeps every unit's facts (a bigger state).
    prime_env = {**env, "CONTEXT_KEEPER_CHECK_FREQUENCY": "1", "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0"}
    first = time_process([python, str(HOOK)], stdin, prime_env if prime == "checked" else env)
    chunk = round_trip()
    times = []
    CPU.clear()
    for i in range(runs):
        with open(transcript, "ab") as out:
            out.write(b"".join(fresh_ids(line, f"s{i}") for line in chunk))
        times.append(time_process([python, str(HOOK)], stdin, env))
    state = next((work / "home" / "runs").glob(f"*/state/bench-{megabytes:g}.json"))
    return {
        "size_mb": transcript.stat().st_size / 1e6,
        "first": first,
        "median": statistics.median(times),
        "min": min(times),
        "cpu": statistics.median(CPU),
        "state_kb": state.stat().st_size / 1e3,
    }


_BREAKDOWN = r"""
import sys, time
t0 = time.perf_counter()
import dataclasses, orjson  # noqa: E401 - orjson imports dataclasses, uuid, enum, json itself
t1 = time.perf_counter()
spent = [0.0, 0]
real = dataclasses.dataclass
def timed(cls=None, /, **kw):
    def wrap(c):
        started = time.perf_counter()
        out = real(**kw)(c)
        spent[0] += time.perf_counter() - started
        spent[1] += 1
        return out
    return wrap if cls is None else wrap(cls)
dataclasses.dataclass = timed
import context_keeper.hooks.guard, context_keeper.hooks.auto_context_manager  # noqa: E401
t2 = time.perf_counter()
from pathlib import Path
from context_keeper.session import SessionModel, update_from_file
from context_keeper.session.state import read_saved
from context_keeper.store import RunsDir, atomic_write
runs = RunsDir.at(Path(sys.argv[1]))
saved = read_saved(runs, sys.argv[2])
t3 = time.perf_counter()
model = SessionModel.from_bytes(saved)
t4 = time.perf_counter()
model = update_from_file(model, Path(sys.argv[3]))
t5 = time.perf_counter()
data = model.to_bytes()
t6 = time.perf_counter()
atomic_write(Path(sys.argv[1]) / "bench-copy.json", data)
t7 = time.perf_counter()
print(orjson.dumps({"orjson+dataclasses": t1 - t0, "package import": t2 - t1, "of which @dataclass": spent[0],
                    "classes": spent[1], "read state": t3 - t2, "from_bytes": t4 - t3, "fold new bytes": t5 - t4,
                    "to_bytes": t6 - t5, "atomic_write": t7 - t6}).decode())
"""


def breakdown(python: str, megabytes: float, runs: int, work: Path, env: dict[str, str]) -> dict[str, float]:
    """In-process phases of one steady-state call (median of `runs` fresh processes)."""
    transcript = work / f"t{megabytes:g}.jsonl"
    state = next((work / "home" / "runs").glob(f"*/state/bench-{megabytes:g}.json"))
    samples = []
    for _ in range(runs):
        done = subprocess.run([python, "-c", _BREAKDOWN, str(state.parent.parent), f"bench-{megabytes:g}",
                               str(transcript)], env=env, capture_output=True, check=True)
        samples.append(json.loads(done.stdout))
    return {key: statistics.median(s[key] for s in samples) for key in samples[0]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--sizes", default="1,100", help="transcript sizes in MB, comma-separated")
    parser.add_argument("--python", default=sys.executable)
    parser.add_argument("--check-every-call", action="store_true",
                        help="CHECK_FREQUENCY=1, CONTEXT_THRESHOLD=0: the cold check runs on every call")
    parser.add_argument("--generator", choices=("gen", "repeat"), default="gen",
                        help="gen: bench/gen_transcript.py; repeat: the tools_and_tasks fixture over and over")
    parser.add_argument("--prime", choices=("checked", "none"), default="checked",
                        help="first call: run the cold check regardless of usage (default), or as configured")
    parser.add_argument("--breakdown", action="store_true",
                        help="also time the phases of one call in-process (imports, @dataclass, state, fold)")
    parser.add_argument("--no-bytecode", action="store_true",
                        help="keep the caller's PYTHONDONTWRITEBYTECODE (no .pyc cache: every call compiles)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
        env.update(CONTEXT_KEEPER_HOME=str(work / "home"), CONTEXT_KEEPER_CONFIG=str(work / "none.toml"))
        if not args.no_bytecode:
            # As installed, Python caches the package's bytecode; a PYTHONDONTWRITEBYTECODE in
            # the caller's environment (CI, containers) would make every call recompile it.
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = str(work / "pycache")
        if args.check_every_call:
            env.update(CONTEXT_KEEPER_CHECK_FREQUENCY="1", CONTEXT_KEEPER_CONTEXT_THRESHOLD="0")
        CPU.clear()
        bare = statistics.median(time_process([args.python, "-c", "pass"], b"", env) for _ in range(args.runs))
        bare_cpu = statistics.median(CPU)
        print(f"{args.python} ({sys.version.split()[0]}), {args.runs} runs per row, "
              f"{'cold check on every call' if args.check_every_call else 'default settings'}, "
              f"{'no bytecode cache' if args.no_bytecode else 'bytecode cached'}, transcripts: {args.generator}, "
              f"first call {'with' if args.prime == 'checked' else 'without'} a forced cold check")
        print(f"{'what':<22}{'size MB':>9}{'first ms':>10}{'median ms':>11}{'min ms':>9}{'x bare':>8}"
              f"{'cpu ms':>8}{'x bare':>8}{'state kB':>10}")
        print(f"{'python -c pass':<22}{'':>9}{'':>10}{bare * 1e3:>11.1f}{'':>9}{1.0:>8.2f}"
              f"{bare_cpu * 1e3:>8.1f}{1.0:>8.2f}{'':>10}")
        rows = []
        for size in (float(s) for s in args.sizes.split(",")):
            row = measure(args.python, size, args.runs, work, env, args.generator, args.prime)
            rows.append(row)
            print(f"{'hook (steady state)':<22}{row['size_mb']:>9.1f}{row['first'] * 1e3:>10.0f}"
                  f"{row['median'] * 1e3:>11.1f}{row['min'] * 1e3:>9.1f}{row['median'] / bare:>8.2f}"
                  f"{row['cpu'] * 1e3:>8.1f}{row['cpu'] / bare_cpu:>8.2f}{row['state_kb']:>10.1f}")
        if len(rows) >= 2:
            print(f"largest / smallest median: {rows[-1]['median'] / rows[0]['median']:.2f}")
        if args.breakdown:
            sizes = [float(s) for s in args.sizes.split(",")]
            parts = [breakdown(args.python, size, args.runs, work, env) for size in sizes]
            print("\nphases of one call, in-process, median ms (state already current)")
            print(f"{'phase':<22}" + "".join(f"{f'{size:g} MB':>10}" for size in sizes))
            for key in parts[0]:
                scale = 1 if key == "classes" else 1e3
                print(f"{key:<22}" + "".join(f"{part[key] * scale:>10.2f}" for part in parts))


if __name__ == "__main__":
    main()
