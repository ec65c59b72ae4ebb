"""The survival path through real hook processes: PreCompact's block items, SessionStart's
note, PostCompact's check of the summary, and the refill handed once to the main agent."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.compaction.history import read_history
from context_keeper.store import RunsDir, find_repo_root, repo_key
from context_keeper.compaction import file as compaction_file

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"
SESSION = "b3445fea-82de-4faa-bf75-29dba206bde4"
BOUNDARY = {"parentUuid": None, "type": "system", "subtype": "compact_boundary", "content": "Conversation compacted",
            "isMeta": False, "timestamp": "2026-11-22T12:00:00.000Z", "uuid": "boundary-1", "sessionId": SESSION,
            "compactMetadata": {"trigger": "auto", "preTokens": 20000, "postTokens": 3000}}


class Session:
    """A live transcript (a copy of a real one) and a data root, with the hooks run as
    Claude Code runs them: the plugin scripts, JSON on stdin."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.project = tmp / "project"
        self.project.mkdir()
        (self.project / ".git").mkdir()
        self.home = tmp / "data"
        self.transcript = tmp / f"{SESSION}.jsonl"
        self.transcript.write_bytes((FIXTURES / "tools_and_tasks.jsonl").read_bytes())

    @property
    def runs(self) -> RunsDir:
        return RunsDir.at(self.home / "runs" / repo_key(find_repo_root(self.project)))

    def stdin(self, event: str, **extra: object) -> dict[str, object]:
        return {"session_id": SESSION, "transcript_path": str(self.transcript), "cwd": str(self.project),
                "hook_event_name": event, **extra}

    def start(self, script: str, stdin: dict[str, object]) -> subprocess.Popen[str]:
        # A small note (the fixture session would fit whole into the default 9,500 characters,
        # leaving nothing to refill).
        env = {"PATH": "/usr/bin:/bin", "HOME": str(self.tmp), "CONTEXT_KEEPER_HOME": str(self.home),
               "CONTEXT_KEEPER_RESTORE_MAX_CHARS": "300"}
        proc = subprocess.Popen([sys.executable, str(REPO / "hooks" / f"{script}.py")], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(stdin))
        proc.stdin.close()
        return proc

    def run(self, script: str, stdin: dict[str, object]) -> str:
        return finish(self.start(script, stdin))

    def append(self, *records: dict[str, object]) -> None:
        with open(self.transcript, "a") as handle:
            for record in records:
                handle.write(json.dumps(record) + "\n")

    def compact(self, trigger: str, summary: str) -> str:
        """PreCompact, SessionStart(compact), PostCompact as Claude Code orders them; the block."""
        block = self.run("pre_compact_preserve", self.stdin("PreCompact", trigger=trigger, custom_instructions=None))
        self.run("session_start_restore", self.stdin("SessionStart", source="compact", model="claude-opus-5-5"))
        assert self.run("post_compact_check", self.stdin("PostCompact", trigger=trigger, compact_summary=summary)) == ""
        return block

    def refill(self, event: str = "PostToolUse", **extra: object) -> str:
        fields = {"tool_name": "Bash", "tool_input": {"command": "ls"}, "tool_response": {"stdout": ""},
                  "tool_use_id": "toolu_x"} if event == "PostToolUse" else {"prompt": "go on"}
        return self.run("context_refill", self.stdin(event, **fields, **extra))

    def pending(self) -> list[str]:
        return sorted(os.listdir(self.home / "refills")) if (self.home / "refills").is_dir() else []


def finish(proc: subprocess.Popen[str]) -> str:
    assert proc.stdout is not None and proc.stderr is not None
    out, err = proc.stdout.read(), proc.stderr.read()
    assert (proc.wait(timeout=60), err) == (0, ""), err
    return out


@pytest.fixture
def session(tmp_path: Path) -> Session:
    return Session(tmp_path)


def context_of(output: str, event: str = "PostToolUse") -> str:
    data = json.loads(output)
    assert data["hookSpecificOutput"]["hookEventName"] == event
    return data["hookSpecificOutput"]["additionalContext"]


def test_a_summary_that_dropped_everything_is_refilled_once_after_an_auto_compaction(session: Session) -> None:
    block = session.compact("auto", "<summary>The user is working on a project.</summary>")
    [(_, data)] = compaction_file.all_for(session.runs, SESSION)
    items = data["block"]["items"]
    assert items and {i["family"] for i in items} >= {"completed", "file", "prompt"}
    assert all(i["text"] in block for i in items)
    [check] = [r for r in read_history(session.runs, SESSION) if r.source == "post_compact"]
    assert sum(f["carried"] for f in check.check.values()) == len(items)
    assert sum(f["kept"] for f in check.check.values()) == 0
    assert session.pending() != []

    assert session.refill() == ""  # the boundary is not in the transcript yet: not (yet) ours
    session.append(BOUNDARY)
    text = context_of(session.refill())
    note = data["note"]["text"]
    assert text.startswith("[context-keeper] Facts recorded just before the compaction")
    # Everything the block carried is now in the context: in the note or in the refill.
    for item in items:
        assert item["text"] in text or item["key"] in note, item
    assert session.refill() == "" and session.pending() == []  # once only
    [sent] = [r for r in read_history(session.runs, SESSION) if r.source == "refill"]
    assert (sent.event, sent.refill_chars) == ("PostToolUse", len(text)) and sent.compaction_id == check.compaction_id


def test_a_summary_that_kept_the_block_queues_nothing(session: Session) -> None:
    block = session.compact("auto", "placeholder")
    # Compact again with a summary that is the block itself.
    session.append(BOUNDARY)
    session.compact("auto", f"<summary>{block}</summary>")
    [_, check] = [r for r in read_history(session.runs, SESSION) if r.source == "post_compact"]
    assert check.refill_items == 0 and check.refill_chars == 0
    assert all(f["lost"] == 0 for f in check.check.values())


def test_a_subagents_call_never_gets_the_main_refill(session: Session) -> None:
    session.compact("auto", "<summary>nothing kept</summary>")
    session.append(BOUNDARY)
    assert session.refill(agent_id="a1b2c3", agent_type="Explore") == ""
    assert session.pending() != []  # still there for the main agent
    assert context_of(session.refill())


def test_hooks_fired_for_a_subagents_own_compaction_change_nothing(session: Session) -> None:
    sub = session.tmp / SESSION / "subagents" / "agent-a1.jsonl"
    sub.parent.mkdir(parents=True)
    sub.write_bytes(session.transcript.read_bytes())
    stdin = session.stdin("PreCompact", trigger="auto", custom_instructions=None, transcript_path=str(sub))
    assert session.run("pre_compact_preserve", stdin) == ""
    assert session.run("post_compact_check", dict(stdin, hook_event_name="PostCompact", compact_summary="x")) == ""
    assert compaction_file.all_for(session.runs, SESSION) == [] and session.pending() == []
    # Only a history line says a subagent compacted (history and report list it apart).
    assert [(r.source, r.trigger) for r in read_history(session.runs, SESSION)] == [("subagent", "auto")]


def test_two_racing_hooks_never_both_print_the_refill(session: Session) -> None:
    session.compact("auto", "<summary>nothing kept</summary>")
    session.append(BOUNDARY)
    procs = [session.start("context_refill", session.stdin(
        "PostToolUse", tool_name="Read", tool_input={}, tool_response={}, tool_use_id=f"t{i}")) for i in range(8)]
    outputs = [finish(p) for p in procs]
    assert sorted(bool(o) for o in outputs) == [False] * 7 + [True]
    assert session.pending() == []


def test_after_a_manual_compact_what_the_echo_carries_is_not_sent_again(session: Session) -> None:
    block = session.compact("manual", "<summary>nothing kept</summary>")
    echo = {"type": "user", "sessionId": SESSION, "uuid": "echo-1", "parentUuid": "boundary-1",
            "message": {"role": "user", "content": f"<local-command-stdout>Compacted PreCompact [x] completed "
                                                   f"successfully: {block}</local-command-stdout>"}}
    session.append(dict(BOUNDARY, compactMetadata={"trigger": "manual"}), echo)
    assert session.refill("UserPromptSubmit") == ""  # the echo carries the whole block
    assert session.pending() == []
    [sent] = [r for r in read_history(session.runs, SESSION) if r.source == "refill"]
    assert (sent.refill_items, sent.event) == (0, "UserPromptSubmit")


def test_with_nothing_pending_the_refill_hook_prints_nothing_and_writes_nothing(session: Session) -> None:
    assert session.refill() == "" and session.refill("UserPromptSubmit") == ""
    assert not session.home.exists()  # the fast path: one listing of <home>/refills, nothing else


def test_a_refill_pending_for_another_session_costs_this_session_no_parse(session: Session) -> None:
    refills = session.home / "refills"
    refills.mkdir(parents=True)
    (refills / "another-session.2026-01-01T00-00-00-000Z.json").write_text("{}")
    assert session.refill() == ""
    # The guard never ran: no runs dir, no log line for this call.
    assert not (session.home / "runs").exists() and not (session.home / "context-keeper.log").exists()


@pytest.mark.parametrize("raw, expected", [
    (b'{"session_id":"b3445fea-82de-4faa-bf75-29dba206bde4","cwd":"/x"}', "b3445fea-82de-4faa-bf75-29dba206bde4"),
    (b'{"session_id": "abc", "x": 1}', "abc"),
    (b'{"session_id": "A\\u00e9"}', None),  # not a plain id: the full path decides
    (b'{"cwd": "/x"}', None),
    (b"", None),
])
def test_the_session_id_is_read_without_a_parser(raw: bytes, expected: str | None) -> None:
    from context_keeper.hooks.context_refill import _session_id

    assert _session_id(raw) == expected


# -- PostCompact that never comes ------------------------------------------------------------------


def summary_record(text: str) -> dict[str, object]:
    """The summary record Claude Code writes after the boundary (the summary part of the reply)."""
    return {"parentUuid": "boundary-1", "isSidechain": False, "type": "user", "uuid": "summary-1", "sessionId": SESSION,
            "isCompactSummary": True, "isVisibleInTranscriptOnly": True,
            "message": {"role": "user", "content": f"This session is being continued. Summary:\n{text}"}}


def compact_without_postcompact(session: Session, trigger: str = "auto") -> str:
    block = session.run("pre_compact_preserve", session.stdin("PreCompact", trigger=trigger, custom_instructions=None))
    session.run("session_start_restore", session.stdin("SessionStart", source="compact", model="claude-opus-5-5"))
    return block


def test_without_postcompact_the_summary_record_is_checked_at_the_first_main_hook(session: Session) -> None:
    block = compact_without_postcompact(session)
    [(_, data)] = compaction_file.all_for(session.runs, SESSION)
    items = data["block"]["items"]
    kept = [i for i in items if i["family"] != "file"]  # the summary drops the files, keeps the rest
    dropped = [i for i in items if i["family"] == "file"]
    kept_text = "\n".join(i["text"] for i in kept)
    assert session.refill() == ""  # no boundary yet: nothing checked, nothing sent
    assert [r.source for r in read_history(session.runs, SESSION)] == ["pre_compact"]
    session.append(BOUNDARY, summary_record(kept_text))
    text = context_of(session.refill())
    [check] = [r for r in read_history(session.runs, SESSION) if r.source == "post_compact"]
    assert check.summary_from == "transcript"
    assert sum(f["kept"] for f in check.check.values()) == len(kept)
    lost = [i for i in dropped if i["key"] not in data["note"]["text"]]
    assert lost and all(i["text"] in text for i in lost)
    assert all(i["text"] not in text for i in kept)  # what the summary kept is not sent again
    [(_, data)] = compaction_file.all_for(session.runs, SESSION)
    assert data["summary_from"] == "transcript" and data["refill"]["sent"] is True
    assert block and session.refill() == "" and session.pending() == []  # once only


def test_a_postcompact_that_comes_replaces_the_fallback(session: Session) -> None:
    block = compact_without_postcompact(session)
    assert session.pending() != []  # queued unchecked, in case PostCompact never comes
    summary = f"<summary>{block}</summary>"
    session.run("post_compact_check", session.stdin("PostCompact", trigger="auto", compact_summary=summary))
    assert session.pending() == []  # checked: the summary kept everything, nothing to refill
    session.append(BOUNDARY, summary_record("nothing of the block"))
    assert session.refill() == ""
    assert [r.summary_from for r in read_history(session.runs, SESSION) if r.source == "post_compact"] == [
        "post_compact"]


def test_a_second_sessionstart_after_the_check_queues_no_second_check(session: Session) -> None:
    session.compact("auto", "<summary>nothing kept</summary>")
    [name] = session.pending()  # the checked refill
    session.run("session_start_restore", session.stdin("SessionStart", source="compact", model="claude-opus-5-5"))
    [again] = session.pending()
    record = json.loads((session.home / "refills" / again).read_text())
    assert again == name and "unchecked" not in record and record["items"]  # not replaced by an unchecked one


def test_an_event_nobody_knows_leaves_the_refill_pending(session: Session) -> None:
    # A version's new or renamed event may not take additionalContext: the refill, handed out
    # once only, waits for an event that carries it.
    session.compact("auto", "<summary>nothing kept</summary>")
    session.append(BOUNDARY)
    stdin = session.stdin("PostToolUseV2", tool_name="Bash", tool_input={"command": "ls"}, tool_use_id="toolu_y")
    assert session.run("context_refill", stdin) == ""
    assert session.pending() != []
    assert context_of(session.refill())
    assert session.pending() == []
