"""The PostToolUse gate: below the threshold a call ends before the model is loaded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.hooks.gate import tail_usage

REPO = Path(__file__).resolve().parents[2]
HOOK = REPO / "hooks" / "auto_context_manager.py"


def assistant(tokens: int, model: str = "claude-sonnet-4-5", **extra: object) -> dict:
    return {
        "type": "assistant",
        "message": {"id": "m", "model": model, "content": [], "usage": {"input_tokens": tokens - 10, "cache_read_input_tokens": 5, "output_tokens": 5}},
        **extra,
    }


def write(path: Path, records: list[dict], tail: bytes = b"") -> Path:
    path.write_bytes(b"".join(json.dumps(r).encode() + b"\n" for r in records) + tail)
    return path


def test_newest_main_chain_response_wins(tmp_path: Path) -> None:
    path = write(
        tmp_path / "t.jsonl",
        [
            assistant(1000),
            assistant(5000),
            {"type": "user", "message": {"role": "user", "content": "assistant said"}},
            assistant(9000, isSidechain=True),
            assistant(9100, isMeta=True),
            assistant(9200, model="<synthetic>"),
        ],
        tail=b'{"type":"assistant","message":{"usage":{"input_tokens":77',  # being written
    )
    assert tail_usage(path) == (5000, "claude-sonnet-4-5")


def test_a_boundary_after_the_last_response_settles_nothing(tmp_path: Path) -> None:
    boundary = {"type": "system", "subtype": "compact_boundary", "compactMetadata": {"postTokens": 10}}
    assert tail_usage(write(tmp_path / "t.jsonl", [assistant(900_000), boundary])) is None
    assert tail_usage(write(tmp_path / "u.jsonl", [boundary, assistant(2000)])) == (2000, "claude-sonnet-4-5")


def test_only_the_tail_is_read(tmp_path: Path) -> None:
    path = write(tmp_path / "t.jsonl", [assistant(1234), {"type": "user", "message": {"content": "x" * 5000}}])
    assert tail_usage(path, tail_bytes=100) is None  # the response lies before the tail
    assert tail_usage(path, tail_bytes=10_000) == (1234, "claude-sonnet-4-5")


def test_a_fifo_is_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(OSError):
        tail_usage(fifo)


def run(stdin: dict, home: Path, **env: str) -> subprocess.CompletedProcess[str]:
    # Report which of the package's modules the call imported.
    code = (
        "import runpy, sys\n"
        f"sys.argv = [{str(HOOK)!r}]\n"
        "try:\n"
        f"    runpy.run_path({str(HOOK)!r}, run_name='__main__')\n"
        "except SystemExit:\n"
        "    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith('context_keeper')))\n"
    )
    # HOME and no CLAUDE_ variables: the gate reads where Claude Code compacts from them.
    outer = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "DISABLE_"))}
    environ = {**outer, "HOME": str(home), "CONTEXT_KEEPER_HOME": str(home), "CONTEXT_KEEPER_CONFIG": str(home / "none.toml"), **env}
    return subprocess.run([sys.executable, "-c", code], input=json.dumps(stdin), capture_output=True, text=True, env=environ, check=True)


@pytest.mark.parametrize(("threshold", "folded"), [("50", False), ("40", True)])
def test_the_hook_skips_the_model_below_the_threshold(tmp_path: Path, threshold: str, folded: bool) -> None:
    transcript = write(tmp_path / "t.jsonl", [{"type": "user", "message": {"content": "go"}}, assistant(90_000)])  # 45 % of 200k
    stdin = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path), "hook_event_name": "PostToolUse", "tool_name": "Bash"}
    result = run(stdin, tmp_path / "home", CONTEXT_KEEPER_CONTEXT_THRESHOLD=threshold)
    assert result.stderr == ""
    modules = result.stdout.strip()
    assert ("context_keeper.session" in modules) is folded
    assert "context_keeper.hooks.gate" in modules
    log = next((tmp_path / "home" / "runs").glob("*/context-keeper.log")).read_text()
    assert ("below 50%: nothing to do" in log) is (not folded)


def test_above_the_threshold_calls_between_checks_skip_the_model(tmp_path: Path) -> None:
    # 45 % of 200k is above a 40 % threshold; checks every 3 turns.
    records = [{"type": "user", "message": {"content": "go"}}]
    records += [dict(assistant(90_000), message={**assistant(90_000)["message"], "id": f"m{i}"}) for i in range(5)]
    transcript = write(tmp_path / "t.jsonl", records)
    stdin = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path), "hook_event_name": "PostToolUse", "tool_name": "Bash"}
    home = tmp_path / "home"
    env = {"CONTEXT_KEEPER_CONTEXT_THRESHOLD": "40", "CONTEXT_KEEPER_CHECK_FREQUENCY": "3"}

    def folded() -> bool:
        return "context_keeper.session" in run(stdin, home, **env).stdout

    assert folded()  # no check yet: checks now, records where
    assert not folded()  # nothing new since the check
    with open(transcript, "ab") as handle:
        for i in range(2):
            handle.write(json.dumps(dict(assistant(90_000), message={**assistant(90_000)["message"], "id": f"n{i}"})).encode() + b"\n")
    assert not folded()  # 2 new turns < 3
    with open(transcript, "ab") as handle:
        handle.write(json.dumps(dict(assistant(90_000), message={**assistant(90_000)["message"], "id": "n9"})).encode() + b"\n")
    assert folded()  # the third: check again
    assert not folded()
    # Another file at the transcript's path: the record of the last check no longer applies.
    replacement = tmp_path / "other.jsonl"
    replacement.write_bytes(transcript.read_bytes())
    replacement.replace(transcript)
    assert folded()
    log = next((home / "runs").glob("*/context-keeper.log")).read_text()
    assert "2 turn(s) since the check at turn 5: next check after 3" in log


def test_a_fifo_at_the_check_record_is_not_waited_on(tmp_path: Path) -> None:
    transcript = write(tmp_path / "t.jsonl", [{"type": "user", "message": {"content": "go"}}, assistant(90_000)])
    stdin = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path), "hook_event_name": "PostToolUse", "tool_name": "Bash"}
    home = tmp_path / "home"
    run(stdin, home, CONTEXT_KEEPER_CONTEXT_THRESHOLD="40", CONTEXT_KEEPER_CHECK_FREQUENCY="1")
    check = next((home / "runs").glob("*/state/s1.check"))
    check.unlink()
    os.mkfifo(check)
    result = run(stdin, home, CONTEXT_KEEPER_CONTEXT_THRESHOLD="40", CONTEXT_KEEPER_CHECK_FREQUENCY="1")  # would hang on open() without O_NONBLOCK
    assert "context_keeper.session" in result.stdout


def test_below_the_threshold_the_fold_never_lags_by_more_than_max_lag(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # 45 % of 200k is below a 50 % threshold: the model waits, unless the transcript ran more
    # than MAX_LAG_BYTES ahead of the saved state (so a manual /compact has little to fold).
    from context_keeper.hooks import gate

    big = {"type": "user", "message": {"content": "x" * 4000}}
    transcript = write(tmp_path / "t.jsonl", [{"type": "user", "message": {"content": "go"}}, *[big] * 5, assistant(90_000)])
    stdin = {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path), "hook_event_name": "PostToolUse", "tool_name": "Bash"}
    home = tmp_path / "home"
    size = transcript.stat().st_size
    env = {"CONTEXT_KEEPER_CONTEXT_THRESHOLD": "50"}
    # MAX_LAG_BYTES is 8 MB; run the hook with a small one through a sitecustomize shim.
    shim = tmp_path / "shim"
    shim.mkdir()
    (shim / "sitecustomize.py").write_text(f"import context_keeper.hooks.gate as g\ng.MAX_LAG_BYTES = {size - 1}\n")
    env["PYTHONPATH"] = str(shim)
    assert "context_keeper.session" in run(stdin, home, **env).stdout  # no state: all of it lags
    assert "context_keeper.session" not in run(stdin, home, **env).stdout  # folded: nothing lags
    with open(transcript, "ab") as handle:
        for _ in range(3):
            handle.write(json.dumps(big).encode() + b"\n")
    assert "context_keeper.session" not in run(stdin, home, **env).stdout  # under the bound
    with open(transcript, "ab") as handle:
        for _ in range(5):
            handle.write(json.dumps(big).encode() + b"\n")
    assert "context_keeper.session" in run(stdin, home, **env).stdout  # past it: folds
    assert gate.MAX_LAG_BYTES == 8 << 20


def opus_session(tmp_path: Path, tokens: int) -> dict:
    transcript = write(tmp_path / "t.jsonl", [{"type": "user", "message": {"content": "go"}}, assistant(tokens, model="claude-opus-5-5")])
    return {"session_id": "s1", "transcript_path": str(transcript), "cwd": str(tmp_path), "hook_event_name": "PostToolUse", "tool_name": "Bash"}


@pytest.mark.parametrize(
    ("setting", "env", "checks"),
    [
        (None, {}, False),  # 150k of 1M: 15 %, far below 70 %
        (None, {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, True),  # 86.9 % of 1M scaled to a compaction at 167k
        ({"autoCompactWindow": 200_000}, {}, True),
        ({"autoCompactWindow": "200k"}, {}, False),  # a string: Claude Code ignores it, so do we
        (None, {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "15"}, True),  # its point 147k: 1M scaled to 152,016, 150k is 98.7 %
        (None, {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000", "CONTEXT_KEEPER_CONTEXT_WINDOW": "1000000"}, False),
    ],
)
def test_the_cold_check_comes_before_the_compaction_the_user_brought_forward(tmp_path: Path, setting: dict | None, env: dict[str, str], checks: bool) -> None:
    # Claude Code compacts a 1M session at 967k by default, at 167k with a 200k compaction
    # window: 70 % of the model's window would lie past that point, and the check never run.
    home = tmp_path / "home"
    if setting is not None:
        (tmp_path / ".claude").mkdir()
        (tmp_path / ".claude" / "settings.json").write_text(json.dumps(setting))
    result = run(opus_session(tmp_path, 150_000), home, CONTEXT_KEEPER_CHECK_FREQUENCY="1", CLAUDE_PROJECT_DIR=str(tmp_path), **env)
    assert result.stderr == ""
    log = next((home / "runs").glob("*/context-keeper.log")).read_text()
    assert ("checked: summarised" in log) is checks


def test_the_log_shows_the_percentage_the_threshold_was_compared_with(tmp_path: Path) -> None:
    # 150k is 15 % of the model's 1M window and 86.9 % of the window scaled to a compaction at
    # 167k: a line saying only "usage=15.0% ... checked" would contradict the 70 % threshold.
    home = tmp_path / "home"
    env = {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000", "CONTEXT_KEEPER_CHECK_FREQUENCY": "1"}
    run(opus_session(tmp_path, 150_000), home, CLAUDE_PROJECT_DIR=str(tmp_path), **env)
    log = next((home / "runs").glob("*/context-keeper.log")).read_text()
    assert "usage=15.0% (150000/1000000 usage; 86.9% of 172699 for the threshold) checked" in log


def test_a_settings_file_that_is_a_fifo_does_not_hold_the_gate(tmp_path: Path) -> None:
    # The user settings file is read on every call; a FIFO there used to hang its open until
    # the hook's budget ran out, so that every call ended in a timeout and decided nothing.
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    os.mkfifo(home / ".claude" / "settings.json")
    result = run(opus_session(tmp_path, 150_000), home, CLAUDE_PROJECT_DIR=str(tmp_path))
    assert result.stderr == ""
    log = next((home / "runs").glob("*/context-keeper.log")).read_text()
    assert "skipped (usage 15.0% below 70%" in log
    assert "context_keeper.session" not in result.stdout


def test_a_settings_file_with_nan_does_not_fail_the_call(tmp_path: Path) -> None:
    # Not JSON to Claude Code (ignored whole); Python's decoder read NaN, and the window
    # computed from it raised in every PostToolUse call.
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    (home / ".claude" / "settings.json").write_text('{"autoCompactWindow": NaN}')
    run(opus_session(tmp_path, 150_000), home, CLAUDE_PROJECT_DIR=str(tmp_path))
    log = next((home / "runs").glob("*/context-keeper.log")).read_text()
    assert "ERROR" not in log
    assert "skipped (usage 15.0% below 70%" in log
