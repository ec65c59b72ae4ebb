"""transcript.compaction_point: where Claude Code compacts on its own, rule by rule (each rule
measured on the pinned CLI: tests/e2e/test_compaction_point.py), and the window our own
thresholds measure against."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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
        ({}, {}, 1_000_000),  # the point 967k, the usual 33k before the end
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, {}, 200_000),
        ({}, {"autoCompactWindow": 150_000}, 150_000),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}, {}, 131_000),  # the point 98k, 33k before the end
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"}, {}, 123_000),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "abc"}, {}, 1_000_000),  # changes nothing in Claude Code
        (
            {"DISABLE_AUTO_COMPACT": "1", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"},
            {},
            1_000_000,
        ),  # it never compacts
    ],
)
def test_the_window_claude_code_compacts_in(
    tmp_path: Path, environ: dict[str, str], settings: dict[str, Any], window: int
) -> None:
    config = tmp_path / "config"
    config.mkdir()
    (config / "settings.json").write_text(json.dumps(settings))
    found = compaction_point.compacting_window(1_000_000, None, {"CLAUDE_CONFIG_DIR": str(config), **environ})
    assert found == window
