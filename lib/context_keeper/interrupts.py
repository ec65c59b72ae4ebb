"""Signals held back around a step the hook's SIGTERM handler must not interrupt.

The guard turns SIGTERM into an exception raised where the hook is (Claude Code ends async
hooks that way). Raised inside a C extension's module init, such an exception is not always
survivable: orjson's init crashed the interpreter (SIGSEGV) when SIGTERM landed in it,
found by tests/hooks/test_sigterm.py. Inside `held()`, SIGTERM and SIGINT wait at the OS level and
are delivered the moment it ends. Only `signal` is imported (builtin): the gate path uses it.
"""

from __future__ import annotations

import signal

_HELD = {getattr(signal, name) for name in ("SIGTERM", "SIGINT") if hasattr(signal, name)}


class held:
    """`with held(): import orjson` — the signals arriving meanwhile come after it."""

    __slots__ = ("_previous",)

    def __enter__(self) -> held:
        mask = getattr(signal, "pthread_sigmask", None)
        self._previous = mask(signal.SIG_BLOCK, _HELD) if mask is not None else None
        return self

    def __exit__(self, *exc: object) -> None:
        if self._previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, self._previous)
