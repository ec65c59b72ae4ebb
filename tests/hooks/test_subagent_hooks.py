"""Subagents through real hook processes, over a real recorded session (tests/fixtures/
subagents/foreground): a subagent's PostToolUse call folds its work and prints nothing; the
block and the restore note carry its files and its error beside the main agent's file; the
refill never goes to a subagent's call."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.session import SessionModel
from context_keeper.store import RunsDir, find_repo_root, repo_key

REPO = Path(__file__).resolve().parents[2]
FOREGROUND = REPO / "tests" / "fixtures" / "subagents" / "foreground"
BOUNDARY = {"parentUuid": None, "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
            "isMeta": False, "timestamp": "2026-11-23T07:00:00.000Z", "uuid": "boundary-1",
            "compactMetadata": {"trigger": "manual", "preTokens": 20000, "postTokens": 3000}}


class Project:
    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.repo = tmp / "project"
        (self.repo / ".git").mkdir(parents=True)
        self.home = tmp / "data"
        shutil.copytree(FOREGROUND, tmp / "claude")
        [self.transcript] = (tmp / "claude").glob("*.jsonl")
        self.session = self.transcript.stem
        self.env: dict[str, str] = {}
        self.agents = {json.loads(p.read_text())["description"]: p.name.split(".")[0][len("agent-"):]
                       for p in (tmp / "claude" / self.session / "subagents").glob("*.meta.json")}

    @property
    def runs(self) -> RunsDir:
        return RunsDir.at(self.home / "runs" / repo_key(find_repo_root(self.repo)))

    def run(self, script: str, event: str, **extra: object) -> str:
        stdin = {"session_id": self.session, "transcript_path": str(self.transcript), "cwd": str(self.repo),
                 "hook_event_name": event, **extra}
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.tmp), "CONTEXT_KEEPER_HOME": str(self.home),
               "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "0", "CONTEXT_KEEPER_CHECK_FREQUENCY": "1", **self.env}
        done = subprocess.run([sys.executable, str(REPO / "hooks" / f"{script}.py")], input=json.dumps(stdin),
                              capture_output=True, text=True, env=env, timeout=60)
        assert (done.returncode, done.stderr) == (0, "")
        return done.stdout

    def subagent_call(self, script: str, description: str, **fields: object) -> str:
        agent_id = self.agents[description]
        return self.run(script, "PostToolUse", agent_id=agent_id, agent_type="general-purpose", tool_name="Bash",
                        tool_input={"command": "cat notes/index.md"}, tool_response={"stdout": ""},
                        tool_use_id="toolu_fake_0012", **fields)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)


def test_a_subagents_post_tool_use_call_folds_its_work_and_prints_nothing(project: Project) -> None:
    assert project.subagent_call("auto_context_manager", "Write the notes files") == ""
    model = SessionModel.from_bytes(project.runs.state_path(project.session).read_bytes())
    notes = model.subagents[project.agents["Write the notes files"]]
    assert notes.files == ["/home/dev/project/notes/a.md", "/home/dev/project/notes/b.md"]
    assert [e.agent for e in model.unresolved_errors()] == [notes.agent_id]


def compact(project: Project) -> tuple[str, str]:
    block = project.run("pre_compact_preserve", "PreCompact", trigger="manual", custom_instructions=None)
    note = project.run("session_start_restore", "SessionStart", source="compact", model="claude-opus-5-5")
    assert project.run("post_compact_check", "PostCompact", trigger="manual", compact_summary="<summary>nothing</summary>") == ""
    with open(project.transcript, "a") as handle:
        handle.write(json.dumps({**BOUNDARY, "sessionId": project.session}) + "\n")
    return block, note


def test_compaction_carries_the_subagents_work(project: Project) -> None:
    block, note = compact(project)
    for line in ("- /home/dev/project/notes/a.md", "- /home/dev/project/notes/b.md",
                 "- `cat notes/index.md` → exit 1: cat: notes/index.md: No such file or directory "
                 "(by subagent general-purpose: Write the notes files)"):
        assert line in block.splitlines()
    assert 'general-purpose "Write the notes files" — completed at turn 2' in block
    assert "cat: notes/index.md: No such file or directory (by subagent general-purpose: Write the notes files)" in note
    assert "notes/a.md" in note and "notes/b.md" in note and 'general-purpose "Write the notes files"' in note


def test_the_refill_never_goes_to_a_subagents_call(project: Project) -> None:
    project.env["CONTEXT_KEEPER_RESTORE_MAX_CHARS"] = "300"  # a note too small for it all: a refill is queued
    compact(project)
    assert project.subagent_call("context_refill", "Write the notes files") == ""
    refill = json.loads(project.run("context_refill", "PostToolUse", tool_name="Bash", tool_input={"command": "ls"},
                                    tool_response={"stdout": ""}, tool_use_id="toolu_main"))
    text = refill["hookSpecificOutput"]["additionalContext"]
    assert 'general-purpose "Write the notes files"' in text and "notes/b.md" in text
