"""A run of several steps, each closed by its own exit status: each step's output apart.

    steps(chunks) -> list[list[list[str]]]  # the failed steps' pieces, or [] for one run

Wrappers that run several commands (task runners, test matrices, parallel runners) print
each command's output and then its exit status (`node test.js exited with code 1`, `lint:
exit 1 (0.08 seconds)`, `Command ... failed with exit code 2`). Where a failure message
stands is then known: in the lines before a step's non-zero exit, after the exit before it.
Read as one output, the strongest line of the first failed step hides the others; read per
step, each failed step gives its own messages. A step that exited 0 passed: its lines are
no failure. What follows the last exit is the wrapper's own wrap-up (`evaluation failed`),
no step's. A name the runner puts before every line of a step (`[test] `) is its
decoration: the step's lines are read without it. A runner that relays several tasks with
each one's name before its lines (`@shop/cart:test: ...`) and their statuses only at the end
has each task's lines as a step, read without the name.
"""

from __future__ import annotations

import re

# A step's exit status at the end of a line, or as its step's report (`name: exit 1 (`).
_EXIT_RE = re.compile(
    r"\bexited with (?:code|status) (\d+)\b"
    r"|(?:^|\s)[\w.-]+: exit (\d+) \("
    r"|\bfailed with exit (?:code|status) (\d+)\b"
    r"|\breturned (?:non-zero )?exit status (\d+)\b"
    # (npm's report of a script's status, under any task runner that runs scripts through it)
    r"|^npm (?:error|ERR!) code (\d+)$"
)
_STEPS = 2
# The step's name a parallel runner puts before each line it relays (`[test] `).
_LABEL_RE = re.compile(r"^\[[\w.:/-]+\](?: |$)")
# A task's name before each line a runner relays from it: `package:task: ` (no line number:
# `a.py:12: ` is a place; nor one after it: `nb.ipynb:cell_2:5:7: ` is a place in a cell).
_TASK_RE = re.compile(r"^(@?[\w./-]+:[A-Za-z][\w.-]*): ?(?!\d+[:,])")
# A task is a step when it printed this many lines; its name when it names most of the lines.
_TASK_LINES = 3


def _status(line: str) -> int | None:
    m = _EXIT_RE.search(line)
    if m is None:
        return None
    return int(next(g for g in m.groups() if g is not None))


def steps(chunks: list[list[str]]) -> list[list[list[str]]]:
    if len(chunks) != 1:
        return []  # (a cut output: where its steps end is not all there)
    parts: list[tuple[list[str], int]] = []
    current: list[str] = []
    for line in chunks[0]:
        status = _status(line)
        if status is None:
            current.append(line)
            continue
        parts.append((current, status))
        current = []
    failed = [lines for lines, status in parts if status != 0 and any(s.strip() for s in lines)]
    if len(failed) < _STEPS:
        return _tasks(chunks[0])
    return [[_unlabelled(lines)] for lines in failed]


def _tasks(lines: list[str]) -> list[list[list[str]]]:
    """Each task's lines without its name, when most lines carry one of several tasks' names
    (the runner's own lines, and a task's that printed little, aside)."""
    tasks: dict[str, list[str]] = {}
    said = 0
    for line in lines:
        said += bool(line.strip())
        m = _TASK_RE.match(line)
        if m:
            tasks.setdefault(m.group(1), []).append(line[m.end() :])
    named = [body for body in tasks.values() if len(body) >= _TASK_LINES]
    if len(named) < _STEPS or 2 * sum(len(body) for body in named) < said:
        return []
    return [[body] for body in named]


def _unlabelled(lines: list[str]) -> list[str]:
    """The step's lines without the name the runner put before each of them, when it put one
    name before them all (the step's own blank lines blank again)."""
    labels = {m.group(0).strip() for line in lines if line.strip() and (m := _LABEL_RE.match(line))}
    if len(labels) != 1 or not all(_LABEL_RE.match(line) for line in lines if line.strip()):
        return lines
    return [_LABEL_RE.sub("", line, count=1) for line in lines]
