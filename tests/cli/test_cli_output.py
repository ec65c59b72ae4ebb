"""What every command shares: --version, quiet closed pipes, tables' numbers and paths."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import orjson

from context_keeper import __version__
from context_keeper.cli.tables import format_table

ROOT = Path(__file__).resolve().parents[2]


def _env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("CONTEXT_KEEPER_", "CLAUDE_", "XDG_"))}
    return env | {"HOME": str(tmp_path), "CONTEXT_KEEPER_HOME": str(tmp_path / "data")}


def test_version(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "context_keeper", "--version"], capture_output=True, text=True, env=_env(tmp_path), check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, f"context-keeper {__version__}\n", "")


def _many_compactions(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    from context_keeper.config import load_settings
    from context_keeper.store import runs_dir_for

    settings, _ = load_settings(_env(tmp_path))
    runs = runs_dir_for(settings, repo)
    runs.root.mkdir(parents=True)
    line = {"time": "", "session_id": "s", "trigger": "auto", "source": "pre_compact", "context_tokens": 1000, "chars": 10}
    runs.compactions.write_bytes(b"".join(orjson.dumps(line | {"time": f"2026-01-01T00:00:{i:06d}Z"}) + b"\n" for i in range(5000)))
    return repo


def test_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    """`context-keeper history | head -1`: the reader leaves after one line, with most of a
    megabyte unwritten; the command exits 0 and says nothing."""
    repo = _many_compactions(tmp_path)
    for args in (["history"], ["history", "--json"], ["--help"]):
        cli = subprocess.Popen([sys.executable, "-m", "context_keeper", *args], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, env=_env(tmp_path), cwd=repo)
        head = subprocess.Popen(["head", "-1"], stdin=cli.stdout, stdout=subprocess.PIPE)
        cli.stdout.close()  # head holds the only read end: when it leaves, the pipe is closed
        first, _ = head.communicate(timeout=60)
        err = cli.stderr.read()
        assert (cli.wait(timeout=60), err) == (0, b""), args
        assert first.split()[0] in (b"time", b"[", b"usage:"), args


def test_a_pipe_closed_before_the_output_ends_quietly(tmp_path: Path) -> None:
    """The reader is gone before the first byte (`| true`): the first write fails outright."""
    repo = _many_compactions(tmp_path)
    for args in (["history"], ["--help"], ["--version"]):
        read, write = os.pipe()
        os.close(read)
        try:
            cli = subprocess.run([sys.executable, "-m", "context_keeper", *args], stdout=write, stderr=subprocess.PIPE,
                                 env=_env(tmp_path), cwd=repo, check=False, timeout=60)
        finally:
            os.close(write)
        assert (cli.returncode, cli.stderr) == (0, b""), args


def test_numbers_get_thousands_separators_and_paths_keep_their_end() -> None:
    table = format_table(["path", "count", "flag"], [["/a/very/long/directory/name/file.py", 1234567, True]], max_width=20, keep_end=("path",))
    assert table.splitlines()[1].split() == ["…ectory/name/file.py", "1,234,567", "True"]
    assert format_table(["text"], [["/a/very/long/directory/name/file.py"]], max_width=20).splitlines()[1] == "/a/very/long/direct…"
