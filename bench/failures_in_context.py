#!/usr/bin/env python3
"""How often the block and the restore note carry the failure messages of real tool runs.

    python bench/failures_in_context.py [--fixtures DIR] [--lib DIR] [--hooks] [--busy N] [--json] [--misses]

For every recording in tests/fixtures/toolchains (a real failing command and the messages a
developer would quote from it, read by hand), a transcript in Claude Code's shape is written:
a prompt, task tools, reads and edits, a passing command, a decision, an earlier failure of
another toolchain's recording that is then fixed, two other recordings' failures left
unresolved, and last the recording's own Bash call with its `tool_result` as Claude Code
stores it (`Exit code N` + output, is_error true), then an assistant text (with --busy N,
after a long stretch: 150 edited files, 15 test runs, 30 decisions and N more recordings'
failures left open, so the block and the note must choose). The session model
folds the transcript; the preservation block (10,000 chars) and the restore note (9,500,
given the block's items) are rendered by the real `render_block` / `render_restore`, or, with
--hooks, printed by the real PreCompact and SessionStart(compact) hook processes.

Per toolchain: the share of the recordings' expected messages that appear verbatim in the
block and in the note ("msgs"), of the recordings with all of them ("runs"; a run with no
output: its command), and of the messages present in a looser sense ("loose": the message,
or its location and the rest of it, anywhere, whitespace collapsed). `--lib` measures another checkout's library (e.g. an older version).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CWD = "/home/dev/proj"  # the recordings' project dir
SESSION = "5e55a0e1-0000-4000-8000-00000000f41d"
BLOCK_CHARS = 10_000
NOTE_CHARS = 9_500


class Transcript:
    """Records in Claude Code 2.1.330's shape (the fields the fold reads, and the usual ones)."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.n = 0
        self.parent: str | None = None

    def _base(self, kind: str) -> dict[str, Any]:
        self.n += 1
        uuid = f"00000000-0000-4000-8000-{self.n:012d}"
        record = {"parentUuid": self.parent, "isSidechain": False, "type": kind, "uuid": uuid,
                  "timestamp": f"2026-11-23T10:{self.n // 60 % 60:02d}:{self.n % 60:02d}.000Z", "userType": "external",
                  "cwd": CWD, "sessionId": SESSION, "version": "2.1.330", "gitBranch": "main"}
        self.parent = uuid
        return record

    def prompt(self, text: str) -> None:
        self.lines.append({**self._base("user"), "message": {"role": "user", "content": text}})

    def assistant(self, content: list[dict[str, Any]]) -> None:
        usage = {"input_tokens": 12, "cache_creation_input_tokens": 800, "cache_read_input_tokens": 40_000 + 900 * self.n,
                 "output_tokens": 120}
        self.lines.append({**self._base("assistant"), "requestId": f"req_{self.n:020d}", "message": {
            "id": f"msg_{self.n:020d}", "type": "message", "role": "assistant", "model": "claude-opus-5-5",
            "content": content, "stop_reason": "tool_use", "usage": usage}})

    def say(self, text: str) -> None:
        self.assistant([{"type": "text", "text": text}])

    def call(self, name: str, tool_input: dict[str, Any], result: str, is_error: bool = False, extra: Any = None) -> None:
        tool_id = f"toolu_{self.n:020d}"
        self.assistant([{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}])
        block: dict[str, Any] = {"type": "tool_result", "content": result, "tool_use_id": tool_id}
        if is_error:
            block["is_error"] = True
        record = {**self._base("user"), "message": {"role": "user", "content": [block]}}
        record["toolUseResult"] = extra if extra is not None else (f"Error: {result}" if is_error else result)
        self.lines.append(record)

    def bash(self, command: str, output: str, is_error: bool = False) -> None:
        extra = None if is_error else {"stdout": output, "stderr": "", "interrupted": False, "isImage": False}
        self.call("Bash", {"command": command, "description": "run"}, output, is_error, extra)

    def write(self, path: Path) -> Path:
        path.write_text("".join(json.dumps(line, ensure_ascii=False) + "\n" for line in self.lines), encoding="utf-8")
        return path


def busy_stretch(t: Transcript, others: list[dict[str, Any]]) -> None:
    """A long session before the failure: many files, tests, decisions, other open failures."""
    for n in range(150):
        path = f"{CWD}/src/pkg{n % 12}/module_{n}.py"
        t.call("Edit", {"file_path": path, "old_string": "a", "new_string": "b"}, f"The file {path} has been updated successfully.")
        if n % 10 == 0:
            t.bash(f"python -m pytest -q tests/test_module_{n}.py", f"{n + 3} passed in 0.{n + 10}s")
        if n % 5 == 0:
            t.say(f"I chose to split module_{n} from module_{n + 1} because the import cycle through pkg{n % 12} "
                  "kept the CLI from starting.")
    for other in others:
        t.bash(other["command"], other["tool_result"], is_error=True)


def session_with(case: dict[str, Any], resolved: dict[str, Any], others: list[dict[str, Any]],
                 busy: list[dict[str, Any]] | None = None) -> Transcript:
    """The recording's failing call at the end of an ordinary stretch of work (after a long
    one, given `busy`: other recordings left failing)."""
    t = Transcript()
    if busy:
        busy_stretch(t, busy)
    t.prompt(f"`{case['command']}` fails on the branch. Find out why and fix it, keep the tests green.")
    t.call("TaskCreate", {"subject": "Fix the failing build", "description": "Make the build and the tests pass again."},
           "Task #1 created successfully: Fix the failing build", extra={"task": {"id": "1", "subject": "Fix the failing build"}})
    t.call("TaskCreate", {"subject": "Add a regression test", "description": "Cover the case that broke."},
           "Task #2 created successfully: Add a regression test", extra={"task": {"id": "2", "subject": "Add a regression test"}})
    t.call("TaskUpdate", {"taskId": "1", "status": "in_progress"}, "Updated task #1 status",
           extra={"success": True, "taskId": "1", "updatedFields": ["status"], "statusChange": {"from": "pending", "to": "in_progress"}})
    t.say("Let me look at the project layout first.")
    t.call("Read", {"file_path": f"{CWD}/README.md"}, "     1\t# proj\n     2\t\n     3\tBuild with make.\n")
    t.bash("git status --short", " M src/app.py\n M tests/test_app.py")
    # An earlier failure (another toolchain's recording), fixed by an edit and a rerun.
    t.bash(resolved["command"], resolved["tool_result"], is_error=True)
    for name in ("src/config.py", "src/app.py", "tests/test_app.py"):
        t.call("Edit", {"file_path": f"{CWD}/{name}", "old_string": "a", "new_string": "b"},
               f"The file {CWD}/{name} has been updated successfully.")
    t.bash(resolved["command"], "ok")
    t.say("I decided to keep the settings in one module because both entry points read them.")
    # Two other failures still open, then the recording itself: the newest.
    for other in others:
        t.bash(other["command"], other["tool_result"], is_error=True)
    t.call("Write", {"file_path": f"{CWD}/src/helpers.py", "content": "def helper():\n    return 1\n"},
           f"File created successfully at: {CWD}/src/helpers.py")
    t.bash(case["command"], case["tool_result"], is_error=True)
    t.say("Let me look at these failures one by one.")
    return t


def neighbours(cases: list[dict[str, Any]], i: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """Deterministic companions from other toolchains with output (never the case's own command)."""
    own = cases[i]
    pool = [c for c in cases if c["toolchain"] != own["toolchain"] and c["expected"] and c["command"] != own["command"]]
    picks = [pool[(i * k + s) % len(pool)] for k, s in ((7, 3), (13, 5), (29, 11))]
    unique = list({p["name"]: p for p in picks + pool}.values())[:3]  # three different ones when there are
    return unique[0], unique[1:]


def render_in_process(path: Path) -> tuple[str, str]:
    from context_keeper.preserve import render_block, render_restore
    from context_keeper.session import build_model

    model = build_model(path)
    root = Path(CWD)
    archive = f"/home/dev/.local/share/context-keeper/runs/proj/archives/{SESSION}_20261123T100000Z_transcript.jsonl"
    block = render_block(model, trigger="auto", max_chars=BLOCK_CHARS, repo_root=root, archive_path=archive)
    kwargs: dict[str, Any] = dict(max_chars=NOTE_CHARS, repo_root=root, trigger="auto", archive_path=archive,
                                  preserved_path=f"/home/dev/.local/share/context-keeper/runs/proj/preserved/{SESSION}.txt")
    try:
        note = render_restore(model, block_items=block.items, **kwargs)
    except TypeError:  # a library from before the note knew the block's items
        note = render_restore(model, **kwargs)
    return block.text, note.text


def render_with_hooks(path: Path, work: Path, lib: Path) -> tuple[str, str]:
    """The real PreCompact and SessionStart(compact) hook processes, as Claude Code runs them."""
    samples = json.loads((ROOT / "tests" / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]
    home = work / "home"
    shutil.rmtree(home, ignore_errors=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
    env.update(CONTEXT_KEEPER_HOME=str(home), CONTEXT_KEEPER_CONFIG=str(work / "absent.toml"), PYTHONPATH=str(lib))
    out = []
    for event, script in (("PreCompact:auto", "pre_compact_preserve.py"), ("SessionStart:compact", "session_start_restore.py")):
        stdin = dict(samples[event]["stdin"], session_id=SESSION, transcript_path=str(path), cwd=CWD)
        done = subprocess.run([sys.executable, str(lib.parent / "hooks" / script)], input=json.dumps(stdin).encode(),
                              env=env, capture_output=True, check=False)
        out.append(done.stdout.decode())
    # What Claude Code keeps of PreCompact's stdout: trimmed, at most 10,000 characters.
    return out[0].strip()[:BLOCK_CHARS], out[1]


def carried(case: dict[str, Any], text: str) -> tuple[int, bool]:
    """(expected messages present, all present); a run without output: its command."""
    expected = case["expected"]
    if not expected:
        return 0, case["command"] in text
    found = sum(1 for m in expected if m in text)
    return found, found == len(expected)


def loosely(message: str, text: str) -> bool:
    """The message, or its location (a test id, `file:line`) and what follows it both somewhere
    in `text`, whitespace collapsed: credits a line as printed (`FAILED id - message`, `E   ...`)
    that holds what the developer would quote in another form."""
    text = " ".join(text.split())
    message = " ".join(message.split())
    if message in text:
        return True
    where, sep, rest = message.partition(": ")
    return bool(sep) and " " not in where and where in text and rest in text


def measure(cases: list[dict[str, Any]], hooks: bool, lib: Path, busy: int = 0) -> tuple[dict[str, dict[str, int]], list[str]]:
    table: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    misses = []
    with tempfile.TemporaryDirectory(prefix="ck-failures-ctx-") as tmp:
        work = Path(tmp)
        for i, case in enumerate(cases):
            resolved, others = neighbours(cases, i)
            mates = {c["command"] for c in (case, resolved, *others)}
            pool = [c for c in cases if c["expected"] and c["command"] not in mates]
            extra = [pool[(i * 17 + k * 31) % len(pool)] for k in range(busy)]
            path = session_with(case, resolved, others, extra).write(work / f"{SESSION}.jsonl")
            block, note = render_with_hooks(path, work, lib) if hooks else render_in_process(path)
            row = table[case["toolchain"]]
            row["runs"] += 1
            row["messages"] += len(case["expected"])
            # The other failures still open: the last run of each other command.
            last = {c["command"]: c for c in (*extra, *others)}
            last.pop(case["command"], None)
            older = [m for c in last.values() for m in c["expected"]]
            row["older"] += len(older)
            row["either_older"] += sum(m in block or m in note for m in older)
            for where, text in (("block", block), ("note", note)):
                row[f"{where}_older"] += sum(m in text for m in older)
                found, whole = carried(case, text)
                row[f"{where}_loose"] += sum(loosely(m, text) for m in case["expected"])
                row[f"{where}_messages"] += found
                row[f"{where}_runs"] += whole
                if not whole:
                    lost = [m for m in case["expected"] if m not in text] or [f"(command) {case['command']}"]
                    misses.append(f"{where} {case['name']}: " + " || ".join(lost))
    return {k: dict(v) for k, v in sorted(table.items())}, misses


def _pct(a: int, b: int) -> str:
    return f"{a / b:.0%}" if b else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fixtures", type=Path, default=ROOT / "tests" / "fixtures" / "toolchains")
    parser.add_argument("--lib", type=Path, default=ROOT / "lib", help="the library to measure (default: this checkout's)")
    parser.add_argument("--hooks", action="store_true", help="run the real PreCompact and SessionStart hook processes")
    parser.add_argument("--busy", type=int, default=0, metavar="N",
                        help="a long session first: 150 edited files, 15 tests, 30 decisions, N other failures left open")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--misses", action="store_true", help="list what each channel left out")
    args = parser.parse_args(argv)
    lib = args.lib.resolve()
    sys.path.insert(0, str(lib))
    cases = [json.loads(p.read_text(encoding="utf-8")) for p in sorted(args.fixtures.glob("*.json"))]
    table, misses = measure(cases, args.hooks, lib, args.busy)
    keys = ("runs", "messages", "block_runs", "block_messages", "block_loose", "note_runs", "note_messages", "note_loose",
            "older", "block_older", "note_older", "either_older")
    total = {k: sum(row.get(k, 0) for row in table.values()) for k in keys}
    if args.json:
        print(json.dumps({"toolchains": table, "total": total}, indent=2))
        return 0
    print(f"library: {lib}; {'real hook processes' if args.hooks else 'render_block / render_restore in process'}"
          f"{f'; busy: {args.busy} other failures open' if args.busy else ''}")
    print(f"{'toolchain':14} {'runs':>4} {'msgs':>5} {'block msgs':>10} {'runs':>5} {'loose':>6} "
          f"{'note msgs':>9} {'runs':>5} {'loose':>6}")
    for name, row in [*table.items(), ("TOTAL", total)]:
        cells = [_pct(row.get(f"{w}_{k}", 0), row["runs" if k == "runs" else "messages"])
                 for w in ("block", "note") for k in ("messages", "runs", "loose")]
        print(f"{name:14} {row['runs']:4} {row['messages']:5} {cells[0]:>10} {cells[1]:>5} {cells[2]:>6} "
              f"{cells[3]:>9} {cells[4]:>5} {cells[5]:>6}")
    print(f"{len(table)} toolchains, {total['runs']} recordings, {total['messages']} expected messages. "
          f"block: {total['block_messages']}/{total['messages']} messages, {total['block_runs']}/{total['runs']} runs whole; "
          f"note: {total['note_messages']}/{total['messages']} messages, {total['note_runs']}/{total['runs']} runs whole")
    print(f"older failures still open in the same sessions: {total['older']} messages; in the block "
          f"{_pct(total['block_older'], total['older'])}, in the note {_pct(total['note_older'], total['older'])}, "
          f"in either {_pct(total.get('either_older', 0), total['older'])}")
    if args.misses:
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
