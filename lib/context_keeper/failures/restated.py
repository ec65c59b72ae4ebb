"""A message the program printed in full on an earlier line of its own.

A program often states a failure on a line of its own (`could not connect to postgres: Error:
connect ECONNREFUSED ...`, `error TSJ - 102: No root type "Order" found`) and its runtime then
prints the same failure again, shorter, as the exception over a stack (`Error: connect
ECONNREFUSED ...`) or in a debugger's report. Whatever reads the stack gives the restatement;
the earlier line holds the same words and what the program said of them, every one of them
printed, so it is the message. Only a restatement that names no exception of its own is
replaced: a bare `Error:` says nothing the earlier line loses, `TypeError:` would. And only by
a line whose lead says something (two words or more, or a level: `Error: `): a lead of one
word or a mark is a decoration of the same message (`Caught: `, `[!] `).
"""

from __future__ import annotations

import re

from context_keeper.failures.lines import LINE_CAP, collapse
from context_keeper.failures.wording import LEVEL_RE, WARNING_RE

_BARE = "Error: "
# A tail this short (one word, a number) ends many unrelated lines.
_MIN_TAIL = 12
_WORD_RE = re.compile(r"[A-Za-z]{2,}")


def fuller(messages: list[str], lines: list[str]) -> list[str]:
    """`messages` with each one-line restatement replaced by the earlier line it restates."""
    if not messages or len(lines) < 2:
        return messages
    said = [collapse(line) for line in lines]
    first: dict[str, int] = {}
    for n, text in enumerate(said):
        first.setdefault(text, n)
    wanted = {t for m in messages for t in _tails(m)}
    # Where each tail ends a line after a `: ` (the only place a lead that says something ends),
    # found in one pass: searched back line by line for each message, a long output of
    # distinct messages cost its lines times its messages.
    ending: dict[str, list[int]] = {}
    for n, text in enumerate(said):
        k = text.find(": ")
        while k != -1:
            if text[k + 2 :] in wanted:
                ending.setdefault(text[k + 2 :], []).append(n)
            k = text.find(": ", k + 2)
    return [_earlier(m, lines, said, first.get(m, -1), ending) for m in messages]


def _tails(message: str) -> list[str]:
    tails = [message] + ([message[len(_BARE) :]] if message.startswith(_BARE) else [])
    return [t for t in tails if len(t) >= _MIN_TAIL and " " in t]


def _earlier(message: str, lines: list[str], said: list[str], at: int, ending: dict[str, list[int]]) -> str:
    if at < 0:
        return message  # composed of several lines, or reworded: not one line restated
    tails = _tails(message)
    for n in sorted({n for t in tails for n in ending.get(t, ()) if n < at}, reverse=True):
        line, text = lines[n], said[n]
        # At the margin: an indented line is a frame, an excerpt or a continuation of another.
        if text == message or not line[:1].strip() or len(text) > LINE_CAP:
            continue
        # The longest tail first: `[!] Error: x` restates `Error: x` behind a mark.
        tail = next((t for t in tails if text.endswith(t)), "")
        if not tail or not _says(text[: -len(tail)]):
            continue
        if not WARNING_RE.search(text):  # (a warning of the same words, an earlier attempt's, is not the failure)
            return text
    return message


def _says(lead: str) -> bool:
    """Whether the words before a restated message say something of it."""
    if not lead.endswith(": "):
        return False
    return len(_WORD_RE.findall(lead)) >= 2 or bool(LEVEL_RE.search(lead))
