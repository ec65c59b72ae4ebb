"""archive_job.ArchiveJob: the copy started beside the PreCompact fold, in a child process or a
thread; the settled size reported early; the child holding none of the hook's files and
cleaning up when its parent dies."""

from __future__ import annotations

import os
import stat
import time
from pathlib import Path

import pytest

from context_keeper.store.archive import Settle
from context_keeper.store.archive_job import ArchiveJob
from test_archive import SESSION, _growing

CEILING_S = 120.0  # a hang detector: the waits return as soon as the child reports


@pytest.mark.parametrize("fork", [True, False], ids=["child process", "thread"])
def test_job_archives_in_a_thread_and_reports_the_settled_size(tmp_path: Path, fork: bool) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(b'{"a":1}\n' * 100)
    job = ArchiveJob(source, tmp_path / "arch", SESSION, Settle(quiet=0.05, poll=0.01), fork=fork)
    assert job.settle.wait(CEILING_S) == len(source.read_bytes())
    result = job.result()
    assert result.path.read_bytes() == source.read_bytes() and stat.S_IMODE(result.path.stat().st_mode) == 0o600


@pytest.mark.parametrize("fork", [True, False], ids=["child process", "thread"])
def test_job_that_cannot_archive_still_waits_for_the_transcript(tmp_path: Path, fork: bool) -> None:
    import time

    source = tmp_path / "t.jsonl"
    source.write_bytes(b'{"a":1}\n')
    (tmp_path / "arch").write_text("a file where the archives dir should be")
    started = time.monotonic()
    job = ArchiveJob(source, tmp_path / "arch", SESSION, Settle(quiet=0.1, poll=0.01), fork=fork)
    assert job.settle.wait(CEILING_S) == len(b'{"a":1}\n')  # settled although no archive could be made
    assert time.monotonic() - started >= 0.1
    with pytest.raises(OSError):
        job.result()


@pytest.mark.parametrize("fork", [True, False], ids=["child process", "thread"])
def test_job_for_a_missing_transcript_never_leaves_a_waiter_waiting(tmp_path: Path, fork: bool) -> None:
    job = ArchiveJob(tmp_path / "missing.jsonl", tmp_path / "arch", SESSION, fork=fork)
    assert job.settle.wait(CEILING_S) is None
    with pytest.raises(FileNotFoundError):
        job.result()


# -- the archive in a child process ------------------------------------------------------------------


def test_the_archive_process_holds_none_of_the_callers_files(tmp_path: Path) -> None:
    # Claude Code reads a hook's stdout until it closes: a child holding it (or the log, or
    # a lock) would keep the hook "running" after it ended.
    source = tmp_path / "t.jsonl"
    sentinel = open(tmp_path / "the-hooks-own-file.log", "ab")
    stop, writer = _growing(source, b'{"a":1}\n' * 1000, b'{"more":true}\n', 0.01)
    try:
        # The writer never lets the transcript settle, and the limit is far off: the copy is
        # still going when it is given up below, however long the child took to start.
        job = ArchiveJob(source, tmp_path / "arch", SESSION, Settle(quiet=0.5, limit=600.0, poll=0.01))
        assert job._child is not None
        # The child points its standard streams at /dev/null first thing after the fork: look
        # until it has (or give up after a while and let the asserts below say what it held).
        deadline = time.monotonic() + 10
        while True:
            fds = {}
            for fd in os.listdir(f"/proc/{job._child.pid}/fd"):
                try:
                    fds[int(fd)] = os.readlink(f"/proc/{job._child.pid}/fd/{fd}")
                except OSError:
                    pass
            if {fds.get(0), fds.get(1), fds.get(2)} == {os.devnull} or time.monotonic() > deadline:
                break
            time.sleep(0.01)
        job.cancel(5.0)
    finally:
        stop.set()
        writer.join()
        sentinel.close()
    assert fds and {fds.get(0), fds.get(1), fds.get(2)} == {os.devnull}
    assert not any("the-hooks-own-file" in target for target in fds.values())
    assert list((tmp_path / "arch").iterdir()) == []  # given up: its temporary file removed


def test_an_archive_process_whose_parent_dies_removes_its_temporary_file(tmp_path: Path) -> None:
    import subprocess
    import sys
    import time

    source = tmp_path / "t.jsonl"
    stop, writer = _growing(source, b'{"a":1}\n' * 1000, b'{"more":true}\n', 0.01)
    code = (
        "import os, signal, sys\n"
        "from pathlib import Path\n"
        "from context_keeper.store.archive import Settle\n"
        "from context_keeper.store.archive_job import ArchiveJob\n"
        f"job = ArchiveJob(Path({str(source)!r}), Path({str(tmp_path / 'arch')!r}), 's', Settle(quiet=0.5, limit=5.0))\n"
        "print(job._child.pid, flush=True)\n"
        "while not any((Path(" + repr(str(tmp_path / "arch")) + ")).glob('.*.partial')): pass\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    try:
        proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
        child = int(proc.stdout.split()[0])
        assert proc.returncode == -9
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and (list((tmp_path / "arch").iterdir()) or os.path.exists(f"/proc/{child}")):
            time.sleep(0.02)
    finally:
        stop.set()
        writer.join()
    assert list((tmp_path / "arch").iterdir()) == []
