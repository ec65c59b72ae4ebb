"""What a failed command or tool said: its exit code and its failure messages.

The messages come from `context_keeper.failures` (every failure of the run, one line each,
the command as the hint), redacted after they are composed: a secret split over lines of
the output is whole again in the composed message, so redaction must see that.
"""

from __future__ import annotations

import re

from ..failures import failure_messages, useful_error_line
from ..redact import redact
from .records import MESSAGES

__all__ = ["EXIT_CODE_RE", "run_failures", "useful_error_line"]

EXIT_CODE_RE = re.compile(r"^(?:Error: )?Exit code (-?\d+)")


def run_failures(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
    """(the first MESSAGES failure messages of `output`, redacted; how many more it reported)."""
    found = failure_messages(output, command, MESSAGES)
    messages = []
    for message in found.messages:
        shown = redact(message).strip()
        if shown and shown not in messages:
            messages.append(shown)
    return tuple(messages), found.more
