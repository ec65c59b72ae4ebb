"""A value a CI step declares secret: GitHub Actions' `::add-mask::…` (the runner masks it in
every later log line) and Azure Pipelines' `##vso[task.setvariable …;issecret=true]…`. The step
says what the value is, so it is taken whatever its shape, unless it only refers to one
(`::add-mask::$TOKEN`, `]$(token)`), which is where the secret lives, not the secret.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .patterns import MARK, LazyRule
from .values import is_reference

TRIGGERS = ("::add-mask::", "issecret=true")
_DECLARED = (
    r"(?:::add-mask::|##vso\[task\.setvariable[^\]\n]{0,200}?(?i:issecret)=true[^\]\n]{0,200}\])"
    r"(?P<s>[^\s\"'`]{1,400})"
)


def _declared(m: re.Match[str]) -> str:
    secret = m.group("s")
    if is_reference(secret) or secret.startswith("$"):
        return m.group(0)
    return m.group(0)[: m.start("s") - m.start()] + MARK


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text), as `commands.compile_rules`."""
    return ((TRIGGERS, LazyRule(_DECLARED, _declared)),)
