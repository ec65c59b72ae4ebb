"""install.sh end to end, against a temporary HOME.

Most tests pass `--python <this interpreter>` (the dev venv, where context_keeper is
importable) so no virtualenv is built; test_fresh_install_builds_a_working_venv runs the
real path (venv + pip install) once. Set CONTEXT_KEEPER_SKIP_SLOW=1 to skip that one.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import os
import shutil
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from context_keeper import claude_settings as sf
from context_keeper.store import repo_key

REPO = Path(__file__).resolve().parents[2]
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

    @property
    def state(self) -> Path:
        return self.data / "context-keeper" / "install"

    def backups(self, settings: Path | None = None) -> list[Path]:
        """Backups of `settings` (all live in the data dir's install/backups)."""
        slug = repo_key(settings or self.settings)
        return sorted(self.state.glob(f"backups/*-{slug}.json"))

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
    assert env.settings.read_bytes() == env.original_bytes  # the exact bytes
    assert "restored the exact bytes it had before the install" in result.stdout
    assert len(env.backups()) == 1  # restoring needs no new backup: nothing is lost
    assert data_file.exists()
    again = env.run("--uninstall")
    assert again.returncode == 0 and "no context-keeper hooks found" in again.stdout
    assert len(env.backups()) == 1


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
    # The file Claude Code keeps out of version control: the commands hold machine paths.
    project_settings = project / ".claude" / "settings.local.json"
    found = our_handlers(env.load(project_settings))
    assert sorted(found) == ["PostCompact", "PostToolUse", "PreCompact", "SessionStart", "UserPromptSubmit"]
    assert not (project / ".claude" / "settings.json").exists()  # the committed file: never
    assert env.settings.read_bytes() == env.original_bytes  # user settings untouched
    assert env.backups(project_settings) == []  # there was no file to back up
    assert env.run("--project", str(project), "--uninstall").returncode == 0
    assert not project_settings.exists() and not (project / ".claude").exists()  # none was there
    assert list(project.iterdir()) == []


def test_install_keeps_the_files_formatting(env: Env):
    # 4-space indentation, key order, everything the user wrote: only our entries are added
    # (and a comma after the element they follow).
    assert env.run().returncode == 0
    before = env.original_bytes.decode().splitlines()
    after = env.settings.read_text().splitlines()
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes():
        if tag == "replace":
            assert [line + "," for line in before[i1:i2]] == after[j1:j1 + i2 - i1], (before[i1:i2], after[j1:j2])
        else:
            assert tag in ("equal", "insert"), (tag, before[i1:i2])
    assert all(line.startswith("    ") or line == "}" for line in after[1:])  # its indentation


def test_uninstall_after_a_user_edit_takes_out_only_our_spans(env: Env):
    assert env.run().returncode == 0
    installed = env.settings.read_text()
    edited = installed.replace('    "model": "claude-sonnet-4-5",\n',
                               '    "model": "claude-sonnet-4-5",\n    "theme":   "dark",\n')
    edited = edited.replace('"afplay done.aiff"', '"afplay done2.aiff"')
    assert edited != installed
    env.settings.write_text(edited)
    result = env.run("--uninstall")
    assert result.returncode == 0, result.stderr
    assert "changed since the install: took out only our entries" in result.stdout
    expected = env.original_bytes.decode().replace('    "model": "claude-sonnet-4-5",\n',
                                                   '    "model": "claude-sonnet-4-5",\n    "theme":   "dark",\n')
    assert env.settings.read_text() == expected.replace('"afplay done.aiff"', '"afplay done2.aiff"')
    assert env.backups()[-1].read_text() == edited  # the edited file, backed up first


def test_no_settings_file_before_means_none_after(env: Env):
    shutil.rmtree(env.settings.parent)
    assert env.run().returncode == 0
    assert our_handlers(env.load())
    assert stat.S_IMODE(env.settings.stat().st_mode) == 0o600
    result = env.run("--uninstall")
    assert result.returncode == 0, result.stderr
    assert "deleted the file, which did not exist before the install" in result.stdout
    assert not env.settings.parent.exists()  # ~/.claude too: the install made it
    manifest = json.loads((env.state / "manifest.json").read_text())
    assert manifest == {"version": 1, "installs": {}}


def test_the_install_record_names_the_file_its_hashes_and_backup(env: Env):
    assert env.run().returncode == 0
    [(path, record)] = json.loads((env.state / "manifest.json").read_text())["installs"].items()
    assert path == str(env.settings)
    assert record["before_sha256"] == hashlib.sha256(env.original_bytes).hexdigest()
    assert record["after_sha256"] == hashlib.sha256(env.settings.read_bytes()).hexdigest()
    assert (env.state / "backups" / record["backup"]).read_bytes() == env.original_bytes
    assert record["existed"] and record["restorable"]
    assert stat.S_IMODE(env.state.stat().st_mode) == 0o700
    # A re-install after the checkout moved keeps the first "before": uninstall still
    # restores the bytes from before any install.
    wrapper = env.root / "other" / "python"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\nexec "{DEV_PYTHON}" "$@"\n')
    wrapper.chmod(0o755)
    assert "6 updated" in env.run("--python", str(wrapper), python=False).stdout
    assert env.run("--uninstall").returncode == 0
    assert env.settings.read_bytes() == env.original_bytes


def test_user_and_project_installs_of_the_same_commands_get_a_note(env: Env):
    project = env.root / "project"
    project.mkdir()
    assert env.run().returncode == 0
    result = env.run("--project", str(project))
    assert result.returncode == 0, result.stderr
    assert (f"context-keeper: note: {env.settings} registers the same hook commands; Claude Code "
            "runs a command registered twice once") in result.stderr
    # Another interpreter: other commands, so each hook would run twice.
    wrapper = env.root / "other" / "python"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\nexec "{DEV_PYTHON}" "$@"\n')
    wrapper.chmod(0o755)
    local = project / ".claude" / "settings.local.json"
    result = env.run("--python", str(wrapper), python=False)  # the user install, re-done
    assert result.returncode == 0, result.stderr
    assert f"context-keeper: warning: {local} registers context-keeper's hooks too, with other commands" in result.stderr
    assert "each would run twice" in result.stderr


def test_comments_are_refused_with_the_lines_to_add_by_hand(env: Env):
    content = b'{\n  // my settings\n  "model": "x"\n}\n'
    env.settings.write_bytes(content)
    result = env.run()
    assert result.returncode == 2 and env.settings.read_bytes() == content
    assert result.stderr == (f"context-keeper: error: {env.settings}: contains comments (line 2): Claude Code "
                             "ignores a settings file with comments, so none of its settings apply; left untouched\n")
    assert f"Claude Code ignores {env.settings} while it has comments" in result.stdout
    lines = json.loads(result.stdout[result.stdout.index("\n{") + 1:])
    assert lines == sf.merge({}, sf.our_entries(sf.launcher_for(python=Path(DEV_PYTHON)), DEV_PYTHON))


def test_purge_deletes_the_config_and_the_data_dir_it_names(env: Env):
    elsewhere = env.root / "elsewhere-data"
    (elsewhere / "runs").mkdir(parents=True)
    config = env.root / "config" / "context-keeper" / "config.toml"
    config.parent.mkdir(parents=True)
    config.write_text(f'home = "{elsewhere}"\n')
    assert env.run(XDG_CONFIG_HOME=str(env.root / "config")).returncode == 0
    result = env.run("--uninstall", "--purge", XDG_CONFIG_HOME=str(env.root / "config"))
    assert result.returncode == 0, result.stderr
    assert f"Deleted {config}" in result.stdout and f"Deleted {elsewhere}" in result.stdout
    assert not config.parent.exists() and not elsewhere.exists()
    assert not (env.data / "context-keeper").exists()
    assert env.settings.read_bytes() == env.original_bytes


def test_purge_leaves_a_data_root_that_holds_other_files(env: Env):
    documents = env.root / "Documents"
    (documents / "runs" / "x").mkdir(parents=True)
    (documents / "thesis.tex").write_text("mine")
    assert env.run().returncode == 0
    result = env.run("--uninstall", "--purge", CONTEXT_KEEPER_HOME=str(documents))
    assert result.returncode == 0, result.stderr
    assert f"Deleted {documents / 'runs'}" in result.stdout
    assert f"Not deleting {documents}: it holds files context-keeper did not make" in result.stdout
    assert sorted(p.name for p in documents.iterdir()) == ["thesis.tex"]


def test_purge_waits_until_no_install_is_left(env: Env):
    # The virtualenv runs every install's hooks: purging it under a user install would
    # break that install.
    project = env.root / "project"
    project.mkdir()
    assert env.run().returncode == 0
    assert env.run("--project", str(project)).returncode == 0
    result = env.run("--uninstall", "--project", str(project), "--purge")
    assert result.returncode == 1
    assert f"not purging: context-keeper's hooks are still registered in\n{env.settings}\n" in result.stderr
    assert (env.data / "context-keeper").exists() and our_handlers(env.load())
    assert not (project / ".claude").exists()  # the project's own uninstall did happen
    assert env.run("--uninstall", "--purge").returncode == 0
    assert not (env.data / "context-keeper").exists()


def test_project_settings_not_ignored_by_git_are_pointed_out(env: Env):
    project = env.root / "project"
    project.mkdir()
    subprocess.run(["git", "init", "-q", str(project)], check=True, env=env.environ())
    result = env.run("--project", str(project))
    assert "git does not ignore it: add .claude/settings.local.json" in result.stdout
    (project / ".gitignore").write_text(".claude/settings.local.json\n")
    assert "git does not ignore" not in env.run("--project", str(project)).stdout


def test_an_install_with_python_links_no_command(env: Env):
    result = env.run()
    assert "not linked (--python)" in result.stdout
    assert not (env.home / ".local" / "bin").exists()


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

    # The command, where a login shell finds it; this PATH lacks ~/.local/bin, so the
    # summary gives the line to add.
    link = env.home / ".local" / "bin" / "context-keeper"
    assert os.readlink(link) == str(venv / "bin" / "context-keeper")
    assert f"command         {link} -> {venv}/bin/context-keeper" in first.stdout
    assert 'export PATH="$HOME/.local/bin:$PATH"' in first.stdout
    assert f"Check it:         {link} doctor" in first.stdout

    # The README's promise: what ./install.sh leaves behind passes `context-keeper doctor`,
    # run as a user would once ~/.local/bin is on PATH.
    project = env.root / "project"
    project.mkdir(exist_ok=True)
    path = f"{link.parent}{os.pathsep}{env.environ()['PATH']}"
    doctor = subprocess.run(
        ["context-keeper", "doctor"], cwd=project, env=env.environ(PATH=path),
        capture_output=True, text=True, timeout=120)
    assert doctor.returncode == 0, doctor.stdout + doctor.stderr
    assert "PROBLEM" not in doctor.stdout

    started = time.monotonic()
    second = env.run(checkout=checkout, python=False)
    rerun_seconds = time.monotonic() - started
    assert second.returncode == 0, second.stderr
    assert "package up to date" in second.stdout and "already up to date" in second.stdout
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

    # Uninstall and purge leave nothing: no hooks, no link, no data dir.
    purged = env.run("--uninstall", "--purge", python=False)
    assert purged.returncode == 0, purged.stderr
    assert env.settings.read_bytes() == env.original_bytes
    assert not os.path.lexists(link) and not (env.data / "context-keeper").exists()
