"""The report as text: the chart fits the width, marks each compaction between the right
turns, groups turns when they do not fit; tables keep paths' ends; numbers carry thousands
separators."""

from __future__ import annotations

from pathlib import Path

import pytest

from context_keeper.report import gather, render_text
from context_keeper.report.chart import columns, render_chart
from context_keeper.report.fmt import nice_top, percent
from context_keeper.report.terminal import table
from context_keeper.store import RunsDir
from report_support import AUTO_SESSION, FIXTURES, long_transcript, write_history


def _chart_lines(text: str) -> list[str]:
    lines = text.splitlines()
    start = lines.index("context per turn") + 1
    end = next(i for i in range(start, len(lines)) if lines[i] == "")
    return lines[start:end]


def test_fixture_report_shows_the_session() -> None:
    text = render_text(gather(FIXTURES / "auto_compact.jsonl"), width=100)
    assert f"session     {AUTO_SESSION}" in text
    assert "turns       4" in text
    assert "peak 990,310 (99%) at turn 2" in text
    assert "compactions 1 (1 auto)" in text
    row = next(line for line in text.splitlines() if line.startswith("C1 "))
    assert row.split() == ["C1", "2", "auto", "990,312", "2,650", "-", "-", "-", "-", "-"]


@pytest.fixture(scope="module")
def long_session(tmp_path_factory: pytest.TempPathFactory) -> Path:
    # 1,200 turns, context climbing to ~1.2M... well past a 1M window, compacted twice.
    tokens = [1_000 * (i % 500) + 3_000 for i in range(1, 1_201)]
    return long_transcript(
        tmp_path_factory.mktemp("long") / "long.jsonl", tokens,
        {499: (502_100, 4_000, "auto"), 999: (502_200, 4_100, "manual")},
    )


@pytest.mark.parametrize("width", [40, 60, 80, 120, 200])
def test_chart_fits_the_width(long_session: Path, width: int) -> None:
    text = render_text(gather(long_session), width=width)
    chart = _chart_lines(text)
    assert chart and all(len(line) <= width for line in chart), max(chart, key=len)
    # Every chart row has the same number of columns after the axis.
    axis = next(line for line in chart if "┼" in line)
    assert len(axis) > width // 2


@pytest.mark.parametrize("width", [100, 160])
def test_tables_fit_the_width(width: int) -> None:
    text = render_text(gather(FIXTURES / "bash_failure.jsonl"), width=width)
    tables = text.split("compactions (", 1)[1].splitlines()
    assert all(len(line) <= width for line in tables)


def test_many_turns_share_a_column_and_show_their_peak(long_session: Path) -> None:
    report = gather(long_session)
    cols, group = columns(report.points, report.turns, report.compactions, 60)
    assert group > 1 and len(cols) <= 60
    by_turn = {p.turn: p.tokens for p in report.points}
    for col in cols:
        if col.compaction is None:
            assert col.tokens == max(by_turn[t] for t in range(col.first, col.last + 1))
    legend = " ".join(_chart_lines(render_text(report, width=80))[-2:])
    assert "one column = up to" in legend and "turns (their peak)" in legend


def test_each_compaction_has_its_own_column_between_the_right_turns(long_session: Path) -> None:
    report = gather(long_session)
    for width in (40, 100, 400, 3000):
        cols, _ = columns(report.points, report.turns, report.compactions, width)
        marks = [i for i, c in enumerate(cols) if c.compaction is not None]
        assert [cols[i].compaction for i in marks] == [1, 2]
        for i, c in zip(marks, report.compactions):
            assert cols[i - 1].last == c.after_turn and cols[i + 1].first == c.after_turn + 1
    chart = _chart_lines(render_text(report, width=100))
    rows = [line for line in chart if "┤" in line or "│" in line]
    assert all(line.count("┊") == 2 for line in rows if len(line) > 20)
    axis_at = chart.index(next(line for line in chart if "┼" in line))
    assert chart[axis_at].count("┴") == 2
    labels = chart[axis_at + 1]
    for n, mark in enumerate([i for i, ch in enumerate(chart[axis_at]) if ch == "┴"], 1):
        assert labels[mark : mark + 2] == f"C{n}"
    assert "1,200" in labels  # the last turn, with its separator


def test_few_turns_get_wider_columns() -> None:
    report = gather(FIXTURES / "auto_compact.jsonl")
    cols, group = columns(report.points, report.turns, report.compactions, 80)
    assert group == 1 and len(cols) == 4 * 3 + 1  # 4 turns 3 columns wide, and the compaction
    assert [c.compaction for c in cols].count(1) == 1


def test_y_axis_in_tokens_and_percent_of_the_window() -> None:
    chart = render_chart(gather(FIXTURES / "auto_compact.jsonl").points, 4, (), 1_000_000, width=60)
    assert chart[0].startswith("1,000,000  100% ┤")
    assert any(line.startswith("  500,000   50% ┤") for line in chart)
    assert any(line.startswith("        0    0% ┼") for line in chart)
    assert nice_top(990_312) == 1_000_000 and nice_top(18_132) == 20_000 and nice_top(2_001) == 2_500
    assert percent(22_108, 1_000_000) == "2.2%" and percent(990_310, 1_000_000) == "99%"


def test_heights_follow_the_values(tmp_path: Path) -> None:
    path = long_transcript(tmp_path / "s.jsonl", [10_000, 5_000, 2_500, 0])
    chart = render_chart(gather(path).points, 4, (), 200_000, width=40, height=8)
    cells = []
    for line in chart[:8]:
        side = max(line.find("┤"), line.find("│"))
        cells.append(line[side + 1 :].ljust(12))
    # four turns, three columns each; heights in eighths of a row, the top is 10,000
    heights = [sum(" ▁▂▃▄▅▆▇█".index(row[col]) for row in cells) for col in (0, 3, 6, 9)]
    assert heights == [64, 32, 16, 0]
    assert all(row[0] == row[1] == row[2] for row in cells)


def test_ascii_only(long_session: Path) -> None:
    chart = _chart_lines(render_text(gather(long_session), width=100, ascii_only=True))
    assert all(line.isascii() for line in chart)
    assert "#" in "".join(chart) and ":" in "".join(chart)


def test_no_usage_no_chart(tmp_path: Path) -> None:
    path = long_transcript(tmp_path / "s.jsonl", [0, 0])
    assert "nothing to chart" in render_text(gather(path), width=80)


def test_paths_keep_their_file_name_when_cut() -> None:
    path = "services/api/app/very/deep/package/module/handlers/payments_refund_handler.py"
    out = table(["path", "tool"], [[path, "Edit"]], width=40, kinds="pf")
    row = out.splitlines()[1]
    assert len(row) <= 40 and row.startswith("…") and "payments_refund_handler.py" in row
    # a path in a text column too; a text is cut at its end
    out = table(["target", "error"], [[path, "x" * 80]], width=60, kinds="tt")
    assert "handler.py" in out.splitlines()[1] and out.splitlines()[1].rstrip().endswith("…")


def test_numbers_are_right_aligned_with_separators(tmp_path: Path) -> None:
    runs = RunsDir.at(tmp_path / "runs")
    write_history(runs, [{
        "time": "2026-11-22T11:58:20.100Z", "session_id": AUTO_SESSION, "source": "pre_compact", "trigger": "auto",
        "compaction_id": "2026-11-22T11:58:20.100Z", "boundaries_before": 0, "chars": 12_345, "block_items": 1_234,
    }, {
        "time": "2026-11-22T11:58:21.100Z", "session_id": AUTO_SESSION, "source": "post_compact",
        "compaction_id": "2026-11-22T11:58:20.100Z", "check": {"file": {"carried": 1_234, "kept": 1_200, "lost": 34}},
        "refill_items": 34, "refill_chars": 2_000,
    }])
    text = render_text(gather(FIXTURES / "auto_compact.jsonl", runs=runs), width=120)
    lines = text.splitlines()
    header = next(line for line in lines if line.startswith("#   after turn"))
    row = lines[lines.index(header) + 1]
    assert row.split() == ["C1", "2", "auto", "990,312", "2,650", "12,345", "chars", "1,234", "1,200", "34", "34", "queued"]
    assert header.index("carried") + len("carried") == row.index("1,234") + len("1,234")  # right aligned
    assert "C1 kept/carried by family: file 1,200/1,234" in text
