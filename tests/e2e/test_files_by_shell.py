"""Files the agent changes through Bash are modified files too, with the real Claude Code: a
heredoc creates one, `sed -i` edits another in a subdirectory after a `cd` (which Claude Code
keeps for the next call: the result's record has the directory a command ended in, the call's
the one it started in), `cp` makes a third; a command that fails and one that only reads change
nothing. After `/compact` the block and the
restore note list the three files, as they list a Write's."""

from __future__ import annotations

from pathlib import Path

import pytest

from fake_api import step, tool
from harness import ClaudeSession
from keeper import install_hooks, keeper_env, preservation_block, restore_note
from test_scenarios import KEEPER_SETTINGS, PYTHON, run_ok

pytestmark = pytest.mark.e2e


@pytest.fixture
def env(claude: ClaudeSession, tmp_path: Path) -> dict[str, str]:
    install_hooks(claude, PYTHON)
    return keeper_env(tmp_path / "ck-data", **KEEPER_SETTINGS)


def test_files_written_by_shell_commands_are_in_the_block_and_the_note(claude: ClaudeSession, env: dict[str, str]) -> None:
    (claude.repo / "web").mkdir()
    (claude.repo / "web" / "settings.ini").write_text("debug = true\n")
    claude.api.set_script([
        step(tool("Bash", command="mkdir -p app && cat > app/config.py <<'EOF'\nDEBUG = False\nEOF", description="Create the config")),
        step(tool("Bash", command="cd web && sed -i 's/true/false/' settings.ini", description="Turn debug off")),
        # Claude Code keeps the `cd` for later calls: this one starts in web/.
        step(tool("Bash", command="cd .. && cp app/config.py app/config_test.py", description="Copy the config")),
        step(tool("Bash", command="cat app/config.py > /dev/null && grep -c DEBUG app/config.py", description="Check")),
        step(tool("Bash", command="echo broken > missing-dir/out.txt", description="Fails")),
        step("The config is in place and debug is off."),
    ])
    run_ok(claude, "Add the app config and turn debug off in web/settings.ini.", env)
    assert (claude.repo / "app" / "config_test.py").read_text() == "DEBUG = False\n"  # the real Bash ran them
    assert (claude.repo / "web" / "settings.ini").read_text() == "debug = false\n"
    run_ok(claude, "/compact", env, continue_session=True)
    run_ok(claude, "Go on.", env, continue_session=True)
    [request] = claude.api.compaction_requests()
    block = preservation_block(request)
    files = block.split("FILES MODIFIED THIS SESSION", 1)[1].split("\n\n", 1)[0].splitlines()[1:]
    assert sorted(files) == ["- app/config.py", "- app/config_test.py", "- web/settings.ini"], block
    note = restore_note(claude.api.requests_after_compaction()[0])
    for path in ("app/config.py", "app/config_test.py", "web/settings.ini"):
        assert path in note, path
    # The failed write is an unresolved error, not a modified file.
    assert "`echo broken > missing-dir/out.txt` → exit 1: missing-dir/out.txt: No such file or directory" in block
    assert "missing-dir" not in note.split("Files modified", 1)[1].split("\n\n", 1)[0]
