"""The context-per-turn chart as rows of text: one column per turn (or per group of turns
when they do not fit the width, showing the group's peak), a column of its own for each
compaction, block eighths for height (or '#' in ASCII), a y axis in tokens and percent of
the window."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from ..records import record
from ..text import number
from .data import CompactionOutcome, TurnPoint
from .fmt import nice_top, percent

EIGHTHS = " ▁▂▃▄▅▆▇█"
MAX_TURN_WIDTH = 3  # columns per turn when few turns leave room


@record
class Glyphs:
    bar: str  # index 0..8 by eighths filled
    mark: str  # a compaction's column
    axis: str
    corner: str
    tick: str
    mark_axis: str
    vrule: str


UNICODE = Glyphs(EIGHTHS, "┊", "─", "┼", "┤", "┴", "│")
ASCII = Glyphs(" ....####", ":", "-", "+", "+", "+", "|")


@record
class Column:
    """One column of the chart: turns (first..last, with their peak) or a compaction."""

    first: int = 0
    last: int = 0
    tokens: int | None = None
    compaction: int | None = None  # its number, for a marker column


def _segments(turns: int, compactions: Sequence[CompactionOutcome]) -> list[tuple[int, int] | int]:
    """Turn ranges (first, last) and compaction numbers, in the order they happened."""
    out: list[tuple[int, int] | int] = []
    start = 1
    for c in sorted(compactions, key=lambda c: (c.after_turn, c.number)):
        cut = min(max(c.after_turn, start - 1), turns)
        if cut >= start:
            out.append((start, cut))
            start = cut + 1
        out.append(c.number)
    if start <= turns:
        out.append((start, turns))
    return out


def _count(segments: list[tuple[int, int] | int], group: int) -> int:
    return sum(1 if isinstance(s, int) else -(-(s[1] - s[0] + 1) // group) for s in segments)


def columns(
    points: Sequence[TurnPoint], turns: int, compactions: Sequence[CompactionOutcome], width: int
) -> tuple[list[Column], int]:
    """The chart's columns for `width` characters, and how many turns one column holds."""
    tokens = {p.turn: p.tokens for p in points}
    segments = _segments(turns, compactions)
    if _count(segments, max(turns, 1)) > width:
        # More compactions than room for their own columns: turns only, markers dropped
        # from the bars (the table below still lists every compaction).
        segments = [s for s in segments if not isinstance(s, int)] or [(1, max(turns, 1))]
    group = 1
    while group < turns and _count(segments, group) > width:
        group += 1 if group < 8 else max(1, group // 8)  # few steps even for 10^5 turns
    repeat = 1
    if group == 1 and turns:
        marks = sum(1 for s in segments if isinstance(s, int))
        repeat = max(1, min(MAX_TURN_WIDTH, (width - marks) // turns))
    out: list[Column] = []
    for seg in segments:
        if isinstance(seg, int):
            out.append(Column(compaction=seg))
            continue
        for first in range(seg[0], seg[1] + 1, group):
            last = min(first + group - 1, seg[1])
            values = [tokens[t] for t in range(first, last + 1) if t in tokens]
            out += [Column(first, last, max(values) if values else None)] * repeat
    return out, group


def _label_row(cols: list[Column], labels: list[tuple[int, str]]) -> str:
    """Labels placed at columns, first come first placed, none overlapping another."""
    row = [" "] * (len(cols) + 8)
    taken = [False] * len(row)
    for at, text in labels:
        span = range(at, at + len(text) + 1)  # and one space after
        if at < 0 or span.stop > len(row) or any(taken[i] for i in span):
            continue
        for i, ch in zip(span, text, strict=False):
            row[i] = ch
        for i in span:
            taken[i] = True
    return "".join(row).rstrip()


def render_chart(
    points: Sequence[TurnPoint],
    turns: int,
    compactions: Sequence[CompactionOutcome],
    window: int,
    width: int = 80,
    height: int = 10,
    ascii_only: bool = False,
) -> list[str]:
    """The chart's lines, at most `width` characters each."""
    glyphs = ASCII if ascii_only else UNICODE
    if not points:
        return ["(no usage recorded in the transcript: nothing to chart)"]
    high = max([p.tokens for p in points] + [c.pre_tokens or 0 for c in compactions])
    top = nice_top(high)
    rows = max(3, height)
    ticks = {0: top, rows // 2: top - top * (rows // 2) // rows}  # row index -> value at its top
    label = {r: f"{number(v)} {percent(v, window):>5}" for r, v in ticks.items()}
    zero = f"0 {percent(0, window):>5}"
    label_width = max(len(s) for s in [*label.values(), zero])
    cols, group = columns(points, turns, compactions, max(8, width - label_width - 2))
    lines = []
    for r in range(rows):
        floor = (rows - 1 - r) * 8  # eighths below this row
        cells = []
        for col in cols:
            if col.compaction is not None:
                cells.append(glyphs.mark)
                continue
            if col.tokens is None:
                cells.append(" ")
                continue
            level = max(1, round(col.tokens * rows * 8 / top))  # a non-zero value stays visible
            cells.append(glyphs.bar[min(8, max(0, level - floor))])
        side = glyphs.tick if r in label else glyphs.vrule
        lines.append(f"{label.get(r, ''):>{label_width}} {side}{''.join(cells)}".rstrip())
    axis = "".join(glyphs.mark_axis if c.compaction is not None else glyphs.axis for c in cols)
    lines.append(f"{zero:>{label_width}} {glyphs.corner}{axis}")
    # Under the axis: compaction numbers at their columns, then the first and last turn.
    marks = [(i, f"C{c.compaction}") for i, c in enumerate(cols) if c.compaction is not None]
    turn_cols = [i for i, c in enumerate(cols) if c.compaction is None]
    ends: list[tuple[int, str]] = []
    if turn_cols:
        ends.append((turn_cols[0], f"{cols[turn_cols[0]].first:,}"))
        last = f"{cols[turn_cols[-1]].last:,}"
        ends.append((max(turn_cols[0] + 1, turn_cols[-1] - len(last) + 1), last))
    lines.append(" " * (label_width + 2) + _label_row(cols, marks + ends))
    per = "1 turn" if group == 1 else f"up to {group:,} turns (their peak)"
    legend = f"x: turns, one column = {per}; y: tokens in context, % of the {number(window)}-token window"
    if marks:
        legend += f"; {glyphs.mark} C<n> = compaction n"
    lines += textwrap.wrap(legend, width)
    return lines
