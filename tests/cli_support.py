"""Shared set-up for the CLI tests: a runs dir populated by the REAL hooks.

The hook scripts run as subprocesses, exactly as Claude Code runs them, with the stdin
shapes of tests/fixtures/hook_stdin_samples.json pointed at copies of the shared
transcripts, CONTEXT_KEEPER_HOME at a temp dir and thresholds low enough that every
hook does its work (a cold check on every call, tasks cold after one turn).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import orjson

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
HOOKS = ROOT / "hooks"
SAMPLES = orjson.loads((FIXTURES / "hook_stdin_samples.json").read_bytes())["samples"]

TRANSCRIPTS = ("tools_and_tasks", "bash_failure", "todowrite_variant", "manual_compact", "auto_compact")
LOW_THRESHOLDS = {
    "CONTEXT_KEEPER_CHECK_FREQUENCY": "1",
    "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0",
    "CONTEXT_KEEPER_TURNS_UNTIL_COLD": "1",
}


@dataclass(frozen=True)
class Populated:
    base: Path  # HOME for the CLI too: no real ~/.claude or ~/.config is read
    home: Path  # CONTEXT_KEEPER_HOME
    repo: Path
    runs: Path  # the repo's runs dir
    transcripts: dict[str, Path]
    sessions: dict[str, str]  # transcript name -> session id


def hook_env(base: Path, home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))}
    return env | {"HOME": str(base), "CONTEXT_KEEPER_HOME": str(home)} | LOW_THRESHOLDS


def run_hook(script: str, sample: str, env: dict[str, str], **fields: str) -> subprocess.CompletedProcess[bytes]:
    stdin = dict(SAMPLES[sample]["stdin"]) | fields
    result = subprocess.run(
        [sys.executable, str(HOOKS / script)], input=orjson.dumps(stdin), env=env, capture_output=True, check=False, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return result


def populate(base: Path) -> Populated:
    home, repo = base / "data", base / "repo"
    (repo / ".git").mkdir(parents=True)
    env = hook_env(base, home)
    transcripts: dict[str, Path] = {}
    sessions: dict[str, str] = {}
    for name in TRANSCRIPTS:
        path = base / "projects" / f"{name}.jsonl"
        path.parent.mkdir(exist_ok=True)
        shutil.copyfile(FIXTURES / f"{name}.jsonl", path)
        session = orjson.loads(path.read_bytes().split(b"\n", 1)[0])["sessionId"]
        transcripts[name], sessions[name] = path, session
        where = {"session_id": session, "transcript_path": str(path), "cwd": str(repo)}
        assert run_hook("auto_context_manager.py", "PostToolUse:Bash", env, **where).stdout == b""
        if name in ("manual_compact", "auto_compact"):
            trigger = name.split("_")[0]
            block = run_hook("pre_compact_preserve.py", f"PreCompact:{trigger}", env, **where).stdout
            assert block.startswith(b"[context-keeper]")
            run_hook("session_start_restore.py", "SessionStart:compact", env, **where)
    runs = next((home / "runs").iterdir())
    return Populated(base, home, repo, runs, transcripts, sessions)


# -- Claude Code's projects dir, and compactions recorded with the survival figures ------------

FIXTURE_CWD = "/home/dev/project"  # the cwd the fixture transcripts were recorded in


def claude_transcript(claude_dir: Path, fixture: str, cwd: Path, session_id: str | None = None, upto: int | None = None) -> Path:
    """A fixture transcript where Claude Code would keep it for a session started in `cwd`
    (its cwd and paths moved there, its session id replaced if given), its first `upto` lines."""
    data = (FIXTURES / f"{fixture}.jsonl").read_bytes()
    original = orjson.loads(data.split(b"\n", 1)[0])["sessionId"]
    session_id = session_id or original
    data = data.replace(FIXTURE_CWD.encode(), str(cwd).encode()).replace(original.encode(), session_id.encode())
    if upto is not None:
        data = b"".join(data.splitlines(keepends=True)[:upto])
    from context_keeper.session.repo_sessions import project_folder

    path = claude_dir / "projects" / project_folder(cwd) / f"{session_id}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


@dataclass(frozen=True)
class Compacted:
    base: Path  # HOME
    home: Path  # CONTEXT_KEEPER_HOME
    repo: Path
    runs: Path
    session: str  # the session that compacted twice
    transcript: Path
    first: str  # compaction ids
    second: str
    block: str  # the first compaction's block, as the real hook printed it


SESSION_OLD = "0ld5e551-0000-4000-8000-000000000000"  # an old-format line: no figures at all


def compacted(base: Path) -> Compacted:
    """A session compacted twice, recorded as the hooks record it (docs/data.md).

    The first compaction goes as in Claude Code: the real PreCompact and SessionStart hooks run
    on the transcript as it stood (up to the boundary), then the boundary and the summary are
    appended; post_compact and refill lines follow, joined by the compaction's id, and its
    file under compactions/. The second is recorded in the new format throughout. A line of
    another session has none of the new fields."""
    home, repo = base / "data", base / "repo"
    (repo / ".git").mkdir(parents=True)
    env = hook_env(base, home)
    session = "345b0387-a067-4946-871b-8253fb49bab6"
    transcript = claude_transcript(base / ".claude", "manual_compact", repo, upto=36)
    where = {"session_id": session, "transcript_path": str(transcript), "cwd": str(repo)}
    block = run_hook("pre_compact_preserve.py", "PreCompact:manual", env, **where).stdout.decode()
    note = run_hook("session_start_restore.py", "SessionStart:compact", env, **where).stdout.decode()
    full = claude_transcript(base / "elsewhere", "manual_compact", repo)
    transcript.write_bytes(full.read_bytes())  # the boundary and the summary, written after the hooks
    runs = next((home / "runs").iterdir())
    [first] = [line for line in map(orjson.loads, (runs / "compactions.jsonl").read_bytes().splitlines())
               if line["source"] == "pre_compact"]
    cid = first["time"]
    second = _later(cid, 1800)
    lines = [
        {"time": _later(cid, 1), "session_id": session, "source": "post_compact", "compaction_id": cid,
         "trigger": "manual", "check": {"task": {"carried": 2, "kept": 2, "lost": 0}, "file": {"carried": 2, "kept": 1, "lost": 1}},
         "refill_items": 1, "refill_chars": 120},
        {"time": _later(cid, 5), "session_id": session, "source": "refill", "compaction_id": cid,
         "event": "UserPromptSubmit", "refill_items": 1, "refill_chars": 118},
        {"time": _later(cid, 60), "session_id": session, "source": "post_compact", "trigger": "auto"},  # no id: left out
        {"time": _later(cid, 600), "session_id": SESSION_OLD, "trigger": "auto", "source": "pre_compact",
         "context_tokens": 99000, "chars": 900},
        {"time": second, "session_id": session, "trigger": "auto", "source": "pre_compact", "compaction_id": second,
         "context_tokens": 150000, "boundaries_before": 1, "transcript_path": str(transcript), "chars": 2000,
         "block_items": 10, "block_families": {"task": 4, "file": 6}},
        {"time": _later(cid, 1801), "session_id": session, "trigger": "auto", "source": "session_start",
         "compaction_id": second, "chars": 700},
        {"time": _later(cid, 1802), "session_id": session, "source": "post_compact", "compaction_id": second,
         "trigger": "auto", "check": {"task": {"carried": 4, "kept": 4, "lost": 0}, "file": {"carried": 6, "kept": 6, "lost": 0}},
         "refill_items": 0, "refill_chars": 0, "post_tokens": 3100},
    ]
    with open(runs / "compactions.jsonl", "ab") as handle:
        handle.write(b"".join(orjson.dumps(line) + b"\n" for line in lines))
    items = [{"family": "file", "text": "- notes.txt", "key": "notes.txt"}]
    refill = "[context-keeper] Facts recorded just before the compaction that its summary does not carry (exact, as they stood then):\n\nFiles modified this session:\n- notes.txt"
    _compaction_file(runs, session, cid, {
        "session_id": session, "compaction_id": cid, "trigger": "manual",
        "block": {"text": block, "items": items}, "note": {"text": note, "items": []},
        "check": lines[0]["check"], "refill": {"text": refill, "items": items, "sent": True, "event": "UserPromptSubmit"},
    })
    _compaction_file(runs, session, second, {
        "session_id": session, "compaction_id": second, "trigger": "auto",
        "block": {"text": "[context-keeper] the second block", "items": []}, "check": lines[-1]["check"],
    })
    return Compacted(base, home, repo, runs, session, transcript, cid, second, block)


def _later(stamp: str, seconds: int) -> str:
    """The ISO time `seconds` after `stamp`, as history.now_iso writes it."""
    from datetime import datetime, timedelta

    when = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ") + timedelta(seconds=seconds)
    return when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"


def _compaction_file(runs: Path, session: str, cid: str, content: dict) -> None:
    path = runs / "compactions" / session / (cid.replace(":", "-").replace(".", "-") + ".json")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(orjson.dumps(content))


