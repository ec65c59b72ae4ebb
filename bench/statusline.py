#!/usr/bin/env python3
"""What a status-line refresh costs: `context-keeper statusline` against a bare interpreter start.

    .venv-dev/bin/python bench/statusline.py [--runs 60]

Each form is started `--runs` times, interleaved (so the machine's load falls on all alike),
with a captured stdin of Claude Code 2.1.330 (tests/fixtures/statusline/) and a runs dir holding
two compactions of the session, in a temporary HOME; the data root from CONTEXT_KEEPER_HOME, and
for the last form from a config file's `home`; the median and the 90th percentile of the
wall time of each, and the ratio of the medians to the bare start. Data in a temp dir, removed.
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

ROOT = Path(__file__).resolve().parents[1]
CAPTURED = ROOT / "tests" / "fixtures" / "statusline" / "stdin_2.1.330.jsonl"


def setup(base: Path) -> tuple[bytes, dict[str, str]]:
    """A repo, a data root with two compactions of the captured session, the stdin."""
    sys.path.insert(0, str(ROOT / "lib"))
    from context_keeper.config import load_settings
    from context_keeper.store import find_repo_root, runs_dir_for, safe_name

    repo = base / "repo"
    (repo / ".git").mkdir(parents=True)
    (base / "home").mkdir()
    env = {"HOME": str(base / "home"), "CONTEXT_KEEPER_HOME": str(base / "data"), "PATH": os.environ["PATH"]}
    status = json.loads(CAPTURED.read_text().splitlines()[1])
    status["cwd"] = status["workspace"]["project_dir"] = str(repo)
    settings, _ = load_settings(env, find_repo_root(repo))
    directory = runs_dir_for(settings, repo).root / "compactions" / safe_name(status["session_id"])
    directory.mkdir(parents=True)
    for n, stamp in enumerate(("2026-11-27T07-00-00-000000", "2026-11-27T08-00-00-000000")):
        record = {
            "block": {"text": "x" * 9000, "items": [{"family": "file"}] * 20},
            "note": {"text": "y" * 5000, "items": []},
            "check": {"file": {"carried": 20, "kept": 15 + n, "lost": 5 - n}},
            "refill": {"text": "z", "items": [{"family": "file"}] * (5 - n), "sent": True},
        }
        (directory / f"{stamp}.json").write_text(json.dumps(record))
    return json.dumps(status).encode(), env


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=60)
    args = parser.parse_args()
    python = sys.executable
    command = str(Path(python).parent / "context-keeper")
    fast = [python, "-c", "from context_keeper.status_line import main; main()"]
    forms = {
        "bare interpreter (python -c pass)": [python, "-c", "pass"],
        "context-keeper statusline (console script)": [command, "statusline"],
        "python -m context_keeper statusline": [python, "-m", "context_keeper", "statusline"],
        "python -c 'from context_keeper.status_line ...'": fast,
        # The data root named in a config file instead of CONTEXT_KEEPER_HOME: the full settings.
        "the same, data root from a config file": fast,
    }
    config_form = "the same, data root from a config file"
    base = Path(tempfile.mkdtemp(prefix="ck-bench-statusline-"))
    try:
        stdin, env = setup(base)
        config = base / "config.toml"
        config.write_text(f'home = "{env["CONTEXT_KEEPER_HOME"]}"\n')
        envs = {name: env for name in forms}
        envs[config_form] = {k: v for k, v in env.items() if k != "CONTEXT_KEEPER_HOME"} | {
            "CONTEXT_KEEPER_CONFIG": str(config)
        }
        for name, argv in forms.items():  # warm the page cache and check the output once
            out = subprocess.run(argv, input=stdin, capture_output=True, env=envs[name], check=True).stdout.decode()
            if out.strip():
                print(f"line: {out.strip()}")
        times: dict[str, list[float]] = {name: [] for name in forms}
        for _ in range(args.runs):
            for name, argv in forms.items():
                started = time.perf_counter()
                subprocess.run(argv, input=stdin, capture_output=True, env=envs[name], check=True)
                times[name].append(time.perf_counter() - started)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    bare = statistics.median(next(iter(times.values())))
    print(
        f"load: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f} (1/5/15 min), runs {args.runs}"
    )
    print(f"{'form':48} {'median ms':>10} {'p90 ms':>8} {'x bare':>7}")
    for name, values in times.items():
        values.sort()
        median = statistics.median(values)
        p90 = values[int(0.9 * (len(values) - 1))]
        print(f"{name:48} {1000 * median:10.1f} {1000 * p90:8.1f} {median / bare:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
