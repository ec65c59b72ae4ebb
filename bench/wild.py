#!/usr/bin/env python3
"""Real transcripts nobody here wrote: replay them through the hooks and check the facts.

    .venv-dev/bin/python bench/wild.py                       # every transcript of the corpus
    .venv-dev/bin/python bench/wild.py --only Aley --post-every 5
    .venv-dev/bin/python bench/wild.py --corpus DIR --out bench/out

The corpus (default `../shared/wild/transcripts` beside the checkout, or `$CONTEXT_KEEPER_WILD`) is read
at run time and never copied: the transcripts are other people's data. For each transcript:

- replay: its lines are appended one by one to a live transcript in a temp project, with the
  hooks fired where Claude Code fires them: PostToolUse (the async digest and the blocking
  refill) after each main-chain tool result (every `--post-every`-th one), and at each
  main-chain compaction PreCompact, SessionStart(compact) and PostCompact with the real
  summary, then the boundary and summary records, then the refill at the next tool result;
- cold: PreCompact and SessionStart(compact) on the whole file with no state, and on the file
  cut before each compaction;
- CLI: `context-keeper inspect` (text and --json) on the whole file;

and reports exit codes, stderr, fold errors and log warnings, times (with the load), and the
facts checked against what the records themselves say (`Truth`, written from the raw JSON
here, never from the product's model): the kinds of wrong facts of the wild-transcripts issue
(rejected calls shown as errors, IDE preambles as requests, the window, finished subagents
still running, failed background commands missing, sidechain records, small ones) and the
general ones (files, tasks and their states, open errors, the last request).

The summary goes to stdout, the details to `--out` (default `bench/out/`, git-ignored).
Not a test: the figures depend on the corpus at hand and on the machine's load.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOOKS = ROOT / "hooks"
SAMPLES = json.loads((ROOT / "tests" / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]
DEFAULT_CORPUS = Path(os.environ.get("CONTEXT_KEEPER_WILD") or ROOT.parent / "shared" / "wild" / "transcripts")
SMALL_WINDOW, LARGE_WINDOW = 200_000, 1_000_000

# -- what the records say (independent of the product's code) -------------------------------------

# Claude Code's own texts for a call the user declined or interrupted, or one it cancelled
# because a sibling call failed: none is the command's failure.
DECLINED = re.compile(
    r"^(?:Error: )?(?:The user doesn't want to (?:proceed with this tool use|take this action)|"
    r"\[Request interrupted by user|User rejected tool use)|"
    r"^(?:<tool_use_error>)?Cancelled: parallel tool call"
)
# Texts that are Claude Code's own, not the user's words (the user's words follow them).
INJECTED_TAG = re.compile(r"^\s*<([a-z][a-z0-9_-]*)>.*?</\1>\s*", re.DOTALL)
NOT_WORDS = (
    "<command-",
    "<local-command",
    "<bash-",
    "<system-reminder>",
    "[Request interrupted",
    "Caveat: The messages below",
    "<task-notification>",
    "<user-prompt-submit-hook>",
)
TAGS = re.compile(r"<(task-id|tool-use-id|status|summary)>(.*?)</\1>", re.DOTALL)
FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}
WINDOW_IN_TEXT = re.compile(r"% of ([\d,]+)")


def text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(b.get("text", "") for b in content if isinstance(b, dict) and isinstance(b.get("text"), str))
    return ""


def user_words(texts: list[str]) -> str:
    """The user's own words in a message's text blocks: injected tagged blocks taken off."""
    out = []
    for text in texts:
        while True:
            match = INJECTED_TAG.match(text)
            if not match:
                break
            text = text[match.end() :]
        if text.strip() and not text.lstrip().startswith(NOT_WORDS):
            out.append(text.strip())
    return "\n".join(out)


@dataclass
class Truth:
    """The facts of one transcript as its records state them."""

    records: int = 0
    versions: set[str] = field(default_factory=set)
    main_boundaries: int = 0
    side_boundaries: int = 0
    peak_tokens: int = 0
    pre_tokens: int = 0
    models: set[str] = field(default_factory=set)
    declined: list[tuple[str, str]] = field(default_factory=list)  # (tool, target)
    ide_prompts: list[str] = field(default_factory=list)  # the user's words after an IDE preamble
    last_prompt: str | None = None
    agents: dict[str, str] = field(default_factory=dict)  # Agent call id -> finished status or "running"
    bg_failed: list[str] = field(default_factory=list)  # commands of failed background Bash runs
    side_files: set[str] = field(default_factory=set)
    side_commands: list[str] = field(default_factory=list)
    files: set[str] = field(default_factory=set)  # written by a file tool that succeeded (main + sidechain)
    bash_runs: int = 0
    open_errors: set[tuple[str, str]] = field(default_factory=set)
    tasks: dict[str, str] = field(default_factory=dict)  # task id -> status (Task tools)
    todos: dict[str, str] = field(default_factory=dict)  # content -> status (the last TodoWrite)
    mv_sources: set[str] = field(default_factory=set)

    @property
    def window(self) -> int | None:
        """The window the records prove (None: nothing proves more than the default)."""
        large = any("[1m]" in m.lower() for m in self.models)
        return LARGE_WINDOW if large or max(self.peak_tokens, self.pre_tokens) > SMALL_WINDOW else None


def read_truth(lines: list[bytes]) -> Truth:
    truth = Truth()
    calls: dict[str, tuple[str, dict[str, Any], bool]] = {}
    outcomes: dict[tuple[str, str], bool] = {}  # (tool, target) -> the last genuine outcome
    background: dict[str, str] = {}  # background task id -> command
    cwds: dict[str, str | None] = {}  # tool call id -> the directory it was made in

    def outcome(tool: str, target: str, ok: bool) -> None:
        outcomes.pop((tool, target), None)
        outcomes[(tool, target)] = ok

    def notified(text: str) -> None:
        tags = dict((k, v.strip()) for k, v in TAGS.findall(text))
        call = tags.get("tool-use-id", "")
        status = tags.get("status")
        if call in truth.agents and status:
            truth.agents[call] = status
        task_id = tags.get("task-id", "")
        if task_id not in background and call in calls and calls[call][0] == "Bash":
            command = calls[call][1].get("command")
            task_id = next((k for k, v in background.items() if isinstance(command, str) and v == command.strip()), "")
        ended(task_id, status)

    def ended(task_id: str, status: str | None) -> None:
        """A background command's end, however the records tell it."""
        if task_id not in background or status not in ("failed", "completed", "killed", "stopped"):
            return
        command = background.pop(task_id)
        if status in ("failed", "completed"):
            truth.bash_runs += 1
            outcome("Bash", command, status == "completed")
            if status == "failed":
                truth.bg_failed.append(command)

    for raw in lines:
        try:
            obj = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(obj, dict):
            continue
        truth.records += 1
        if isinstance(obj.get("version"), str):
            truth.versions.add(obj["version"])
        side = obj.get("isSidechain") is True
        kind = obj.get("type")
        message = obj.get("message") if isinstance(obj.get("message"), dict) else {}
        content = message.get("content")
        if kind == "system" and obj.get("subtype") == "compact_boundary":
            if side:
                truth.side_boundaries += 1
            else:
                truth.main_boundaries += 1
                pre = (obj.get("compactMetadata") or {}).get("preTokens")
                truth.pre_tokens = max(truth.pre_tokens, pre if isinstance(pre, int) else 0)
        elif kind == "assistant":
            model = message.get("model")
            usage = message.get("usage") if isinstance(message.get("usage"), dict) else {}
            if not side and isinstance(model, str) and model != "<synthetic>":
                truth.models.add(model)
                keys = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")
                used = sum(v for v in (usage.get(k) for k in keys) if isinstance(v, int))
                truth.peak_tokens = max(truth.peak_tokens, used)
            for block in content if isinstance(content, list) else ():
                if isinstance(block, dict) and block.get("type") == "tool_use" and isinstance(block.get("id"), str):
                    given = block.get("input") if isinstance(block.get("input"), dict) else {}
                    calls[block["id"]] = (str(block.get("name")), given, side)
                    cwds[block["id"]] = obj.get("cwd") if isinstance(obj.get("cwd"), str) else None
                    if block.get("name") in ("Agent", "Task") and not side:
                        truth.agents[block["id"]] = "running"
        elif kind == "user":
            results = (
                [b for b in content if isinstance(b, dict) and b.get("type") == "tool_result"]
                if isinstance(content, list)
                else []
            )
            for block in results:
                call = calls.get(block.get("tool_use_id"))
                if call is None:
                    continue
                name, given, call_side = call
                text = text_of(block.get("content"))
                failed = block.get("is_error") is True
                extra = obj.get("toolUseResult")
                declined = failed and (
                    DECLINED.match(text.lstrip()) is not None
                    or (isinstance(extra, str) and DECLINED.match(extra) is not None)
                )
                command = given.get("command") if name == "Bash" else None
                path = given.get(FILE_TOOLS.get(name, ""))
                target = command.strip() if isinstance(command, str) else path if isinstance(path, str) else None
                if declined:
                    if target:
                        truth.declined.append((name, target))
                    continue
                if name in ("Agent", "Task") and not call_side:
                    launched = isinstance(extra, dict) and extra.get("status") == "async_launched"
                    if not launched:
                        truth.agents[block["tool_use_id"]] = "failed" if failed else "completed"
                    continue
                if name in ("TaskOutput", "TaskStop", "BashOutput", "KillShell", "KillBash"):
                    task_id = next((given[k] for k in ("task_id", "shell_id", "bash_id") if k in given), "")
                    info = (
                        extra.get("task") if isinstance(extra, dict) and isinstance(extra.get("task"), dict) else extra
                    )
                    status = info.get("status") if isinstance(info, dict) else None
                    if not isinstance(status, str):
                        found = re.search(r"\(status: (\w+)\)", text)
                        status = found.group(1) if found else ("stopped" if "Stop" in name or "Kill" in name else None)
                        status = None if failed and not found else status
                    ended(str(task_id), status)
                    continue
                if name == "Bash" and isinstance(command, str):
                    if call_side:
                        truth.side_commands.append(command.strip())
                    task_id = extra.get("backgroundTaskId") if isinstance(extra, dict) else None
                    if isinstance(task_id, str) and not failed:
                        background[task_id] = command.strip()
                        continue
                    truth.bash_runs += 1
                    outcome("Bash", command.strip(), not failed)
                    if not failed:
                        for src, dst in _mv_pairs(command, cwds.get(block.get("tool_use_id"))):
                            truth.mv_sources.add(src)
                            for old in [f for f in truth.files if f == src or f.startswith(src + "/")]:
                                truth.files.discard(old)
                                truth.files.add(dst + old[len(src) :])
                elif isinstance(path, str) and name in FILE_TOOLS:
                    outcome("file", path, not failed)
                    if not failed:
                        truth.files.add(path)
                        if call_side:
                            truth.side_files.add(path)
                elif name in ("TaskCreate", "TaskUpdate") and not failed and not call_side:
                    _task(truth, name, given, text)
                elif name == "TodoWrite" and not failed and not call_side:
                    todos = given.get("todos")
                    if isinstance(todos, list):
                        truth.todos = {
                            str(t.get("content")): str(t.get("status")) for t in todos if isinstance(t, dict)
                        }
            if side or obj.get("isMeta") is True or obj.get("isCompactSummary") is True or results:
                continue
            texts = (
                [content]
                if isinstance(content, str)
                else [b["text"] for b in content if isinstance(b, dict) and isinstance(b.get("text"), str)]
                if isinstance(content, list)
                else []
            )
            for text in texts:
                if text.lstrip().startswith("<task-notification>"):
                    notified(text)
            words = user_words(texts)
            if words:
                truth.last_prompt = words
                if any(INJECTED_TAG.match(t) and t.lstrip().startswith("<ide_") for t in texts):
                    truth.ide_prompts.append(words)
        elif kind == "attachment" and not side:
            attachment = obj.get("attachment") if isinstance(obj.get("attachment"), dict) else {}
            prompt = attachment.get("prompt")
            if attachment.get("type") == "queued_command" and isinstance(prompt, (str, list)):
                texts = (
                    [prompt]
                    if isinstance(prompt, str)
                    else [b["text"] for b in prompt if isinstance(b, dict) and isinstance(b.get("text"), str)]
                )
                origin = attachment.get("origin") if isinstance(attachment.get("origin"), dict) else {}
                if any(text.lstrip().startswith("<task-notification>") for text in texts):
                    for text in texts:
                        notified(text)
                elif attachment.get("commandMode") == "prompt" and origin.get("kind", "human") == "human":
                    # words the user typed while the model worked: a request like any other
                    words = user_words(texts)
                    if words:
                        truth.last_prompt = words
    truth.open_errors = {key for key, ok in outcomes.items() if not ok}
    return truth


def _mv_pairs(command: str, cwd: str | None) -> list[tuple[str, str]]:
    """(source, destination) of each plain `mv SRC DST` or `git mv SRC DST` (no options, no glob), relative ones
    joined to the directory the command was in (after a plain `cd` in it)."""
    out = []
    base = cwd
    for part in re.split(r"&&|;|\|\||\n", command):
        words = part.split()
        if words[:2] == ["git", "mv"]:
            words = words[1:]
        if any(c in part for c in "*?$`'\""):
            continue
        if len(words) == 2 and words[0] == "cd":
            base = os.path.normpath(os.path.join(base or "", words[1]))
        elif len(words) == 3 and words[0] == "mv":
            src, dst = (os.path.normpath(os.path.join(base or "", w)) for w in words[1:])
            out.append((src, dst))
    return out


def _task(truth: Truth, name: str, given: dict[str, Any], text: str) -> None:
    if name == "TaskCreate":
        match = re.search(r"#(\w+)", text)
        if match:
            truth.tasks[match.group(1)] = "pending"
    else:
        task_id, status = given.get("taskId"), given.get("status")
        if isinstance(task_id, (str, int)) and isinstance(status, str):
            if status == "deleted":
                truth.tasks.pop(str(task_id), None)
            else:
                truth.tasks[str(task_id)] = status


# -- the hooks, as Claude Code runs them ----------------------------------------------------------


@dataclass
class Call:
    hook: str
    rc: int
    wall: float
    stderr: str
    out: str


@dataclass
class Run:
    """One transcript's hook calls and what they printed."""

    calls: list[Call] = field(default_factory=list)
    blocks: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    refills: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    state: dict[str, Any] | None = None


class Hooks:
    def __init__(self, work: Path, name: str, session: str, python: str) -> None:
        self.home = work / name / "home"
        self.project = work / name / "project"
        self.project.mkdir(parents=True)
        (self.project / ".git").mkdir()  # the repository the runs dir is keyed by
        self.transcript = work / name / "claude" / f"{session}.jsonl"
        self.transcript.parent.mkdir(parents=True)
        self.session = session
        self.python = python
        self.env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
        config = work / "config.toml"  # empty: the defaults, and no warning about a missing file
        config.touch()
        self.env.update(
            CONTEXT_KEEPER_HOME=str(self.home),
            CONTEXT_KEEPER_CONFIG=str(config),
            PYTHONPYCACHEPREFIX=str(work / "pycache"),
        )
        self.run = Run()

    def stdin(self, sample: str, **fields: Any) -> bytes:
        data = dict(
            SAMPLES[sample]["stdin"],
            session_id=self.session,
            transcript_path=str(self.transcript),
            cwd=str(self.project),
        )
        data.update(fields)
        return json.dumps(data).encode()

    def fire(self, hook: str, stdin: bytes) -> str:
        started = time.perf_counter()
        done = subprocess.run(
            [self.python, str(HOOKS / f"{hook}.py")],
            input=stdin,
            env=self.env,
            cwd=self.project,
            capture_output=True,
            timeout=300,
        )
        out = done.stdout.decode("utf-8", "replace")
        self.run.calls.append(
            Call(hook, done.returncode, time.perf_counter() - started, done.stderr.decode("utf-8", "replace"), out)
        )
        return out

    def compaction(self, trigger: str, model: str | None, summary: str) -> None:
        self.run.blocks.append(self.fire("pre_compact_preserve", self.stdin(f"PreCompact:{trigger}")))
        self.run.notes.append(self.fire("session_start_restore", self.stdin("SessionStart:compact", model=model or "")))
        reply = f"<analysis>Replayed.</analysis>\n<summary>{summary}</summary>"
        self.fire("post_compact_check", self.stdin(f"PostCompact:{trigger}", compact_summary=reply))

    def post_tool_use(self, tool: str, tool_id: str, given: Any, response: Any) -> None:
        stdin = self.stdin(
            "PostToolUse:Bash",
            tool_name=tool,
            tool_use_id=tool_id,
            tool_input=given,
            tool_response=response if isinstance(response, dict) else {"result": str(response)[:2000]},
        )
        self.fire("auto_context_manager", stdin)
        out = self.fire("context_refill", stdin)
        if out.strip():
            try:
                self.run.refills.append(json.loads(out)["hookSpecificOutput"]["additionalContext"])
            except (ValueError, KeyError, TypeError):
                self.run.refills.append(out)

    def finish(self) -> Run:
        for log in self.home.glob("**/context-keeper.log*"):
            self.run.log += [
                line
                for line in log.read_text(errors="replace").splitlines()
                if " WARNING " in line or " ERROR " in line
            ]
        for state in self.home.glob(f"runs/*/state/{self.session}.json"):
            self.run.state = json.loads(state.read_bytes())
        return self.run


def replay(lines: list[bytes], work: Path, session: str, python: str, every: int) -> Run:
    hooks = Hooks(work, "replay", session, python)
    calls: dict[str, tuple[str, Any]] = {}
    model: str | None = None
    seen = 0
    with open(hooks.transcript, "ab") as live:
        for n, raw in enumerate(lines):
            try:
                obj = json.loads(raw)
            except ValueError:
                obj = None
            obj = obj if isinstance(obj, dict) else {}
            side = obj.get("isSidechain") is True
            message = obj.get("message") if isinstance(obj.get("message"), dict) else {}
            if obj.get("type") == "system" and obj.get("subtype") == "compact_boundary" and not side:
                meta = obj.get("compactMetadata") if isinstance(obj.get("compactMetadata"), dict) else {}
                live.flush()
                hooks.compaction(
                    "manual" if meta.get("trigger") == "manual" else "auto", model, _summary_after(lines, n)
                )
            live.write(raw + b"\n")
            if obj.get("type") == "assistant" and not side:
                model = message.get("model") if message.get("model") != "<synthetic>" else model
                for block in message.get("content") if isinstance(message.get("content"), list) else ():
                    if isinstance(block, dict) and block.get("type") == "tool_use":
                        calls[str(block.get("id"))] = (str(block.get("name")), block.get("input"))
            if obj.get("type") == "user" and not side and isinstance(message.get("content"), list):
                for block in message["content"]:
                    if (
                        isinstance(block, dict)
                        and block.get("type") == "tool_result"
                        and block.get("tool_use_id") in calls
                    ):
                        seen += 1
                        if seen % every == 0:
                            live.flush()
                            name, given = calls[block["tool_use_id"]]
                            hooks.post_tool_use(name, block["tool_use_id"], given, obj.get("toolUseResult"))
                        break
    return hooks.finish()


def _summary_after(lines: list[bytes], n: int) -> str:
    for raw in lines[n + 1 : n + 6]:
        try:
            obj = json.loads(raw)
        except ValueError:
            continue
        if isinstance(obj, dict) and obj.get("isCompactSummary") is True:
            return text_of((obj.get("message") or {}).get("content"))
    return ""


def cold(lines: list[bytes], work: Path, name: str, session: str, python: str, model: str | None) -> Run:
    hooks = Hooks(work, name, session, python)
    hooks.transcript.write_bytes(b"".join(raw + b"\n" for raw in lines))
    hooks.run.blocks.append(hooks.fire("pre_compact_preserve", hooks.stdin("PreCompact:auto")))
    hooks.run.notes.append(hooks.fire("session_start_restore", hooks.stdin("SessionStart:compact", model=model or "")))
    return hooks.finish()


def cli(path: Path, work: Path, python: str) -> tuple[list[Call], str, dict[str, Any] | None]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CONTEXT_KEEPER_")}
    (work / "config.toml").touch()
    env["PYTHONPATH"] = str(ROOT / "lib")  # this checkout's library, as the hooks import it
    env.update(CONTEXT_KEEPER_HOME=str(work / "cli-home"), CONTEXT_KEEPER_CONFIG=str(work / "config.toml"))
    calls, text, data = [], "", None
    for argv in (["inspect", str(path)], ["inspect", "--json", str(path)]):
        started = time.perf_counter()
        done = subprocess.run(
            [python, "-m", "context_keeper", *argv], env=env, cwd=work, capture_output=True, timeout=600
        )
        out = done.stdout.decode("utf-8", "replace")
        calls.append(
            Call(
                "cli " + argv[1] if argv[1] == "--json" else "cli inspect",
                done.returncode,
                time.perf_counter() - started,
                done.stderr.decode("utf-8", "replace"),
                out,
            )
        )
        if "--json" in argv:
            try:
                data = json.loads(out)
            except ValueError:
                data = None
        else:
            text = out
    return calls, text, data


# -- the checks ---------------------------------------------------------------------------------

KINDS = (
    "1 declined as error",
    "2 IDE preamble as request",
    "3 window",
    "4 subagent still running",
    "5 failed background Bash missing",
    "6 sidechain",
    "7 small",
)


def check(truth: Truth, runs: list[Run], inspect_text: str, inspect: dict[str, Any] | None) -> dict[str, list[str]]:
    """Wrong facts per kind (each a short description), and the general facts' misses."""
    wrong: dict[str, list[str]] = {k: [] for k in (*KINDS, "files", "tasks", "open errors", "request")}
    state = next((r.state for r in reversed(runs) if r.state), None) or {}
    texts = [t for r in runs for t in (*r.blocks, *r.notes, *r.refills)]
    errors = state.get("errors") or []
    open_errs = _open(errors)

    # 1: a declined call is no open error, and Claude Code's rejection text is never shown.
    declined = set(truth.declined)
    for err in open_errs:
        if (err["tool"], err["target"]) in declined and (err["tool"], err["target"]) not in truth.open_errors:
            wrong[KINDS[0]].append(f"open error for a declined call: {err['target'][:60]}")
    for text in texts:
        for line in text.splitlines():
            if re.search(
                r"doesn't want to (?:proceed|take this action)|User rejected tool use|Cancelled: parallel", line
            ):
                wrong[KINDS[0]].append(f"rejection text shown: {line.strip()[:60]}")

    # 2: the user's words after an IDE preamble are the request; the preamble is not.
    prompts = [p["text"] for p in state.get("prompts") or []]
    for text in [*prompts, *texts]:
        for line in text.splitlines():
            if "<ide_" in line:
                wrong[KINDS[1]].append(f"IDE preamble shown: {line.strip()[:60]}")
    for words in truth.ide_prompts:
        head = words.splitlines()[0][:30]
        if not any(head in p for p in prompts):
            wrong[KINDS[1]].append(f"request lost: {head}")

    # 3: the window the records prove.
    if truth.window:
        for text in texts:
            for match in WINDOW_IN_TEXT.finditer(text):
                if int(match.group(1).replace(",", "")) < truth.window:
                    wrong[KINDS[2]].append(f"'{match.group(0)}' in a {truth.window:,} window")
        shown = ((inspect or {}).get("context") or {}).get("window")
        if isinstance(shown, int) and shown < truth.window:
            wrong[KINDS[2]].append(f"inspect window {shown:,}")

    # 4: a subagent whose end the records hold is not running.
    subs = state.get("subagents") or {}
    for call_id, status in truth.agents.items():
        sub = next((s for s in subs.values() if s.get("tool_use_id") == call_id), None)
        if sub is not None and status != "running" and sub.get("status") == "running":
            wrong[KINDS[3]].append(f"{sub.get('description', '')[:40]} running, records say {status}")

    # 5: a failed background command is an error (open unless a later run of it passed).
    targets = {e["target"] for e in errors if e["tool"] == "Bash"}
    for command in truth.bg_failed:
        if command[:200] not in {t[:200] for t in targets}:
            wrong[KINDS[4]].append(f"missing: {command[:60]}")

    # 6: sidechain records are a subagent's work, its compaction not the session's.
    compactions = len(state.get("compactions") or [])
    if state and compactions != truth.main_boundaries:
        wrong[KINDS[5]].append(f"{compactions} compactions counted, {truth.main_boundaries} of the session")
    files = set(state.get("files") or {})
    for path in sorted(truth.side_files - files)[:20]:
        wrong[KINDS[5]].append(f"subagent's file missing: {path[-60:]}")
    commands = {c["command"][:200] for c in state.get("commands") or []}
    missing = [c for c in truth.side_commands[-20:] if c[:200] not in commands]
    if missing and len(state.get("commands") or []) < 100:
        wrong[KINDS[5]].extend(f"subagent's command missing: {c[:60]}" for c in missing)

    # 7: small ones.
    for err in errors:
        for message in err.get("messages") or ():
            if not re.search(r"\w", message):
                wrong[KINDS[6]].append(f"error message {message!r}")
    for note in state.get("decisions") or []:
        if note["text"].rstrip().endswith(":"):
            wrong[KINDS[6]].append(f"lead-in decision: {note['text'][:60]}")
    match = re.search(r"^commands \((\d+)\)", inspect_text, re.MULTILINE)
    if match and truth.bash_runs > int(match.group(1)):
        wrong[KINDS[6]].append(f"inspect says commands ({match.group(1)}) of {truth.bash_runs}")
    for path in files:
        if any(path == src or path.startswith(src + "/") for src in truth.mv_sources) and path not in truth.files:
            wrong[KINDS[6]].append(f"moved path listed: {path[-60:]}")

    # the general facts
    if state:
        wrong["files"] += [f"missing: {p[-60:]}" for p in sorted(truth.files - files)][:10]
        book = (state.get("tasks") or {}).get("tasks") or {}
        for task_id, status in truth.tasks.items():
            got = (book.get(task_id) or {}).get("status")
            if got != status:
                wrong["tasks"].append(f"task {task_id}: {got} (records: {status})")
        todo = {t.get("subject"): t.get("status") for t in book.values() if t.get("source") == "todo"}
        for content, status in truth.todos.items():
            if todo and todo.get(content) not in (None, status):
                wrong["tasks"].append(f"todo {content[:40]}: {todo.get(content)} (records: {status})")
        shown = {(e["tool"], e["target"][:200]) for e in open_errs}
        expect = {(tool, target[:200]) for tool, target in truth.open_errors}
        wrong["open errors"] += [f"shown open, records fixed: {t[:60]}" for _, t in sorted(shown - expect)]
        wrong["open errors"] += [f"open, not shown: {t[:60]}" for _, t in sorted(expect - shown)][:10]
        last = prompts[-1] if prompts else None
        if truth.last_prompt and (last is None or truth.last_prompt.splitlines()[0][:30] not in last):
            wrong["request"].append(f"last request {str(last)[:40]!r}, records: {truth.last_prompt[:40]!r}")
    return wrong


def _open(errors: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest error per (tool, target), where it is not resolved (what the block shows)."""
    latest: dict[tuple[str, str], dict[str, Any]] = {}
    for err in errors:
        latest[(err["tool"], err["target"])] = err
    return [e for e in latest.values() if e.get("resolved_turn") is None]


# -- the run ------------------------------------------------------------------------------------


def one(path: Path, work: Path, python: str, every: int) -> dict[str, Any]:
    lines = [line for line in path.read_bytes().split(b"\n") if line.strip()]
    truth = read_truth(lines)
    session = next((json.loads(raw).get("sessionId") for raw in lines if b'"sessionId"' in raw), None) or "wild"
    model = next(iter(sorted(truth.models)), None)
    runs = [replay(lines, work, session, python, every)]
    runs.append(cold(lines, work, "cold", session, python, model))
    cuts = []
    for n, raw in enumerate(lines):
        if b'"compact_boundary"' in raw and b'"isSidechain":true' not in raw.replace(b" ", b""):
            cuts.append(cold(lines[:n], work, f"cut{n}", session, python, model))
    cli_calls, inspect_text, inspect = cli(path, work, python)
    calls = [c for r in (*runs, *cuts) for c in r.calls] + cli_calls
    wrong = check(truth, runs, inspect_text, inspect)
    for cut in cuts:  # the texts at a compaction, made cold, checked like the rest (window, texts)
        for kind, items in check(truth, [cut], "", None).items():
            if kind in (KINDS[0], KINDS[1], KINDS[2]):
                wrong[kind] += [f"cut: {i}" for i in items]
    return {
        "name": path.name,
        "versions": sorted(truth.versions),
        "records": truth.records,
        "compactions": truth.main_boundaries,
        "calls": len(calls),
        "failed": [f"{c.hook} rc={c.rc}" for c in calls if c.rc != 0],
        "stderr": [f"{c.hook}: {c.stderr.strip()[-200:]}" for c in calls if c.stderr.strip()],
        "log": [line for r in (*runs, *cuts) for line in r.log],
        "fold_errors": [line for r in (*runs, *cuts) for line in r.log if "left out" in line],
        "times": {hook: sorted(c.wall for c in calls if c.hook == hook) for hook in {c.hook for c in calls}},
        "wrong": wrong,
        "unknown_types": (inspect or {}).get("unknown_types"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--only", help="transcripts whose name contains this")
    parser.add_argument("--post-every", type=int, default=1, help="fire PostToolUse at every Nth tool result")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "out")
    parser.add_argument("--python", default=sys.executable)
    args = parser.parse_args(argv)
    paths = sorted(p for p in args.corpus.glob("*.jsonl") if not args.only or args.only in p.name)
    if not paths:
        raise SystemExit(f"no transcripts in {args.corpus}")
    load_before = os.getloadavg()
    started = time.perf_counter()
    results = []
    with tempfile.TemporaryDirectory(prefix="ck-wild-") as tmp:
        for n, path in enumerate(paths):
            work = Path(tmp) / f"t{n}"
            work.mkdir()
            results.append(one(path, work, args.python, max(1, args.post_every)))
            shutil.rmtree(work)
            print(
                f"  {path.name[:60]:60} {sum(len(v) for v in results[-1]['wrong'].values()):4} wrong", file=sys.stderr
            )
    elapsed = time.perf_counter() - started
    load_after = os.getloadavg()
    report(results, elapsed, load_before, load_after, args.post_every)
    args.out.mkdir(parents=True, exist_ok=True)
    out = args.out / f"wild-{time.strftime('%Y%m%dT%H%M%S')}.json"
    out.write_text(json.dumps({"results": results, "elapsed": elapsed, "load": [load_before, load_after]}, indent=1))
    print(f"\ndetails: {out}")
    return 0


def report(
    results: list[dict[str, Any]], elapsed: float, before: tuple[float, ...], after: tuple[float, ...], every: int
) -> None:
    calls = sum(r["calls"] for r in results)
    print(
        f"{len(results)} transcripts, {sum(r['records'] for r in results):,} records, "
        f"{sum(r['compactions'] for r in results)} compactions; {calls:,} hook and CLI processes "
        f"(PostToolUse at every {'' if every == 1 else f'{every}th '}tool result)"
    )
    print(
        f"hook failures (exit != 0): {sum(len(r['failed']) for r in results)}; stderr: "
        f"{sum(len(r['stderr']) for r in results)}; fold errors: {sum(len(r['fold_errors']) for r in results)}; "
        f"log warnings/errors: {sum(len(r['log']) for r in results)}"
    )
    kinds: Counter[str] = Counter()
    files: Counter[str] = Counter()
    for r in results:
        for kind, items in r["wrong"].items():
            kinds[kind] += len(items)
            if items:
                files[kind] += 1
    print("\nwrong facts per kind (count, transcripts):")
    for kind in (*KINDS, "files", "tasks", "open errors", "request"):
        print(f"  {kind:34} {kinds[kind]:5} {files[kind]:4}")
    times: dict[str, list[float]] = {}
    for r in results:
        for hook, walls in r["times"].items():
            times.setdefault(hook, []).extend(walls)
    print("\ntimes per process (s): hook, n, median, p95, max")
    for hook, walls in sorted(times.items()):
        walls.sort()
        p95 = walls[min(len(walls) - 1, int(0.95 * len(walls)))]
        print(f"  {hook:24} {len(walls):6} {statistics.median(walls):7.3f} {p95:7.3f} {walls[-1]:7.3f}")
    print(
        f"\nwall {elapsed:.0f} s; load average before {before[0]:.2f} {before[1]:.2f}, after "
        f"{after[0]:.2f} {after[1]:.2f} (shared machine)"
    )
    for r in results:
        shown = {k: v for k, v in r["wrong"].items() if v}
        if shown or r["failed"] or r["stderr"] or r["log"]:
            print(f"\n{r['name']} ({', '.join(r['versions'][:3])})")
            for line in r["failed"] + r["stderr"] + r["log"][:5]:
                print(f"  ! {line[:150]}")
            for kind, items in shown.items():
                print(f"  {kind}: {len(items)}; " + " | ".join(items[:3])[:300])


if __name__ == "__main__":
    sys.exit(main())
