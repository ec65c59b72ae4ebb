"""What `echo` prints of a secret's variable: the output line the echoed template makes.

`$ echo "deploying with ${DEPLOY_USER}:${DEPLOY_PASS}"` then `deploying with ci:…`; `… && echo
"created shop / $PW"` then, a few lines on, `created shop / …`; `echo "generated $(openssl rand
-base64 32)"` then `generated …` (a command that makes or reads a secret, substituted). The template's words stand in the
output where they stood in the command, a variable's value where the variable stood: a variable
named for a secret (`names`) lends its name to the value in its place, whatever its shape. A
masked value (`***`, what a CI runner prints for a secret it knows), a reference or a placeholder
is kept; a template with any other expansion (`${#PW}`, `${PW:+set}`, a nested `$(…)`) is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .names import STRONG, tier
from .patterns import MARK, LazyPattern
from .values import is_placeholder

TRIGGERS = ("echo ",)
# `echo "…$X…"` (double quotes expand; single ones do not) up to the command's end. (`echo` first,
# the word's start then read behind it: `re` searches a literal prefix fast, where a `\b` first is
# tried at every position of a long text; the same matches.)
_ECHO = LazyPattern(r"echo(?<!\wecho)[ \t]+(?:-[ne]{1,2}[ \t]+)?\"(?P<t>[^\n\"]{1,300})\"[ \t]*(?=[;|&)\r\n]|$)")
# (a variable, or a command's output substituted: `$(openssl rand -base64 32)`, one level deep)
_VAR = LazyPattern(r"\$(?:\{(?P<b>[A-Za-z_]\w{0,80})\}|(?P<n>[A-Za-z_]\w{0,80})|\((?P<c>[^()\n]{1,200})\))")
_LINES_AFTER = 6  # how far the output may stand from its command (other commands' output between)


def _output_pieces(template: str) -> tuple[list[str], list[bool]] | None:
    """The literal pieces of the line `template` prints, around its variables, and which of the
    variables name a secret; None when it holds no secret's variable, no words of its own, or an
    expansion it cannot model."""
    pieces: list[str] = []
    secret: list[bool] = []
    at = 0
    for m in _VAR.finditer(template):
        pieces.append(template[at : m.start()])
        secret.append(_secret_expansion(m))
        at = m.end()
    pieces.append(template[at:])
    literal = "".join(pieces)
    if not any(secret) or "$" in literal or "`" in literal or sum(c.isalnum() for c in literal) < 3:
        return None
    return pieces, secret


# A pipe stage that prints something else of what it reads: a count, a digest (`| wc -c`, `| sha256sum`).
_DERIVED = LazyPattern(r"\|[ \t]*(?:wc|\w*sum|md5|sha\d*|openssl[ \t]+dgst|stat)\b")


def _secret_expansion(m: re.Match[str]) -> bool:
    """Whether what `m` expands to is a secret: a variable named for one, or the output of a
    command that makes or reads one (`printed`'s commands: `openssl rand`, `pwgen`, `cat …/token`),
    not a public key (`cat token.pub`) nor a count or digest of it piped on (`| wc -c`)."""
    if m.group("c") is None:
        return tier(m.group("b") or m.group("n")) >= STRONG
    from .printed import SECRET_COMMAND

    command = m.group("c")
    if "pub" in command.lower() or _DERIVED.search(command) is not None:
        return False
    return SECRET_COMMAND.search(command) is not None


def _values(pieces: list[str], line: str) -> list[tuple[int, int]] | None:
    """Where each variable's value stands in `line` if the template printed it, else None: the
    pieces found in order, each variable at least one character, the first piece at the line's
    start and the last at its end. One pass left to right (each value as short as the next
    piece allows), so a line costs its length whatever the number of variables: a pattern of
    one lazy group a variable backtracks through every split of a line that nearly matches."""
    line = line.removesuffix("\r")
    first, last = pieces[0], pieces[-1]
    if not line.startswith(first):
        return None
    spans: list[tuple[int, int]] = []
    pos = len(first)
    for piece in pieces[1:-1]:
        found = line.find(piece, pos + 1)
        if found < 0:
            return None
        spans.append((pos, found))
        pos = found + len(piece)
    end = len(line) - len(last)
    if end <= pos or not line.endswith(last):
        return None
    spans.append((pos, end))
    return spans


def redact_echoed(text: str) -> str:
    """The values of secret variables in the lines an `echo` of them printed, marked."""
    cuts: list[tuple[int, int]] = []
    for m in _ECHO.finditer(text):
        made = _output_pieces(m.group("t"))
        if made is None:
            continue
        pieces, secret = made
        start = text.find("\n", m.end())
        for _ in range(_LINES_AFTER):
            if start == -1:
                break
            end = text.find("\n", start + 1)
            line_end = len(text) if end == -1 else end
            spans = _values(pieces, text[start + 1 : line_end])
            if spans is not None:
                for (a, b), is_secret in zip(spans, secret, strict=True):
                    v = text[start + 1 + a : start + 1 + b]
                    if is_secret and MARK not in v and not v.startswith("$") and not is_placeholder(v):
                        cuts.append((start + 1 + a, start + 1 + b))
                break
            start = end
    if not cuts:
        return text
    marked, pos = [], 0
    for a, b in sorted(set(cuts)):
        if a >= pos:
            marked += [text[pos:a], MARK]
            pos = b
    return "".join(marked) + text[pos:]


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read across lines, so run on a whole text (see `lines`)."""
    return ((TRIGGERS, redact_echoed),)
