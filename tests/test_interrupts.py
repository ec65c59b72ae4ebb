"""interrupts.held: SIGTERM waits until the held step is done (orjson's module init crashed
the interpreter when the guard's SIGTERM exception was raised inside it)."""

from __future__ import annotations

import os
import signal

from context_keeper.interrupts import held


def test_sigterm_is_delivered_after_the_held_step_not_inside_it() -> None:
    seen: list[str] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append("handler"))
    try:
        with held():
            os.kill(os.getpid(), signal.SIGTERM)
            seen.append("inside, after the kill")
        seen.append("after")
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == ["inside, after the kill", "handler", "after"]


def test_the_signal_mask_is_restored() -> None:
    before = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    with held():
        assert signal.SIGTERM in signal.pthread_sigmask(signal.SIG_BLOCK, [])
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == before


def test_sigterm_taken_by_another_thread_still_waits_for_the_held_step() -> None:
    """The mask is the main thread's alone: a signal sent to the process may be taken by any
    thread that does not block it (as the git diff's reader runs in PreCompact), and Python
    then runs the handler in the main thread at its next bytecode. Here the other thread takes
    it for sure: it raises the signal itself, and its C handler has run once it returns."""
    import threading

    ask, raised = threading.Event(), threading.Event()

    def other_thread() -> None:
        while ask.wait() and not raised.is_set():
            signal.raise_signal(signal.SIGTERM)
            raised.set()

    other = threading.Thread(target=other_thread, daemon=True)
    other.start()
    seen: list[str] = []
    previous = signal.signal(signal.SIGTERM, lambda signum, frame: seen.append("handler"))
    try:
        with held():
            ask.set()
            assert raised.wait(60)
            for _ in range(1000):  # bytecodes at which Python runs a pending handler
                pass
            seen.append("inside")
        seen.append("after")
    finally:
        signal.signal(signal.SIGTERM, previous)
        other.join(60)
    assert seen == ["inside", "handler", "after"]


def test_a_signal_noted_while_held_reaches_a_default_handler_after() -> None:
    import subprocess
    import sys

    code = (
        "import os, signal\n"
        "from context_keeper.interrupts import held\n"
        "signal.signal(signal.SIGTERM, signal.SIG_DFL)\n"
        "with held():\n"
        "    signal.raise_signal(signal.SIGTERM)\n"
        "    print('inside', flush=True)\n"
        "print('after', flush=True)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout == "inside\n" and done.returncode == -signal.SIGTERM
