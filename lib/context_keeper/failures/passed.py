"""Whether an output reads as a clean success: a run's own verdict that all went well, and
no sign of a failure anywhere.

A run can exit non-zero after a clean report (a wrapper's own check, `cmd; exit 1`, a
coverage gate): its lines say nothing of why it failed, and the general method's last
resort (the most telling line, else the last one) would put `All checks passed!` or
`5 passed in 0.12s` in front of the model as the failure. Such an output gives no message.
A count of zero (`0 failed`, `Failures: 0`, `fail 0`) is no sign of a failure.
"""

from __future__ import annotations

import re

from context_keeper.failures import generic, wording

_SUCCESS_RE = re.compile(
    r"\b\d+ (?:passed|passing)\b|\b(?:[Aa]ll|\d+%?)(?: \w+)? (?:tests?|checks?|examples?) passed\b|\b[Pp]assed!"
    r"|(?:^|\s)pass [1-9]\d*$|\bcongratulations\b|^(?:Error: )?Exit code 0$"
    r"|^\W*(?:OK|ok)\b|\btest result: ok\b|\bBUILD SUCCESS(?:FUL)?\b|^Success(?:fully)?\b|\bsucceeded\b"
    r"|\bno (?:issues|errors|problems) found\b|\b\d+ (?:tests?|examples?), 0 failures\b|\bfound 0 vulnerabilities\b"
)
# (A warning fails a run under `--max-warnings`; a problem is a linter's finding.)
_OTHER_SIGN_RE = re.compile(r"\bwarn(?:ings?)?\b|\bproblems?\b", re.IGNORECASE)
# A count of nothing, either way round: what it counts did not happen.
_ZERO_RE = re.compile(r"\b0 (?:\w+ )?\w+|\b\w+:?\s+0(?![\d.])", re.IGNORECASE)


def passed(lines: list[str]) -> bool:
    """True when some line reports success and no line shows a failure or an error."""
    if not any(_SUCCESS_RE.search(line) for line in lines):
        return False
    return not any(_failure_sign(_ZERO_RE.sub(" ", line)) for line in lines if line.strip())


def _failure_sign(line: str) -> bool:
    return bool(
        generic.FAILURE_WORD_RE.search(line)
        or wording.OS_ERROR_RE.search(line)
        or wording.EXC_RE.search(line)
        or wording.LEVEL_RE.search(line)
        or wording.COMPARE_RE.search(line)
        or wording.WEAK_RE.search(line)
        or _OTHER_SIGN_RE.search(line)
    )
