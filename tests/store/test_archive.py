"""The transcript archive: byte-identical, verified, private, unique, prefix-only."""

from __future__ import annotations

import hashlib
import os
import time
import stat
from pathlib import Path
from typing import Any

import pytest

from context_keeper.store import archive as archive_mod
from context_keeper.store.archive import ArchiveError, archive_name, archive_transcript
from context_keeper.store import UnsafePathError

FIXTURES = Path(__file__).parents[1] / "fixtures"
SESSION = "21924ad1-6682-4fb7-9081-ad5504e1f420"
NOW = 1_795_000_000.25  # a fixed instant: 2026-11-18T11:06:40.25Z


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def test_archive_is_byte_identical_and_private(tmp_path: Path) -> None:
    source = FIXTURES / "tools_and_tasks.jsonl"
    result = archive_transcript(source, tmp_path / "runs" / "archives", SESSION)
    data = source.read_bytes()
    assert result.path.read_bytes() == data
    assert (result.size, result.sha256) == (len(data), sha(data))
    assert stat.S_IMODE(result.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(result.path.parent.stat().st_mode) == 0o700
    assert result.path.name.startswith(f"{SESSION}_") and result.path.name.endswith("_transcript.jsonl")


def test_private_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0o000)
    try:
        result = archive_transcript(FIXTURES / "bash_failure.jsonl", tmp_path / "a", SESSION)
    finally:
        os.umask(old)
    assert stat.S_IMODE(result.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(result.path.parent.stat().st_mode) == 0o700


def test_name_keeps_extension_or_uses_txt() -> None:
    assert archive_name("s", Path("/x/t.jsonl"), NOW) == "s_20261118T110640Z_transcript.jsonl"
    assert archive_name("s", Path("/x/transcript"), NOW) == "s_20261118T110640Z_transcript.txt"
    assert archive_name("s", Path("/x/t.log"), NOW, 2) == "s_20261118T110640Z_2_transcript.log"
    assert archive_name("../evil/id", Path("t.jsonl"), NOW).count("/") == 0


def test_two_archives_in_the_same_second_are_both_kept(tmp_path: Path) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(b'{"a":1}\n')
    first = archive_transcript(source, tmp_path / "arch", SESSION, now=NOW)
    source.write_bytes(b'{"a":1}\n{"b":2}\n')
    second = archive_transcript(source, tmp_path / "arch", SESSION, now=NOW)
    third = archive_transcript(source, tmp_path / "arch", SESSION, now=NOW)
    assert len({first.path, second.path, third.path}) == 3
    assert second.path.name == f"{SESSION}_20261118T110640Z_1_transcript.jsonl"
    assert third.path.name == f"{SESSION}_20261118T110640Z_2_transcript.jsonl"
    assert first.path.read_bytes() == b'{"a":1}\n'
    assert second.path.read_bytes() == b'{"a":1}\n{"b":2}\n'


def test_copies_only_the_prefix_present_at_start(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "t.jsonl"
    original = b"".join(b'{"n":%d}\n' % i for i in range(50_000))
    source.write_bytes(original)
    real = archive_mod.ensure_private_dir

    def appending(path: Path) -> Path:
        # Claude Code appends a line after the size was taken, before the copy runs.
        with open(source, "ab") as handle:
            handle.write(b'{"late":true}\n')
        return real(path)

    monkeypatch.setattr(archive_mod, "ensure_private_dir", appending)
    result = archive_transcript(source, tmp_path / "arch", SESSION)
    assert result.size == len(original)
    assert result.path.read_bytes() == original
    assert result.sha256 == sha(original) == sha(source.read_bytes()[: result.size])


def test_large_file_streams_through_chunks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archive_mod, "CHUNK", 4096)
    source = tmp_path / "big.jsonl"
    data = os.urandom(4096 * 25 + 17)
    source.write_bytes(data)
    result = archive_transcript(source, tmp_path / "arch", SESSION)
    assert result.sha256 == sha(data) and result.path.read_bytes() == data


def test_mismatch_is_an_error_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(b"x" * 1000)
    monkeypatch.setattr(archive_mod, "_read_back", lambda fd, offset, length, into: b"0" * length)
    with pytest.raises(ArchiveError, match="does not match"):
        archive_transcript(source, tmp_path / "arch", SESSION)
    assert list((tmp_path / "arch").iterdir()) == []


def test_shrinking_source_is_an_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(b"x" * 1000)
    real = archive_mod.ensure_private_dir

    def truncating(path: Path) -> Path:
        source.write_bytes(b"x" * 10)
        return real(path)

    monkeypatch.setattr(archive_mod, "ensure_private_dir", truncating)
    with pytest.raises(ArchiveError, match="shrank"):
        archive_transcript(source, tmp_path / "arch", SESSION)
    assert list((tmp_path / "arch").iterdir()) == []


def test_missing_source(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        archive_transcript(tmp_path / "nope.jsonl", tmp_path / "arch", SESSION)
    assert not (tmp_path / "arch").exists()


def test_not_a_regular_file(tmp_path: Path) -> None:
    fifo = tmp_path / "t.jsonl"
    os.mkfifo(fifo)  # must not hang
    with pytest.raises(ArchiveError, match="regular file"):
        archive_transcript(fifo, tmp_path / "arch", SESSION)
    with pytest.raises(OSError):
        archive_transcript(tmp_path, tmp_path / "arch", SESSION)


def test_symlinked_archives_dir_is_refused(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "arch").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UnsafePathError):
        archive_transcript(FIXTURES / "bash_failure.jsonl", tmp_path / "arch", SESSION)
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_empty_transcript(tmp_path: Path) -> None:
    source = tmp_path / "t"
    source.write_bytes(b"")
    result = archive_transcript(source, tmp_path / "arch", SESSION)
    assert (result.size, result.sha256, result.path.suffix) == (0, sha(b""), ".txt")


# -- waiting for Claude Code's delayed transcript writes -------------------------------------------


def test_wait_until_settled_returns_a_quiet_file_after_the_quiet_time(tmp_path: Path) -> None:

    path = tmp_path / "t.jsonl"
    path.write_bytes(b"{}\n")
    started = time.monotonic()
    assert archive_mod.wait_until_settled(path, quiet=0.05, limit=30.0, poll=0.01) == 3
    # At least the quiet time, and not the limit (bounds far apart: a busy machine is slow, not wrong).
    assert 0.05 <= time.monotonic() - started < 15


class _WriteAtFirstPoll:
    """The archive module's `time`, whose first sleep is where Claude Code's delayed write
    lands: inside the wait, however slowly this machine runs (a timer thread 50 ms on could
    be scheduled after the quiet time had passed, on a busy one)."""

    def __init__(self, path: Path, line: bytes) -> None:
        self.path, self.line, self.written = path, line, False

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)

    def sleep(self, seconds: float) -> None:
        if not self.written:
            self.written = True
            with open(self.path, "ab") as handle:
                handle.write(self.line)
        time.sleep(seconds)


def test_wait_until_settled_sees_a_late_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"{}\n")
    clock = _WriteAtFirstPoll(path, b'{"late": true}\n')
    monkeypatch.setattr(archive_mod, "time", clock)
    size = archive_mod.wait_until_settled(path, quiet=0.2, limit=30.0, poll=0.01)
    assert clock.written
    assert size == path.stat().st_size == 3 + len(b'{"late": true}\n')


def test_wait_until_settled_told_a_write_is_due_waits_for_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "t.jsonl"
    path.write_bytes(CALL)
    monkeypatch.setattr(archive_mod, "time", _VirtualClock(path, RESULT, at=30))
    settle = archive_mod.Settle(unfinished=lambda size: path.read_bytes()[:size].endswith(CALL))
    size = archive_mod.wait_until_settled(path, quiet=0.2, limit=1.5, poll=0.02, awaits_more=settle.awaits_more)
    assert size == len(CALL + RESULT)


def test_wait_until_settled_gives_up_at_the_limit(tmp_path: Path) -> None:
    import threading

    path = tmp_path / "t.jsonl"
    path.write_bytes(b"")
    stop = threading.Event()

    def keep_writing() -> None:
        while not stop.wait(0.01):
            with open(path, "ab") as handle:
                handle.write(b"{}\n")

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        started = time.monotonic()
        archive_mod.wait_until_settled(path, quiet=0.1, limit=0.3, poll=0.01)
        # The writer never stops: without the limit the wait would never end.
        assert time.monotonic() - started < 15
    finally:
        stop.set()
        writer.join()


def test_wait_until_settled_raises_oserror_for_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(OSError):
        archive_mod.wait_until_settled(tmp_path / "missing.jsonl", quiet=0.01, limit=0.1)


# -- copying while the transcript settles (archive.Settle) ------------------------------------------


def test_settle_copies_the_lines_written_while_it_waits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(b'{"n":1}\n' * 1000)
    # Claude Code's delayed write of the last tool result, once the copy waits.
    clock = _WriteAtFirstPoll(source, b'{"late":true}\n')
    monkeypatch.setattr(archive_mod, "time", clock)
    settle = archive_mod.Settle(quiet=0.2, limit=30.0, poll=0.01)
    result = archive_transcript(source, tmp_path / "arch", SESSION, settle=settle)
    assert clock.written
    data = source.read_bytes()
    assert data.endswith(b'{"late":true}\n')
    assert result.path.read_bytes() == data and (result.size, result.sha256) == (len(data), sha(data))
    assert settle.wait(0) == len(data)


class _VirtualClock:
    """The archive module's `time` on a virtual clock: a sleep moves it on by what was asked,
    and the `at`th sleep appends `line`, a write that lands after the quiet time has passed
    (as Claude Code's delayed write does when it is starved on a busy machine)."""

    def __init__(self, path: Path, line: bytes, at: int) -> None:
        self.path, self.line, self.at = path, line, at
        self.now, self.sleeps = 0.0, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(time, name)

    def monotonic(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.sleeps += 1
        self.now += max(seconds, 0.001)  # a real sleep always takes a while
        if self.sleeps == self.at:
            with open(self.path, "ab") as handle:
                handle.write(self.line)


CALL = b'{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t1"}]}}\n'
RESULT = b'{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1"}]}}\n'


@pytest.mark.parametrize("told", [False, True], ids=["quiet time alone", "told a result is due"])
def test_settle_waits_past_the_quiet_time_for_a_write_it_is_told_is_due(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, told: bool
) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(b'{"n":1}\n' * 100 + CALL)
    # 0.2 s quiet at 0.02 s a poll: the result lands at the 30th poll, 0.6 s on.
    monkeypatch.setattr(archive_mod, "time", _VirtualClock(source, RESULT, at=30))

    def unfinished(size: int) -> bool:  # the file ends in the call: its result is due
        return source.read_bytes()[:size].endswith(CALL)

    settle = archive_mod.Settle(quiet=0.2, limit=1.5, poll=0.02, unfinished=unfinished if told else None)
    result = archive_transcript(source, tmp_path / "arch", SESSION, settle=settle)
    archived = result.path.read_bytes()
    assert archived.endswith(RESULT) is told
    assert source.read_bytes().startswith(archived) and settle.wait(0) == len(archived)


def test_settle_told_a_write_is_due_still_ends_at_its_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(CALL)
    clock = _VirtualClock(source, RESULT, at=10**9)  # the result never comes
    monkeypatch.setattr(archive_mod, "time", clock)
    settle = archive_mod.Settle(quiet=0.2, limit=1.5, poll=0.02, unfinished=lambda size: True)
    result = archive_transcript(source, tmp_path / "arch", SESSION, settle=settle)
    assert result.path.read_bytes() == CALL and 1.5 <= clock.now < 1.6


def test_settle_whose_check_fails_goes_by_the_quiet_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "t.jsonl"
    source.write_bytes(CALL)
    clock = _VirtualClock(source, RESULT, at=10**9)
    monkeypatch.setattr(archive_mod, "time", clock)

    def broken(size: int) -> bool:
        raise ValueError("unreadable tail")

    settle = archive_mod.Settle(quiet=0.2, limit=1.5, poll=0.02, unfinished=broken)
    assert archive_transcript(source, tmp_path / "arch", SESSION, settle=settle).size == len(CALL)
    assert clock.now < 0.3


def _growing(path: Path, start: bytes, piece: bytes, every: float) -> tuple[Any, Any]:
    """A transcript Claude Code keeps writing to (so the archive keeps waiting for it): the
    stop event and the writer thread."""
    import threading

    path.write_bytes(start)
    stop = threading.Event()

    def keep_writing() -> None:
        while not stop.wait(every):
            with open(path, "ab") as handle:
                handle.write(piece)

    writer = threading.Thread(target=keep_writing)
    writer.start()
    return stop, writer


def test_settle_gives_up_at_its_limit_with_a_whole_prefix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archive_mod, "CHUNK", 4096)
    source = tmp_path / "t.jsonl"
    stop, writer = _growing(source, b"", b'{"more":true}\n' * 50, 0.005)
    try:
        result = archive_transcript(source, tmp_path / "arch", SESSION, settle=archive_mod.Settle(quiet=0.2, limit=0.3, poll=0.01))
    finally:
        stop.set()
        writer.join()
    copied = result.path.read_bytes()
    assert copied and source.read_bytes().startswith(copied) and copied.endswith(b"\n")
    assert (result.size, result.sha256) == (len(copied), sha(copied))


def test_a_mismatch_in_a_later_chunk_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(archive_mod, "CHUNK", 4096)
    real = archive_mod._read_back

    def corrupt_third(fd: int, offset: int, length: int, into: bytearray) -> bytes:
        data = bytes(real(fd, offset, length, into))
        return data[:-1] + b"?" if offset == 2 * 4096 else data

    monkeypatch.setattr(archive_mod, "_read_back", corrupt_third)
    source = tmp_path / "t.jsonl"
    source.write_bytes(os.urandom(4096 * 5))
    with pytest.raises(ArchiveError, match="does not match"):
        archive_transcript(source, tmp_path / "arch", SESSION)
    assert list((tmp_path / "arch").iterdir()) == []


@pytest.mark.parametrize("why", ["EXDEV", "missing"])
def test_where_the_kernel_cannot_copy_the_bytes_are_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    import errno

    monkeypatch.setattr(archive_mod, "CHUNK", 4096)
    if why == "missing":  # not Linux
        monkeypatch.delattr(os, "copy_file_range", raising=False)
    else:  # two filesystems the kernel will not copy between

        def refuse(*args: object, **kwargs: object) -> int:
            raise OSError(errno.EXDEV, "cross-device")

        monkeypatch.setattr(os, "copy_file_range", refuse)
    written = []
    real_pwrite = os.pwrite
    monkeypatch.setattr(os, "pwrite", lambda fd, data, offset: written.append(len(data)) or real_pwrite(fd, data, offset))
    source = tmp_path / "t.jsonl"
    data = os.urandom(4096 * 3 + 5)
    source.write_bytes(data)
    result = archive_transcript(source, tmp_path / "arch", SESSION)
    assert result.path.read_bytes() == data and result.sha256 == sha(data)
    assert sum(written) == len(data)
