"""The report as one HTML page, parsed with html.parser: a chart point per turn with its
value, a marker per compaction with its outcome, nothing that loads from elsewhere, and
every session text escaped."""

from __future__ import annotations

import os
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import orjson
import pytest

from context_keeper.cli import main
from context_keeper.report import gather, render_html
from context_keeper.report.html import HEIGHT, PLOT_H, TOP
from context_keeper.store import RunsDir
from report_support import AUTO_SESSION, FIXTURES, long_transcript, write_history


class Page(HTMLParser):
    """Every start tag with its attributes, the text outside tags, and the chart's parts."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str]]] = []
        self.text: list[str] = []
        self.points: list[dict[str, str]] = []
        self.markers: list[dict[str, str]] = []
        self.titles: list[str] = []
        self._in_title = 0
        self.feed(text)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        self.tags.append((tag, values))
        if tag == "circle" and values.get("class") == "turn":
            self.points.append(values)
        if tag == "g" and values.get("class") == "compaction":
            self.markers.append(values)
        if tag == "title":
            self._in_title += 1
            self.titles.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title -= 1

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._in_title:
            self.titles[-1] += data


def test_one_point_per_turn_with_its_value() -> None:
    report = gather(FIXTURES / "auto_compact.jsonl")
    page = Page(render_html(report))
    assert [(int(p["data-turn"]), int(p["data-tokens"])) for p in page.points] == [
        (1, 22_108), (2, 990_310), (3, 22_108), (4, 22_108),
    ]
    # Heights follow the values: the y axis tops out at 1,000,000 here.
    ys = [float(p["cy"]) for p in page.points]
    assert abs(ys[1] - (TOP + PLOT_H * (1 - 990_310 / 1_000_000))) < 0.1
    assert ys[0] == ys[2] == ys[3] and ys[1] < ys[0] < TOP + PLOT_H <= HEIGHT
    xs = [float(p["cx"]) for p in page.points]
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert "turn 2: 990,310 tokens (99%)" in page.titles


def test_one_marker_per_compaction_between_its_turns(tmp_path: Path) -> None:
    path = long_transcript(tmp_path / "s.jsonl", [2_000 * i for i in range(1, 61)], {20: (40_500, 1_500, "auto"), 45: (50_000, 2_000, "manual")})
    page = Page(render_html(gather(path)))
    assert len(page.points) == 60
    assert [(m["data-number"], m["data-after-turn"], m["data-trigger"], m["data-pre-tokens"], m["data-post-tokens"]) for m in page.markers] == [
        ("1", "20", "auto", "40500", "1500"), ("2", "45", "manual", "50000", "2000"),
    ]
    lines = [attrs for tag, attrs in page.tags if tag == "line"]
    xs = {int(p["data-turn"]): float(p["cx"]) for p in page.points}
    for marker in page.markers:
        after = int(marker["data-after-turn"])
        between = [a for a in lines if a.get("x1") == a.get("x2") and xs[after] < float(a["x1"]) < xs[after + 1]]
        assert len(between) == 1  # the marker's line, and no other vertical line there
    assert any(t.startswith("C2 (manual) after turn 45; tokens 50,000 → 2,000") for t in page.titles)


def test_markers_carry_the_recorded_outcome(tmp_path: Path) -> None:
    runs = RunsDir.at(tmp_path / "runs")
    opened = "2026-11-22T11:58:20.100Z"
    write_history(runs, [
        {"time": opened, "session_id": AUTO_SESSION, "source": "pre_compact", "trigger": "auto", "compaction_id": opened,
         "boundaries_before": 0, "chars": 4_000, "block_items": 1_500},
        {"time": "2026-11-22T11:58:21.000Z", "session_id": AUTO_SESSION, "source": "post_compact", "compaction_id": opened,
         "check": {"file": {"carried": 1_500, "kept": 1_450, "lost": 50}}, "refill_items": 50},
        {"time": "2026-11-22T11:58:22.000Z", "session_id": AUTO_SESSION, "source": "refill", "compaction_id": opened,
         "event": "PostToolUse", "refill_items": 48, "refill_chars": 3_000},
    ])
    page = Page(render_html(gather(FIXTURES / "auto_compact.jsonl", runs=runs)))
    [marker] = page.markers
    assert (marker["data-carried"], marker["data-kept"], marker["data-lost"], marker["data-refilled"]) == ("1500", "1450", "50", "48")
    assert any("block 1,500 items, summary kept 1,450, lost 50, refilled 48" in t for t in page.titles)
    text = " ".join(page.text)
    assert "file 1,450/1,500" in text and "990,312" in text


def test_nothing_loads_from_elsewhere() -> None:
    html = render_html(gather(FIXTURES / "tools_and_tasks.jsonl"))
    page = Page(html)
    assert not [t for t, _ in page.tags if t in ("script", "link", "img", "iframe", "object", "embed", "image", "use", "foreignobject")]
    for tag, attrs in page.tags:
        for name in ("src", "href", "xlink:href", "srcset", "data", "action"):
            assert name not in attrs, (tag, name)
    assert not re.search(r"https?://|url\(|@import|@font-face", html, re.I)
    [csp] = [a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"]
    assert csp.startswith("default-src 'none'")


HOSTILE = '<script>alert("x")</script>'
HOSTILE_ATTR = '"><img src=x onerror=alert(1)>'


def test_session_texts_are_escaped(tmp_path: Path) -> None:
    # A real transcript whose task subject and file path carry markup.
    raw = (FIXTURES / "tools_and_tasks.jsonl").read_text()
    raw = raw.replace("Write tests", HOSTILE.replace('"', '\\"')).replace("notes.txt", HOSTILE_ATTR.replace('"', '\\"'))
    path = tmp_path / "hostile.jsonl"
    path.write_text(raw)
    report = gather(path)
    assert HOSTILE in [t.subject for t in report.tasks]
    html = render_html(report)
    page = Page(html)
    assert not [t for t, _ in page.tags if t in ("script", "img")]
    assert all("onerror" not in attrs for _, attrs in page.tags)
    text = "".join(page.text)
    assert HOSTILE in text and HOSTILE_ATTR in text  # shown as text, exactly
    assert "&lt;script&gt;" in html


def test_html_page_from_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for key in [k for k in os.environ if k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))]:
        monkeypatch.delenv(key)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    target = tmp_path / "out" / "report.html"
    target.parent.mkdir()
    transcript = tmp_path / "auto.jsonl"
    shutil.copyfile(FIXTURES / "auto_compact.jsonl", transcript)
    assert main(["report", str(transcript), "--html", str(target), "--json"]) == 0
    page = Page(target.read_text())
    assert len(page.points) == 4 and len(page.markers) == 1
    assert target.stat().st_mode & 0o777 == 0o600
    said = orjson.loads(capsys.readouterr().out)
    assert said == {"html": str(target), "bytes": target.stat().st_size, "session_id": AUTO_SESSION}
