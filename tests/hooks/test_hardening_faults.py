"""Faults: a full disk and denied writes, a hook killed with SIGKILL mid-write, a stale lock,
a git that hangs.

Faults are injected into the real hook processes by a sitecustomize on PYTHONPATH that wraps
os.write/os.replace/os.link/os.rename/os.mkdir (CK_FAULT says which fault where). After each
fault: the hook exited 0 with its usual output (or died to SIGKILL, for the kill cases), no
partial file is visible under a final name, and the next run without the fault works.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hardening_support import PYTHON, SUMMARY_SETTINGS, Sandbox, check_output, scripted

from context_keeper.session import SessionModel, build_model

INJECTOR = textwrap.dedent(
    '''
    import errno, os, signal
    _spec = os.environ.get("CK_FAULT", "")
    _kind, _, _where = _spec.partition(":")
    _real = {name: getattr(os, name) for name in ("write", "pwrite", "copy_file_range", "replace", "link", "rename", "mkdir")}

    def _fd_path(fd):
        try:
            return os.readlink(f"/proc/self/fd/{fd}")
        except OSError:
            return ""

    def _deny(name, code):
        def wrapper(*args, **kw):
            if name == "write" and args[0] in (0, 1, 2):
                return _real[name](*args, **kw)
            raise OSError(code, os.strerror(code))
        return wrapper

    # The archive is written by the kernel (copy_file_range) where it can, else with pwrite:
    # a write fault covers those too. It is written by a child process the hook forks: a
    # kill there kills the hook too (the hook dies mid-write, as the test means).
    _hook_pid = os.getpid()

    def _die():
        if os.getpid() != _hook_pid:
            os.kill(_hook_pid, signal.SIGKILL)
        os.kill(os.getpid(), signal.SIGKILL)

    if _kind in ("enospc", "eacces"):
        code = errno.ENOSPC if _kind == "enospc" else errno.EACCES
        names = _where.split(",") if _where else list(_real)
        for name in names:
            setattr(os, name, _deny(name, code))
    elif _kind in ("kill-replace", "kill-link"):
        name = _kind.split("-")[1]
        def killer(src, dst, *args, _name=name, **kw):
            if _where in str(dst):
                _die()
            return _real[_name](src, dst, *args, **kw)
        setattr(os, name, killer)
    elif _kind == "kill-write":
        def half_then_kill(fd, data):
            if fd > 2 and _where in _fd_path(fd) and len(data) > 1:
                _real["write"](fd, bytes(data[: len(data) // 2]))
                _die()
            return _real["write"](fd, data)
        def half_then_kill_at(fd, data, offset):
            if _where in _fd_path(fd) and len(data) > 1:
                _real["pwrite"](fd, bytes(data[: len(data) // 2]), offset)
                _die()
            return _real["pwrite"](fd, data, offset)
        def half_copy_then_kill(src, dst, count, *args, **kw):
            if _where in _fd_path(dst) and count > 1:
                _real["copy_file_range"](src, dst, count // 2, *args, **kw)
                _die()
            return _real["copy_file_range"](src, dst, count, *args, **kw)
        os.write, os.pwrite, os.copy_file_range = half_then_kill, half_then_kill_at, half_copy_then_kill
    '''
)


@pytest.fixture
def injector(tmp_path: Path) -> Path:
    directory = tmp_path / "inject"
    directory.mkdir()
    (directory / "sitecustomize.py").write_text(INJECTOR)
    return directory


def faulty(sb: Sandbox, injector: Path, fault: str) -> dict[str, str]:
    # Prepended: whatever PYTHONPATH the suite runs with stays in force behind the injector.
    path = os.pathsep.join(filter(None, [str(injector), os.environ.get("PYTHONPATH", "")]))
    return {"PYTHONPATH": path, "CK_FAULT": fault}


def setup(tmp_path: Path, tasks: int = 6) -> tuple[Sandbox, Path, bytes]:
    sb = Sandbox(tmp_path / "sb", env_extra=dict(SUMMARY_SETTINGS))
    data = scripted("sess-1", tasks=tasks).data()
    path = sb.claude / "sess-1.jsonl"
    path.write_bytes(data)
    return sb, path, data


def final_files(sb: Sandbox) -> list[Path]:
    root = sb.runs.root
    return [p for p in root.rglob("*") if p.is_file() and not p.name.startswith(".")] if root.exists() else []


def check_no_partial_file(sb: Sandbox, transcript: bytes) -> None:
    """Every file under a final name is whole: state and summaries parse, archives are a
    verified prefix of the transcript, the preserved block is a block."""
    for path in final_files(sb):
        data = path.read_bytes()
        if path.parent == sb.runs.state and path.suffix == ".json":
            SessionModel.from_bytes(data)
        elif path.parent == sb.runs.summaries:
            json.loads(data)
        elif path.parent == sb.runs.archives:
            assert data and transcript.startswith(data) and data.endswith(b"\n"), f"partial archive {path.name}"
        elif path.parent == sb.runs.preserved:
            assert data.startswith(b"[context-keeper] "), f"partial preserved block {path.name}"
        # compactions.jsonl and the log are append-only: a killed append may leave a torn
        # line, which readers skip (checked below for the history).


def check_next_run_works(sb: Sandbox, path: Path, data: bytes) -> None:
    results = [sb.run(event, sb.payload(event, "sess-1", path)) for event in ("PostToolUse", "PreCompact", "SessionStart")]
    for result in results:
        check_output(result)
    assert results[1].out.startswith("[context-keeper] ") and results[2].out
    state = SessionModel.from_bytes(sb.runs.state_path("sess-1").read_bytes())
    assert state.offset == len(data) and state.turns == build_model(path).turns
    assert len(list(sb.runs.summaries.glob("*.json"))) == 5  # tasks 1-5 are cold, 6 is not
    check_no_partial_file(sb, data)


# -- full disk, denied writes, an unusable runs dir -------------------------------------------------


@pytest.mark.parametrize("fault", ["enospc", "eacces", "enospc:replace,link,rename", "eacces:write"])
def test_every_write_failing(tmp_path: Path, injector: Path, fault: str) -> None:
    sb, path, data = setup(tmp_path)
    if fault.startswith("eacces:"):
        check_output(sb.run("PostToolUse", sb.payload("PostToolUse", "sess-1", path)))  # a runs dir exists
    env = faulty(sb, injector, fault)
    results = [sb.run(event, sb.payload(event, "sess-1", path), **env)
               for event in ("PostToolUse", "PreCompact", "SessionStart")]
    for result in results:
        check_output(result)
    # The block does not depend on any write succeeding; the restore note neither.
    assert results[1].out.startswith("[context-keeper] ") and "Step 6 of the build" in results[1].out
    assert results[2].out.startswith("[context-keeper restored state] ")
    check_no_partial_file(sb, data)
    if fault == "enospc:replace,link,rename":  # the log itself still works: it names the cause
        assert "No space left on device" in sb.logs()
    check_next_run_works(sb, path, data)


def test_runs_dir_is_a_file(tmp_path: Path) -> None:
    sb, path, data = setup(tmp_path)
    sb.runs.root.parent.mkdir(parents=True)
    sb.runs.root.write_bytes(b"not a dir")
    results = [sb.run(event, sb.payload(event, "sess-1", path)) for event in ("PostToolUse", "PreCompact", "SessionStart")]
    for result in results:
        check_output(result)
    assert results[1].out.startswith("[context-keeper] ") and "Step 6 of the build" in results[1].out
    assert sb.runs.root.read_bytes() == b"not a dir"
    assert "is unusable" in (sb.home / "context-keeper.log").read_text()


# -- SIGKILL in the middle of a write ---------------------------------------------------------------

KILLS = {
    # event, fault: where the process dies
    "state before its rename": ("PostToolUse", "kill-replace:/state/"),
    "state half written": ("PostToolUse", "kill-write:/state/"),
    "summary before its link": ("PostToolUse", "kill-link:/summaries/"),
    "summary half written": ("PostToolUse", "kill-write:/summaries/"),
    "archive half copied": ("PreCompact", "kill-write:/archives/"),
    "archive before its link": ("PreCompact", "kill-link:/archives/"),
    "preserved block before its rename": ("PreCompact", "kill-replace:/preserved/"),
    "history line half written": ("PreCompact", "kill-write:compactions.jsonl"),
}


@pytest.mark.parametrize("where", list(KILLS))
def test_sigkill_mid_write_leaves_no_partial_file(tmp_path: Path, injector: Path, where: str) -> None:
    sb, path, data = setup(tmp_path)
    event, fault = KILLS[where]
    if event == "PreCompact" or "state" in where:
        # An earlier state, so a torn replacement would show.
        half = data[: data.index(b"\n", len(data) // 2) + 1]
        path.write_bytes(half)
        check_output(sb.run("PostToolUse", sb.payload("PostToolUse", "sess-1", path)))
        path.write_bytes(data)
    result = sb.run(event, sb.payload(event, "sess-1", path), **faulty(sb, injector, fault))
    assert result.rc == -signal.SIGKILL, f"the fault did not fire: {result}"
    check_no_partial_file(sb, data)
    check_next_run_works(sb, path, data)
    if "history" in where:
        # The torn line is skipped; the next run's line starts on a line of its own.
        from context_keeper.compaction.history import read_history

        records = read_history(sb.runs, "sess-1")
        assert [r.source for r in records] == ["pre_compact"], "the line after a torn one was lost"


# -- locks ----------------------------------------------------------------------------------------------

HOLD_LOCK = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from context_keeper.store import RunsDir, session_lock
    runs = RunsDir.at(Path(sys.argv[1])).ensure()
    with session_lock(runs, "sess-1", 5) as locked:
        print("locked" if locked else "busy", flush=True)
        time.sleep(60)
    """
)


def hold_lock(sb: Sandbox) -> subprocess.Popen[str]:
    proc = subprocess.Popen([PYTHON, "-c", HOLD_LOCK, str(sb.runs.root)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    return proc


def test_lock_of_a_killed_hook_does_not_block(tmp_path: Path) -> None:
    sb, path, data = setup(tmp_path)
    holder = hold_lock(sb)
    holder.send_signal(signal.SIGKILL)
    holder.wait()
    assert sb.runs.lock_path("sess-1").exists()  # the lock file stays; the lock does not
    result = sb.run("PostToolUse", sb.payload("PostToolUse", "sess-1", path))
    check_output(result)
    assert "lock busy" not in sb.logs()  # it got the lock: it did not wait out lock_timeout
    assert SessionModel.from_bytes(sb.runs.state_path("sess-1").read_bytes()).offset == len(data)


def test_a_hung_lock_holder_costs_at_most_the_lock_timeout(tmp_path: Path) -> None:
    sb, path, data = setup(tmp_path)
    sb.env_extra["CONTEXT_KEEPER_LOCK_TIMEOUT"] = "0.25"
    holder = hold_lock(sb)
    holder.send_signal(signal.SIGSTOP)  # alive, holding the lock, never letting go
    try:
        post = sb.run("PostToolUse", sb.payload("PostToolUse", "sess-1", path))
        pre = sb.run("PreCompact", sb.payload("PreCompact", "sess-1", path))
    finally:
        holder.send_signal(signal.SIGKILL)
        holder.wait()
    check_output(post)
    check_output(pre)
    # lock_timeout is 0.25 s: far under the 30 s a hook that waited for the lock would take.
    assert post.seconds < 20 and pre.seconds < 20
    assert "Step 6 of the build" in pre.out, "the block must carry the session without the lock"
    assert "lock busy" in sb.logs()


# -- the time budget: a git that hangs --------------------------------------------------------------


def test_a_hanging_git_costs_the_diff_stat_not_the_block(tmp_path: Path) -> None:
    sb, path, data = setup(tmp_path)
    git_env = {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_NAME": "t",
               "GIT_AUTHOR_EMAIL": "t@e", "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@e"}
    subprocess.run(["git", "init", "-q"], cwd=sb.project, check=True, env={**os.environ, **git_env})
    (sb.project / "app.py").write_text("x = 1\n")
    subprocess.run(["git", "add", "."], cwd=sb.project, check=True, env={**os.environ, **git_env})
    subprocess.run(["git", "commit", "-qm", "init"], cwd=sb.project, check=True, env={**os.environ, **git_env})
    (sb.project / "app.py").write_text("x = 2\n")
    # The real git first: the block has the diff stat.
    normal = sb.run("PreCompact", sb.payload("PreCompact", "sess-1", path))
    check_output(normal)
    assert "UNCOMMITTED CHANGES" in normal.out and "app.py" in normal.out
    # A git that never answers (not even `git version`, which gitpython runs on import).
    fake = tmp_path / "fakebin"
    fake.mkdir()
    (fake / "git").write_text("#!/bin/sh\nsleep 60\n")
    (fake / "git").chmod(0o755)
    started = time.monotonic()
    hung = sb.run("PreCompact", sb.payload("PreCompact", "sess-1", path),
                  PATH=f"{fake}{os.pathsep}{os.environ['PATH']}", CONTEXT_KEEPER_GIT_TIMEOUT="1")
    check_output(hung)
    assert time.monotonic() - started < 30, "the hook waited for the hung git (60 s) beyond its git timeout"
    assert hung.out.startswith("[context-keeper] ") and "Step 6 of the build" in hung.out
    assert "UNCOMMITTED CHANGES" not in hung.out


def test_injector_is_not_loaded_without_the_env(tmp_path: Path, injector: Path) -> None:
    # The injector is inert unless CK_FAULT is set (so the checks above test the product).
    out = subprocess.run([sys.executable, "-c", "import os; print(os.write.__module__)"], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(injector)}).stdout
    assert out.strip() == "posix"
