"""How the hand-written redaction probes are scored: each secret template filled with every
value must lose the value, each look-alike must come back unchanged. Shared by the probes
(`redact_probe13.py`, `redact_probe14.py`), which hold only their templates."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.redact import redact  # noqa: E402


def leaks(secrets: Sequence[str], values: Sequence[str]) -> tuple[list[str], int]:
    """The filled templates whose value survived redaction, and how many were filled."""
    left: list[str] = []
    n = 0
    for template in secrets:
        for value in values:
            text = template.format(v=value)
            n += 1
            if value in redact(text):
                left.append(text)
    return left, n


def report(secrets: Sequence[str], lookalikes: Sequence[str], values: Sequence[str], show: bool) -> None:
    """Print the secrets removed (and the templates removed for every value) and the look-alikes
    unchanged; with `show`, each leak and each changed look-alike first."""
    left, n = leaks(secrets, values)
    changed = [(t, redact(t)) for t in lookalikes if redact(t) != t]
    templates_left = {t for t in secrets if any(t.format(v=v) in left for v in values)}
    if show:
        for text in left:
            print("leaked:", text.replace("\n", "\\n"))
        for text, done in changed:
            print("changed:", text.replace("\n", "\\n"), "->", done.replace("\n", "\\n"))
    print(
        f"secrets removed {n - len(left)} / {n} ({len(secrets) - len(templates_left)} / {len(secrets)} templates whole)"
    )
    print(f"look-alikes unchanged {len(lookalikes) - len(changed)} / {len(lookalikes)}")
