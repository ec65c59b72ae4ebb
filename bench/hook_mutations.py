"""Hook stdin from a Claude Code version nobody has seen, for bench/versions.py: each event's
real sample (`hook_stdin_samples.json`: the shared one when it is there, else the fixture)
with a field added, each field missing, renamed, of another JSON type, and the event name
changed to one nobody knows, given to the hooks registered for that event.

A hook passes when it exits 0, prints nothing or only what it prints for that event (a
block or note starting "[context-keeper]", or the refill's JSON object whose event name is
the input's), and when it printed nothing for an input it could not use, its log says why.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "claude-code" / "hook_stdin_samples.json"
FIXTURE = ROOT / "tests" / "fixtures" / "hook_stdin_samples.json"
TRANSCRIPT = ROOT / "tests" / "fixtures" / "tools_and_tasks.jsonl"
# One sample per event the hooks are registered for, and the hooks Claude Code gives it to.
EVENTS = {
    "PostToolUse:Bash": ("auto_context_manager", "context_refill"),
    "PostToolUse:Write": ("auto_context_manager", "context_refill"),
    "UserPromptSubmit": ("context_refill",),
    "PreCompact:auto": ("pre_compact_preserve",),
    "SessionStart:compact": ("session_start_restore",),
    "PostCompact:auto": ("post_compact_check",),
}
OTHER_TYPES = (None, 0, "", [], {"nested": "x"}, True)


def samples() -> dict[str, Any]:
    path = SHARED if SHARED.exists() else FIXTURE
    return json.loads(path.read_text())["samples"]


def variants(stdin: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    out: list[tuple[str, dict[str, Any]]] = [
        ("as is", dict(stdin)),
        ("fields added", {**stdin, "future_field": {"a": [1, 2]}, "agent_mode": "plan", "version": 3}),
        ("event unknown", {**stdin, "hook_event_name": "FutureEvent"}),
    ]
    for key in stdin:
        out.append((f"missing {key}", {k: v for k, v in stdin.items() if k != key}))
        out.append((f"renamed {key}", {(k + "V2" if k == key else k): v for k, v in stdin.items()}))
        for other in OTHER_TYPES:
            if type(other) is not type(stdin[key]) and other != stdin[key]:
                out.append((f"{key} as {json.dumps(other)}", {**stdin, key: other}))
    return out


def _fine(hook: str, out: str, stdin: dict[str, Any]) -> bool:
    """What the hook printed is nothing, or what it prints for this event."""
    if not out.strip():
        return True
    if hook in ("pre_compact_preserve", "session_start_restore"):
        return out.startswith("[context-keeper")
    try:
        data = json.loads(out)
    except ValueError:
        return False
    event = (data.get("hookSpecificOutput") or {}).get("hookEventName") if isinstance(data, dict) else None
    return event == stdin.get("hook_event_name") and event in ("PostToolUse", "UserPromptSubmit")


def hook_runs(tmp: Path, python: str, hooks_dir: Path) -> list[dict[str, Any]]:
    work = tmp / "hooks"
    project = work / "project"
    (project / ".git").mkdir(parents=True)
    transcript = work / "t.jsonl"
    shutil.copyfile(TRANSCRIPT, transcript)
    config = work / "config.toml"
    config.touch()
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
    env.update(CONTEXT_KEEPER_CONFIG=str(config), PYTHONPYCACHEPREFIX=str(work / "pycache"))
    runs = []
    all_samples = samples()
    for event, hooks in EVENTS.items():
        stdin = dict(all_samples[event]["stdin"], transcript_path=str(transcript), cwd=str(project))
        for label, given in variants(stdin):
            for hook in hooks:
                home = work / "home"
                shutil.rmtree(home, ignore_errors=True)
                env["CONTEXT_KEEPER_HOME"] = str(home)
                done = subprocess.run(
                    [python, str(hooks_dir / f"{hook}.py")],
                    input=json.dumps(given).encode(),
                    env=env,
                    cwd=project,
                    capture_output=True,
                    timeout=120,
                )
                out = done.stdout.decode("utf-8", "replace")
                log = [
                    line
                    for path in home.glob("**/context-keeper.log*")
                    for line in path.read_text(errors="replace").splitlines()
                ]
                runs.append(
                    {
                        "event": event,
                        "variant": label,
                        "hook": hook,
                        "rc": done.returncode,
                        "stderr": done.stderr.decode("utf-8", "replace")[-300:],
                        "printed": bool(out.strip()),
                        "fine": _fine(hook, out, given),
                        "out": out[:200],
                        "logged": [line[:200] for line in log if " WARNING " in line or " ERROR " in line],
                    }
                )
    return runs


def hook_report(runs: list[dict[str, Any]]) -> None:
    print(f"\nhook stdin: {len(runs)} hook processes ({len({(r['event'], r['variant']) for r in runs})} inputs)")
    print(f"  {'event':22} {'runs':>5} {'exit!=0':>7} {'stderr':>6} {'printed':>7} {'misread':>7} {'logged':>6}")
    by_event: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        by_event.setdefault(run["event"], []).append(run)
    for event, rows in by_event.items():
        print(
            f"  {event:22} {len(rows):5} {sum(r['rc'] != 0 for r in rows):7} {sum(bool(r['stderr']) for r in rows):6} "
            f"{sum(r['printed'] for r in rows):7} {sum(not r['fine'] for r in rows):7} "
            f"{sum(bool(r['logged']) for r in rows):6}"
        )
    causes: Counter[str] = Counter()
    for run in runs:
        if run["rc"] != 0 or run["stderr"] or not run["fine"]:
            print(
                f"  ! {run['event']} / {run['variant']} / {run['hook']}: rc={run['rc']} {run['stderr'][:120]!r} {run['out'][:120]!r}"
            )
        for line in run["logged"]:
            causes[re.sub(r"^\S+ \S+ ", "", line)[:110]] += 1
    print("  logged causes (most common):")
    for cause, n in causes.most_common(12):
        print(f"    {n:4}  {cause}")
