"""A SessionReport as ONE self-contained HTML page: inline CSS, an inline SVG chart (a point
per turn, a marker per compaction with its outcome), tables; no script, no font, no image,
nothing fetched (a Content-Security-Policy of default-src 'none' says so to the browser too).

Every text from the session goes through `_e` (html.escape, quotes included): a task subject
or an error line can hold `<script>`.
"""

from __future__ import annotations

import html
import os
from collections.abc import Sequence
from pathlib import Path

from ..compaction.listing import kind_label
from ..text import number
from .data import CompactionOutcome, SessionReport
from .fmt import DASH, nice_top, percent
from .terminal import (
    COMPACTION_HEADERS,
    OUTCOME_NOTE,
    SUBAGENT_HEADERS,
    compaction_rows,
    family_counts,
    header_facts,
    subagent_rows,
    turn_range,
)

# The chart's geometry, in SVG user units (the SVG scales to the page width).
WIDTH, HEIGHT = 960, 320
LEFT, RIGHT, TOP, BOTTOM = 130, 20, 18, 46
PLOT_W, PLOT_H = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
LINE, MARK = "#1f6feb", "#cf222e"

CSS = """
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:24px auto;max-width:1100px;padding:0 16px;color:#1f2328;background:#fff}
h1{font-size:20px;margin:0 0 12px}h2{font-size:16px;margin:28px 0 8px;border-bottom:1px solid #d0d7de;padding-bottom:4px}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
dl.facts{display:grid;grid-template-columns:max-content auto;gap:2px 16px;margin:0}dl.facts dt{color:#59636e}dl.facts dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #eaeef2;vertical-align:top;overflow-wrap:anywhere}
th{background:#f6f8fa;font-weight:600}td.num,th.num{text-align:right;white-space:nowrap}
.empty,.note{color:#59636e}.chart{width:100%;height:auto;border:1px solid #d0d7de;border-radius:6px;background:#fff}
.grid{stroke:#eaeef2;stroke-width:1}.axis{stroke:#8c959f;stroke-width:1}.ylab,.xlab{fill:#59636e;font-size:11px}
.context-line{fill:none;stroke:@LINE@;stroke-width:2;stroke-linejoin:round}.turn{fill:@LINE@}
.compaction line{stroke:@MARK@;stroke-width:2;stroke-dasharray:5 4}.compaction text{fill:@MARK@;font-size:12px;font-weight:600}
.status-completed{color:#1a7f37}.status-in_progress{color:#9a6700}.status-deleted{color:#59636e;text-decoration:line-through}
""".replace("@LINE@", LINE).replace("@MARK@", MARK)


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _attrs(**values: object) -> str:
    """` name="value"` pairs, escaped; None left out; data_x becomes data-x."""
    return "".join(f' {k.replace("_", "-")}="{_e(v)}"' for k, v in values.items() if v is not None)


def _x_ticks(turns: int) -> list[int]:
    if turns <= 1:
        return [1] if turns else []
    step = nice_top(max(1, turns // 6))
    ticks = [1] + [t for t in range(step, turns, step) if t - 1 >= step // 2 and turns - t >= step // 2] + [turns]
    return ticks


def outcome_title(c: CompactionOutcome) -> str:
    label = kind_label(c.trigger, c.kind)
    parts = [f"C{c.number}" + (f" ({label})" if label else "") + f" after turn {c.after_turn:,}"]
    if not c.in_transcript:
        parts[0] += " (recorded by a hook, not in the transcript yet)"
    parts.append(f"tokens {number(c.pre_tokens)} → {number(c.post_tokens)}")
    parts.append(
        f"block {number(c.carried)} items, summary kept {number(c.kept)}, lost {number(c.lost)}, refilled {number(c.refill_sent)}"
    )
    return "; ".join(parts)


def render_svg(report: SessionReport) -> str:
    turns = max(report.turns, max((p.turn for p in report.points), default=0), 1)
    high = max([p.tokens for p in report.points] + [c.pre_tokens or 0 for c in report.compactions] + [1])
    top = nice_top(high)

    def x(turn: float) -> float:
        return LEFT + (turn - 0.5) * PLOT_W / turns

    def y(tokens: int) -> float:
        return TOP + PLOT_H * (1 - tokens / top)

    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img"'
        f' aria-label="{_e(f"context in use per turn: {len(report.points):,} turns with usage, compactions: {len(report.compactions):,}")}">'
    ]
    for i in range(5):
        value = top * i // 4
        gy = y(value)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{LEFT + PLOT_W}" y1="{gy:.1f}" y2="{gy:.1f}"/>')
        out.append(
            f'<text class="ylab" x="{LEFT - 8}" y="{gy + 4:.1f}" text-anchor="end">{_e(number(value))} · {_e(percent(value, report.window))}</text>'
        )
    out.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT}" y1="{TOP}" y2="{TOP + PLOT_H}"/>')
    out.append(f'<line class="axis" x1="{LEFT}" x2="{LEFT + PLOT_W}" y1="{TOP + PLOT_H}" y2="{TOP + PLOT_H}"/>')
    for t in _x_ticks(turns):
        out.append(f'<text class="xlab" x="{x(t):.1f}" y="{TOP + PLOT_H + 16}" text-anchor="middle">{t:,}</text>')
    out.append(f'<text class="xlab" x="{LEFT + PLOT_W / 2:.1f}" y="{HEIGHT - 6}" text-anchor="middle">turn</text>')
    for c in report.compactions:
        cx = LEFT + min(c.after_turn, turns) * PLOT_W / turns
        out.append(
            f'<g class="compaction"{_compaction_attrs(c)}>'
            f"<title>{_e(outcome_title(c))}</title>"
            f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{TOP}" y2="{TOP + PLOT_H}"/>'
            f'<text x="{cx + 4:.1f}" y="{TOP + 12}">C{c.number}</text></g>'
        )
    coords = [(x(p.turn), y(p.tokens)) for p in report.points]
    if coords:
        # The line drops where the compaction happened (its tokens before, then after), not
        # in a slope from the turn before it to the turn after.
        line = [(x(p.turn), y(p.tokens), float(p.turn)) for p in report.points]
        for c in report.compactions:
            cx, at = LEFT + min(c.after_turn, turns) * PLOT_W / turns, c.after_turn + 0.5
            line += [(cx, y(v), at) for v in (c.pre_tokens, c.post_tokens) if v is not None and c.in_transcript]
        line.sort(key=lambda v: v[2])  # stable: before-tokens ahead of after-tokens
        out.append(f'<polyline class="context-line" points="{" ".join(f"{a:.1f},{b:.1f}" for a, b, _ in line)}"/>')
    radius = 3 if len(coords) <= 200 else 1.5 if len(coords) <= 2000 else 1
    for p, (px, py) in zip(report.points, coords, strict=False):
        tip = f"turn {p.turn:,}: {number(p.tokens)} tokens ({percent(p.tokens, report.window)})"
        out.append(
            f'<circle class="turn"{_attrs(data_turn=p.turn, data_tokens=p.tokens)} cx="{px:.1f}" cy="{py:.1f}" r="{radius}">'
            f"<title>{_e(tip)}</title></circle>"
        )
    out.append("</svg>")
    return "".join(out)


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], kinds: str, empty: str) -> str:
    """kinds: a letter a column, n = number (right aligned), c = code (paths, commands), t = text."""
    if not rows:
        return f'<p class="empty">{_e(empty)}</p>'
    head = "".join(
        ('<th class="num">' if k == "n" else "<th>") + f"{_e(h)}</th>" for h, k in zip(headers, kinds, strict=False)
    )
    body = []
    for row in rows:
        cells = []
        for value, kind in zip(row, kinds, strict=False):
            if kind == "n":
                cells.append(f'<td class="num">{_e(value)}</td>')
            elif kind == "c":
                cells.append(f"<td><code>{_e(value)}</code></td>")
            elif kind == "s":
                cells.append(f'<td class="status-{_e(value)}">{_e(value)}</td>')
            else:
                cells.append(f"<td>{_e(value)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _section(title: str, count: int, content: str, note: str = "") -> str:
    extra = f'<p class="note">{_e(note)}</p>' if note else ""
    return f"<section><h2>{_e(title)} ({count:,})</h2>{content}{extra}</section>"


def render_html(report: SessionReport) -> str:
    facts = header_facts(report, terse=True)
    sections = [_chart_section(report), *_table_sections(report)]
    dl = "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in facts)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>context-keeper report: {_e(report.session_id)}</title><style>{CSS}</style></head>\n<body>"
        f"<h1>context-keeper report: session <code>{_e(report.session_id)}</code></h1>"
        f'<dl class="facts">{dl}</dl>\n' + "\n".join(sections) + "\n</body></html>\n"
    )


def _chart_section(report: SessionReport) -> str:
    chart = (
        render_svg(report)
        if report.points
        else '<p class="empty">no usage recorded in the transcript: nothing to chart</p>'
    )
    return (
        "<section><h2>Context per turn</h2>"
        + chart
        + '<p class="note">one point per turn: tokens in context at its response; dashed lines: compactions '
        + f"(hover for their outcome). Window {number(report.window)} tokens.</p></section>"
    )


def _table_sections(report: SessionReport) -> list[str]:
    """The page's tables, in the terminal report's order (column kinds: see _table)."""
    comp_rows = [
        row + [family_counts(c) or DASH] for row, c in zip(compaction_rows(report), report.compactions, strict=False)
    ]
    tasks = [[t.id, t.status, t.subject, f"{t.created_turn:,}", number(t.completed_turn)] for t in report.tasks]
    files = [[f.path, f.tool, turn_range(f.first_turn, f.last_turn), f"{f.edits:,}"] for f in report.files]
    open_errors = [[f"{e.turn:,}", e.target, e.line or DASH] for e in report.open_errors]
    fixed = [
        [f"{e.turn:,}", e.target, e.line or DASH, number(e.resolved_turn), e.resolved_by or DASH]
        for e in report.fixed_errors
    ]
    summaries = [
        [s.task_id, s.kind, s.status, turn_range(s.start_turn, s.end_turn), s.subject, s.file or DASH]
        for s in report.summaries
    ]
    no_tasks = "none (no task tools in this session)"
    return [
        _section(
            "Compactions",
            len(report.compactions),
            _table([*COMPACTION_HEADERS, "kept by family"], comp_rows, "tntnnnnnnnt", "none"),
            OUTCOME_NOTE if report.compactions else "",
        ),
        _section(
            "Tasks", len(tasks), _table(["id", "status", "subject", "created", "completed"], tasks, "tstnn", no_tasks)
        ),
        _section(
            "Subagents", len(report.subagents), _table(SUBAGENT_HEADERS, subagent_rows(report), "tttnnnnt", "none")
        ),
        _section("Files modified", len(files), _table(["path", "tool", "turns", "edits"], files, "ctnn", "none")),
        _section("Open errors", len(open_errors), _table(["turn", "target", "error"], open_errors, "nct", "none")),
        _section(
            "Fixed errors", len(fixed), _table(["turn", "target", "error", "fixed", "how"], fixed, "nctnt", "none")
        ),
        _section(
            "Cold summaries",
            len(summaries),
            _table(["task", "kind", "status", "turns", "subject", "file"], summaries, "ttsntc", "none"),
        ),
    ]


def write_html(path: Path, report: SessionReport) -> int:
    """Write the page to `path` (0600 when created: it holds the session's facts, like
    everything context-keeper writes); its size in bytes."""
    page = render_html(report).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0), 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(page)
    return len(page)


def _compaction_attrs(c: CompactionOutcome) -> str:
    """The marker's data: what a test (and a curious reader) reads off the page."""
    return _attrs(
        data_number=c.number,
        data_after_turn=c.after_turn,
        data_trigger=c.trigger,
        data_kind=c.kind,
        data_pre_tokens=c.pre_tokens,
        data_post_tokens=c.post_tokens,
        data_carried=c.carried,
        data_kept=c.kept,
        data_lost=c.lost,
        data_refilled=c.refill_sent,
        data_in_transcript=str(c.in_transcript).lower(),
    )
