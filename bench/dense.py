#!/usr/bin/env python3
"""PreCompact with no saved state on dense sessions, beside a plain hook, in the same run.

    python bench/dense.py [--size 100MB] [--runs 3] [--source TRANSCRIPT] [--shapes dense,gen]
                          [--root DIR] [--out /tmp/ck-bench]

Two shapes of 100 MB session:

- "dense": many short assistant turns and many tasks. By default a body of this script's
  making, in Claude Code 2.1.330's record shapes (the fixtures'): each episode a prompt,
  tasks created, started and completed, short texts that name earlier tasks, reads, edits
  and test runs; every episode has its own task ids, subjects, files and ids. With
  `--source`, a real transcript (read at run time, never stored in the repository) is
  repeated instead: uuids, message, request and tool ids made unique per copy, task ids
  shifted per copy so every copy's tasks are kept as new tasks (their subjects repeat).
- "gen": bench/gen_transcript.py's session (big reads and blobs, fewer records).

Each is timed as Claude Code runs it (one process per call, a temp git project and a temp
`CONTEXT_KEEPER_HOME`, no saved state), beside bench/plain_hook.py — a hook that
`json.loads` every line and prints a block — and `cp`, each row with the load average
around it. `--root` runs another checkout's hooks and library (before/after).

Not a test: timings depend on the machine and its load (printed beside each figure).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from precompact import git_project, hook_stdin, loadavg, timed  # noqa: E402
from precompact import transcript as gen_transcript  # noqa: E402

CWD = "/home/dev/project"
MODEL = "claude-opus-5-5"
VERSION = "2.1.330"
SESSION = "5e55a0de-0000-4000-8000-00000000d0e5"
EPOCH_MS = 1_795_000_000_000

# --------------------------------------------------------------------------------------
# the dense body of this script's making

_VERBS = ["Refactor", "Fix", "Add tests for", "Document", "Speed up", "Review", "Port", "Harden"]
_NOUNS = [
    "parser",
    "cache",
    "scheduler",
    "router",
    "exporter",
    "validator",
    "session store",
    "retry loop",
    "config loader",
    "rate limiter",
    "CSV reader",
    "auth middleware",
    "query planner",
    "log shipper",
]
_WORDS = [
    "alpha",
    "bravo",
    "cobalt",
    "delta",
    "ember",
    "falcon",
    "garnet",
    "harbor",
    "indigo",
    "juniper",
    "kestrel",
    "lumen",
    "marble",
    "nectar",
    "onyx",
    "pylon",
    "quartz",
    "raven",
    "sierra",
    "tundra",
]
_USAGE_EXTRA = {
    "output_tokens_details": {"thinking_tokens": 0},
    "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
    "service_tier": "standard",
    "cache_creation": {"ephemeral_1h_input_tokens": 0, "ephemeral_5m_input_tokens": 0},
    "inference_geo": "",
    "iterations": [],
    "speed": "standard",
    "fallback_credit": None,
}


class DenseWriter:
    """Writes records in Claude Code's shapes: a linear parentUuid chain, climbing usage."""

    def __init__(self, out: Any, seed: int) -> None:
        self.out = out
        self.rng = random.Random(seed)
        self.n = 0
        self.parent: str | None = None
        self.tokens = 20_000
        self.written = 0
        self.task_no = 0

    def _id(self, prefix: str = "") -> str:
        self.n += 1
        if prefix:
            return f"{prefix}{self.n:024x}"
        return f"{self.n:08x}-d0e5-4000-8000-{self.rng.getrandbits(48):012x}"

    def _stamp(self) -> str:
        ms = EPOCH_MS + self.n * 750
        seconds, ms = divmod(ms, 1000)
        return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{ms:03d}Z"

    def _write(self, rec: dict[str, Any]) -> None:
        line = json.dumps(rec, separators=(",", ":")).encode() + b"\n"
        self.out.write(line)
        self.written += len(line)

    def _base(self, kind: str) -> dict[str, Any]:
        uuid = self._id()
        rec = {"parentUuid": self.parent, "isSidechain": False, "type": kind, "uuid": uuid, "timestamp": self._stamp()}
        self.parent = uuid
        return rec

    def _tail(self, rec: dict[str, Any]) -> dict[str, Any]:
        rec.update(userType="external", entrypoint="cli", cwd=CWD, sessionId=SESSION, version=VERSION, gitBranch="main")
        return rec

    def prompt(self, text: str) -> None:
        rec = self._base("user")
        rec["promptId"] = self._id()
        rec["message"] = {"role": "user", "content": text}
        self._write(self._tail(rec))

    def respond(self, block: dict[str, Any], stop: str) -> str:
        self.tokens += self.rng.randint(40, 400)
        rec = self._base("assistant")
        rec["message"] = {
            "id": self._id("msg_01"),
            "type": "message",
            "role": "assistant",
            "model": MODEL,
            "content": [block],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": {
                "input_tokens": 6,
                "cache_creation_input_tokens": self.rng.randint(100, 3000),
                "cache_read_input_tokens": self.tokens,
                "output_tokens": self.rng.randint(20, 600),
                **_USAGE_EXTRA,
            },
            "stop_details": None,
        }
        rec["requestId"] = self._id("req_011C")
        self._write(self._tail(rec))
        return rec["uuid"]

    def text(self, text: str) -> None:
        self.respond({"type": "text", "text": text}, "end_turn")

    def call(self, name: str, tool_input: dict[str, Any], content: str, result: Any, is_error: bool = False) -> None:
        tool_id = self._id("toolu_01")
        source = self.respond({"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}, "tool_use")
        rec = self._base("user")
        block: dict[str, Any] = {"tool_use_id": tool_id, "type": "tool_result", "content": content}
        if is_error:
            block["is_error"] = True
        rec["message"] = {"role": "user", "content": [block]}
        rec["toolUseResult"] = result
        rec["sourceToolAssistantUUID"] = source
        self._write(self._tail(rec))

    def episode(self, k: int, done: list[str]) -> None:
        rng = self.rng
        word = f"{_WORDS[k % len(_WORDS)]}{k}"
        self.prompt(f"Next, in the {word} package: finish the open work and keep the tests green (round {k}).")
        self.text(f"I'll plan the work for the {word} package as tasks first.")
        subjects = [f"{rng.choice(_VERBS)} the {rng.choice(_NOUNS)} of {word} part {j}" for j in range(3)]
        ids = []
        for subject in subjects:
            self.task_no += 1
            task_id = str(self.task_no)
            ids.append(task_id)
            self.call(
                "TaskCreate",
                {"subject": subject, "description": f"{subject}, with tests", "activeForm": subject},
                f"Task #{task_id} created successfully: {subject}",
                {"task": {"id": task_id, "subject": subject}},
            )
        for task_id, subject in zip(ids, subjects, strict=True):
            path = f"{CWD}/src/{word}/{subject.split()[-3]}_{task_id}.py"
            self.call(
                "TaskUpdate",
                {"taskId": task_id, "status": "in_progress"},
                f"Updated task #{task_id} status",
                {
                    "success": True,
                    "taskId": task_id,
                    "updatedFields": ["status"],
                    "statusChange": {"from": "pending", "to": "in_progress"},
                },
            )
            self.text(f"Starting on {subject.lower()}.")
            if done:
                self.text(f"This touches code that {rng.choice(done).lower()} also changed, so I'll check it first.")
            body = "".join(f"{i}\tdef f{i}(x):\n" for i in range(1, rng.randint(8, 30)))
            self.call("Read", {"file_path": path}, body, {"type": "text", "file": {"filePath": path, "content": body}})
            self.text("The function needs a guard for empty input.")
            self.call(
                "Edit",
                {"file_path": path, "old_string": "def f1(x):", "new_string": "def f1(x=None):", "replace_all": False},
                f"The file {path} has been updated successfully.",
                {"filePath": path, "oldString": "def f1(x):", "newString": "def f1(x=None):"},
            )
            command = f"python -m pytest tests/{word} -q"
            out = f"........ [100%]\n{rng.randint(8, 90)} passed in 0.{rng.randint(10, 99)}s"
            self.call(
                "Bash",
                {"command": command, "description": "Run the tests"},
                out,
                {"stdout": out, "stderr": "", "interrupted": False, "isImage": False},
            )
            self.text(f"Tests pass for {word}. I decided to keep the old signature working.")
            self.call(
                "TaskUpdate",
                {"taskId": task_id, "status": "completed"},
                f"Updated task #{task_id} status",
                {
                    "success": True,
                    "taskId": task_id,
                    "updatedFields": ["status"],
                    "statusChange": {"from": "in_progress", "to": "completed"},
                },
            )
            done.append(subject)
        self.text(f"All three tasks of {word} are done: {'; '.join(s.lower() for s in subjects)}.")


def write_dense(path: Path, target: int, seed: int) -> None:
    tmp = path.with_suffix(".tmp")
    with open(tmp, "wb") as out:
        writer = DenseWriter(out, seed)
        done: list[str] = []
        k = 0
        while writer.written < target:
            writer.episode(k, done)
            k += 1
    tmp.replace(path)


# --------------------------------------------------------------------------------------
# a real transcript repeated

_UUID_RE = re.compile(rb"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-)[0-9a-f]{12}")
_PREFIXED_RE = re.compile(rb"\b((?:msg|req|toolu|srvtoolu)_[0-9A-Za-z_]+)")
_TASK_RE = re.compile(rb'(Task #|task #|"taskId":\s*"|"id":\s*"|^#|\\n#)(\d+)\b', re.MULTILINE)


def write_repeated(path: Path, source: Path, target: int) -> None:
    """`source` repeated to `target` bytes; copy k's ids made unique, its task ids shifted."""
    body = source.read_bytes().splitlines(keepends=True)
    high = max((int(m.group(2)) for line in body for m in _TASK_RE.finditer(line)), default=0)
    shift = 10 ** len(str(high))
    session = None
    for line in body:
        match = re.search(rb'"sessionId":\s*"([^"]+)"', line)
        if match:
            session = match.group(1)
            break
    tmp = path.with_suffix(".tmp")
    written = 0
    with open(tmp, "wb") as out:
        k = 0
        while written < target:
            for line in body:
                if k:
                    line = _copy_line(line, k, shift, session)
                out.write(line if line.endswith(b"\n") else line + b"\n")
                written += len(line)
            k += 1
    tmp.replace(path)


def _copy_line(line: bytes, k: int, shift: int, session: bytes | None) -> bytes:
    line = _UUID_RE.sub(lambda m: m.group(1) + b"%012x" % (k * 7919 + int(m.group(0)[-6:], 16)), line)
    line = _PREFIXED_RE.sub(lambda m: m.group(1) + b"x%d" % k, line)
    line = _TASK_RE.sub(lambda m: m.group(1) + str(int(m.group(2)) + k * shift).encode(), line)
    if session:  # the session id was changed with the uuids: one session
        line = re.sub(rb'("sessionId":\s*")[^"]+"', rb"\g<1>" + session + b'"', line)
    return line


def dense_transcript(size: str, seed: int, out: Path, source: Path | None) -> Path:
    from gen_transcript import parse_size

    name = f"dense-{size}-s{seed}.jsonl" if source is None else f"repeated-{source.stem[:40]}-{size}.jsonl"
    path = out / name
    if not path.exists():
        out.mkdir(parents=True, exist_ok=True)
        if source is None:
            write_dense(path, parse_size(size), seed)
        else:
            write_repeated(path, source, parse_size(size))
    return path


# --------------------------------------------------------------------------------------
# timing


def census(path: Path) -> str:
    records = assistants = 0
    tasks: set[str] = set()
    with open(path, "rb") as handle:
        for line in handle:
            records += 1
            if b'"type":"assistant"' in line or b'"type": "assistant"' in line:
                assistants += 1
            for match in re.finditer(rb"Task #(\d+) created", line):
                tasks.add(match.group(1).decode())
    return f"{records:,} records, {assistants:,} assistant, {len(tasks):,} tasks"


def run_rows(source: Path, runs: int, python: str, code_root: Path, root: Path, project: Path) -> dict[str, list]:
    stdin = hook_stdin("PreCompact:auto", source, project)
    base_env = {"PATH": os.environ["PATH"], "HOME": str(root), "CONTEXT_KEEPER_CONFIG": str(root / "config.toml")}
    rows: dict[str, list] = {"PreCompact": [], "plain hook": [], "cp": []}
    for i in range(runs):
        # Interleaved, so both hooks meet the same load.
        home = root / f"home-{i}"
        before = loadavg()
        env = dict(base_env, PYTHONPATH=str(code_root / "lib"), CONTEXT_KEEPER_HOME=str(home))
        wall, rss, out, cpu = timed([python, str(code_root / "hooks" / "pre_compact_preserve.py")], stdin, env, project)
        rows["PreCompact"].append((wall, rss, cpu, len(out.decode()), before))
        before = loadavg()
        wall, rss, out, cpu = timed([python, str(ROOT / "bench" / "plain_hook.py")], stdin, base_env, project)
        rows["plain hook"].append((wall, rss, cpu, len(out.decode()), before))
        copy = root / "copy"
        before = loadavg()
        wall, rss, _, cpu = timed(["cp", str(source), str(copy)], b"", dict(os.environ), project)
        rows["cp"].append((wall, rss, cpu, 0, before))
        copy.unlink()
        shutil.rmtree(home, ignore_errors=True)
    return rows


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--size", default="100MB", help="comma-separated sizes: 100MB,300MB")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--shapes", default="dense,gen", help="comma-separated: dense (or the --source), gen")
    p.add_argument("--source", type=Path, help="a real transcript to repeat as the dense shape")
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--root", type=Path, default=ROOT, help="the checkout whose hooks and lib run")
    p.add_argument("--out", type=Path, default=Path("/tmp/ck-bench"))
    args = p.parse_args(argv)

    args.out.mkdir(parents=True, exist_ok=True)
    sources = []
    for size in args.size.split(","):
        for shape in args.shapes.split(","):
            if shape == "dense":
                sources.append(dense_transcript(size, args.seed, args.out, args.source))
            elif shape == "gen":
                sources.append(gen_transcript(size, args.seed, args.out))
            else:
                raise SystemExit(f"unknown shape {shape!r}")
    code_root = args.root.resolve()
    print(
        f"PreCompact (no saved state), {code_root} with {args.python}, {args.runs} runs per row, "
        f"load {loadavg()} at start; the machine is shared"
    )
    with tempfile.TemporaryDirectory(prefix="ck-bench-dense-") as tmp:
        root = Path(tmp)
        project = git_project(root)
        (root / "config.toml").write_text("")
        for source in sources:
            mb = source.stat().st_size / 1e6
            print(f"\n{source.name}: {mb:.0f} MB, {census(source)}")
            print(
                f"  {'case':>12} {'wall median':>12} {'min':>7} {'max':>7} {'CPU s':>6} {'peak RSS':>10} {'chars':>7}"
                f"  load before each run"
            )
            rows = run_rows(source, args.runs, args.python, code_root, root, project)
            medians = {}
            for case, sample in rows.items():
                walls = [s[0] for s in sample]
                medians[case] = statistics.median(walls)
                cpu = statistics.median(s[2] for s in sample)
                chars = f"{sample[-1][3]:,}" if sample[-1][3] else ""
                if case == "PreCompact" and not all(s[3] for s in sample):
                    chars += f" ({sum(not s[3] for s in sample)} without a block: out of budget)"
                loads = ", ".join(s[4].split()[0] for s in sample)
                print(
                    f"  {case:>12} {medians[case]:>10.3f} s {min(walls):>7.3f} {max(walls):>7.3f} {cpu:>6.2f} "
                    f"{max(s[1] for s in sample) / 1024:>7.1f} MB {chars:>7}  {loads}"
                )
            ratio = [a[0] / b[0] for a, b in zip(rows["PreCompact"], rows["plain hook"], strict=True)]
            print(
                f"  PreCompact / plain hook, run by run: {', '.join(f'{r:.2f}' for r in ratio)}"
                f" (median {statistics.median(ratio):.2f})"
            )
    print(f"\nload {loadavg()} at end")
    return 0


if __name__ == "__main__":
    sys.exit(main())
