"""Several reports, each a line at the margin over its own stack.

A memory checker or a runtime that reports each error it meets prints the error on a line
at the margin and the stack where it happened under it (`Conditional jump or move depends on
uninitialised value(s)` / `at 0x109173: main (app.c:7)`, then `Invalid free() / ...` / its
frames), each opening its paragraph: each such line is a failure of the run. A cause of the
exception above it (`Caused by: ...`, `During handling of ...`) is the same failure told
again, not another; a line over a report names it (a runner's `FAILED: test`); and where
a line elsewhere reads more like the message (`ERROR: AddressSanitizer: ...` above `READ of
size 4 ...` and its frames), the lines over stacks are its context.
"""

from __future__ import annotations

from context_keeper.failures import shapes
from context_keeper.failures.findings import Unit
from context_keeper.failures.lines import collapse


def reports(lines: list[shapes.Line], kinds: list[str], units: list[Unit]) -> list[str]:
    """Each line at the margin with a stack right under it, when there are two or more."""
    heads = [u for u in units if u.indent == 0 and u.span[1] < len(kinds) and kinds[u.span[1]] == "frame"]
    if any(u.span[0] > 0 and kinds[u.span[0] - 1] != "blank" for u in heads):
        return []  # (a line over a report names it: the test it failed under, `FAILED: name`)
    best = max(units, key=lambda u: u.score, default=None)
    if best not in heads or any(shapes.CAUSE_RE.match(lines[u.span[0]].core) or u.score < 0 for u in heads):
        return []  # (a line elsewhere says more: the frames under the others are its context)
    if any(shapes.CHAIN_RE.match(line.core) or shapes.title(line.core) is not None for line in lines):
        return []  # (a chain is one failure; a runner's titles say which test each trace is under)
    said = list(dict.fromkeys(collapse(u.text) for u in heads))
    return said if len(said) >= 2 else []
