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
