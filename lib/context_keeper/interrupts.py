"""Signals held back around a step the hook's SIGTERM handler must not interrupt.

The guard turns SIGTERM into an exception raised where the hook is (Claude Code ends async
hooks that way). Raised inside a C extension's module init, such an exception is not always
survivable: orjson's init crashed the interpreter (SIGSEGV) when SIGTERM landed in it,
found by tests/hooks/test_sigterm.py. Inside `held()`, SIGTERM and SIGINT wait at the OS level and
are delivered the moment it ends. Only `signal` is imported (builtin): the gate path uses it.

The OS-level mask is the calling thread's alone, and a signal sent to the process goes to any
thread that does not block it: with a second thread running (the git diff's reader, the
archive's), the signal reaches that thread, and Python runs its handler in the main thread at
the next bytecode, inside the held step. So in the main thread the Python-level handlers are
also swapped for one that only notes the signal, and the noted signal goes to the handler that
was there once the step is done.
"""

from __future__ import annotations

import signal

_HELD = {getattr(signal, name) for name in ("SIGTERM", "SIGINT") if hasattr(signal, name)}


class held:
    """`with held(): import orjson` — the signals arriving meanwhile come after it."""

    __slots__ = ("_previous", "_handlers", "_noted")

    def __enter__(self) -> held:
        mask = getattr(signal, "pthread_sigmask", None)
        self._previous = mask(signal.SIG_BLOCK, _HELD) if mask is not None else None
        self._handlers: dict[int, object] = {}
        self._noted: list[int] = []
        for signum in _HELD:
            try:
                self._handlers[signum] = signal.signal(signum, self._note)
            except ValueError:  # not the main thread: Python runs no handler here
                break
        return self

    def _note(self, signum: int, frame: object) -> None:
        self._noted.append(signum)

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self._handlers.items():
            signal.signal(signum, handler)  # type: ignore[arg-type]
        if self._previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self._previous)
        for signum in dict.fromkeys(self._noted):
            handler = self._handlers.get(signum)
            if callable(handler):
                handler(signum, None)
            elif handler == signal.SIG_DFL:
                signal.raise_signal(signum)
