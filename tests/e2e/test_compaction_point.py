"""compaction_point's rules against the pinned CLI: for each way of moving Claude Code's
auto-compaction point (and each that changes nothing), a response 1,000 tokens under the point
the library computes does not compact and one 1,000 over does; with auto-compaction off, nothing
compacts. What `context-keeper statusline` and `doctor` say rests on these."""

from __future__ import annotations

from typing import Any

import pytest

from fake_api import context_usage, step, tool
from harness import ClaudeSession

from context_keeper.transcript import compaction_point

pytestmark = pytest.mark.e2e

WINDOW = 1_000_000  # the pinned CLI's default model

CASES: list[tuple[str, dict[str, str], dict[str, Any]]] = [
    ("default", {}, {}),
    ("env window", {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200k"}, {}),
    ("settings window", {}, {"autoCompactWindow": 150_000}),
    ("env window wins over settings", {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "300000"}, {"autoCompactWindow": 200_000}),
    ("env window below the minimum", {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "50000"}, {}),
    ("settings window below the minimum: ignored", {}, {"autoCompactWindow": 50_000}),
    ("settings window as a string: ignored", {}, {"autoCompactWindow": "200k"}),
    ("window above the model's: ignored", {}, {"autoCompactWindow": 2_000_000}),
    ("env window above the model's: ignored", {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "2000000"}, {}),
    ("env window not a number: ignored", {"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "abc"}, {}),
    ("percentage not a number: ignored", {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "abc"}, {}),
    ("percentage 0: ignored", {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "0"}, {}),
    ("percentage over 100: ignored", {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "150"}, {}),
    ("percentage lowers", {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10%"}, {}),
    ("percentage cannot raise", {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "99"}, {}),
    ("percentage in a settings file's env", {}, {"env": {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}}),
    (
        "percentage with a window",
        {"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "50", "CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200000"},
        {},
    ),
    ("off", {"DISABLE_AUTO_COMPACT": "1"}, {}),
    ("off in settings", {}, {"autoCompactEnabled": False}),
]


def compacts(claude: ClaudeSession, usage: int, env: dict[str, str]) -> bool:
    # Two API rounds at least: Claude Code does not compact on the first response.
    claude.api.set_script(
        [
            step(tool("Bash", command="true"), usage=context_usage(20_000)),
            step(tool("Bash", command="true"), usage=context_usage(usage)),
            step("done", usage=context_usage(3_000)),
        ]
    )
    before = len(claude.api.compaction_requests())
    result = claude.run("go", extra_env=env, timeout_s=60)
    assert result.ok, result.describe()
    return len(claude.api.compaction_requests()) > before


@pytest.mark.parametrize(("name", "env", "settings"), CASES, ids=[c[0] for c in CASES])
def test_the_point_is_where_the_cli_compacts(
    claude: ClaudeSession, name: str, env: dict[str, str], settings: dict[str, Any]
) -> None:
    claude.write_settings(settings)
    settings_env = settings.get("env", {})
    point = compaction_point.point(WINDOW, env | settings_env, settings)
    if point.tokens is None:
        assert not compacts(claude, 968_000, env), f"{name}: compacted although the point says off"
        return
    assert not compacts(claude, point.tokens - 1_000, env), f"{name}: compacted under {point.tokens:,}"
    assert compacts(claude, point.tokens + 1_000, env), f"{name}: did not compact over {point.tokens:,}"


def test_a_sonnet_4_5_session_does_not_auto_compact(claude: ClaudeSession) -> None:
    """Why the point is shown for the measured model only: with claude-sonnet-4-5 the pinned
    CLI compacted neither at its would-be 200,000-token point nor at the default model's."""
    claude.write_settings({"model": "claude-sonnet-4-5"})
    assert not compaction_point.measured("claude-sonnet-4-5")
    for usage in (168_000, 968_000):
        assert not compacts(claude, usage, {})
