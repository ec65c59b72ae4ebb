"""`context-keeper hook NAME`, the command installs register: runs the named hook, and ends
with a status other than 2 in every failure mode (Claude Code takes exit 2 from PreCompact
as "block this compaction")."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.hooks import HOOKS

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def _env(tmp_path: Path, **extra: str) -> dict[str, str]:
    return {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "CONTEXT_KEEPER_HOME": str(tmp_path / "data"), **extra}


def _precompact_stdin(tmp_path: Path) -> str:
    sample = json.loads((FIXTURES / "hook_stdin_samples.json").read_text())["samples"]["PreCompact:manual"]["stdin"]
    return json.dumps(dict(sample, transcript_path=str(FIXTURES / "tools_and_tasks.jsonl"), cwd=str(tmp_path)))


def _run(argv: list[str], tmp_path: Path, stdin: str = "{}", **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(argv, input=stdin, capture_output=True, text=True, env=_env(tmp_path, **env), timeout=60)


def _logs(tmp_path: Path) -> str:
    """Every log under the data root: the runs dir's, or the root's own fallback log."""
    return "".join(log.read_text() for log in sorted((tmp_path / "data").rglob("context-keeper.log")))


def test_every_hook_name_is_a_module_with_main() -> None:
    import importlib

    for name in HOOKS:
        assert callable(importlib.import_module(f"context_keeper.hooks.{name}").main), name


def test_python_m_runs_the_named_hook(tmp_path: Path) -> None:
    result = _run([sys.executable, "-m", "context_keeper", "hook", "pre_compact_preserve"], tmp_path,
                  _precompact_stdin(tmp_path))
    assert (result.returncode, result.stderr) == (0, "")
    assert result.stdout.startswith("[context-keeper] Session state recorded just before this manual compaction")


@pytest.mark.parametrize("args", [[], ["nonsense"], ["pre_compact_preserve", "extra"], ["--help"]])
def test_a_wrong_name_exits_0_silently_and_is_logged(tmp_path: Path, args: list[str]) -> None:
    result = _run([sys.executable, "-m", "context_keeper", "hook", *args], tmp_path, _precompact_stdin(tmp_path))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert "`context-keeper hook` needs one hook name" in _logs(tmp_path)


def test_a_module_missing_from_the_install_exits_0_and_is_logged(tmp_path: Path) -> None:
    # A half-updated install: the package is there, one hook's module is not.
    lib = tmp_path / "lib"
    shutil.copytree(REPO / "lib" / "context_keeper", lib / "context_keeper",
                    ignore=shutil.ignore_patterns("__pycache__"))
    (lib / "context_keeper" / "hooks" / "pre_compact_preserve.py").unlink()
    result = _run([sys.executable, "-S", "-m", "context_keeper", "hook", "pre_compact_preserve"], tmp_path,
                  _precompact_stdin(tmp_path), PYTHONPATH=str(lib))
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert "hook pre_compact_preserve cannot be loaded: ModuleNotFoundError" in _logs(tmp_path)


def test_no_package_at_all_is_not_exit_2(tmp_path: Path) -> None:
    # The interpreter has no context_keeper (a venv recreated without it): Python says so
    # with exit 1, which Claude Code reports without blocking.
    result = _run([sys.executable, "-S", "-m", "context_keeper", "hook", "pre_compact_preserve"], tmp_path)
    assert result.returncode == 1 and "No module named context_keeper" in result.stderr


@pytest.mark.parametrize("fault", ["command-gone", "interpreter-gone", "not-executable"])
def test_a_broken_launcher_is_not_exit_2(tmp_path: Path, fault: str) -> None:
    # What Claude Code does: run the registered command through a shell.
    launcher = tmp_path / "venv" / "bin" / "context-keeper"
    launcher.parent.mkdir(parents=True)
    interpreter = tmp_path / "venv" / "bin" / "python"
    if fault != "interpreter-gone":
        interpreter.symlink_to(sys.executable)
    launcher.write_text(f"#!{interpreter}\nimport sys\nfrom context_keeper.entry import main\nsys.exit(main())\n")
    launcher.chmod(0o600 if fault == "not-executable" else 0o755)
    if fault == "command-gone":
        launcher.unlink()
    result = _run(["/bin/sh", "-c", f"{launcher} hook pre_compact_preserve"], tmp_path, _precompact_stdin(tmp_path))
    assert result.returncode in (126, 127), (result.returncode, result.stderr)


def test_the_plugin_scripts_use_their_own_checkout(tmp_path: Path) -> None:
    # Script and library are one version: the script puts its checkout's lib/ first, even
    # where another context_keeper is importable (here, the dev install).
    for name in HOOKS:
        source = (REPO / "hooks" / f"{name}.py").read_text()
        assert 'sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))' in source
        assert f"from context_keeper.hooks.{name} import main" in source
    copy = tmp_path / "checkout"
    shutil.copytree(REPO / "lib", copy / "lib", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(REPO / "hooks", copy / "hooks")
    marker = copy / "lib" / "context_keeper" / "hooks" / "pre_compact_preserve.py"
    marker.write_text(marker.read_text().replace("def work(ctx: HookContext) -> str:\n",
                                                 "def work(ctx: HookContext) -> str:\n    return 'FROM THE COPY'\n"))
    result = _run([sys.executable, str(copy / "hooks" / "pre_compact_preserve.py")], tmp_path, _precompact_stdin(tmp_path))
    assert (result.returncode, result.stdout) == (0, "FROM THE COPY")


def test_entry_sends_everything_else_to_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    from context_keeper.entry import main

    assert main(["inspect", str(FIXTURES / "tools_and_tasks.jsonl"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["turns"] > 0
    assert os.environ.get("NOT_SET_BY_ENTRY") is None
