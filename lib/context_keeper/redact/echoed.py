"""What `echo` prints of a secret's variable: the output line the echoed template makes.

`$ echo "deploying with ${DEPLOY_USER}:${DEPLOY_PASS}"` then `deploying with ci:…`; `… && echo
"created shop / $PW"` then, a few lines on, `created shop / …`. The template's words stand in the
output where they stood in the command, a variable's value where the variable stood: a variable
named for a secret (`names`) lends its name to the value in its place, whatever its shape. A
masked value (`***`, what a CI runner prints for a secret it knows), a reference or a placeholder
is kept; a template with any other expansion (`${#PW}`, `${PW:+set}`, `$(…)`) is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import STRONG, tier
from .patterns import MARK, LazyPattern
from .values import is_placeholder

TRIGGERS = ("echo ",)
# `echo "…$X…"` (double quotes expand; single ones do not) up to the command's end.
_ECHO = LazyPattern(r"\becho[ \t]+(?:-[ne]{1,2}[ \t]+)?\"(?P<t>[^\n\"]{1,300})\"[ \t]*(?=[;|&)\r\n]|$)")
_VAR = LazyPattern(r"\$(?:\{(?P<b>[A-Za-z_]\w{0,80})\}|(?P<n>[A-Za-z_]\w{0,80}))")
_LINES_AFTER = 6  # how far the output may stand from its command (other commands' output between)


def _output_pattern(template: str) -> tuple[re.Pattern[str], list[bool]] | None:
    """The pattern of the line `template` prints (one group per variable) and which of the
    variables name a secret; None when it holds no secret's variable, no words of its own, or an
    expansion it cannot model."""
    parts: list[str] = []
    secret: list[bool] = []
    at = 0
    for m in _VAR.finditer(template):
        parts.append(re.escape(template[at : m.start()]))
        parts.append("(.+?)")
        secret.append(tier(m.group("b") or m.group("n")) >= STRONG)
        at = m.end()
    parts.append(re.escape(template[at:]))
    literal = _VAR.sub("", template)
    if not any(secret) or "$" in literal or "`" in literal or sum(c.isalnum() for c in literal) < 3:
        return None
    return re.compile("".join(parts) + r"\r?"), secret


def redact_echoed(text: str) -> str:
    """The values of secret variables in the lines an `echo` of them printed, marked."""
    cuts: list[tuple[int, int]] = []
    for m in _ECHO.finditer(text):
        made = _output_pattern(m.group("t"))
        if made is None:
            continue
        pattern, secret = made
        start = text.find("\n", m.end())
        for _ in range(_LINES_AFTER):
            if start == -1:
                break
            end = text.find("\n", start + 1)
            out = pattern.fullmatch(text, start + 1, len(text) if end == -1 else end)
            if out is not None:
                for k, is_secret in enumerate(secret, 1):
                    v = out.group(k)
                    if is_secret and MARK not in v and not v.startswith("$") and not is_placeholder(v):
                        cuts.append(out.span(k))
                break
            start = end
    if not cuts:
        return text
    pieces, pos = [], 0
    for a, b in sorted(set(cuts)):
        if a >= pos:
            pieces += [text[pos:a], MARK]
            pos = b
    return "".join(pieces) + text[pos:]


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((TRIGGERS, redact_echoed),)
