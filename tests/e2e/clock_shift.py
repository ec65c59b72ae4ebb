"""Time that passes in an instant for one Claude Code process: clock_shift.c, compiled with gcc
and preloaded, adds a shift the test raises to every clock the process reads, so a timer
Claude Code armed for a quiet minute fires as soon as its event loop next wakes (it wakes at
least once a second when idle: measured with strace on 2.1.330).

    clock = SessionClock(tmp_path / "clock", library)
    with StreamingRun(claude, env | clock.env, out) as run:
        ...  # once the session is idle:
        clock.advance(61)

Without gcc, or where it cannot build the shim (`library` None), nothing is preloaded and
`advance` moves nothing: the same test then waits the minute in real time, as it did before.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import warnings
from pathlib import Path

SOURCE = Path(__file__).with_name("clock_shift.c")
SHIFT_FILE_ENV = "CLOCK_SHIFT_FILE"  # the shim reads it; keep in step with clock_shift.c
_NS_PER_S = 1_000_000_000


def compile_shim(out_dir: Path) -> Path | None:
    """clock_shift.c built as a shared library in `out_dir`; None where gcc is missing or cannot
    build it (another libc), with a warning for the latter: the tests then wait in real time."""
    gcc = shutil.which("gcc")
    if gcc is None:
        return None
    library = out_dir / "clock_shift.so"
    try:
        subprocess.run(
            [gcc, "-O2", "-shared", "-fPIC", "-Wall", "-Wextra", "-o", str(library), str(SOURCE), "-ldl"],
            check=True,
            capture_output=True,
            text=True,
            timeout=120,
        )
    except (OSError, subprocess.SubprocessError) as exc:
        details = getattr(exc, "stderr", "") or str(exc)
        warnings.warn(f"clock_shift.c did not build, the e2e waits take real time: {details}", stacklevel=1)
        return None
    return library


class SessionClock:
    """The clock of the processes started with `env`: real time plus the shift, in seconds."""

    def __init__(self, folder: Path, library: Path | None) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        self._file = folder / "clock_shift"
        self._file.write_bytes(bytes(8))
        self._library = library
        self.shift_s = 0.0

    @property
    def shifts(self) -> bool:
        return self._library is not None

    @property
    def env(self) -> dict[str, str]:
        if self._library is None:
            return {}
        return {"LD_PRELOAD": str(self._library), SHIFT_FILE_ENV: str(self._file)}

    def now(self) -> float:
        """The processes' CLOCK_MONOTONIC, in seconds."""
        return time.monotonic() + self.shift_s

    def advance(self, seconds: float) -> None:
        """Move the processes' clocks `seconds` forward at once (nothing without the shim).
        Only while they are idle: a hook's or tool's timeout in flight would jump with it."""
        if self._library is None:
            return
        self.shift_s += seconds
        value = round(self.shift_s * _NS_PER_S).to_bytes(8, sys.byteorder, signed=True)  # a native int64
        fd = os.open(self._file, os.O_WRONLY)
        try:
            os.pwrite(fd, value, 0)  # one aligned 8-byte write: the shim never reads half of it
        finally:
            os.close(fd)

    def sleep_until(self, at: float) -> None:
        """Wait in real time until `now()` reaches `at` (at once when the shift already has)."""
        left = at - self.now()
        if left > 0:
            time.sleep(left)
