#!/usr/bin/env python3
"""What the tool loop waits for: our blocking PostToolUse part against a bare
interpreter, by itself and inside the real Claude Code.

    .venv-dev/bin/python bench/tool_loop.py                # both parts
    .venv-dev/bin/python bench/tool_loop.py --parts process --runs 41
    .venv-dev/bin/python bench/tool_loop.py --parts cli --sessions 3 --calls 30

(a) process: the command install.sh registers for the blocking PostToolUse
    (`<python> -c 'from context_keeper.hooks.context_refill import main; main()'`), whole
    process from spawn to exit with a real PostToolUse stdin, next to `<python> -c pass`,
    interleaved run by run (median of --runs). Rows: nothing pending (every call but the one
    after a compaction), a refill pending for another session (the full path: stdin parsed,
    nothing printed), at 1 MB and 100 MB transcripts (the blocking part never reads it).
    The async part (auto_context_manager) is not waited for: Claude Code logs it as moved
    to the background.
(b) cli: real `claude -p` sessions of --calls quick Bash calls against the fake API
    (tests/e2e), hooks registered by the real install.sh, plus a bare `<python> -c pass`
    PostToolUse hook in the same settings. Claude Code's --debug-file says for each hook
    "Hooks: PostToolUse:Bash [<command>] finished with status 0 (<ms>)" (blocking) or
    "moved to the background (<ms>)" (async): summed per command over all calls.

Not a test: timings depend on the machine and its load (printed with the figures).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
FAST = "from context_keeper.hooks.context_refill import main; main()"
SAMPLE = json.loads((ROOT / "tests" / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]["PostToolUse:Bash"]["stdin"]


def timed(argv: list[str], stdin: bytes, env: dict[str, str]) -> float:
    started = time.perf_counter()
    done = subprocess.run(argv, input=stdin, env=env, capture_output=True)
    wall = (time.perf_counter() - started) * 1000
    if done.returncode or done.stdout or done.stderr:
        raise SystemExit(f"{argv}: exit {done.returncode}, out {done.stdout[:200]!r}, err {done.stderr[-300:]!r}")
    return wall


def process_part(python: str, runs: int, sizes: list[str], data: Path) -> None:
    from run import prepare_data

    big, _ = prepare_data(data, sizes, corpus=False)
    print(f"\n(a) BLOCKING PostToolUse PART, whole process, median of {runs} (ms); load {os.getloadavg()[0]:.2f}")
    print(f"{'transcript':>10}  {'pending':<16}{'bare':>8}{'ours':>8}{'ratio':>8}")
    with tempfile.TemporaryDirectory(prefix="ck-loop-") as tmp:
        home = Path(tmp) / "data"
        env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
        env.update(CONTEXT_KEEPER_HOME=str(home), CONTEXT_KEEPER_CONFIG=str(Path(tmp) / "absent.toml"),
                   PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for size in sizes:
            stdin = json.dumps(dict(SAMPLE, transcript_path=str(big[size]), cwd=tmp)).encode()
            for pending in ("none", "other session"):
                refills = home / "refills"
                if pending == "none":
                    refills.mkdir(parents=True, exist_ok=True)
                    for f in refills.iterdir():
                        f.unlink()
                else:
                    (refills / "another-session.2026-01-01T00-00-00-000Z.json").write_text("{}")
                timed([python, "-c", FAST], stdin, env)  # bytecode cached, as installed
                bare, ours = [], []
                for _ in range(runs):
                    bare.append(timed([python, "-c", "pass"], stdin, env))
                    ours.append(timed([python, "-c", FAST], stdin, env))
                b, o = statistics.median(bare), statistics.median(ours)
                print(f"{size:>10}  {pending:<16}{b:>8.1f}{o:>8.1f}{o / b:>8.2f}")


_LINE = re.compile(r"Hooks: PostToolUse:\w+ \[(?P<cmd>.*)\] (?P<how>finished with status \d+|moved to the background) \((?P<ms>\d+)ms\)")


def cli_part(python: str, sessions: int, calls: int) -> None:
    from fake_api import FakeApi, context_usage, step, tool
    from harness import ClaudeSession, find_claude_binary
    from keeper import install_hooks, keeper_env

    binary = find_claude_binary()
    if binary is None:
        print("\n(b) skipped: the pinned Claude Code is not installed (tests/e2e/install_claude.sh)")
        return
    bare = f"{python} -c pass"
    totals: dict[str, list[int]] = {}
    walls = []
    with tempfile.TemporaryDirectory(prefix="ck-loop-cli-") as tmp:
        for n in range(sessions):
            root = Path(tmp) / f"s{n}"
            with FakeApi() as api:
                session = ClaudeSession(binary, api, root)
                install_hooks(session, python)
                session.add_hook("PostToolUse", bare, matcher="Bash")
                api.set_script([step(tool("Bash", command=f"echo {i}"), usage=context_usage(20_000 + i)) for i in range(calls)]
                               + [step("done")])
                debug = root / "debug.log"
                result = session.run("run the commands", extra_env=keeper_env(root / "ck"),
                                     extra_args=["--debug-file", str(debug)], timeout_s=300)
                if not result.ok:
                    raise SystemExit(result.describe())
                walls.append(result.duration_s)
                for m in _LINE.finditer(debug.read_text(errors="replace")):
                    name = "bare python -c pass" if m["cmd"] == bare else (
                        "context_refill (blocking)" if "context_refill" in m["cmd"] else
                        "auto_context_manager (async)" if "auto_context_manager" in m["cmd"] else m["cmd"])
                    totals.setdefault(name, []).append(int(m["ms"]))
    print(f"\n(b) REAL CLAUDE CODE: {sessions} session(s) x {calls} Bash calls, hook times from --debug-file; "
          f"load {os.getloadavg()[0]:.2f}; sessions took {', '.join(f'{w:.1f}' for w in walls)} s")
    print(f"{'hook':<32}{'calls':>6}{'sum ms':>9}{'median':>8}")
    for name, values in sorted(totals.items()):
        print(f"{name:<32}{len(values):>6}{sum(values):>9}{statistics.median(values):>8.0f}")
    ours, base = totals.get("context_refill (blocking)", []), totals.get("bare python -c pass", [])
    if ours and base:
        print(f"blocking time of our PostToolUse / bare-interpreter hook: {sum(ours) / sum(base):.2f}x")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--parts", default="process,cli")
    p.add_argument("--runs", type=int, default=31)
    p.add_argument("--sizes", default="1MB,100MB")
    p.add_argument("--sessions", type=int, default=3)
    p.add_argument("--calls", type=int, default=30)
    p.add_argument("--data", type=Path, default=Path("/tmp/ck-bench"))
    p.add_argument("--python", default=sys.executable)
    args = p.parse_args(argv)
    parts = args.parts.split(",")
    if "process" in parts:
        process_part(args.python, args.runs, args.sizes.split(","), args.data)
    if "cli" in parts:
        cli_part(args.python, args.sessions, args.calls)
    return 0


if __name__ == "__main__":
    sys.exit(main())
