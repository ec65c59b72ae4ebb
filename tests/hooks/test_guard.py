import io
import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from context_keeper.hooks import guard
from context_keeper.hooks.guard import HookContext, HookTimeout, run_hook
from context_keeper.store import repo_key

SESSION = "b3445fea-82de-4faa-bf75-29dba206bde4"


@pytest.fixture
def env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private home and an empty config file; returns the home."""
    home = tmp_path / "home"
    cfg = tmp_path / "config.toml"
    cfg.write_text("")
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(home))
    monkeypatch.setenv("CONTEXT_KEEPER_CONFIG", str(cfg))
    for name in list(os.environ):
        if name.startswith("CONTEXT_KEEPER_") and name not in ("CONTEXT_KEEPER_HOME", "CONTEXT_KEEPER_CONFIG"):
            monkeypatch.delenv(name)
    return home


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    return tmp_path / "repo"


def stdin_for(repo: Path, event: str = "PostToolUse", **extra: object) -> io.BytesIO:
    payload = {
        "session_id": SESSION,
        "transcript_path": str(repo / "t.jsonl"),
        "cwd": str(repo),
        "hook_event_name": event,
        "tool_name": "Bash",
        **extra,
    }
    return io.BytesIO(json.dumps(payload).encode())


def runs_log(home: Path, repo: Path) -> str:
    path = home / "runs" / repo_key(repo) / "context-keeper.log"
    return path.read_text() if path.exists() else ""


def call(work, stdin: io.BytesIO, capsys: pytest.CaptureFixture[str], event: str = "PostToolUse") -> str:
    out = io.StringIO()
    assert run_hook(event, work, stdin=stdin, stdout=out) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == ""  # nothing leaks to the real streams
    return out.getvalue()


def test_success_prints_the_text_and_logs_one_info_line(env: Path, repo: Path, capsys) -> None:
    seen: list[HookContext] = []

    def work(ctx: HookContext) -> str:
        seen.append(ctx)
        return "the block"

    assert call(work, stdin_for(repo), capsys) == "the block"
    ctx = seen[0]
    assert ctx.hook.session_id == SESSION and ctx.hook.cwd == repo
    assert ctx.settings.home == env
    assert ctx.runs.root == env / "runs" / repo_key(repo) and ctx.runs.state.is_dir()
    log = runs_log(env, repo)
    info = [line for line in log.splitlines() if " INFO " in line]
    assert len(info) == 1
    assert "PostToolUse" in info[0] and SESSION in info[0] and " ms" in info[0]


@pytest.mark.parametrize("result", [None, ""])
def test_empty_result_prints_nothing(env: Path, repo: Path, capsys, result) -> None:
    assert call(lambda ctx: result, stdin_for(repo), capsys) == ""
    assert " INFO " in runs_log(env, repo)


def test_default_stdout_gets_utf8_bytes(env: Path, repo: Path) -> None:
    script = "import sys\nfrom context_keeper.hooks.guard import run_hook\nsys.exit(run_hook('PostToolUse', lambda c: 'héllo ✓'))"
    proc = subprocess.run(
        [sys.executable, "-c", script],
        input=stdin_for(repo).getvalue(),
        capture_output=True,
        env={**os.environ, "LC_ALL": "C", "PYTHONIOENCODING": "ascii"},
    )
    assert proc.returncode == 0 and proc.stderr == b""
    assert proc.stdout.decode("utf-8") == "héllo ✓"


@pytest.mark.parametrize(
    "data",
    [
        b"",
        b"not json",
        b"[1,2]",
        b'{"cwd": "/x", "hook_event_name": "PostToolUse"}',
        b'{"session_id": 5, "cwd": "/x", "hook_event_name": "PostToolUse"}',
    ],
)
def test_bad_stdin_is_logged_to_the_home_log(env: Path, capsys, data: bytes) -> None:
    called = []
    assert call(lambda ctx: called.append(1) or "x", io.BytesIO(data), capsys) == ""
    assert called == []
    log = (env / "context-keeper.log").read_text()
    assert " ERROR " in log and "bad hook input" in log and "PostToolUse" in log
    assert oct(os.stat(env).st_mode & 0o777) == "0o700"


def test_oversized_stdin_is_refused(env: Path, repo: Path, capsys, monkeypatch) -> None:
    monkeypatch.setattr(guard, "MAX_STDIN_BYTES", 100)  # instead of feeding 64 MiB
    assert call(lambda ctx: "x", stdin_for(repo, padding="p" * 200), capsys) == ""
    assert "larger than 100 bytes" in (env / "context-keeper.log").read_text()


def test_work_raising_is_logged_with_traceback(env: Path, repo: Path, capsys) -> None:
    def failing_work(ctx: HookContext) -> str:
        raise ValueError("boom with password=hunter2")

    assert call(failing_work, stdin_for(repo), capsys) == ""
    log = runs_log(env, repo)
    assert "Traceback" in log and "failing_work" in log and "ValueError: boom" in log
    assert "hunter2" not in log  # the log redacts
    assert SESSION in log


@pytest.mark.parametrize("exc", [KeyboardInterrupt, MemoryError, SystemExit, OSError, RecursionError])
def test_any_exception_returns_zero(env: Path, repo: Path, capsys, exc: type[BaseException]) -> None:
    def work(ctx: HookContext) -> str:
        raise exc()

    assert call(work, stdin_for(repo), capsys) == ""
    assert exc.__name__ in runs_log(env, repo)


def test_partial_work_prints_nothing(env: Path, repo: Path, capsys) -> None:
    def work(ctx: HookContext) -> str:
        text = "half a block"
        if text:
            raise RuntimeError("failed before returning")
        return text

    assert call(work, stdin_for(repo), capsys) == ""


def test_non_text_result_is_an_error(env: Path, repo: Path, capsys) -> None:
    assert call(lambda ctx: b"bytes", stdin_for(repo), capsys) == ""  # type: ignore[arg-type,return-value]
    assert "expected str" in runs_log(env, repo)


def test_timeout_stops_work(env: Path, repo: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_HOOK_BUDGET", "0.2")
    reached_end = []

    def slow(ctx: HookContext) -> str:
        # Broad `except Exception` in work code must not swallow the budget.
        for _ in range(100):
            try:
                time.sleep(0.1)
            except Exception:
                pass
        reached_end.append(1)
        return "too late"

    before = signal.getsignal(signal.SIGALRM)
    started = time.monotonic()
    assert call(slow, stdin_for(repo), capsys) == ""
    assert time.monotonic() - started < 8  # the step alone takes 10 s
    assert reached_end == []
    assert "HookTimeout" in runs_log(env, repo) and "0.2 s" in runs_log(env, repo)
    # The alarm is disarmed and the previous handler is back.
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)
    assert signal.getsignal(signal.SIGALRM) is before


def test_event_cap_bounds_a_generous_budget(env: Path, repo: Path, capsys, monkeypatch) -> None:
    # hook_budget may be set above Claude Code's timeout for the hook; the cap still holds.
    monkeypatch.setenv("CONTEXT_KEEPER_HOOK_BUDGET", "100")
    monkeypatch.setitem(guard.BUDGET_CAPS, "PostToolUse", 0.2)
    started = time.monotonic()
    assert call(lambda ctx: time.sleep(30) or "too late", stdin_for(repo), capsys) == ""
    assert time.monotonic() - started < 15  # cut at the cap, long before the step's 30 s
    assert "0.2 s" in runs_log(env, repo)


def test_budget_is_disarmed_after_fast_work(env: Path, repo: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_HOOK_BUDGET", "0.3")
    assert call(lambda ctx: "quick", stdin_for(repo), capsys) == "quick"
    time.sleep(0.5)  # an armed timer would fire here and kill the test with HookTimeout
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_hook_timeout_is_not_an_exception() -> None:
    assert not issubclass(HookTimeout, Exception)


def test_unwritable_runs_dir_falls_back_to_home_log(env: Path, repo: Path, capsys) -> None:
    env.mkdir()
    (env / "runs").write_text("a file where the runs dir should be")
    # The work still runs (PreCompact must still print its block); writes fail on their own.
    assert call(lambda ctx: "x", stdin_for(repo), capsys) == "x"
    log = (env / "context-keeper.log").read_text()
    assert " WARNING " in log and "is unusable" in log

    def writes(ctx: HookContext) -> str:
        ctx.runs.state_path(SESSION).write_text("x")
        return "never printed"

    assert call(writes, stdin_for(repo), capsys) == ""
    log = (env / "context-keeper.log").read_text()
    assert " ERROR " in log and "Traceback" in log and SESSION in log


def test_symlinked_runs_dir_is_refused(env: Path, repo: Path, tmp_path: Path, capsys) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (env / "runs").mkdir(parents=True)
    (env / "runs" / repo_key(repo)).symlink_to(elsewhere)
    assert call(lambda ctx: "x", stdin_for(repo), capsys) == "x"
    assert list(elsewhere.iterdir()) == []
    assert "refusing symlink" in (env / "context-keeper.log").read_text()


def test_unwritable_home_is_silent(tmp_path: Path, repo: Path, capsys, monkeypatch, env: Path) -> None:
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(blocker / "home"))  # below a regular file
    assert call(lambda ctx: "x", stdin_for(repo), capsys) == "x"
    assert call(lambda ctx: 1 / 0, stdin_for(repo), capsys) == ""
    assert blocker.read_text() == ""
    assert call(lambda ctx: "x", io.BytesIO(b"junk"), capsys) == ""


def test_stderr_writes_are_captured_into_the_log(env: Path, repo: Path, capsys) -> None:
    def noisy(ctx: HookContext) -> str:
        print("a warning from some library", file=sys.stderr)
        return "ok"

    before = sys.stderr
    assert call(noisy, stdin_for(repo), capsys) == "ok"
    assert sys.stderr is before  # restored afterwards
    assert "a warning from some library" in runs_log(env, repo)


def test_settings_warnings_and_event_mismatch_are_logged(env: Path, repo: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_CHECK_FREQUENCY", "often")
    ran = []
    assert call(lambda ctx: ran.append(ctx.settings.check_frequency) or "", stdin_for(repo, "PreCompact"), capsys) == ""
    assert ran == [10]
    log = runs_log(env, repo)
    assert "check_frequency" in log and "'often'" in log
    assert "received a PreCompact event" in log


HOOK_SCRIPT = """
    import sys, time
    from context_keeper.hooks.guard import run_hook
    mode = sys.argv[1]
    def work(ctx):
        if mode == "raise":
            raise RuntimeError("work failed")
        if mode == "sleep":
            while True:
                time.sleep(1)
        if mode == "stderr":
            sys.stderr.write("noise\\n")
        return "preserved: " + ctx.hook.session_id
    sys.exit(run_hook("PreCompact", work))
"""


@pytest.mark.parametrize(
    ("mode", "data", "expected"),
    [
        ("ok", None, f"preserved: {SESSION}"),
        ("stderr", None, f"preserved: {SESSION}"),
        ("raise", None, ""),
        ("sleep", None, ""),
        ("ok", b"\x00\xff garbage", ""),
        ("ok", b"", ""),
    ],
)
def test_real_hook_process(env: Path, repo: Path, mode: str, data: bytes | None, expected: str) -> None:
    stdin = data if data is not None else stdin_for(repo, "PreCompact", trigger="manual").getvalue()
    environ = {**os.environ, "CONTEXT_KEEPER_HOOK_BUDGET": "0.5"}
    proc = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(HOOK_SCRIPT), mode],
        input=stdin,
        capture_output=True,
        env=environ,
        timeout=60,
    )
    assert proc.returncode == 0
    assert proc.stderr == b""
    assert proc.stdout.decode() == expected
    logs = runs_log(env, repo) + (
        (env / "context-keeper.log").read_text() if (env / "context-keeper.log").exists() else ""
    )
    if expected:
        assert " ok " in logs
    else:
        assert "Traceback" in logs or "bad hook input" in logs


@pytest.mark.parametrize("where", ["repo", "subdir"])
def test_a_project_file_with_enabled_false_ends_every_hook_at_once(env: Path, repo: Path, capsys, where: str) -> None:
    (repo / ".context-keeper.toml").write_text("enabled = false\n")
    cwd = repo if where == "repo" else repo / "src" / "deep"
    called = []
    for event in ("PostToolUse", "PreCompact", "SessionStart"):
        stdin = stdin_for(repo, event, cwd=str(cwd))
        assert call(lambda ctx: called.append(1) or "block", stdin, capsys, event) == ""
    assert called == []
    assert not (env / "runs").exists()  # nothing made for a repository that turned it off
    log = (env / "context-keeper.log").read_text()
    assert log.count(" INFO ") == 3 and " ERROR " not in log
    assert (
        f"PreCompact session={SESSION} skipped (enabled = false in {repo / '.context-keeper.toml'}, for {repo})" in log
    )


def test_the_environment_turns_a_disabled_project_back_on(env: Path, repo: Path, capsys, monkeypatch) -> None:
    (repo / ".context-keeper.toml").write_text("enabled = false\nturns_until_cold = 3\n")
    monkeypatch.setenv("CONTEXT_KEEPER_ENABLED", "1")
    seen = []
    assert call(lambda ctx: seen.append(ctx.settings.turns_until_cold) or "x", stdin_for(repo), capsys) == "x"
    assert seen == [3]  # and the project's other values apply to its hooks


def test_precompact_has_its_whole_cap_by_default() -> None:
    # A first fold of a large session under load needs it: with 20 s the hook printed no block.
    from context_keeper.config import Settings

    default = Settings(Path("/nowhere")).hook_budget
    assert min(default, guard.BUDGET_CAPS["PreCompact"]) == guard.BUDGET_CAPS["PreCompact"] == 45.0
    assert min(default, guard.BUDGET_CAPS["PostToolUse"]) == 7.0  # the others keep their caps


def test_sigterm_is_logged_as_claude_code_ending_the_run_not_as_a_failure(env: Path, repo: Path, capsys) -> None:
    """Claude Code ends a `-p` run's hooks with SIGTERM (e.g. the PreCompact of a summary begun
    in the background when the turn ends): expected, so a warning without a traceback."""

    def terminated_work(ctx: HookContext) -> str:
        raise guard.HookTerminated("terminated by SIGTERM")

    assert call(terminated_work, stdin_for(repo, "PreCompact", trigger="auto"), capsys, "PreCompact") == ""
    log = runs_log(env, repo)
    assert "WARNING PreCompact" in log and "terminated by SIGTERM" in log
    assert "ERROR" not in log and "Traceback" not in log


def test_an_input_without_its_event_name_is_read_as_the_one_event_of_the_script(env: Path, repo: Path, capsys) -> None:
    # A version that drops the field still runs a script only for the event it was registered for.
    payload = json.loads(stdin_for(repo, "PreCompact").getvalue())
    del payload["hook_event_name"]
    seen: list[str] = []
    out = io.StringIO()
    assert (
        run_hook(
            "PreCompact",
            lambda ctx: seen.append(ctx.hook.event) or "the block",
            stdin=io.BytesIO(json.dumps(payload).encode()),
            stdout=out,
        )
        == 0
    )
    assert seen == ["PreCompact"] and out.getvalue() == "the block"
    assert "hook input has no 'hook_event_name'; read as PreCompact" in runs_log(env, repo)
    capsys.readouterr()
