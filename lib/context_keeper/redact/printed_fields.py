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

from .password_shapes import password_shaped
from .patterns import MARK, LazyPattern
from .values import is_numberish, looks_random, not_a_secret

# (two needles: each is one more scan of a long text; `payload`, `secretString` and `plaintext`
# fields stand beside one of these in the stores' JSON)
TRIGGERS = ('"value"', '"data"')
_FIELD = LazyPattern(
    r"(?P<lead>[ \t]*\"(?i:value|data|payload|secret_?string|plaintext)\"[ \t]*:[ \t]*\")"
    r"(?P<v>[^\"\\\n]{1,500})(?P<tail>\"[ \t]*,?[ \t\r]*)"
)
_OUTPUT_LINES = 40


def redact_fields(text: str, reads_a_secret: Callable[[str], bool], is_prompt: Callable[[str], bool]) -> str:
    """The value fields of what a command that reads a secret printed, redacted. Only the lines
    holding a field are read, and from each the lines before it back to the prompt (a long text
    without a field costs a few scans, not a test per line)."""
    from .haystack import holds_any, lines_holding

    if not holds_any(text, TRIGGERS):  # (a long text that is not ASCII: searched as its UTF-8 bytes)
        return text
    lines = text.split("\n")
    changed = False
    for i in sorted(lines_holding(text, lines, TRIGGERS)):
        m = _FIELD.fullmatch(lines[i]) if len(lines[i]) <= 600 else None
        if m is None or not _under_a_read(lines, i, reads_a_secret, is_prompt):
            continue
        v = m.group("v")
        if MARK in v or not_a_secret(v) or is_numberish(v) or not (password_shaped(v) or looks_random(v)):
            continue
        lines[i] = m.group("lead") + MARK + m.group("tail")
        changed = True
    return "\n".join(lines) if changed else text


def _under_a_read(
    lines: list[str], i: int, reads_a_secret: Callable[[str], bool], is_prompt: Callable[[str], bool]
) -> bool:
    """Whether the nearest prompt before line `i` (40 lines at most) runs a command that reads a secret."""
    for j in range(i - 1, max(-1, i - 1 - _OUTPUT_LINES), -1):
        if is_prompt(lines[j]):
            return reads_a_secret(lines[j])
    return False
