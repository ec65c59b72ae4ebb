"""`./install.sh --statusline`: our statusLine only where none is set, recognised again, and
`--uninstall` taking out only ours (claude_settings.status_line, through install.sh)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.claude_settings import status_line as sl
from context_keeper.claude_settings.registration import launcher_for

REPO = Path(__file__).resolve().parents[2]
EXE = Path("/opt/venv/bin/context-keeper")
MINE = {"type": "command", "command": "~/bin/my-status --short", "padding": 1}


@pytest.mark.parametrize(
    ("command", "ours"),
    [
        ("/opt/venv/bin/context-keeper statusline", True),
        ("'/home/a b/venv/bin/context-keeper' statusline", True),
        ("/usr/bin/python3 -m context_keeper statusline", True),
        ("/venv/bin/python -c 'from context_keeper.status_line import main; main()'", True),
        ("/venv/bin/python -c 'from context_keeper.status_line import main'", False),
        ("/opt/venv/bin/context-keeper status", False),
        ("/opt/venv/bin/context-keeper statusline --json | tee x", False),
        ("my-context-keeper statusline", False),
        ("echo statusline", False),
    ],
)
def test_ours_is_recognised_in_every_form_and_only_then(command: str, ours: bool) -> None:
    assert sl.is_ours({"type": "command", "command": command}) is ours


def test_placed_where_none_is_set_never_over_another() -> None:
    launcher = launcher_for(command=EXE)
    placed, done = sl.place({"model": "x"}, launcher)
    assert done == "added" and placed == {
        "model": "x",
        "statusLine": {"type": "command", "command": f"{EXE} statusline"},
    }
    assert sl.place({"statusLine": MINE}, launcher) == ({"statusLine": MINE}, "kept")
    assert sl.place(placed, launcher)[1] == "unchanged"
    # With the interpreter known, the form that starts fastest.
    fast = sl.place({}, launcher, "/opt/venv/bin/python")[0]["statusLine"]["command"]
    assert fast == "/opt/venv/bin/python -c 'from context_keeper.status_line import main; main()'"
    # A moved virtualenv: ours is updated in place, a key the user added to it is kept.
    old = {"statusLine": {"type": "command", "command": "/old/venv/bin/context-keeper statusline", "padding": 2}}
    assert sl.place(old, launcher) == (
        {"statusLine": {"type": "command", "command": f"{EXE} statusline", "padding": 2}},
        "updated",
    )


def test_removed_only_when_ours() -> None:
    assert sl.remove({"statusLine": MINE, "model": "x"}) == ({"statusLine": MINE, "model": "x"}, False)
    ours = {"statusLine": sl.entry(launcher_for(command=EXE)), "model": "x"}
    assert sl.remove(ours) == ({"model": "x"}, True)


def install_sh(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
    return subprocess.run(
        [str(REPO / "install.sh"), *args], env=env, cwd=REPO, capture_output=True, text=True, timeout=120
    )


def test_install_sh_statusline_registers_and_says_so_then_uninstall_removes_it(tmp_path: Path) -> None:
    done = install_sh(tmp_path, "--python", sys.executable, "--statusline")
    assert done.returncode == 0, done.stderr
    settings_path = tmp_path / ".claude" / "settings.json"
    assert "status line registered" in done.stdout
    settings = json.loads(settings_path.read_text())
    assert sl.is_ours(settings["statusLine"])
    # The registered command really is the status line: one line for a captured stdin.
    captured = (REPO / "tests" / "fixtures" / "statusline" / "stdin_2.1.330.jsonl").read_text().splitlines()[1]
    shown = subprocess.run(
        settings["statusLine"]["command"],
        shell=True,
        input=captured,
        capture_output=True,
        text=True,
        timeout=30,
        env={"HOME": str(tmp_path), "PATH": os.environ.get("PATH", "")},
    )
    assert shown.returncode == 0 and shown.stdout.startswith("ctx 45k/1M 4% · auto-compact at 967k: 922k left")

    undone = install_sh(tmp_path, "--uninstall")
    assert undone.returncode == 0, undone.stderr
    assert "status line removed" in undone.stdout
    assert not settings_path.exists()  # there was no file before the install


def test_install_sh_statusline_keeps_the_users_own(tmp_path: Path) -> None:
    settings_path = tmp_path / ".claude" / "settings.json"
    settings_path.parent.mkdir()
    settings_path.write_text(json.dumps({"statusLine": MINE}, indent=2) + "\n")
    done = install_sh(tmp_path, "--python", sys.executable, "--statusline")
    assert done.returncode == 0, done.stderr
    assert "status line not registered: one is already set (~/bin/my-status --short)" in done.stdout
    assert json.loads(settings_path.read_text())["statusLine"] == MINE
    # The user edits the file after the install: the uninstall takes out our hooks only.
    settings = json.loads(settings_path.read_text()) | {"model": "claude-sonnet-4-5"}
    settings_path.write_text(json.dumps(settings, indent=2) + "\n")
    assert install_sh(tmp_path, "--uninstall").returncode == 0
    assert json.loads(settings_path.read_text()) == {"statusLine": MINE, "model": "claude-sonnet-4-5"}


@pytest.mark.parametrize("other", ["--no-hooks", "--uninstall"])
def test_install_sh_refuses_statusline_with(tmp_path: Path, other: str) -> None:
    done = install_sh(tmp_path, "--python", sys.executable, "--statusline", other)
    assert done.returncode == 2
    assert "--statusline" in done.stderr


def test_install_sh_project_statusline_keeps_the_users_own(tmp_path: Path) -> None:
    """A project's status line would replace the user's in that project: the user's stays."""
    user = tmp_path / ".claude" / "settings.json"
    user.parent.mkdir()
    user.write_text(json.dumps({"statusLine": MINE}))
    project = tmp_path / "proj"
    project.mkdir()
    done = install_sh(tmp_path, "--python", sys.executable, "--statusline", "--project", str(project))
    assert done.returncode == 0, done.stderr
    assert f"status line not registered: one is already set (~/bin/my-status --short); left as it is in {user}" in done.stdout
    assert "statusLine" not in json.loads((project / ".claude" / "settings.local.json").read_text())
    # Without one in the user settings, the project gets ours.
    user.write_text("{}")
    done = install_sh(tmp_path, "--python", sys.executable, "--statusline", "--project", str(project))
    assert "status line registered" in done.stdout
    assert sl.is_ours(json.loads((project / ".claude" / "settings.local.json").read_text())["statusLine"])
