"""The one error wrapper every hook script runs in.

A hook must never disturb the session it serves: whatever goes wrong, it exits
0, prints nothing (not even on stderr, which Claude Code shows the user) and
leaves a traceback in the log. Output is printed only when the work finished.
"""

from __future__ import annotations

import io
import signal
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..config import LoadedConfig, Settings, load_config, load_settings
from ..records import field, record, replace
from ..store import Log, RunsDir, ensure_private_dir, find_repo_root, runs_dir_for
from .hook_input import BadHookInput, HookInput, parse_hook_input

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import BinaryIO, TextIO

MAX_STDIN_BYTES = 64 * 1024 * 1024
FALLBACK_LOG_NAME = "context-keeper.log"
# Below a character device: no file or directory can ever be made or found there.
UNUSABLE_RUNS = Path("/dev/null/context-keeper-runs-dir-unusable")


@record
class HookContext:
    hook: HookInput
    settings: Settings
    runs: RunsDir
    log: Log


class HookTimeout(BaseException):
    """The hook's time budget ran out.

    A BaseException so that `except Exception` in work code cannot swallow it
    and keep running past the budget.
    """


class HookTerminated(BaseException):
    """SIGTERM: Claude Code ends async hooks still running when a `-p` run ends (measured: docs/how-it-works.md).

    Raised where the hook is, so `finally` blocks run (temporary files removed, locks
    released) and the cause is logged; every write is atomic, so nothing is torn."""


@contextmanager
def _terminable() -> Iterator[None]:
    def on_term(signum: int, frame: object) -> None:
        raise HookTerminated("terminated by SIGTERM")

    try:
        previous = signal.signal(signal.SIGTERM, on_term)
    except (AttributeError, ValueError):  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _read_stdin(stdin: BinaryIO | None) -> bytes:
    source = stdin if stdin is not None else sys.stdin.buffer
    data = source.read(MAX_STDIN_BYTES + 1)
    if len(data) > MAX_STDIN_BYTES:
        raise BadHookInput(f"hook input is larger than {MAX_STDIN_BYTES} bytes")
    return data


@contextmanager
def _time_budget(seconds: float) -> Iterator[None]:
    """Raise HookTimeout inside the block after `seconds` (main thread only;
    elsewhere, e.g. a test runner's worker thread, the block runs unbounded)."""

    def on_alarm(signum: int, frame: object) -> None:
        raise HookTimeout(f"hook budget of {seconds:g} s exceeded")

    try:
        previous_handler = signal.signal(signal.SIGALRM, on_alarm)
    except (AttributeError, ValueError):  # no SIGALRM here, or not the main thread
        yield
        return
    previous_delay, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    started = time.monotonic()
    try:
        yield
    finally:
        while True:
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous_handler)
                break
            except HookTimeout:
                # The alarm went off after the block had ended: the block did finish.
                continue
        if previous_delay:  # someone else's timer was running: give back what is left
            left = previous_delay - (time.monotonic() - started)
            signal.setitimer(signal.ITIMER_REAL, max(left, 0.001))


# Budgets stay well inside the timeouts install.sh registers (claude_settings.REGISTRATION:
# 10 s the refill, 60 s the async PostToolUse and PreCompact, 30 s SessionStart and
# PostCompact), whatever hook_budget says.
BUDGET_CAPS = {
    "PostToolUse": 7.0,
    "UserPromptSubmit": 7.0,
    "PreCompact": 45.0,
    "SessionStart": 20.0,
    "PostCompact": 20.0,
}


def _write_output(text: str, stdout: TextIO | None) -> None:
    if stdout is None:
        # Bytes, so the locale of the hook's environment can't break the encoding.
        sys.stdout.buffer.write(text.encode("utf-8", "replace"))
        sys.stdout.buffer.flush()
    else:
        stdout.write(text)
        stdout.flush()


def run_hook(
    event: str | tuple[str, ...],
    work: Callable[[HookContext], str | None],
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
    *,
    skip: Callable[[HookContext], str | None] | None = None,
) -> int:
    """Run `work` for one hook call. Always returns 0.

    `event` is the Claude Code event the hook is registered for (or the events, for a hook
    serving several); a stdin naming another event is logged, one naming none is read as the
    script's one event (or as no event, for a hook serving several).

    `skip`, if given, is asked first (inside the same guard and budget): a reason string
    ends the call there, logged, without `work`.
    """
    started = time.monotonic()
    events = (event,) if isinstance(event, str) else event
    call = _Call(events[0], started)
    # Anything Python code writes to stderr during the hook goes to the log instead.
    real_stderr = sys.stderr
    captured = io.StringIO()
    sys.stderr = captured
    try:
        with _terminable():
            _run(call, events, work, stdin, stdout, skip)
    except BaseException as exc:  # noqa: BLE001 - the whole point of this module
        _report(exc, call.event, call.session, started, call.settings, call.warnings, call.log)
    finally:
        sys.stderr = real_stderr
        _report_stderr(captured.getvalue(), call.log)
    return 0


@record(frozen=False)
class _Call:
    """What one hook call has learnt so far, for the report if it fails."""

    event: str
    started: float
    session: str = "-"
    settings: Settings | None = None
    warnings: list[str] = field(default_factory=list)
    log: Log | None = None


def _run(
    call: _Call,
    events: tuple[str, ...],
    work: Callable[[HookContext], str | None],
    stdin: BinaryIO | None,
    stdout: TextIO | None,
    skip: Callable[[HookContext], str | None] | None,
) -> None:
    hook = parse_hook_input(_read_stdin(stdin))
    call.session = hook.session_id
    unnamed = not hook.event
    if unnamed and len(events) == 1:
        hook = replace(hook, event=events[0])  # the one event Claude Code runs this script for
    if hook.event in events:
        call.event = hook.event
    # The settings for this repository: its project file may turn the hooks off.
    repo = find_repo_root(hook.cwd)
    loaded = load_config(repo=repo)
    call.settings, call.warnings = loaded.settings, list(loaded.warnings)
    if not call.settings.enabled:
        _log_disabled(call.event, call.session, repo, loaded, call.started)
        return
    runs, call.log = _open_runs(call.settings, repo)
    log, settings = call.log, call.settings
    for warning in call.warnings:
        log.warning(warning)
    if unnamed:
        log.warning(f"hook input has no 'hook_event_name'; read as {hook.event or 'an event nobody named'}")
    elif hook.event not in events:
        log.warning(f"script for {'/'.join(events)} received a {hook.event} event")
    ctx = HookContext(hook=hook, settings=settings, runs=runs, log=log)
    with _time_budget(min(settings.hook_budget, BUDGET_CAPS.get(call.event, settings.hook_budget))):
        reason = skip(ctx) if skip is not None else None
        text = None if reason else work(ctx)
    if reason:
        log.info(f"{call.event} session={call.session} skipped ({reason}) {_ms(call.started)} ms")
        return
    if text is not None and not isinstance(text, str):
        raise TypeError(f"hook work returned {type(text).__name__}, expected str or None")
    if text:
        _write_output(text, stdout)
    log.info(f"{call.event} session={call.session} ok {_ms(call.started)} ms")


def _open_runs(settings: Settings, cwd: Path) -> tuple[RunsDir, Log]:
    """The runs dir and its log. An unusable runs dir (read-only, a symlink planted in it,
    a full disk) does not stop the work: the hook gets a runs dir under which every read
    and write fails (ENOTDIR), so PreCompact still prints its block and nothing is written
    through a planted symlink (a write checks only its own last component); the problem
    goes to the log under the data root."""
    runs = runs_dir_for(settings, cwd)
    try:
        runs.ensure()
    except OSError as exc:
        log = Log(_fallback_log_path(settings), settings.log_max_bytes)
        log.warning(f"runs dir {runs.root} is unusable ({exc}); working without it")
        return RunsDir.at(UNUSABLE_RUNS), log
    return runs, Log(runs.log_path, settings.log_max_bytes)


def _log_disabled(event: str, session: str, repo: Path, loaded: LoadedConfig, started: float) -> None:
    """One line in the data root's log: nothing is created under the runs dir of a
    repository that turned context-keeper off."""
    origin = loaded.origins["enabled"]
    log = Log(_fallback_log_path(loaded.settings), loaded.settings.log_max_bytes)
    for warning in loaded.warnings:
        log.warning(warning)
    log.info(
        f"{event} session={session} skipped (enabled = false in {origin.where or origin.layer}, for {repo}) {_ms(started)} ms"
    )


def _fallback_log_path(settings: Settings) -> Path:
    try:
        return ensure_private_dir(settings.home) / FALLBACK_LOG_NAME
    except OSError:
        return settings.home / FALLBACK_LOG_NAME  # Log drops what it cannot write


def _ms(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _report(
    exc: BaseException,
    event: str,
    session: str,
    started: float,
    settings: Settings | None,
    warnings: list[str],
    log: Log | None,
) -> None:
    """Log `exc` with its traceback to the runs log, else <home>/context-keeper.log,
    else nowhere. Must not raise."""
    try:
        import traceback  # only on the error path

        level = "ERROR"
        if isinstance(exc, BadHookInput):
            detail = f"bad hook input: {exc}"  # a traceback would add nothing
        elif isinstance(exc, HookTerminated):
            # Claude Code ending its run (a `-p` turn over while a hook still works, e.g. the
            # PreCompact of a summary begun in the background): expected, not a fault.
            level, detail = "WARNING", f"{exc} (Claude Code ended the run; nothing half-written)"
        else:
            detail = "".join(traceback.format_exception(exc)).rstrip()
        entry = f"{event} session={session} stopped after {_ms(started)} ms: {detail}"
        if level == "ERROR":
            entry = f"{event} session={session} failed after {_ms(started)} ms: {detail}"
        if log is not None and log.write(level, entry):
            return
        if settings is None:
            settings, more = load_settings()
            warnings = warnings + more
        home = ensure_private_dir(settings.home)
        fallback = Log(home / FALLBACK_LOG_NAME, settings.log_max_bytes)
        for warning in warnings:
            fallback.warning(warning)
        fallback.write(level, entry)
    except BaseException:  # noqa: BLE001 - nowhere left to report to
        pass


def _report_stderr(text: str, log: Log | None) -> None:
    if text and log is not None:
        log.warning(f"stderr output during the hook: {text.rstrip()}")
