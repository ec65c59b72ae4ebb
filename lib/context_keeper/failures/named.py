"""The name a report gives above its failures: a test, a scenario, a host each failure is in.

    placed(lines, units, messages) -> messages   # each message after the name over it

A report that prints the same label over each of its parts (`### Failure in: 0:total`,
`Scenario: Sum two prices`), each time naming a different one, says in that name which part
a failure below it is in; where each failure stands under such a name, two or more under
different ones, a message that does not say so itself takes the nearest name above
it, as `name: message`. The label is what the lines share, the name what differs: a
line a report prints once, or one whose label is a level or one side of a comparison
(`error:`, `Expected:`), names nothing.
"""

from __future__ import annotations

import re

from context_keeper.failures import shapes
from context_keeper.failures.findings import Unit
from context_keeper.failures.lines import collapse

# A label (marks and capitalised words, `### Failure in`, `Scenario`) before a colon and a name.
_HEADER_RE = re.compile(r"^(?P<label>[^\w\s]{0,4} ?[A-Z][a-z]+(?: [a-z]+){0,2}):\s+(?P<name>\S.{0,80})$")
# Labels that say what a line is, not where: a level, a cause, a side of a comparison.
_NOT_PLACES = frozenset(["error", "warning", "note", "info", "fatal", "caused by", "hint", "help", "usage"])


def headers(lines: list[shapes.Line], units: list[Unit]) -> list[tuple[int, int, str]]:
    """(line, indentation, name) of each header whose label heads two or more lines, none of
    them a part of a message above it (`Stub: in file a.pyi:7` under `error: ...` is a field)."""
    found: dict[str, list[tuple[int, int, str]]] = {}
    inside = {n for u in units for n in range(u.span[0] + 1, u.span[1])}
    for n, line in enumerate(lines):
        m = _HEADER_RE.match(line.core)
        if not m or shapes.PAIR_KEY_RE.match(line.core) or n in inside:
            continue
        label = m.group("label")
        if label.strip("#*=-> ").lower() in _NOT_PLACES:
            continue
        found.setdefault(label, []).append((n, line.indent, m.group("name").strip()))
    return sorted(h for group in found.values() if len({name for _n, _i, name in group}) >= 2 for h in group)


def placed(lines: list[shapes.Line], units: list[Unit], messages: list[str]) -> list[str]:
    """`messages`, each after the name of the header over it, where the failures stand under
    the headers: each under one, two or more under different ones (a label over progress
    lines, `-- Toolchain: C++ 17` / `-- Toolchain: ...`, over all of them heads none)."""
    heads = headers(lines, units)
    if not heads:
        return messages
    names = []
    read = {collapse(u.text): u for u in reversed(units)}  # (the first unit of a text)
    for message in messages:
        unit = read.get(collapse(message))
        over = [h for h in heads if unit and h[0] < unit.span[0] and h[1] <= unit.indent]
        names.append(over[-1][2] if over else "")
    if "" in names or len(set(names)) < 2:
        return messages
    return [m if name in m else f"{name}: {m}" for name, m in zip(names, messages, strict=True)]
