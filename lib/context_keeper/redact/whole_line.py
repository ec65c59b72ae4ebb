"""The package's `redact`, for the rules that read several pieces as the one line they make.

A command line an array of arguments makes (`commands`), a call wrapped over lines
(`wrapped_calls`), a command continued after a trailing backslash (`continued`): each is joined
and the joined line is read by every rule, then what it lost is marked in the pieces. Those rules
are themselves among the package's rules, so they cannot import it: the package gives its
`redact` here once it has compiled them (`read_with`).
"""

from __future__ import annotations

from collections.abc import Callable

_REDACT: list[Callable[[str], str]] = []


def read_with(redact: Callable[[str], str]) -> None:
    """Set the function that reads a joined line (the package's `redact`)."""
    _REDACT[:] = [redact]


def ready() -> bool:
    """Whether a joined line can be read yet (the package has given its `redact`)."""
    return bool(_REDACT)


def redact_line(line: str) -> str:
    """`line` read by every rule (unchanged before the package has given its `redact`)."""
    return _REDACT[0](line) if _REDACT else line
