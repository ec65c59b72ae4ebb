#!/usr/bin/env python3
"""Test hook: appends its stdin (plus a few env vars) as one JSON line to --out.

Optionally prints --stdout TEXT (what a real hook would say to Claude Code) and exits
with --exit N. Stdlib only: Claude Code runs it through a shell in the test repo.
"""

from __future__ import annotations

import argparse
import fcntl
import json
import os
import sys

ENV_KEYS = ("CLAUDE_PROJECT_DIR", "CLAUDE_CODE_SESSION_ID", "CLAUDECODE", "CLAUDE_PID")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--stdout", default=None)
    parser.add_argument("--exit", type=int, default=0)
    args = parser.parse_args()
    raw = sys.stdin.read()
    try:
        parsed = json.loads(raw)
    except ValueError:
        parsed = None
    record = {
        "event": parsed.get("hook_event_name") if isinstance(parsed, dict) else None,
        "stdin": parsed if parsed is not None else raw,
        "env": {k: os.environ[k] for k in ENV_KEYS if k in os.environ},
        "cwd": os.getcwd(),
    }
    # Parallel tool calls fire PostToolUse concurrently: lock so lines never interleave.
    with open(args.out, "a", encoding="utf-8") as out:
        fcntl.flock(out, fcntl.LOCK_EX)
        out.write(json.dumps(record) + "\n")
        out.flush()
    if args.stdout is not None:
        sys.stdout.write(args.stdout)
    return args.exit


if __name__ == "__main__":
    sys.exit(main())
