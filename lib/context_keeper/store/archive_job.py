"""The archive copy started beside the PreCompact hook's fold: `ArchiveJob`.

The copy (archive.archive_transcript) runs in a forked child process where the OS can fork,
else in a thread (the copy, the reads, the hashing and the waiting release the GIL, but the
steps between them wait for it). The child reports the settled size as soon as it is known,
then the archive or its error; the parent can stop it at any point, and the child then
removes its temporary file.
"""

from __future__ import annotations

import errno
import os
import threading
from pathlib import Path

from .archive import ArchiveError, ArchiveResult, Settle, archive_transcript, wait_until_settled

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any


class ArchiveJob:
    """archive_transcript with a Settle, started at once: the hook folds the session model
    meanwhile, and waits for `settle` before folding the last lines.

    Where the OS can fork, the copy runs in a child process (`_Child`), on the other core
    and without the GIL: copying in a thread, each chunk waited up to a switch interval for
    the GIL several times while the hook imported and folded, which made a 100 MB copy take
    0.3-0.45 s instead of 0.18 s — longer than the settle, so the block waited for it.
    Otherwise (or with `fork=False`), in a thread of this process.
    """

    def __init__(
        self, source: Path, archives: Path, session_id: str, settle: Settle | None = None, fork: bool | None = None
    ) -> None:
        self.settle = settle or Settle()
        self._result: ArchiveResult | None = None
        self._error: BaseException | None = None
        self._stop = threading.Event()
        self._child: _Child | None = None
        if fork if fork is not None else hasattr(os, "fork"):
            self._child = _Child.start(source, archives, session_id, self.settle)
        # A daemon: a hook that runs out of budget must still be able to exit (a copy cut
        # short leaves only its temporary .partial file, never a final name; `cancel` lets
        # it remove that too). With a child, the thread only collects what it reports.
        work = self._collect if self._child is not None else self._run
        self._thread = threading.Thread(target=work, args=(source, archives, session_id), daemon=True, name="archive")
        try:
            self._thread.start()
        except RuntimeError:  # no thread to be had: copy (or collect the child's copy) here and now
            work(source, archives, session_id)

    def _run(self, source: Path, archives: Path, session_id: str) -> None:
        settle = self.settle
        try:
            self._result = archive_transcript(source, archives, session_id, settle=settle, stop=self._stop)
        except BaseException as exc:  # noqa: BLE001 - handed to the hook's thread by result()
            self._error = exc
            if settle.size is None and not self._stop.is_set():
                # No archive (an unwritable runs dir...), but the model still wants the lines
                # Claude Code is about to write.
                try:
                    settle.done(wait_until_settled(source, settle.quiet, settle.limit, settle.poll, settle.awaits_more))
                except OSError:
                    pass
        finally:
            settle.done(None)  # never leave a waiter waiting (no-op once settled)

    def _collect(self, source: Path, archives: Path, session_id: str) -> None:
        child = self._child
        assert child is not None
        try:
            self._result = child.collect(self.settle)
        except BaseException as exc:  # noqa: BLE001 - handed to the hook's thread by result()
            self._error = exc
        finally:
            self.settle.done(None)

    def cancel(self, wait: float = 1.0) -> None:
        """Give the copy up (the hook is ending without it: out of budget, terminated): it
        stops before its next chunk and removes its temporary file; waited for `wait` s."""
        self._stop.set()
        if self._child is not None:
            self._child.stop()
        if self._thread.ident is not None:
            self._thread.join(wait)

    def result(self) -> ArchiveResult:
        """The archive, once made; raises what making it raised."""
        if self._thread.ident is not None:
            self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._result is not None
        return self._result


class _Child:
    """archive_transcript in a forked child process, reporting to the parent through a pipe:
    one JSON line when the transcript has settled (its size), one with the archive or the
    error. The parent keeps the write end of a second pipe: closing it (ArchiveJob.cancel),
    or dying, makes the child give the copy up before its next chunk and remove its
    temporary file. The child holds none of the hook's files (stdout to Claude Code, the
    log, a lock): Claude Code must see the hook's output end when the hook ends."""

    def __init__(self, pid: int, reports: int, stop_fd: int) -> None:
        self.pid, self.reports, self.stop_fd = pid, reports, stop_fd

    @staticmethod
    def start(source: Path, archives: Path, session_id: str, settle: Settle) -> _Child | None:
        """The child, started (None when no process could be made: a thread copies then)."""
        try:
            reports, report_w = os.pipe()
            stop_r, stop_fd = os.pipe()
        except OSError:
            return None
        try:
            pid = os.fork()
        except OSError:
            for fd in (reports, report_w, stop_r, stop_fd):
                os.close(fd)
            return None
        if pid == 0:  # the child: never returns
            _child_main(source, archives, session_id, settle, report_w, stop_r)
        os.close(report_w)
        os.close(stop_r)
        return _Child(pid, reports, stop_fd)

    def stop(self) -> None:
        if self.stop_fd >= 0:
            os.close(self.stop_fd)
            self.stop_fd = -1

    def collect(self, settle: Settle) -> ArchiveResult:
        """Read the child's reports until it ends (tell `settle` as soon as it has settled);
        the archive, or the error the child met, raised here."""
        import json

        done: dict[str, Any] | None = None
        buffered = b""
        try:
            with os.fdopen(self.reports, "rb", buffering=0) as reports:
                while chunk := reports.read(65536):
                    buffered += chunk
                    *lines, buffered = buffered.split(b"\n")
                    for line in lines:
                        message = json.loads(line)
                        if "settled" in message:
                            settle.done(message["settled"])
                        else:
                            done = message
        finally:
            self.stop()
            _, status = os.waitpid(self.pid, 0)
        if done is None:
            raise ArchiveError(errno.EIO, f"the archive process ended without a result (wait status {status})")
        if "path" in done:
            return ArchiveResult(path=Path(done["path"]), size=done["size"], sha256=done["sha256"])
        cls = ArchiveError if done.get("archive_error") else OSError
        raise cls(done["errno"], done["message"], *([done["filename"]] if done.get("filename") else []))


class _ParentWatch:
    """The child's `stop`: set once the parent closed its end of the stop pipe, or died."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)

    def is_set(self) -> bool:
        try:
            os.read(self.fd, 1)
        except BlockingIOError:
            return False  # the parent still holds it open
        return True  # end of file (or anything written): give up

    def wait(self, timeout: float) -> bool:
        import select

        select.select([self.fd], [], [], timeout)
        return self.is_set()


class _ReportedSettle(Settle):
    """The child's Settle: tells the parent the settled size as soon as it is known."""

    def __init__(self, settle: Settle, report: Callable[[dict[str, Any]], None]) -> None:
        super().__init__(settle.quiet, settle.limit, settle.poll, settle.unfinished)
        self._report = report

    def done(self, size: int | None) -> None:
        if not self._done.is_set() and size is not None:
            self._report({"settled": size})
        super().done(size)


def _child_main(source: Path, archives: Path, session_id: str, settle: Settle, report_fd: int, stop_fd: int) -> None:
    """The archive child's whole life: copy, report, exit (never returns, never raises)."""
    try:
        import json
        import signal

        # Stopped only through the stop pipe, so that it can always remove its temporary
        # file (a SIGTERM to the hook's process group would otherwise cut the copy short).
        for name in ("SIGTERM", "SIGINT", "SIGHUP", "SIGALRM"):
            if hasattr(signal, name):
                signal.signal(getattr(signal, name), signal.SIG_IGN)
        null = os.open(os.devnull, os.O_RDWR)
        for fd in (0, 1, 2):
            os.dup2(null, fd)
        keep = sorted({report_fd, stop_fd})
        os.closerange(3, keep[0])
        os.closerange(keep[0] + 1, keep[1])
        os.closerange(keep[1] + 1, 1 << 16)

        def report(message: dict[str, Any]) -> None:
            data = json.dumps(message).encode() + b"\n"
            while data:
                data = data[os.write(report_fd, data) :]

        stop = _ParentWatch(stop_fd)
        child_settle = _ReportedSettle(settle, report)
        try:
            result = archive_transcript(source, archives, session_id, settle=child_settle, stop=stop)  # type: ignore[arg-type]
            report({"path": str(result.path), "size": result.size, "sha256": result.sha256})
        except BaseException as exc:  # noqa: BLE001 - reported to the parent
            if child_settle.size is None and not stop.is_set():
                # No archive, but the model still wants the lines Claude Code is about to write.
                try:
                    child_settle.done(
                        wait_until_settled(source, settle.quiet, settle.limit, settle.poll, child_settle.awaits_more)
                    )
                except OSError:
                    pass
            code = exc.errno if isinstance(exc, OSError) and exc.errno else errno.EIO
            message = exc.strerror if isinstance(exc, OSError) and exc.strerror else f"{type(exc).__name__}: {exc}"
            filename = exc.filename if isinstance(exc, OSError) and isinstance(exc.filename, str) else None
            report(
                {
                    "errno": code,
                    "message": message,
                    "filename": filename,
                    "archive_error": isinstance(exc, ArchiveError),
                }
            )
    finally:
        os._exit(0)
