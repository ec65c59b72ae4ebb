"""`context-keeper archives` and `history` on archives and compactions.jsonl written by the
real PreCompact hook."""

from __future__ import annotations

import orjson
import pytest

from cli_support import Populated
from context_keeper.cli import main


def test_archives_table(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["archives"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split() == ["archived", "session", "size", "file"]
    sessions = [line.split()[1] for line in out[1:3]]
    assert sessions == ["345b0387", "95e30f3b"]  # manual first, then auto: oldest first
    assert out[-1].startswith("2 archives, ") and str(populated.runs / "archives") in out[-1]


def test_archives_json_matches_the_files(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["archives", "--json"]) == 0
    items = orjson.loads(capsys.readouterr().out)
    for item in items:
        path = populated.runs / "archives" / item["path"].rsplit("/", 1)[1]
        assert item["bytes"] == path.stat().st_size
        # byte-identical copies of the transcripts the hooks saw
        name = {v: k for k, v in populated.sessions.items()}[item["session"]]
        assert path.read_bytes() == populated.transcripts[name].read_bytes()
        assert item["archived_at"].endswith("Z")


def test_history_table(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # tokens after, items carried, kept by the summary and refilled joined the table
    assert lines[0].split() == ["time", "session", "trigger", "hook", "tokens", "before", "tokens", "after", "carried",
                                "kept", "refilled", "archive", "size", "block", "size"]
    manual, auto = (line.split() for line in lines[1:])
    assert manual[1:5] == ["345b0387", "manual", "pre_compact", "22,108"]
    # The populated runs dir fires PreCompact on the finished transcript, whose last message is
    # an answer that ended its turn: what an idle compaction looks like to the hooks.
    assert auto[1:6] == ["95e30f3b", "auto,", "idle", "pre_compact", "22,108"]
    auto = auto[:2] + auto[3:]
    # The fixture transcripts end before the boundary of the compaction the hooks saw
    # (boundaries_before 1), so tokens after are unknown; PreCompact counted the block's items;
    # no PostCompact ran, so nothing is known of what the summary kept or what was refilled.
    assert manual[5] == "-" and int(manual[6]) > 0 and manual[7:9] == ["-", "-"]
    assert manual[-1] == "chars" and manual[-3] == "KiB"


def test_history_json_and_session_filter(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--json"]) == 0
    records = orjson.loads(capsys.readouterr().out)
    assert [r["trigger"] for r in records] == ["manual", "auto"]
    block = (populated.runs / "preserved" / f"{populated.sessions['auto_compact']}.txt").read_text()
    assert records[1]["chars"] == len(block)
    assert records[1]["archive_size"] == populated.transcripts["auto_compact"].stat().st_size
    assert main(["history", "--json", "--session", "345b"]) == 0
    assert [r["trigger"] for r in orjson.loads(capsys.readouterr().out)] == ["manual"]
    assert main(["history", "--session", "ffff"]) == 2
    assert "no compaction recorded for session 'ffff'" in capsys.readouterr().err


def test_empty_runs_dir(tmp_path, populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["archives", "--repo", str(tmp_path)]) == 0
    assert "no archives in" in capsys.readouterr().out
    assert main(["history", "--repo", str(tmp_path), "--json"]) == 0
    assert orjson.loads(capsys.readouterr().out) == []
