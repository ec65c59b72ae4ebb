"""A secret store's read printed as JSON: the field that holds the value, under the command that read it.

`$ az keyvault secret show …` prints the secret as `"value": "…"`, `$ gcloud secrets versions
access … --format=json` as `"data": "…"` (its payload, base64), beside fields that name no
secret (`"id"`, `"name"`): only the command says what the value is. After a prompt whose command
reads a secret-named thing (`printed`'s reading of a command), a literal under a field that holds
a value (`value`, `data`, `payload`, `secretString`, `plaintext`) in the command's output (to the
next prompt, 40 lines at most) is the secret when it is shaped like a password or random; an
object (`"data": {`), a number, a date, a reference or a placeholder is not.
"""

from __future__ import annotations

from collections.abc import Callable

from .patterns import MARK, LazyPattern
from .positions import password_shaped
from .values import is_numberish, looks_random, not_a_secret

TRIGGERS = ('"value"', '"data"', '"Value"', '"payload"', 'ecretString"', 'laintext"')
_FIELD = LazyPattern(
    r"(?P<lead>[ \t]*\"(?i:value|data|payload|secret_?string|plaintext)\"[ \t]*:[ \t]*\")"
    r"(?P<v>[^\"\\\n]{1,500})(?P<tail>\"[ \t]*,?[ \t\r]*)"
)
_OUTPUT_LINES = 40


def redact_fields(text: str, reads_a_secret: Callable[[str], bool], is_prompt: Callable[[str], bool]) -> str:
    """The value fields of what a command that reads a secret printed, redacted."""
    if not any(t in text for t in TRIGGERS):
        return text
    lines = text.split("\n")
    changed = False
    until = -1  # the last line of the output being read
    for i, line in enumerate(lines):
        if len(line) > 600:
            continue
        if is_prompt(line):
            until = i + _OUTPUT_LINES if reads_a_secret(line) else -1
            continue
        if i > until:
            continue
        m = _FIELD.fullmatch(line)
        if m is None:
            continue
        v = m.group("v")
        if MARK in v or not_a_secret(v) or is_numberish(v) or not (password_shaped(v) or looks_random(v)):
            continue
        lines[i] = m.group("lead") + MARK + m.group("tail")
        changed = True
    return "\n".join(lines) if changed else text
