"""A SessionReport as text for the terminal: the facts, the context chart with each compaction
marked, then tables (compactions and their outcome, tasks, files, open and fixed errors, cold
summaries) fitted to the width: paths keep their end, numbers carry thousands separators."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from ..compaction.listing import kind_label
from ..preserve.item import FAMILIES
from ..text import clip, clip_start, number
from .chart import render_chart
from .data import CompactionOutcome, SessionReport
from .fmt import DASH, percent

MIN_CELL = 10  # a clipped column keeps at least this much


def table(headers: Sequence[str], rows: Sequence[Sequence[object]], width: int, kinds: str) -> str:
    """Aligned columns within `width`. `kinds` has a letter a column: n = number (right
    aligned, never cut), t = text (cut at its end; a cell that is a path, at its start), p =
    path (cut at its start, so the file name stays), f = fixed (never cut). The widest
    cuttable column gives way first."""
    cells = [[str(c).replace("\n", " ") for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]
    while sum(widths) + 2 * (len(widths) - 1) > width:
        cuttable = [i for i, k in enumerate(kinds) if k in "tp" and widths[i] > max(MIN_CELL, len(headers[i]))]
        if not cuttable:
            break
        i = max(cuttable, key=lambda j: widths[j])
        widths[i] -= 1
    lines = []
    for row in [list(headers), *cells]:
        out = []
        for i, cell in enumerate(row):
            w, kind = widths[i], kinds[i]
            cell = clip_start(cell, w) if kind == "p" or (kind == "t" and _is_path(cell)) else clip(cell, w)
            out.append(cell.rjust(w) if kind == "n" else cell.ljust(w))
        lines.append("  ".join(out).rstrip())
    return "\n".join(lines)


def _is_path(cell: str) -> bool:
    return "/" in cell and " " not in cell


def turn_range(first: int, last: int | None) -> str:
    return f"{first:,}" if last is None or last == first else f"{first:,}-{last:,}"


def family_counts(c: CompactionOutcome) -> str:
    """Kept of carried per family, most needed family first: "task 3/3, file 10/12"."""
    if not c.check:
        return ""
    order = [f for f in FAMILIES if f in c.check] + sorted(set(c.check) - set(FAMILIES))
    return ", ".join(f"{f} {c.check[f].get('kept', 0):,}/{c.check[f].get('carried', 0):,}" for f in order)


def refill_cell(c: CompactionOutcome) -> str:
    if c.refill_sent is not None:
        return number(c.refill_sent)
    if c.refill_queued:
        return f"{c.refill_queued:,} queued"
    return number(c.refill_queued)  # 0: nothing lost, nothing to send; None: "-"


def compaction_rows(report: SessionReport) -> list[list[object]]:
    return [
        [
            f"C{c.number}",
            f"{c.after_turn:,}" + ("" if c.in_transcript else " (not in transcript)"),
            kind_label(c.trigger, c.kind) or DASH,
            number(c.pre_tokens),
            number(c.post_tokens),
            f"{c.block_chars:,} chars" if c.block_chars is not None else DASH,
            number(c.carried),
            number(c.kept),
            number(c.lost),
            refill_cell(c),
        ]
        for c in report.compactions
    ]


OUTCOME_NOTE = (
    "carried: items in the preservation block; kept: of them, found in the summary; "
    "refilled: sent back after it; - = not recorded"
)
COMPACTION_HEADERS = [
    "#",
    "after turn",
    "trigger",
    "tokens before",
    "tokens after",
    "block",
    "carried",
    "kept",
    "lost",
    "refilled",
]


SUBAGENT_HEADERS = ["type", "description", "status", "turns", "files", "commands", "open errors", "result"]


def subagent_rows(report: SessionReport) -> list[list[object]]:
    return [
        [
            a.agent_type or DASH,
            a.description or DASH,
            a.status + (" (background)" if a.background else ""),
            turn_range(a.start_turn, a.end_turn) + ("" if a.end_turn is not None else "-"),
            f"{a.files:,}",
            f"{a.commands:,}",
            f"{a.open_errors:,}",
            a.result or DASH,
        ]
        for a in report.subagents
    ]


def header_facts(report: SessionReport, terse: bool = False) -> list[tuple[str, str]]:
    """The report's opening facts, (name, value), shared by the text and the HTML page."""
    peak = report.peak
    context = f"{number(report.context_tokens)} tokens now ({percent(report.context_tokens, report.window)}, from {report.context_source})"
    if peak:
        context += f"; peak {number(peak.tokens)} ({percent(peak.tokens, report.window)}) at turn {peak.turn:,}"
    triggers: dict[str, int] = {}
    for c in report.compactions:
        label = kind_label(c.trigger, c.kind) or "unknown"
        triggers[label] = triggers.get(label, 0) + 1
    by_trigger = " (" + ", ".join(f"{n:,} {t}" for t, n in triggers.items()) + ")" if triggers and not terse else ""
    if report.subagent_compactions:
        n = report.subagent_compactions
        by_trigger += (
            f"; and {n:,} of a subagent's own context" if n == 1 else f"; and {n:,} of subagents' own contexts"
        )
    return [
        ("session", report.session_id),
        ("transcript", report.transcript),
        ("cwd", report.cwd or DASH),
        ("runs dir", report.runs_dir or (DASH if terse else "none (no hook has run for this repository)")),
        ("model", f"{report.model or DASH} (window {number(report.window)} tokens)"),
        ("turns", number(report.turns)),
        ("context", context),
        ("compactions", number(len(report.compactions)) + by_trigger),
    ]


def render_text(report: SessionReport, width: int = 100, height: int = 10, ascii_only: bool = False) -> str:
    width = max(40, width)
    parts = [f"{name:<12}{value}" for name, value in header_facts(report)]
    parts += ["", "context per turn"]
    parts += render_chart(report.points, report.turns, report.compactions, report.window, width, height, ascii_only)

    def section(title: str, headers: list[str], rows: list[list[object]], kinds: str, empty: str) -> None:
        parts.append("")
        parts.append(f"{title} ({len(rows):,})")
        parts.append(table(headers, rows, width, kinds) if rows else f"  {empty}")

    section("compactions", COMPACTION_HEADERS, compaction_rows(report), "fnfnnnnnnf", "none")
    if report.compactions:
        for c in report.compactions:
            if c.check:
                parts.append(f"C{c.number} kept/carried by family: {family_counts(c)}")
        parts += textwrap.wrap(OUTCOME_NOTE, width)
    section(
        "tasks",
        ["id", "status", "subject", "created", "completed"],
        [[t.id, t.status, t.subject, f"{t.created_turn:,}", number(t.completed_turn)] for t in report.tasks],
        "ftfnn",
        "none (no task tools in this session)",
    )
    section("subagents", SUBAGENT_HEADERS, subagent_rows(report), "ttfnnnnt", "none")
    section(
        "files modified",
        ["path", "tool", "turns", "edits"],
        [[f.path, f.tool, turn_range(f.first_turn, f.last_turn), f"{f.edits:,}"] for f in report.files],
        "pfnn",
        "none",
    )
    section(
        "open errors",
        ["turn", "target", "error"],
        [[f"{e.turn:,}", e.target, e.line or DASH] for e in report.open_errors],
        "ntt",
        "none",
    )
    section(
        "fixed errors",
        ["turn", "target", "error", "fixed", "how"],
        [
            [f"{e.turn:,}", e.target, e.line or DASH, number(e.resolved_turn), e.resolved_by or DASH]
            for e in report.fixed_errors
        ],
        "nttnt",
        "none",
    )
    section(
        "cold summaries",
        ["task", "kind", "status", "turns", "subject"],
        [[s.task_id, s.kind, s.status, turn_range(s.start_turn, s.end_turn), s.subject] for s in report.summaries],
        "fffnt",
        "none",
    )
    return "\n".join(parts)
