"""transcript.compaction_point: where Claude Code compacts on its own, rule by rule (each rule
measured on the pinned CLI: tests/e2e/test_compaction_point.py), and the window our own
thresholds measure against."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from context_keeper.transcript import compaction_point


@pytest.mark.parametrize(
    ("environ", "settings", "tokens", "ignored"),
    [
        ({}, {}, 967_000, []),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10%"}, {}, 98_000, []),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "0.1"}, {}, 980, []),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "abc"}, {}, 967_000, ["CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"]),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "0"}, {}, 967_000, ["CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"]),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "98.8"}, {}, 967_000, ["CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"]),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "98.5"}, {}, 965_300, []),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "50000"}, {}, 67_000, []),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "abc"}, {}, 967_000, ["CLAUDE_CODE_AUTO_COMPACT_WINDOW"]),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "inf"}, {}, 967_000, ["CLAUDE_CODE_AUTO_COMPACT_WINDOW"]),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "1e400"}, {}, 967_000, ["CLAUDE_CODE_AUTO_COMPACT_WINDOW"]),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "2000000"}, {}, 967_000, ["CLAUDE_CODE_AUTO_COMPACT_WINDOW"]),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300000"}, {"autoCompactWindow": 200_000}, 267_000, ["autoCompactWindow"]),
        ({}, {"autoCompactWindow": 150_000}, 117_000, []),
        ({}, {"autoCompactWindow": 50_000}, 967_000, ["autoCompactWindow"]),
        ({}, {"autoCompactWindow": "200k"}, 967_000, ["autoCompactWindow"]),
        ({}, {"autoCompactWindow": 2_000_000}, 967_000, ["autoCompactWindow"]),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, {}, 90_000, []),
        ({"DISABLE_AUTO_COMPACT": "1"}, {}, None, []),
        ({"DISABLE_AUTO_COMPACT": "false"}, {}, 967_000, []),
        ({"DISABLE_COMPACT": "true"}, {}, None, []),
        ({}, {"autoCompactEnabled": False}, None, []),
    ],
)
def test_the_point(environ: dict[str, str], settings: dict[str, Any], tokens: int | None, ignored: list[str]) -> None:
    found = compaction_point.point(1_000_000, environ, settings)
    assert found.tokens == tokens
    assert [name for name, _value, _why in found.ignored] == ignored


def test_a_settings_files_env_applies_like_the_environment(tmp_path: Path) -> None:
    user = tmp_path / "config" / "settings.json"
    user.parent.mkdir()
    user.write_text('{"env": {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}}')
    found = compaction_point.point_for(1_000_000, None, {"CLAUDE_CONFIG_DIR": str(user.parent)})
    assert found.tokens == 98_000


@pytest.mark.parametrize(
    ("environ", "settings", "window"),
    [
        ({}, {}, 1_000_000),  # the point where it is by default: 967k
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, {}, 172_699),  # 167k: 1M x 167/967
        ({}, {"autoCompactWindow": 150_000}, 120_992),
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "100000"}, {}, 69_286),  # 67k: 70 % is 48,500
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}, {}, 101_344),  # 98k
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, {}, 93_071),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "abc"}, {}, 1_000_000),  # changes nothing in Claude Code
        ({"DISABLE_AUTO_COMPACT": "1", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, {}, 1_000_000),  # never compacts
    ],
)
def test_the_window_thresholds_are_read_against(
    tmp_path: Path, environ: dict[str, str], settings: dict[str, Any], window: int
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps(settings))
    found = compaction_point.threshold_window(1_000_000, None, {"CLAUDE_CONFIG_DIR": str(config), **environ})
    assert found == window


@given(
    model_window=st.sampled_from([200_000, 1_000_000]),
    window=st.one_of(st.none(), st.integers(min_value=50_000, max_value=1_200_000)),
    pct=st.one_of(st.none(), st.floats(min_value=0.5, max_value=100)),
    threshold=st.floats(min_value=1, max_value=96),
)
def test_a_threshold_below_the_usual_point_stays_below_the_point_brought_forward(
    model_window: int, window: int | None, pct: float | None, threshold: float
) -> None:
    # A threshold that comes before Claude Code's compaction by default comes before it
    # wherever the settings bring the compaction.
    environ = {"CLAUDE_CONFIG_DIR": "/nonexistent"}
    if window is not None:
        environ["CLAUDE_CODE_AUTO_COMPACT_WINDOW"] = str(window)
    if pct is not None:
        environ["CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"] = f"{pct:.2f}"
    point = compaction_point.point(model_window, environ, {})
    usual = model_window - compaction_point.OUTPUT_RESERVE - compaction_point.BUFFER
    assert point.tokens is not None
    if threshold / 100 * model_window < usual:
        assert threshold / 100 * compaction_point.threshold_window(model_window, None, environ) < point.tokens


def test_a_settings_file_that_is_not_a_regular_file_of_a_plausible_size_is_not_read(tmp_path: Path) -> None:
    # The gate reads these on every PostToolUse call: a FIFO with no writer must not be
    # waited on (a plain open blocks until the hook's budget ends, call after call).
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    assert compaction_point.read_settings(str(fifo)) == {}
    assert compaction_point.read_settings(str(tmp_path)) == {}  # a directory
    big = tmp_path / "big.json"
    big.write_text('{"autoCompactWindow": 200000, "pad": "' + "x" * compaction_point.MAX_SETTINGS_BYTES + '"}')
    assert compaction_point.read_settings(str(big)) == {}
    fine = tmp_path / "fine.json"
    fine.write_text('\ufeff{"autoCompactWindow": 200000}')
    assert compaction_point.read_settings(str(fine)) == {"autoCompactWindow": 200000}


@pytest.mark.parametrize("text", ['{"autoCompactWindow": NaN}', '{"env": {"X": Infinity}, "autoCompactWindow": 200000}'])
def test_a_settings_file_with_nan_or_infinity_is_not_json(tmp_path: Path, text: str) -> None:
    # Claude Code's JSON.parse refuses them and ignores the file whole; Python's decoder takes
    # them, and a NaN window made every call that computes the point raise.
    path = tmp_path / "settings.json"
    path.write_text(text)
    assert compaction_point.read_settings(str(path)) == {}
    assert compaction_point.point_for(1_000_000, None, {"CLAUDE_CONFIG_DIR": str(tmp_path)}).tokens == 967_000
