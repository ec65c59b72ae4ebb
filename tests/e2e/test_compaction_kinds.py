"""Every kind of compaction the real Claude Code makes offline, with context-keeper's hooks:

- a **precomputed** compaction: the summary is computed in the background from the moment the
  context passes the arm point (PreCompact fires then, `trigger: "auto"`), the turn goes on,
  and the summary is swapped in at the threshold (SessionStart(compact), PostCompact);
- a precompute that is never used, then a `/compact`: two PreCompact fires, one compaction;
- a **subagent's own** compaction: the compaction hooks fire in the main settings with the
  subagent's `agent_id`; nothing of the main session's reaches the subagent;
- a compaction whose **PostCompact never comes** (our PostCompact hook unregistered, as on the
  versions that skip it): the summary record in the transcript is checked instead;
- a **sleep** compaction: a `-p` session kept open compacts itself after a quiet minute, as a
  `/compact` nobody typed (`trigger: "manual"`); only with `CLAUDE_CODE_REMOTE` set too (a
  session without it, run beside for the same wait, is not compacted, and doctor says so). The
  quiet minute passes in an instant: clock_shift.py moves the idle sessions' clocks forward.

The REPL's idle compaction (an attended terminal, a 54-minute wait) is not here: it fires the
hooks as an auto compaction between turns (docs/how-it-works.md).

Precompute needs a rollout flag Claude Code reads offline only from `~/.claude.json`'s
`cachedGrowthBookFeatures` with `CLAUDE_CODE_GB_DISK_CACHE_WHEN_TELEMETRY_OFF=1`, and a
second prompt of the session (a one-prompt `-p` run is gated). With a 200,000-token window
(`CLAUDE_CODE_AUTO_COMPACT_WINDOW`) it arms at 144,000 tokens and swaps at 167,000.
"""

from __future__ import annotations

import json
import shlex
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from clock_shift import SessionClock
from fake_api import FakeApi, all_text, context_usage, is_subagent_request, step, tool, usage_of
from harness import ClaudeSession, dump_hook_command, read_dump, read_jsonl
from keeper import BLOCK_HEADER, RESTORE_HEADER, hook_errors, install_hooks, keeper_env, runs_dir, slowed_python
from streaming import POLL_S, StreamingRun
from test_scenarios import AUTO_COMPACT_USAGE, KEEPER_SETTINGS, PYTHON, TaskSession, run_ok, settled, waits_until

from context_keeper.compaction.listing import read_views, with_tokens_after
from context_keeper.doctor import check_compaction
from context_keeper.compaction.history import read_history
from context_keeper.compaction import file as compaction_file
from context_keeper.compaction.check import is_kept, normalise
from context_keeper.preserve.item import Item, items_from_json

pytestmark = pytest.mark.e2e

REFILL_HEADER = "[context-keeper] Facts recorded just before the compaction that its summary does not carry"
PRECOMPUTE_ENV = {"CLAUDE_CODE_GB_DISK_CACHE_WHEN_TELEMETRY_OFF": "1", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}
ARMS, SWAPS = 150_000, 170_001  # past 144,000 and 167,000 of the 200,000 window
DUMPED = ("PreCompact", "SessionStart", "PostCompact", "PostToolUse")


SUMMARY = "1. Primary Request and Intent: scripted work."


def summary_without_the_block(body: dict[str, Any]) -> str:
    return f"<analysis>Fake.</analysis>\n<summary>{SUMMARY}</summary>"


def main_requests_after_the_swap(claude: ClaudeSession) -> list[Any]:
    """The main agent's requests that hold the summary (a precompute's request went out turns
    before the summary was swapped in)."""
    return [r for r in claude.api.requests if not r.is_compaction and r.subagent is None and SUMMARY in all_text(r)]


@pytest.fixture
def hook_delays() -> dict[str, float]:
    """Hooks started late on purpose (keeper.slowed_python): none unless a test says so."""
    return {}


@pytest.fixture
def env(claude: ClaudeSession, tmp_path: Path, hook_delays: dict[str, float]) -> dict[str, str]:
    install_hooks(claude, slowed_python(tmp_path, hook_delays) if hook_delays else PYTHON)
    # A small note leaves work for the refill in these short sessions.
    return keeper_env(tmp_path / "ck-data", **KEEPER_SETTINGS) | {"CONTEXT_KEEPER_RESTORE_MAX_CHARS": "600"}


def enable_precompute(claude: ClaudeSession) -> None:
    """The rollout flag, where Claude Code reads it offline (it keeps the key when it rewrites
    the file)."""
    (claude.home / ".claude.json").write_text(json.dumps({"cachedGrowthBookFeatures": {"tengu_sepia_moth": True}}))


def dump_hooks(claude: ClaudeSession, out: Path) -> None:
    for event in DUMPED:
        claude.add_hook(event, dump_hook_command(out))


def events(dump: Path) -> list[str]:
    """The dumped hook events in order, SessionStart with its source."""
    out = []
    for record in read_dump(dump):
        stdin = record["stdin"]
        event = record["event"]
        out.append(f"{event}({stdin.get('source')})" if event == "SessionStart" else event)
    return out


def history(claude: ClaudeSession, env: dict[str, str]) -> list[Any]:
    """The compactions recorded in the test's runs dir (one session per test)."""
    return read_views(runs_dir(env, claude.repo))


def hooked_session(dump: Path) -> str:
    """The session id the hooks were given (a `--continue` run's stream-json may name another)."""
    [session_id] = {r["stdin"]["session_id"] for r in read_dump(dump)}
    return session_id


def block_facts_missing(claude: ClaudeSession, env: dict[str, str], session_id: str, request: Any) -> list[Item]:
    """The facts of the session's (one) compaction's block that `request` does not hold."""
    [(_, data)] = compaction_file.all_for(runs_dir(env, claude.repo), session_id)
    text = normalise(all_text(request))
    return [i for i in items_from_json(data["block"]["items"]) if not is_kept(i, text)]


def archives(claude: ClaudeSession, env: dict[str, str]) -> list[Path]:
    folder = runs_dir(env, claude.repo).archives
    return sorted(folder.iterdir()) if folder.is_dir() else []


def no_hook_errors(claude: ClaudeSession, session_id: str | None = None) -> None:
    errors = hook_errors(claude.runs, claude.transcript(session_id))
    assert errors == [], "\n".join(errors)


# -- precomputed ------------------------------------------------------------------------------------


# PreCompact started 3 s late, as on a busy machine: the turn beside the background summary
# goes on meanwhile, and a run that ends first ends the hook with it.
LATE_PRECOMPACT = pytest.mark.parametrize(
    "hook_delays", [{}, {"pre_compact_preserve": 3.0}], ids=["hooks at once", "PreCompact late"]
)


@LATE_PRECOMPACT
def test_a_precomputed_compaction_gets_the_block_at_the_arm_point_and_the_note_and_archive_at_the_swap(
    claude: ClaudeSession, env: dict[str, str], hook_dump: Path
) -> None:
    enable_precompute(claude)
    dump_hooks(claude, hook_dump)
    claude.api.summary = summary_without_the_block
    run_env = env | PRECOMPUTE_ENV
    claude.api.set_script([step("Ready.", usage=context_usage(5_000))])
    run_ok(claude, "Get ready.", run_env)
    notes = claude.repo / "notes.md"
    claude.api.set_script([
        step(tool("Write", file_path=str(notes), content="# Notes\n"), usage=context_usage(ARMS)),
        step(tool("Bash", command=settled("echo two"), description="Two"), usage=context_usage(155_000)),
        step(tool("Bash", command=settled("echo three"), description="Three"), usage=context_usage(160_000)),
        step(tool("Bash", command=settled("echo four"), description="Four"), usage=context_usage(SWAPS)),
        step(tool("Bash", command="ls", description="List"), usage=context_usage(4_000)),
        step("All done.", usage=context_usage(4_500)),
    ])
    result = run_ok(claude, "Write the notes, then run the echoes.", run_env, continue_session=True)
    assert claude.api.steps_left == 0
    [boundary] = result.system_events("compact_boundary")
    assert boundary["compact_metadata"]["precomputed"] is True, boundary
    assert boundary["compact_metadata"]["trigger"] == "auto"

    # PreCompact fires once, at the arm point; the turn goes on (PostToolUse) before the swap.
    order = events(hook_dump)
    pre, start = order.index("PreCompact"), order.index("SessionStart(compact)")
    assert order.count("PreCompact") == 1 and "PostToolUse" in order[pre:start]
    assert order[start + 1] == "PostCompact"
    [pre_stdin] = [r["stdin"] for r in read_dump(hook_dump, "PreCompact")]
    assert pre_stdin["trigger"] == "auto" and "agent_id" not in pre_stdin

    # The block reached the background summary's request; the note the first request after the swap.
    [compaction] = claude.api.compaction_requests()
    assert BLOCK_HEADER in all_text(compaction)
    first_after = main_requests_after_the_swap(claude)
    assert RESTORE_HEADER in all_text(first_after[0])
    assert all(RESTORE_HEADER not in all_text(r) for r in claude.api.requests if r.index < first_after[0].index)

    # One archive: the transcript at the swap, the turn since the arm point included.
    [archive] = archives(claude, env)
    assert "echo four" in archive.read_text()
    # As `history` shows it: the boundary's flag says the summary was precomputed. The hooks
    # alone can only infer it from turns written between PreCompact and the swap, and none
    # are when PreCompact is slower than the turn (a busy machine): the background summary
    # waits for its block, and it archives the turn itself.
    [view] = with_tokens_after(history(claude, env), runs_dir(env, claude.repo))
    assert (view.kind, view.trigger, view.fires) == ("precomputed", "auto", 1)
    assert view.tokens_before is not None and view.tokens_before >= 167_000
    # The summary kept none of the block: the note (and the refill, for what the note does not
    # carry) put every fact of it in front of the main agent.
    assert block_facts_missing(claude, env, hooked_session(hook_dump), claude.api.requests[-1]) == []
    assert all_text(claude.api.requests[-1]).count(REFILL_HEADER) <= 1
    no_hook_errors(claude)


@LATE_PRECOMPACT
def test_an_unused_precompute_then_a_compact_is_one_compaction(
    claude: ClaudeSession, env: dict[str, str], hook_dump: Path
) -> None:
    enable_precompute(claude)
    dump_hooks(claude, hook_dump)
    run_env = env | PRECOMPUTE_ENV
    claude.api.set_script([step("Ready.", usage=context_usage(5_000))])
    run_ok(claude, "Get ready.", run_env)
    compactions = runs_dir(env, claude.repo).compactions
    claude.api.set_script([
        step(tool("Bash", command=settled("echo armed"), description="Arm"), usage=context_usage(ARMS)),
        # The turn ends below the threshold: the summary computed in the background is not used.
        # The run ends with it, and Claude Code ends hooks still running then: the turn waits
        # until the arm point's PreCompact has recorded its fire, however slowly it ran.
        step(tool("Bash", command=waits_until(f"command grep -qs pre_compact {shlex.quote(str(compactions))}"),
                  description="Wait"), usage=context_usage(ARMS + 500)),
        step("Stopping here.", usage=context_usage(ARMS + 1_000)),
    ])
    run_ok(claude, "Run the echo.", run_env, continue_session=True)
    assert events(hook_dump).count("PreCompact") == 1 and "PostCompact" not in events(hook_dump)
    run_ok(claude, "/compact", run_env, continue_session=True)
    claude.api.set_script([step("Continuing.")])
    run_ok(claude, "Continue.", run_env, continue_session=True)

    assert events(hook_dump).count("PreCompact") == 2 and events(hook_dump).count("PostCompact") == 1
    [view] = history(claude, env)
    assert (view.trigger, view.fires) == ("manual", 2)
    assert len(archives(claude, env)) == 1
    assert len(compaction_file.all_for(runs_dir(env, claude.repo), hooked_session(hook_dump))) == 1
    assert RESTORE_HEADER in all_text(claude.api.requests[-1])
    no_hook_errors(claude)


# -- PostCompact never comes ----------------------------------------------------------------------------


def test_without_postcompact_the_summary_in_the_transcript_is_checked_and_refilled(
    claude: ClaudeSession, env: dict[str, str]
) -> None:
    settings = claude.read_settings()
    del settings["hooks"]["PostCompact"]  # as on the versions that never fire it
    claude.write_settings(settings)
    claude.api.summary = summary_without_the_block
    session = TaskSession(claude.repo, runs_dir(env, claude.repo))
    script = session.script(final_usage=AUTO_COMPACT_USAGE, closing_usage=3_000)
    closing = script.pop()
    claude.api.set_script([
        *script, step(tool("Bash", command=settled("ls calc"), description="List"), usage=context_usage(3_500)), closing
    ])
    result = run_ok(claude, "Build the calc tokenizer and parser; track the work with tasks.",
                    env | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"})
    assert claude.api.steps_left == 0 and len(result.system_events("compact_boundary")) == 1
    first, after_tool = claude.api.requests_after_compaction()[:2]
    assert REFILL_HEADER not in all_text(first) and REFILL_HEADER in all_text(after_tool)
    [check] = [r for r in read_history(runs_dir(env, claude.repo), result.session_id) if r.source == "post_compact"]
    assert check.summary_from == "transcript" and check.refill_items
    assert sum(f["kept"] for f in check.check.values()) == 0  # the summary carried none of the block
    no_hook_errors(claude)


# -- a subagent's own compaction ---------------------------------------------------------------------------


def test_a_subagents_own_compaction_leaves_the_main_sessions_block_note_and_refill_alone(
    claude: ClaudeSession, env: dict[str, str], hook_dump: Path
) -> None:
    dump_hooks(claude, hook_dump)
    # After its compaction the subagent's first message is the summary: the key keeps routing
    # its requests to its script.
    claude.api.summary = "<analysis>Fake.</analysis>\n<summary>COUNT: the subagent lists the files.</summary>"
    claude.api.set_script([
        step(tool("Agent", description="Count the files", subagent_type="general-purpose", run_in_background=False,
                  prompt="COUNT: count the files in the repo."), usage=context_usage(6_000)),
        step("The subagent counted the files.", usage=context_usage(7_000)),
    ])
    claude.api.set_subagent_script({"COUNT:": [
        step(tool("Bash", command=settled("echo one"), description="One"), usage=context_usage(5_000)),
        step(tool("Bash", command=settled("ls"), description="List"), usage=context_usage(AUTO_COMPACT_USAGE)),
        step(tool("Bash", command="echo after", description="After"), usage=context_usage(3_000)),
        step("There is one file.", usage=context_usage(3_500)),
    ]})
    result = run_ok(claude, "Count the files with a subagent.", env | {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"})
    assert claude.api.subagent_steps_left == {"COUNT:": 0}
    # The subagent compacted; the main session did not.
    [compaction] = claude.api.compaction_requests()
    assert is_subagent_request(compaction.body) and result.system_events("compact_boundary") == []
    compaction_hooks = [r["stdin"] for r in read_dump(hook_dump) if r["event"] in ("PreCompact", "PostCompact")
                        or r["stdin"].get("source") == "compact"]
    assert [s["hook_event_name"] for s in compaction_hooks] == ["PreCompact", "SessionStart", "PostCompact"]
    assert all(s["session_id"] == hooked_session(hook_dump) for s in compaction_hooks)
    # 2.1.330 and 2.1.332 name the subagent (agent_id); 2.1.299 names none, and the hooks tell
    # by the usage in the transcripts (compacting_agent). Either way all three alike.
    assert len({bool(s.get("agent_id")) for s in compaction_hooks}) == 1
    # Nothing of the main session's reached the subagent or was recorded as the main's compaction.
    assert BLOCK_HEADER not in all_text(compaction)
    assert not any(RESTORE_HEADER in all_text(r) or REFILL_HEADER in all_text(r) for r in claude.api.requests)
    runs = runs_dir(env, claude.repo)
    assert [(r.source, r.trigger) for r in read_history(runs)] == [("subagent", "auto")]
    assert archives(claude, env) == [] and compaction_file.all_for(runs, hooked_session(hook_dump)) == []
    [view] = history(claude, env)
    assert view.kind == "subagent"
    no_hook_errors(claude)


# -- sleep compaction --------------------------------------------------------------------------------------

SLEEP_ENV = {
    # A `-p` session with stdin kept open compacts itself after a quiet spell when its context
    # is large enough and its prompt cache warm: only on a hosted session (CLAUDE_CODE_REMOTE).
    "CLAUDE_CODE_SLEEP_COMPACT": "1",
    "CLAUDE_CODE_REMOTE": "1",
    "CLAUDE_CODE_SLEEP_COMPACT_AFTER_MS": "60000",  # the shortest delay it takes (60-210 s)
    "CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS": "60000",
}
QUIET_S = 61.0  # past the 60 s delay; with CLAUDE_CODE_REMOTE it compacted at 62 s (real time)
IDLE_S = 80.0  # how long the session without CLAUDE_CODE_REMOTE is left idle
# A `system/session_state_changed` line on stdout at each turn's end. Claude Code writes the
# `idle` one just before it arms the sleep compaction's timer, in the same synchronous step,
# so the clock is moved after both (this variable changes nothing else in 2.1.330).
STATE_EVENTS = {"CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS": "1"}


def idle_turns(out: Path) -> int:
    """How many times the streaming run's session went idle (a turn ended) so far."""
    records = read_jsonl(out)
    return sum(1 for r in records if r.get("subtype") == "session_state_changed" and r.get("state") == "idle")


def go_quiet(run: StreamingRun, clock: SessionClock, seconds: float) -> float:
    """Once the run's first turn is over, let `seconds` of quiet pass for it; the session's
    clock reading at the turn's end. With the shim they pass at once; without it, the waits
    that follow wait them out in real time."""
    run.wait_for(lambda: idle_turns(run.out) >= 1, "the end of the first turn")
    time.sleep(POLL_S)  # the timer is armed microseconds after the line is written
    idle_at = clock.now()
    clock.advance(seconds)
    return idle_at


# Where gcc cannot build the clock shim, the quiet minute passes in real time.
@(pytest.mark.slow if shutil.which("gcc") is None else lambda test: test)
def test_a_sleep_compaction_is_a_manual_one_nobody_typed(
    claude: ClaudeSession, claude_binary: Path, env: dict[str, str], hook_dump: Path, tmp_path: Path,
    clock_shift_library: Path | None,
) -> None:
    # Beside it, for IDLE_S of quiet: without CLAUDE_CODE_REMOTE the variable changes nothing,
    # which doctor says.
    without = {k: v for k, v in SLEEP_ENV.items() if k != "CLAUDE_CODE_REMOTE"}
    with FakeApi() as plain_api:
        plain = ClaudeSession(claude_binary, plain_api, tmp_path / "not-hosted")
        plain_api.set_script([
            step(tool("Bash", command="true"), usage=usage_of(1, 20, 1_000, 80_000)),
            step("done", usage=usage_of(1, 20, 0, 81_000)),
        ])
        plain_clock = SessionClock(tmp_path / "not-hosted" / "clock", clock_shift_library)
        with StreamingRun(plain, without | STATE_EVENTS | plain_clock.env, tmp_path / "not-hosted.jsonl") as beside:
            beside.send("go")
            plain_idle_at = go_quiet(beside, plain_clock, IDLE_S)
            clock = SessionClock(tmp_path / "clock", clock_shift_library)
            _sleep_compaction(claude, env | STATE_EVENTS | clock.env, hook_dump, tmp_path, clock)
            # By now its event loop, which wakes every second, has run its timers many times
            # past the shifted clock (or, without the shim, the real IDLE_S has passed).
            plain_clock.sleep_until(plain_idle_at + IDLE_S)
            assert beside.proc.poll() is None and plain_api.steps_left == 0
            assert plain_api.compaction_requests() == []
    names = {c.name: c for c in check_compaction(tmp_path, {"HOME": str(tmp_path), **without})}
    assert not names["setting CLAUDE_CODE_SLEEP_COMPACT"].ok
    hosted = {c.name for c in check_compaction(tmp_path, {"HOME": str(tmp_path), **SLEEP_ENV})}
    assert "setting CLAUDE_CODE_SLEEP_COMPACT" not in hosted


def _sleep_compaction(
    claude: ClaudeSession, env: dict[str, str], hook_dump: Path, tmp_path: Path, clock: SessionClock
) -> None:
    dump_hooks(claude, hook_dump)
    claude.add_hook("UserPromptSubmit", dump_hook_command(hook_dump))
    claude.add_hook("Stop", dump_hook_command(hook_dump))
    claude.api.summary = summary_without_the_block
    notes = claude.repo / "notes.md"
    claude.api.set_script([
        step(tool("Write", file_path=str(notes), content="# Notes\n"), usage=context_usage(40_000)),
        step("Done for now.", usage=context_usage(81_000)),
        step("Next answer.", usage=context_usage(5_000)),
    ])
    with StreamingRun(claude, env | SLEEP_ENV, tmp_path / "stream.jsonl") as run:
        run.send("Write the notes.")
        go_quiet(run, clock, QUIET_S)
        run.wait_for(lambda: "PostCompact" in events(hook_dump), "sleep compaction")
        run.send("What next?")
        run.wait_for(lambda: events(hook_dump).count("Stop") == 2, "the answer to the second prompt")
    order = events(hook_dump)
    pre = order.index("PreCompact")
    # Nobody typed /compact: no prompt between the turn and the compaction.
    assert order[pre - 1] == "Stop" and order.count("UserPromptSubmit") == 2
    assert order[pre:pre + 3] == ["PreCompact", "SessionStart(compact)", "PostCompact"]
    [pre_stdin] = [r["stdin"] for r in read_dump(hook_dump, "PreCompact")]
    assert pre_stdin["trigger"] == "manual" and not pre_stdin.get("custom_instructions")
    [compaction] = claude.api.compaction_requests()
    assert BLOCK_HEADER in all_text(compaction)
    after = main_requests_after_the_swap(claude)
    text = all_text(after[0])
    assert RESTORE_HEADER in text and "What next?" in text
    assert "<local-command-stdout>" in text and BLOCK_HEADER in text  # the /compact echo of the block
    assert block_facts_missing(claude, env, hooked_session(hook_dump), after[0]) == []
    [view] = history(claude, env)
    assert (view.trigger, view.fires) == ("manual", 1)
    no_hook_errors(claude, hooked_session(hook_dump))
