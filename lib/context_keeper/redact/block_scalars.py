"""A YAML block scalar under a secret's name: `api_key: |` or `password: >-`, then the value
on the lines indented below it (Kubernetes manifests, CI configs, Helm values). The name's
line ends at the indicator, so the value is read across lines, on a whole text before its
lines (see `lines`), and judged as the value after the name on one line is (`nouns.judged`;
a value set under a secret's, a token's or a credential's name is read as a password's).
"""

from __future__ import annotations

from collections.abc import Callable

from .names import NOT_SECRET, PASSWORD, STRONG, tier
from .patterns import LazyPattern, marked

TRIGGERS = (": |", ": >", ":|", ":>")
# The indicator at a line's end: `: |`, `: >-`, `: |+2`.
_INDICATOR = LazyPattern(r":[ \t]*[|>][-+]?[0-9]?[-+]?[ \t]*\r?\n")
# The name before it, from the line's start: `  - api_key`, `"clientSecret"`.
_NAME = LazyPattern(r"(?P<i>[ \t]*)(?:-[ \t]+)?(?P<q>[\"']?)(?P<n>[A-Za-z_][\w.-]{0,100})(?P=q)[ \t]*")
_MAX_LINES = 8  # a longer block is a document (a script, a certificate), read line by line


def redact_block_scalars(text: str) -> str:
    """`text` with each block scalar's lines under a secret name, judged secrets, marked."""
    from .nouns import judged

    found: list[tuple[int, int]] = []
    for hit in _INDICATOR.compiled().finditer(text):
        start = text.rfind("\n", 0, hit.start()) + 1
        if found and start < found[-1][1]:
            continue
        name = _NAME.compiled().fullmatch(text, start, hit.start())
        if name is None:
            continue
        level = tier(name.group("n"))
        if level == NOT_SECRET:
            continue
        level = PASSWORD if level == STRONG else level  # (set under its name, as `name: value` is)
        indent = name.group("i")
        at = hit.end()
        spans: list[tuple[int, int]] = []
        while at < len(text) and len(spans) <= _MAX_LINES:
            end = text.find("\n", at)
            end = len(text) if end == -1 else end
            line = text[at:end]
            body = line.lstrip(" \t")
            if not body.strip() or not line.startswith(indent) or len(line) - len(body) <= len(indent):
                break  # a blank line or one no deeper than the name: the block ended
            value = body.rstrip(" \t\r")
            if judged(level, value):
                vstart = at + len(line) - len(body)
                spans.append((vstart, vstart + len(value)))
            at = end + 1
        if spans and len(spans) <= _MAX_LINES:
            found += spans
    return marked(text, found)


def compile_rules() -> tuple[tuple[tuple[str, ...], Callable[[str], str]], ...]:
    """(triggers, text -> text): read on a whole text (see `lines`)."""
    return ((TRIGGERS, redact_block_scalars),)
