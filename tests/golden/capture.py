"""Every hook's visible output on one transcript, as one normalised text.

The safety net for refactoring: `tests/golden/test_golden.py` runs the five hook scripts the way
Claude Code runs them (PostToolUse async, PreCompact, SessionStart(compact), PostCompact with a
summary, the blocking refill hook) on each fixture transcript in a fresh git repository, then dumps
what a user or the model could see: each hook's exit code and stdout, and every file the hooks left
in the runs dir (state, history, compaction files, saved block, summaries, pending refill), plus
the CLI's `report` on the session. Only what differs between two honest runs is normalised: the
temp directory, timestamps, durations and archive names.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HOOKS = ROOT / "hooks"
FIXTURES = ROOT / "tests" / "fixtures"

# Transcripts with their subagents' folders where they have them (Claude Code's own layout).
TRANSCRIPTS = {
    "auto_compact": "auto_compact.jsonl",
    "bash_failure": "bash_failure.jsonl",
    "manual_compact": "manual_compact.jsonl",
    "todowrite_variant": "todowrite_variant.jsonl",
    "tools_and_tasks": "tools_and_tasks.jsonl",
    "subagents_background": "subagents/background",
    "subagents_background_running": "subagents/background_running",
    "subagents_foreground": "subagents/foreground",
}

GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}

# Lost on purpose: a summary that keeps only its first lines, so the check finds losses to refill.
SUMMARY_KEEPS_LINES = 6

_NORMALISE = [
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?"), "<TS>"),
    (re.compile(r"\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d(?:-\d+)?Z"), "<TS>"),
    (re.compile(r"\d{8}T\d{6}Z?(?:_\d+)?"), "<TS>"),
    (re.compile(r'"(\w*(?:_ms|_seconds|_s|duration\w*|elapsed\w*|took\w*))": [0-9.]+'), r'"\1": <N>'),
    (re.compile(r"\b\d+(?:\.\d+)? ?ms\b"), "<N> ms"),
    # Where the file system put things: inode and device numbers, times of files.
    (re.compile(r'"(ino|dev|file_ino|file_dev|meta_mtime_ns|created|mtime|updated)": ?[0-9.]+'), r'"\1": <N>'),
]


def fresh_dir() -> Path:
    """A new empty directory whose path has the same length on every run and machine: paths
    are printed in the block, so their length changes what fits and the character counts."""
    path = Path("/tmp") / f"ck-golden-{secrets.token_hex(4)}"
    path.mkdir(mode=0o700)
    return path


def _place(name: str, tmp: Path) -> tuple[Path, str]:
    """Copy the fixture under a Claude-Code-like projects dir; return the transcript path and session."""
    source = FIXTURES / TRANSCRIPTS[name]
    projects = tmp / "claude" / "projects" / "p"
    projects.mkdir(parents=True)
    if source.is_dir():
        for item in source.iterdir():
            if item.name == "README.md":
                continue
            dest = projects / item.name
            (shutil.copytree if item.is_dir() else shutil.copyfile)(item, dest)
        transcript = next(p for p in projects.glob("*.jsonl"))
    else:
        transcript = projects / source.name
        shutil.copyfile(source, transcript)
    session = ""
    for line in transcript.read_text().splitlines():
        try:
            session = json.loads(line).get("sessionId") or ""
        except ValueError:
            continue
        if session:
            break
    return transcript, session or "s"


def _git_repo(project: Path) -> None:
    project.mkdir(parents=True)
    env = {**os.environ, **GIT_ENV}
    subprocess.run(["git", "init", "-q", "-b", "main", str(project)], check=True, env=env)
    (project / "README.md").write_text("golden\n")
    subprocess.run(["git", "-C", str(project), "add", "-A"], check=True, env=env)
    subprocess.run(["git", "-C", str(project), "commit", "-q", "-m", "init"], check=True, env=env)
    (project / "README.md").write_text("golden\nchanged\n")


def _run(script: str, stdin: dict[str, object], env: dict[str, str], cwd: Path) -> tuple[int, str]:
    proc = subprocess.run(
        [sys.executable, str(HOOKS / f"{script}.py")],
        input=json.dumps(stdin).encode(),
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )
    return proc.returncode, proc.stdout.decode()


def _summary_from(block: str) -> str:
    kept = [line for line in block.splitlines() if line.strip()][:SUMMARY_KEEPS_LINES]
    return "Summary of the conversation so far.\n" + "\n".join(kept)


def _append_boundary(transcript: Path, session: str, summary: str) -> None:
    """What Claude Code appends at a manual compaction: the boundary and the summary message."""
    boundary = {
        "parentUuid": None,
        "isSidechain": False,
        "type": "system",
        "subtype": "compact_boundary",
        "content": "Conversation compacted",
        "level": "info",
        "sessionId": session,
        "compactMetadata": {"trigger": "manual", "preTokens": 50000, "postTokens": 2000},
        "uuid": "golden-boundary",
        "timestamp": "2026-01-01T00:00:00.000Z",
    }
    message = {
        "parentUuid": "golden-boundary",
        "isSidechain": False,
        "type": "user",
        "isCompactSummary": True,
        "message": {"role": "user", "content": summary},
        "sessionId": session,
        "uuid": "golden-summary",
        "timestamp": "2026-01-01T00:00:01.000Z",
    }
    with transcript.open("a") as f:
        f.write(json.dumps(boundary) + "\n" + json.dumps(message) + "\n")


# The settings each capture runs with: as installed, and eager (a tiny window, every turn a
# check, every finished unit cold at once) so that cold summaries are written too.
CONFIGS = {
    "default": "",
    "eager": "context_threshold = 1.0\ncheck_frequency = 1\nturns_until_cold = 1\ncontext_window = 2000\n",
}


def capture(name: str, tmp: Path, config_name: str = "default") -> str:
    """The normalised text of every hook's output and files for one fixture transcript."""
    transcript, session = _place(name, tmp)
    project = tmp / "project"
    _git_repo(project)
    home = tmp / "ck-home"
    config = tmp / "config.toml"
    config.write_text(CONFIGS[config_name])
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(tmp),
        "CONTEXT_KEEPER_HOME": str(home),
        "CONTEXT_KEEPER_CONFIG": str(config),
        "TZ": "UTC",
        **GIT_ENV,
    }
    base = {"session_id": session, "transcript_path": str(transcript), "cwd": str(project)}
    steps: list[tuple[str, str, dict[str, object]]] = [
        (
            "PostToolUse (async)",
            "auto_context_manager",
            {
                **base,
                "hook_event_name": "PostToolUse",
                "tool_name": "Bash",
                "tool_input": {"command": "true"},
                "tool_response": {"stdout": "", "stderr": ""},
            },
        ),
        (
            "PreCompact",
            "pre_compact_preserve",
            {**base, "hook_event_name": "PreCompact", "trigger": "manual", "custom_instructions": ""},
        ),
        (
            "SessionStart(compact)",
            "session_start_restore",
            {**base, "hook_event_name": "SessionStart", "source": "compact"},
        ),
    ]
    out: list[str] = []
    block = ""
    for title, script, stdin in steps:
        rc, stdout = _run(script, stdin, env, project)
        if script == "pre_compact_preserve":
            block = stdout
        out += [f"==== {title}: exit {rc}", stdout]
    summary = _summary_from(block)
    _append_boundary(transcript, session, summary)
    for title, script, stdin in [
        (
            "PostCompact",
            "post_compact_check",
            {**base, "hook_event_name": "PostCompact", "trigger": "manual", "compact_summary": summary},
        ),
        (
            "PostToolUse (refill)",
            "context_refill",
            {
                **base,
                "hook_event_name": "PostToolUse",
                "tool_name": "Read",
                "tool_input": {"file_path": "x"},
                "tool_response": {},
            },
        ),
        (
            "UserPromptSubmit (refill taken)",
            "context_refill",
            {**base, "hook_event_name": "UserPromptSubmit", "prompt": "go on"},
        ),
    ]:
        rc, stdout = _run(script, stdin, env, project)
        out += [f"==== {title}: exit {rc}", stdout]
    report = subprocess.run(
        [sys.executable, "-m", "context_keeper", "report", str(transcript)],
        capture_output=True,
        env={**env, "PYTHONPATH": str(ROOT / "lib"), "COLUMNS": "100"},
        cwd=project,
        timeout=120,
    )
    out += [f"==== context-keeper report: exit {report.returncode}", report.stdout.decode(), report.stderr.decode()]
    for path in sorted(p for p in home.rglob("*") if p.is_file()):
        rel = path.relative_to(home).as_posix()
        if rel.endswith("context-keeper.log"):  # timings and pids: only that it exists
            out.append(f"==== file {rel}")
            continue
        if "/archives/" in rel or rel.endswith(".lock"):
            out.append(f"==== file {rel}: {path.stat().st_size} bytes")
            continue
        out += [f"==== file {rel}", path.read_text(errors="replace")]
    text = "\n".join(out)
    for key in (home / "runs").iterdir() if (home / "runs").is_dir() else ():
        text = text.replace(key.name, "<REPO>")
    text = text.replace(str(tmp), "<TMP>")
    for pattern, repl in _NORMALISE:
        text = pattern.sub(repl, text)
    return text
