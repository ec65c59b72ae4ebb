"""`context-keeper doctor`: passes on a good install made by install.sh, and names the problem
and its fix on broken ones."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from context_keeper.cli import main
from test_cli_helpers import ROOT, Populated, populated, populated_once  # noqa: F401 - fixtures


@pytest.fixture(scope="module")
def installed_once(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temp HOME with the hooks registered by the real install.sh, run with the dev
    interpreter (--python: no virtualenv or pip needed)."""
    home = tmp_path_factory.mktemp("home")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "CONTEXT_KEEPER_", "XDG_"))}
    result = subprocess.run([str(ROOT / "install.sh"), "--python", sys.executable], env=env | {"HOME": str(home)},
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (home / ".claude" / "settings.json").is_file()
    return home


@pytest.fixture
def installed(installed_once: Path, populated: Populated) -> Populated:
    """The populated runs dir, plus the install's ~/.claude in its HOME."""
    shutil.copytree(installed_once / ".claude", populated.base / ".claude")
    return populated


def _settings(p: Populated) -> Path:
    return p.base / ".claude" / "settings.json"


def _doctor(capsys: pytest.CaptureFixture[str], *extra: str) -> tuple[int, dict]:
    code = main(["doctor", "--json", *extra])
    return code, orjson.loads(capsys.readouterr().out)


def test_good_install_passes(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert all(line.startswith("ok       ") for line in lines[:-2]), out
    assert lines[-1] == "all checks passed"
    names = [line.split(":")[0].split(None, 1)[1] for line in lines[:-2]]
    hooks = ["PostToolUse (context_refill)", "PostToolUse (auto_context_manager)", "UserPromptSubmit", "PreCompact",
             "SessionStart", "PostCompact"]
    assert names == [*(f"hook {h}" for h in hooks), f"interpreter {sys.executable}",
                     "config", "permissions", *(f"dry run {h}" for h in hooks)]
    assert "printed a " in out and "-character block" in out


def test_good_install_json(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _doctor(capsys)
    assert code == 0 and data["ok"] is True
    assert all(set(c) == {"name", "ok", "detail", "fix"} and c["ok"] for c in data["checks"])


def test_dry_run_does_not_touch_the_users_data(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    before = sorted(p.name for p in installed.runs.rglob("*"))
    assert main(["doctor"]) == 0
    assert sorted(p.name for p in installed.runs.rglob("*")) == before
    assert sorted(p.name for p in (installed.home / "runs").iterdir()) == [installed.runs.name]


def test_missing_hook(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    settings = json.loads(_settings(installed).read_text())
    del settings["hooks"]["PreCompact"]
    _settings(installed).write_text(json.dumps(settings))
    assert main(["doctor"]) == 1
    out = capsys.readouterr().out
    assert ("PROBLEM  hook PreCompact: pre_compact_preserve is not registered in any settings file"
            " -> fix: run ./install.sh again from your context-keeper checkout") in out
    assert "PROBLEM  dry run PreCompact: skipped: not registered" in out
    assert "ok       hook PostToolUse" in out and out.rstrip().endswith("2 problem(s)")


def test_wrong_permissions(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    summary = next((installed.runs / "summaries").iterdir())
    summary.chmod(0o644)
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1 and data["ok"] is False
    [bad] = [c for c in data["checks"] if not c["ok"]]
    assert bad["name"] == "permissions" and f"{summary} is 0644 (want 0600)" in bad["detail"]
    assert bad["fix"] == f"chmod -R go-rwx {installed.runs}"
    subprocess.run(["chmod", "-R", "go-rwx", str(installed.runs)], check=True)  # the fix works
    assert _doctor(capsys, "--no-dry-run")[0] == 0


def test_runs_dir_readable_by_others(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    installed.runs.chmod(0o755)
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1
    assert f"{installed.runs} is 0755 (want 0700)" in [c for c in data["checks"] if not c["ok"]][0]["detail"]


def test_missing_interpreter_and_timeout(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    settings = json.loads(_settings(installed).read_text())
    handler = settings["hooks"]["PostToolUse"][0]["hooks"][0]
    handler["command"] = handler["command"].replace(sys.executable, "/gone/venv/bin/python")
    del handler["timeout"]
    _settings(installed).write_text(json.dumps(settings))
    code, data = _doctor(capsys)
    problems = {c["name"]: c for c in data["checks"] if not c["ok"]}
    assert code == 1
    detail = problems["hook PostToolUse (context_refill)"]["detail"]
    assert "interpreter /gone/venv/bin/python does not exist" in detail and "no timeout set" in detail
    assert problems["interpreter /gone/venv/bin/python"]["fix"].startswith("run ./install.sh again")
    assert problems["dry run PostToolUse (context_refill)"]["detail"].startswith("exit 127")


def test_registered_twice(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    project = installed.repo / ".claude" / "settings.json"
    project.parent.mkdir()
    shutil.copyfile(_settings(installed), project)
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1
    problems = [c for c in data["checks"] if not c["ok"]]
    assert len(problems) == 6 and all("would run 2 times" in c["detail"] for c in problems)


def test_settings_with_comments(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    _settings(installed).write_text("// mine\n" + _settings(installed).read_text())
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1
    assert "contains comments" in data["checks"][0]["detail"]


def test_no_install_at_all(populated: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _doctor(capsys)
    assert code == 1
    hooks = ["PostToolUse (context_refill)", "PostToolUse (auto_context_manager)", "UserPromptSubmit", "PreCompact",
             "SessionStart", "PostCompact"]
    assert [c["name"] for c in data["checks"] if not c["ok"]] == [
        *(f"hook {h}" for h in hooks), *(f"dry run {h}" for h in hooks)]


def test_a_command_that_runs_a_checkout_script_is_a_problem(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    # The pre-0.2 form: if the checkout is moved or deleted, Python exits 2 and Claude Code
    # blocks every compaction. The script exists here, and it is still a problem.
    settings = json.loads(_settings(installed).read_text())
    [group] = settings["hooks"]["PreCompact"]
    group["hooks"][0]["command"] = f"{sys.executable} {ROOT}/hooks/pre_compact_preserve.py"
    _settings(installed).write_text(json.dumps(settings))
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1
    [check] = [c for c in data["checks"] if c["name"] == "hook PreCompact"]
    assert not check["ok"]
    assert f"runs {ROOT}/hooks/pre_compact_preserve.py from a checkout" in check["detail"]
    assert "makes Python exit 2, which blocks every compaction" in check["detail"]
    assert check["fix"] == "run ./install.sh again from your context-keeper checkout"


def test_the_installed_launcher_is_checked_through_its_interpreter(tmp_path: Path) -> None:
    from context_keeper import doctor

    launcher = tmp_path / "bin" / "context-keeper"
    launcher.parent.mkdir()
    launcher.write_text(f"#!{sys.executable}\nimport sys\n")
    launcher.chmod(0o755)
    assert doctor.launcher_python(str(launcher)) == sys.executable
    assert doctor.check_interpreter(str(launcher)).ok
    launcher.write_text(f"#!{tmp_path}/gone/python\n")
    check = doctor.check_interpreter(str(launcher))
    assert not check.ok and f"its interpreter {tmp_path}/gone/python does not exist" in check.detail
