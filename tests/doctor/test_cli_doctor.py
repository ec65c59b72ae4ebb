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

from cli_support import ROOT, Populated
from context_keeper.cli import main


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
                     "config", "permissions", "repository", "auto-compaction", "idle compaction", "status line",
                     *(f"dry run {h}" for h in hooks)]
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
    # The same hooks from another install (its own interpreter path): both commands run.
    other_python = installed.base / "other-venv" / "bin" / "python"
    other_python.parent.mkdir(parents=True)
    other_python.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n')
    other_python.chmod(0o755)
    project = installed.repo / ".claude" / "settings.json"
    project.parent.mkdir()
    project.write_text(_settings(installed).read_text().replace(sys.executable, str(other_python)))
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1
    problems = [c for c in data["checks"] if not c["ok"]]
    assert len(problems) == 6 and all("would run 2 times" in c["detail"] for c in problems)


def test_the_same_command_in_two_files_runs_once_and_is_no_problem(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    # Measured (tests/e2e/test_settings_loading.py): Claude Code runs a command registered
    # in two settings files once.
    local = installed.repo / ".claude" / "settings.local.json"
    local.parent.mkdir()
    shutil.copyfile(_settings(installed), local)
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 0, data
    hooks = [c for c in data["checks"] if c["name"].startswith("hook ")]
    assert len(hooks) == 6
    assert all(f"also in {local} with the same command, which Claude Code runs once" in c["detail"] for c in hooks)


def test_settings_with_comments(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    _settings(installed).write_text("// mine\n" + _settings(installed).read_text())
    code, data = _doctor(capsys, "--no-dry-run")
    assert code == 1
    assert "contains comments" in data["checks"][0]["detail"]


def test_comments_get_one_answer_from_install_status_and_doctor(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    # Claude Code ignores a settings file with comments whole (measured): all three say so
    # with the same words, and install.sh leaves it untouched.
    settings = _settings(installed)
    text = settings.read_text().replace('{\n  "hooks"', '{\n  // my hooks\n  "hooks"', 1)
    settings.write_text(text)
    said = (f"{settings}: contains comments (line 2): Claude Code ignores a settings file with "
            "comments, so none of its settings apply")
    _, data = _doctor(capsys, "--no-dry-run")
    [check] = [c for c in data["checks"] if c["name"] == "settings user"]
    assert check["detail"] == said and check["fix"] == "remove the comments (line 2), then run ./install.sh again"
    assert main(["status", "--json"]) == 0
    [user] = [f for f in orjson.loads(capsys.readouterr().out)["settings_files"] if f["scope"] == "user"]
    assert user["error"] == said
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "CONTEXT_KEEPER_", "XDG_"))}
    result = subprocess.run([str(ROOT / "install.sh"), "--python", sys.executable], env=env | {"HOME": str(installed.base)},
                            capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 2 and result.stderr == f"context-keeper: error: {said}; left untouched\n"
    assert settings.read_text() == text


def test_entries_written_by_hand_from_installs_lines_pass(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    # The lines install.sh prints for a file it will not edit, pasted by a user into a file of
    # their own (other indentation, keys in another order, PreCompact's matcher "*"): doctor
    # accepts them, dry run included.
    settings = _settings(installed)
    settings.write_text("// mine\n{}")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CLAUDE_", "CONTEXT_KEEPER_", "XDG_"))}
    refused = subprocess.run([str(ROOT / "install.sh"), "--python", sys.executable], env=env | {"HOME": str(installed.base)},
                             capture_output=True, text=True, check=False, timeout=120)
    assert refused.returncode == 2
    lines = refused.stdout[refused.stdout.index("{"):]
    hooks = json.loads(lines)["hooks"]
    for groups in hooks.values():
        for group in groups:
            group["hooks"] = [dict(reversed(list(h.items()))) for h in group["hooks"]]
    hooks["PreCompact"][0] = {"hooks": hooks["PreCompact"][0]["hooks"], "matcher": "*"}
    settings.write_text(json.dumps({"model": "claude-sonnet-4-5", "hooks": hooks}, indent=4))
    assert main(["doctor"]) == 0, capsys.readouterr().out


def test_a_matcher_that_narrows_a_hook_is_a_problem(installed: Populated, capsys: pytest.CaptureFixture[str]) -> None:
    settings = json.loads(_settings(installed).read_text())
    settings["hooks"]["PreCompact"][0]["matcher"] = "manual"  # auto compactions would skip it
    _settings(installed).write_text(json.dumps(settings))
    code, data = _doctor(capsys, "--no-dry-run")
    [check] = [c for c in data["checks"] if c["name"] == "hook PreCompact"]
    assert code == 1 and "matcher is 'manual', expected none (every trigger)" in check["detail"]


def test_a_command_found_on_path_is_accepted(installed: Populated, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # By hand, `context-keeper hook ...` through PATH (install.sh links it into ~/.local/bin).
    bin_dir = installed.base / "bin"
    bin_dir.mkdir()
    (bin_dir / "context-keeper").symlink_to(Path(sys.executable).parent / "context-keeper")
    settings = json.loads(_settings(installed).read_text())
    handler = settings["hooks"]["PreCompact"][0]["hooks"][0]
    handler["command"] = "context-keeper hook pre_compact_preserve"
    _settings(installed).write_text(json.dumps(settings))
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    code, data = _doctor(capsys)
    assert code == 0, [c for c in data["checks"] if not c["ok"]]
    assert any(c["name"] == "interpreter context-keeper" and c["ok"] for c in data["checks"])
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    code, data = _doctor(capsys, "--no-dry-run")
    [check] = [c for c in data["checks"] if c["name"] == "hook PreCompact"]
    assert code == 1 and "interpreter context-keeper is not on PATH" in check["detail"]


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
