"""install.sh end to end, against a temporary HOME.

Most tests pass `--python <this interpreter>` (the dev venv, where context_keeper is
importable) so no virtualenv is built; test_fresh_install_builds_a_working_venv runs the
real path (venv + pip install) once. Set CONTEXT_KEEPER_SKIP_SLOW=1 to skip that one.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from context_keeper import settings_file as sf

REPO = Path(__file__).resolve().parents[1]
DEV_PYTHON = sys.executable  # not resolved: the venv's python is a symlink

ORIGINAL = {
    "permissions": {"allow": ["Bash(git status:*)"], "defaultMode": "acceptEdits"},
    "env": {"MY_TOKEN_NAME": "value"},
    "model": "claude-sonnet-4-5",
    "hooks": {
        "PostToolUse": [
            {"matcher": "Read|Grep", "hooks": [{"type": "command", "command": "echo read"}]},
        ],
        "PreCompact": [
            {"matcher": "manual", "hooks": [{"type": "command", "command": "~/bin/notify-compact"}]},
        ],
        "Stop": [{"hooks": [{"type": "command", "command": "afplay done.aiff", "timeout": 5}]}],
    },
}


class Env:
    """A temporary HOME with ~/.claude/settings.json holding foreign settings."""

    def __init__(self, root: Path):
        self.root = root
        self.home = root / "home"
        self.data = root / "data"
        self.settings = self.home / ".claude" / "settings.json"
        self.settings.parent.mkdir(parents=True)
        self.original_bytes = json.dumps(ORIGINAL, indent=4).encode()
        self.settings.write_bytes(self.original_bytes)

    def environ(self, **extra: str) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("CLAUDE", "CONTEXT_KEEPER_", "XDG_"))
               and k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
        env.update(HOME=str(self.home), XDG_DATA_HOME=str(self.data), **extra)
        return env

    def run(self, *args: str, checkout: Path = REPO, python: bool = True,
            **extra: str) -> subprocess.CompletedProcess[str]:
        argv = [str(checkout / "install.sh"), *args]
        if python and "--uninstall" not in args:
            argv += ["--python", DEV_PYTHON]
        result = subprocess.run(argv, env=self.environ(**extra), cwd=self.root,
                                capture_output=True, text=True, timeout=300)
        assert "Traceback" not in result.stderr, result.stderr
        return result

    def backups(self, settings: Path | None = None) -> list[Path]:
        settings = settings or self.settings
        return sorted(settings.parent.glob(settings.name + ".bak-*"))

    def load(self, settings: Path | None = None) -> dict:
        return json.loads((settings or self.settings).read_bytes())


@pytest.fixture
def env(tmp_path: Path) -> Env:
    return Env(tmp_path)


def our_handlers(settings: dict) -> dict[str, list[tuple[str | None, dict]]]:
    found: dict[str, list[tuple[str | None, dict]]] = {}
    for event, groups in settings.get("hooks", {}).items():
        for group in groups:
            for handler in group["hooks"]:
                if sf.script_of(handler):
                    found.setdefault(event, []).append((group.get("matcher"), handler))
    return found


def assert_installed(settings: dict, launcher: tuple[str, ...], python: str | None = None) -> None:
    expected: dict[str, list[tuple[str | None, dict]]] = {}
    for e in sf.our_entries(launcher, python):
        expected.setdefault(e.event, []).append((e.matcher, e.handler()))
    found = our_handlers(settings)
    assert {k: sorted(v, key=str) for k, v in found.items()} == {k: sorted(v, key=str) for k, v in expected.items()}
    assert sf.unmerge(settings) == ORIGINAL  # everything else kept, with its meaning
    assert list(settings) == list(ORIGINAL)  # and its order


def copy_checkout(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for name in ("install.sh", "pyproject.toml", "README.md"):
        if (REPO / name).exists():
            shutil.copy2(REPO / name, dest / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for name in ("lib", "hooks"):
        shutil.copytree(REPO / name, dest / name, ignore=ignore)
    return dest


# --------------------------------------------------------------------------- install

def test_install_adds_our_entries_once_and_keeps_foreign_content(env: Env):
    result = env.run()
    assert result.returncode == 0, result.stderr
    assert_installed(env.load(), (DEV_PYTHON, "-m", "context_keeper"))
    [backup] = env.backups()
    assert backup.read_bytes() == env.original_bytes
    assert "context-keeper doctor" in result.stdout
    assert str(env.settings) in result.stdout


def test_second_run_changes_nothing(env: Env):
    assert env.run().returncode == 0
    installed = env.settings.read_bytes()
    mtime = env.settings.stat().st_mtime_ns
    result = env.run()
    assert result.returncode == 0, result.stderr
    assert "already up to date" in result.stdout
    assert env.settings.read_bytes() == installed
    assert env.settings.stat().st_mtime_ns == mtime
    assert len(env.backups()) == 1


def test_uninstall_restores_the_original_and_keeps_data(env: Env):
    data_file = env.data / "context-keeper" / "runs" / "x" / "state.json"
    data_file.parent.mkdir(parents=True)
    data_file.write_text("{}")
    assert env.run().returncode == 0
    result = env.run("--uninstall")
    assert result.returncode == 0, result.stderr
    assert env.load() == ORIGINAL
    assert len(env.backups()) == 2
    assert data_file.exists()
    again = env.run("--uninstall")
    assert again.returncode == 0 and "no context-keeper hooks found" in again.stdout
    assert len(env.backups()) == 2


def test_uninstall_purge_deletes_the_venv_and_data(env: Env):
    data_dir = env.data / "context-keeper"
    (data_dir / "venv").mkdir(parents=True)
    (data_dir / "venv" / "pyvenv.cfg").write_text("home = /usr/bin\n")
    (data_dir / "runs").mkdir()
    other = env.root / "custom-home"
    other.mkdir()
    assert env.run().returncode == 0
    dry = env.run("--uninstall", "--purge", "--dry-run", CONTEXT_KEEPER_HOME=str(other))
    assert dry.returncode == 0 and f"Would delete {data_dir}" in dry.stdout
    assert data_dir.exists() and other.exists() and our_handlers(env.load())
    result = env.run("--uninstall", "--purge", CONTEXT_KEEPER_HOME=str(other))
    assert result.returncode == 0, result.stderr
    assert not data_dir.exists() and not other.exists()
    assert env.load() == ORIGINAL


def test_purge_refuses_to_delete_home(env: Env):
    result = env.run("--uninstall", "--purge", CONTEXT_KEEPER_HOME=str(env.home))
    assert result.returncode == 0
    assert "Not deleting" in result.stdout and env.settings.exists()


@pytest.mark.parametrize("content", [
    b'{\n  // my hooks\n  "model": "x"\n}\n',
    b'{"model": "x",}',
    b"[]",
])
def test_bad_settings_are_refused_and_left_untouched(env: Env, content: bytes):
    env.settings.write_bytes(content)
    for args in ((), ("--uninstall",)):
        result = env.run(*args)
        assert result.returncode != 0
        assert env.settings.read_bytes() == content
        assert env.backups() == []
        errors = [line for line in result.stderr.splitlines() if "error" in line]
        assert len(errors) == 1 and str(env.settings) in errors[0]


def test_dry_run_writes_nothing(env: Env):
    result = env.run("--dry-run")
    assert result.returncode == 0, result.stderr
    assert "+++ " in result.stdout and "context_keeper hook auto_context_manager" in result.stdout
    assert env.settings.read_bytes() == env.original_bytes
    assert env.backups() == []


def test_dry_run_without_python_creates_no_venv(env: Env):
    result = env.run("--dry-run", python=False)
    assert result.returncode == 0, result.stderr
    venv_command = env.data / "context-keeper" / "venv" / "bin" / "context-keeper"
    assert f"{venv_command} hook auto_context_manager" in result.stdout  # diff names the future venv
    assert "would be created" in result.stdout
    assert not env.data.exists()
    assert env.settings.read_bytes() == env.original_bytes


def test_moved_checkout_changes_nothing_the_hooks_never_named_it(env: Env):
    assert env.run().returncode == 0
    installed = env.settings.read_bytes()
    moved = copy_checkout(env.root / "moved" / "context keeper")  # with a space
    result = env.run(checkout=moved)
    assert result.returncode == 0, result.stderr
    assert "already up to date" in result.stdout
    assert env.settings.read_bytes() == installed
    assert str(moved) not in installed.decode() and "/hooks/" not in installed.decode()


def test_entries_of_old_installs_are_replaced_without_duplicates(env: Env):
    # Before 0.2 the commands ran <venv python> <checkout>/hooks/<script>.py: deleting the
    # checkout then made Python exit 2, which blocks every compaction.
    pre_02 = ("auto_context_manager", "pre_compact_preserve", "session_start_restore")
    old = sf.merge(ORIGINAL, [e for e in sf.our_entries(("/old/venv/bin/context-keeper",)) if e.script in pre_02])
    for groups in old["hooks"].values():
        for group in groups:
            for handler in group["hooks"]:
                if sf.script_of(handler):
                    name = handler["command"].split(" hook ")[1]
                    handler["command"] = f"/old/venv/bin/python /old/checkout/hooks/{name}.py"
                    assert sf.script_of(handler) == name
    env.settings.write_text(json.dumps(old, indent=2))
    result = env.run()
    assert result.returncode == 0, result.stderr
    assert "3 added, 3 updated" in result.stdout
    assert_installed(env.load(), (DEV_PYTHON, "-m", "context_keeper"))
    assert "/old/checkout" not in env.settings.read_text()


def test_project_settings(env: Env):
    project = env.root / "project"
    project.mkdir()
    result = env.run("--project", str(project))
    assert result.returncode == 0, result.stderr
    project_settings = project / ".claude" / "settings.json"
    found = our_handlers(env.load(project_settings))
    assert sorted(found) == ["PostCompact", "PostToolUse", "PreCompact", "SessionStart", "UserPromptSubmit"]
    assert env.settings.read_bytes() == env.original_bytes  # user settings untouched
    assert env.backups(project_settings) == []  # there was no file to back up
    assert env.run("--project", str(project), "--uninstall").returncode == 0
    assert env.load(project_settings) == {}


def test_claude_config_dir_is_honoured(env: Env):
    config = env.root / "claude-config"
    result = env.run(CLAUDE_CONFIG_DIR=str(config))
    assert result.returncode == 0, result.stderr
    assert len(our_handlers(env.load(config / "settings.json"))) == 5  # events
    assert env.settings.read_bytes() == env.original_bytes


def test_no_hooks_leaves_settings_alone(env: Env):
    result = env.run("--no-hooks")
    assert result.returncode == 0, result.stderr
    assert env.settings.read_bytes() == env.original_bytes


def test_python_that_cannot_import_the_package_is_refused(env: Env):
    # -S: no site-packages, so context_keeper is not importable, yet Python is >= 3.11
    wrapper = env.root / "bare-python"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys._base_executable}" -S "$@"\n')
    wrapper.chmod(0o755)
    result = env.run("--python", str(wrapper), python=False)
    assert result.returncode == 2
    assert "cannot import context_keeper" in result.stderr
    assert env.settings.read_bytes() == env.original_bytes


@pytest.mark.parametrize("args, message", [
    (("--frobnicate",), "unknown argument"),
    (("--prefix",), "needs a value"),
    (("--purge",), "--purge only goes with --uninstall"),
    (("--project", "/nonexistent/dir"), "no such directory"),
])
def test_bad_arguments(env: Env, args: tuple[str, ...], message: str):
    result = env.run(*args, python=False)
    assert result.returncode == 2 and message in result.stderr
    assert env.settings.read_bytes() == env.original_bytes


def test_help(env: Env):
    result = env.run("--help", python=False)
    assert result.returncode == 0
    for option in ("--prefix", "--python", "--project", "--no-hooks", "--dry-run",
                   "--uninstall", "--purge"):
        assert option in result.stdout


# ------------------------------------------------------ the real venv path (slow-ish)

SAMPLE_FOR = {"PostToolUse": "PostToolUse:Bash", "PreCompact": "PreCompact:auto",
              "SessionStart": "SessionStart:compact", "UserPromptSubmit": "UserPromptSubmit",
              "PostCompact": "PostCompact:auto"}


def run_installed_hooks(env: Env, settings: dict) -> None:
    """Run each registered command as Claude Code would (through a shell, JSON on stdin):
    the interpreter and script paths written into settings.json must work."""
    samples = json.loads((REPO / "tests" / "fixtures" / "hook_stdin_samples.json")
                         .read_text())["samples"]
    project = env.root / "project"
    project.mkdir(exist_ok=True)
    handlers = [(event, handler) for event, found in our_handlers(settings).items() for _, handler in found]
    for event, handler in handlers:
        stdin = dict(samples[SAMPLE_FOR[event]], cwd=str(project),
                     transcript_path=str(env.root / "no-such-transcript.jsonl"))
        result = subprocess.run(
            ["/bin/sh", "-c", handler["command"]], input=json.dumps(stdin), cwd=project,
            env=env.environ(CONTEXT_KEEPER_HOME=str(env.root / "ck-data")),
            capture_output=True, text=True, timeout=handler["timeout"])
        assert result.returncode == 0, (event, result.stderr)
        assert "Traceback" not in result.stderr, (event, result.stderr)


@pytest.mark.slow
@pytest.mark.skipif(os.environ.get("CONTEXT_KEEPER_SKIP_SLOW") == "1",
                    reason="CONTEXT_KEEPER_SKIP_SLOW=1")
def test_fresh_install_builds_a_working_venv(env: Env):
    # A snapshot of the checkout: the re-run must see the same sources as the first run.
    checkout = copy_checkout(env.root / "checkout")
    started = time.monotonic()
    first = env.run(checkout=checkout, python=False)
    fresh_seconds = time.monotonic() - started
    assert first.returncode == 0, first.stdout + first.stderr

    venv = env.data / "context-keeper" / "venv"
    import platformdirs  # where the package itself looks for its data
    saved = os.environ.get("XDG_DATA_HOME")
    os.environ["XDG_DATA_HOME"] = str(env.data)
    try:
        assert Path(platformdirs.user_data_dir("context-keeper")) / "venv" == venv
    finally:
        if saved is None:
            del os.environ["XDG_DATA_HOME"]
        else:
            os.environ["XDG_DATA_HOME"] = saved

    python = venv / "bin" / "python"
    check = subprocess.run(
        [str(python), "-c", "import context_keeper, orjson, platformdirs, git; "
                            "print(context_keeper.__file__)"],
        cwd="/", capture_output=True, text=True, env=env.environ())
    assert check.returncode == 0, check.stderr
    assert Path(check.stdout.strip()).is_relative_to(venv)  # installed, not the checkout
    assert_installed(env.load(), (str(venv / "bin" / "context-keeper"),), str(venv / "bin" / "python"))
    # the build happened in a staging copy: the checkout stays clean
    assert not (checkout / "build").exists()
    assert not list((checkout / "lib").glob("*.egg-info"))

    run_installed_hooks(env, env.load())

    # The README's promise: what ./install.sh leaves behind passes `context-keeper doctor`.
    project = env.root / "project"
    project.mkdir(exist_ok=True)
    doctor = subprocess.run(
        [str(venv / "bin" / "context-keeper"), "doctor"], cwd=project, env=env.environ(),
        capture_output=True, text=True, timeout=120)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert "PROBLEM" not in doctor.stdout

    started = time.monotonic()
    second = env.run(checkout=checkout, python=False)
    rerun_seconds = time.monotonic() - started
    assert second.returncode == 0, second.stderr
    assert "package up to date" in second.stdout and "already up to date" in second.stdout
    assert rerun_seconds < 10, rerun_seconds
    print(f"fresh install {fresh_seconds:.1f}s, re-run {rerun_seconds:.2f}s")

    # The hooks do not need the checkout: delete it and every hook still works.
    shutil.rmtree(checkout)
    run_installed_hooks(env, env.load())
    # Nor can a deleted virtualenv block compaction (Claude Code reads exit 2 from
    # PreCompact as "block"): the shell reports the missing command, never 2.
    shutil.rmtree(venv)
    for event, found in our_handlers(env.load()).items():
        handler = found[0][1]
        gone = subprocess.run(["/bin/sh", "-c", handler["command"]], input="{}", cwd=project,
                              env=env.environ(), capture_output=True, text=True, timeout=30)
        assert gone.returncode not in (0, 2), (event, gone.returncode, gone.stderr)
