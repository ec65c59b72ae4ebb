"""`context-keeper history` and `compaction` on compactions recorded with the survival
figures (docs/data.md): lines joined by compaction id, tokens after from the transcript's
boundary, items carried, kept, refilled; the texts of one compaction."""

from __future__ import annotations

import orjson
import pytest

from cli_support import SESSION_OLD, Compacted
from context_keeper.cli import main


def test_history_joins_each_compactions_lines(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4  # three compactions: the lines without an id or of the same one are joined
    first, old, second = (line.split() for line in lines[1:])
    # the real hooks' record, joined with its post_compact and refill lines; tokens after from
    # the boundary the transcript got after the hooks ran
    assert first[1:9] == ["345b0387", "manual", "pre_compact", "22,108", "2,640", "4", "3", "(75%)"]
    assert first[9] == "1" and first[-1] == "chars"
    assert old[1:10] == ["0ld5e551", "auto", "pre_compact", "99,000", "-", "-", "-", "-", "-"]
    assert second[1:10] == ["345b0387", "auto", "pre_compact", "150,000", "3,100", "10", "10", "(100%)", "0"]
    assert second[-3:] == ["-", "2,000", "chars"]  # no archive in the synthetic line


def test_history_json(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["history", "--json", "--session", "345b"]) == 0
    first, second = orjson.loads(capsys.readouterr().out)
    assert (first["number"], first["compaction_id"], first["tokens_before"], first["tokens_after"]) == (1, survival.first, 22108, 2640)
    assert (first["carried"], first["kept"], first["kept_percent"], first["refill_queued"], first["refilled"]) == (4, 3, 75.0, 1, 1)
    assert (first["refill_chars"], first["refill_event"], first["chars"]) == (118, "UserPromptSubmit", len(survival.block))
    assert [r["source"] for r in first["records"]] == ["pre_compact", "post_compact", "refill"]
    assert (second["number"], second["carried"], second["kept_percent"], second["refilled"], second["tokens_after"]) == (2, 10, 100.0, None, 3100)
    assert [r["source"] for r in second["records"]] == ["pre_compact", "session_start", "post_compact"]
    assert second["chars"] == 2000 and second["source"] == "pre_compact"  # the block's, not the note's
    assert second["check"] == {"task": {"carried": 4, "kept": 4, "lost": 0}, "file": {"carried": 6, "kept": 6, "lost": 0}}


def test_compaction_defaults_to_the_last(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compaction"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"compaction 2 of 2 in session {survival.session}\n")
    assert "tokens    150,000 before, 3,100 after" in out
    assert "block     2,000 chars, 10 items; the summary kept 10 (100%)" in out
    assert "refill    none needed: the summary kept every item" in out
    assert "preservation block (33 chars)\n[context-keeper] the second block" in out
    assert "restore note: none saved" in out and "refill: none saved" in out


def test_compaction_prints_its_texts(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compaction", "345b", "1"]) == 0
    out = capsys.readouterr().out
    assert "tokens    22,108 before, 2,640 after" in out
    assert "refill    1 item sent (118 chars) on UserPromptSubmit" in out
    assert "summary check\nfamily  carried  kept  lost\ntask    2        2     0\nfile    2        1     1" in out
    assert f"preservation block ({len(survival.block):,} chars)\n{survival.block.rstrip()}" in out
    assert "refill (" in out and ", sent on UserPromptSubmit)\n[context-keeper] Facts recorded" in out
    assert main(["compaction", "345b", "1", "--part", "block"]) == 0
    assert capsys.readouterr().out == survival.block.rstrip("\n") + "\n"  # the block as the hook printed it
    assert main(["compaction", "345b", "1", "--part", "refill", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    assert data["refill"]["sent"] is True and data["compaction"]["number"] == 1


def test_compaction_errors(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compaction", "345b", "3"]) == 2
    assert "has 2 recorded compaction(s): give N from 1 to 2" in capsys.readouterr().err
    assert main(["compaction", "345b", "2", "--part", "refill"]) == 2
    assert "compaction 2 of session 345b0387-a067-4946-871b-8253fb49bab6 has no saved refill" in capsys.readouterr().err
    assert main(["compaction", "ffff"]) == 2
    assert "no compaction recorded for session 'ffff'" in capsys.readouterr().err


def test_an_old_compaction_shows_what_is_known(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compaction", SESSION_OLD[:6]]) == 0
    out = capsys.readouterr().out
    assert "tokens    99,000 before, - after" in out
    assert "block     900 chars, items unknown; summary not checked" in out
    assert "(absent: the hooks that recorded this compaction saved no texts)" in out
    assert main(["compaction", SESSION_OLD[:6], "--part", "note"]) == 2


def test_no_compactions(tmp_path, survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    other = tmp_path / "other"
    other.mkdir()
    assert main(["compaction", "--repo", str(other)]) == 2
    assert "no compactions recorded in" in capsys.readouterr().err


def test_status_names_the_last_compaction_not_its_last_line(survival: Compacted, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["status", "--json"]) == 0
    data = orjson.loads(capsys.readouterr().out)
    last = data["last_compaction"]
    assert (last["source"], last["time"], last["tokens_after"], last["block_items"]) == ("pre_compact", survival.second, 3100, 10)
    assert data["data"]["compactions"]["records"] == 8  # lines, of three compactions
    assert main(["status"]) == 0
    assert "session 345b0387, auto, 150,000 tokens before, 3,100 after, no archive, block 2,000 chars" in capsys.readouterr().out
