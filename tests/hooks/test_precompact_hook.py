"""hooks/pre_compact_preserve.py run as Claude Code runs it: a subprocess, the real PreCompact
stdin shape, CONTEXT_KEEPER_HOME in a temp dir. Whatever goes wrong it exits 0 (2 would
block compaction) and writes nothing to stderr.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from context_keeper.compaction.history import read_history
from context_keeper.store import repo_key, session_lock
from hook_support import GIT_ENV, PRE_COMPACT, Env, make_env, sha



@pytest.fixture
def env(tmp_path: Path) -> Env:
    return make_env(tmp_path)


# -- the normal path -----------------------------------------------------------------------------


@pytest.mark.parametrize("sample", ["PreCompact:auto", "PreCompact:manual"])
def test_block_archive_history_and_saved_block(env: Env, sample: str) -> None:
    result = env.run(PRE_COMPACT, env.stdin(sample))
    assert (result.rc, result.err) == (0, "")
    trigger = sample.split(":")[1]
    assert result.out.startswith(f"[context-keeper] Session state recorded just before this {trigger} compaction")
    assert len(result.out) <= 10_000
    # the fixture's items, one by one
    assert "- /home/dev/project/notes.txt" in result.out  # not under this project: stays absolute
    assert "- #1 Write tests" in result.out
    assert "- Please exercise the tools." in result.out
    assert "Run linter" not in result.out  # deleted
    # the archive
    archives = list(env.runs.archives.iterdir())
    assert len(archives) == 1
    archive = archives[0]
    assert archive.read_bytes() == env.transcript.read_bytes()
    assert stat.S_IMODE(archive.stat().st_mode) == 0o600
    assert stat.S_IMODE(env.runs.archives.stat().st_mode) == 0o700
    assert f"Full pre-compaction transcript archived at: {archive}" in result.out
    # the history line
    (entry,) = read_history(env.runs)
    assert (entry.session_id, entry.trigger, entry.source) == (env.session_id, trigger, "pre_compact")
    assert (entry.archive_path, entry.archive_size, entry.archive_sha256) == (
        str(archive),
        env.transcript.stat().st_size,
        sha(env.transcript),
    )
    assert entry.context_tokens == 12 + 3000 + 15000 + 120 and entry.tokens_source == "usage"
    assert entry.chars == len(result.out)
    assert entry.shown["files"] == 1 and entry.shown["completed"] == 1 and entry.left_out == {}
    assert entry.boundaries_before == 0
    # the block, saved for the restore hook
    assert env.runs.preserved_path(env.session_id).read_text() == result.out
    assert f"PreCompact session={env.session_id} ok" in env.log()


def test_custom_instructions_are_not_repeated(env: Env) -> None:
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:manual", custom_instructions="Focus on the PINEAPPLE task list"))
    assert result.rc == 0 and "PINEAPPLE" not in result.out
    assert "in addition to any instructions above, which take precedence" in result.out


def test_errors_of_the_failure_fixture(tmp_path: Path) -> None:
    env = make_env(tmp_path, "bash_failure.jsonl", project=tmp_path / "home" / "dev" / "project")
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert result.rc == 0
    assert "- `echo out; echo err >&2; exit 3` → exit 3: err" in result.out
    assert "- file /home/dev/project/README.md: String to replace not found in file." in result.out


BOUNDARY = (
    b'{"type":"system","subtype":"compact_boundary","content":"Conversation compacted",'
    b'"timestamp":"2026-01-01T00:00:00.000Z","compactMetadata":{"trigger":"auto","preTokens":9000,"postTokens":900}}\n'
)


def test_a_second_compaction_in_the_same_session_gets_its_own_archive(env: Env) -> None:
    first = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    with open(env.transcript, "ab") as handle:
        handle.write(BOUNDARY)  # the first compaction happened: the next fire is a new one
    second = env.run(PRE_COMPACT, env.stdin("PreCompact:manual"))
    assert first.rc == second.rc == 0
    archives = sorted(env.runs.archives.iterdir())
    assert len(archives) == 2
    assert sorted(p.stat().st_size for p in archives) == [
        env.transcript.stat().st_size - len(BOUNDARY),
        env.transcript.stat().st_size,
    ]
    assert len(read_history(env.runs, env.session_id)) == 2


def test_configured_cap(env: Env) -> None:
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"), CONTEXT_KEEPER_BLOCK_MAX_CHARS="400")
    assert result.rc == 0 and 0 < len(result.out) <= 400
    assert "[context-keeper] Left out for space:" in result.out


def test_busy_lock_still_gives_the_block(env: Env) -> None:
    env.runs.ensure()
    with session_lock(env.runs, env.session_id, 1.0) as locked:
        assert locked
        result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"), CONTEXT_KEEPER_LOCK_TIMEOUT="0.1")
    assert result.rc == 0
    assert "- #1 Write tests" in result.out
    assert not env.runs.state_path(env.session_id).exists()  # read-only: nothing saved
    assert "without saving" in env.log()


# -- git ------------------------------------------------------------------------------------------


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, env={**os.environ, **GIT_ENV})


def test_diff_stat_of_uncommitted_changes(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "src").mkdir()
    (repo / "src" / "parser.py").write_text("def parse():\n    return 1\n")
    (repo / "README.md").write_text("hello\n")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "init")
    (repo / "src" / "parser.py").write_text("def parse():\n    return 2\n\n\ndef more():\n    pass\n")
    env = make_env(tmp_path, project=repo / "src")  # Claude Code's cwd may be a subdirectory
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert result.rc == 0
    assert "UNCOMMITTED CHANGES (git diff --stat HEAD):\n  1 file changed, 5 insertions(+), 1 deletion(-)" in result.out
    assert "  src/parser.py | 6 +++++-" in result.out
    assert env.runs.root.parent.name == "runs" and repo_key(repo) == env.runs.root.name


def test_no_diff_section_outside_a_repo(env: Env) -> None:
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert result.rc == 0 and "UNCOMMITTED CHANGES" not in result.out


# -- every failure path exits 0, and prints what it still can ----------------------------------------


def test_no_transcript_path(env: Env) -> None:
    stdin = env.stdin("PreCompact:auto")
    del stdin["transcript_path"]
    result = env.run(PRE_COMPACT, stdin)
    assert (result.rc, result.err) == (0, "")
    assert result.out.startswith("[context-keeper] Session state recorded just before this auto compaction")
    assert "RULES FOR THE SUMMARY" in result.out
    assert not any(env.runs.archives.iterdir())
    assert "no transcript_path" in env.log()
    (entry,) = read_history(env.runs)
    assert entry.archive_path is None and entry.boundaries_before is None


def test_missing_transcript_file(env: Env) -> None:
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:manual", transcript_path=str(env.transcript) + ".gone"))
    assert (result.rc, result.err) == (0, "")
    assert "RULES FOR THE SUMMARY" in result.out and "archived at" not in result.out.replace("\n", " ")
    assert "archive skipped" in env.log() and "session model skipped" in env.log()


def test_transcript_is_not_a_file(env: Env) -> None:
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto", transcript_path=str(env.home.parent)))
    assert (result.rc, result.err) == (0, "")
    assert "RULES FOR THE SUMMARY" in result.out and not any(env.runs.archives.iterdir())
    assert "archive skipped" in env.log() and "session model skipped" in env.log()


def test_symlinked_archives_dir(env: Env) -> None:
    env.runs.ensure()
    env.runs.archives.rmdir()
    (env.home.parent / "elsewhere").mkdir()
    env.runs.archives.symlink_to(env.home.parent / "elsewhere")
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    # the runs dir is refused as a whole, yet the block is still printed from the transcript;
    # nothing is written through the link
    assert (result.rc, result.err) == (0, "")
    assert "- #1 Write tests" in result.out
    assert list((env.home.parent / "elsewhere").iterdir()) == []
    assert "refusing symlink" in (env.home / "context-keeper.log").read_text()  # the guard's fallback log


def test_read_only_runs_files(env: Env) -> None:
    env.runs.ensure()
    # history and saved block cannot be written: a directory stands where each file goes
    env.runs.compactions.mkdir()
    env.runs.preserved_path(env.session_id).mkdir()
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert (result.rc, result.err) == (0, "")
    assert "- #1 Write tests" in result.out
    assert "history skipped" in env.log() and "saving the block skipped" in env.log()


def test_unusable_runs_dir(env: Env) -> None:
    env.home.parent.mkdir(parents=True, exist_ok=True)
    env.home.write_text("a file where the data root should be")
    result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    assert (result.rc, result.err) == (0, "")


@pytest.mark.parametrize(
    "stdin",
    [b"", b"not json", b"[1,2]", b'{"hook_event_name":"PreCompact"}', b"\xff\xfe garbage", b'{"session_id": 5}'],
)
def test_garbage_stdin(env: Env, stdin: bytes) -> None:
    result = env.run(PRE_COMPACT, stdin)
    assert (result.rc, result.out, result.err) == (0, "", "")


def test_runs_from_a_checkout_without_the_package_installed(env: Env, tmp_path: Path) -> None:
    # A bare interpreter (no site-packages): the hook must find ./lib by itself. It needs
    # orjson, so point only at orjson's directory.
    import orjson

    site = Path(orjson.__file__).resolve().parents[2]
    shim = tmp_path / "shim"
    shim.mkdir()
    for name in ("orjson",):
        (shim / name).symlink_to(site / name)
    stdin = json.dumps(env.stdin("PreCompact:auto")).encode()
    proc = subprocess.run(
        [
            sys.executable,
            "-S",
            "-c",
            f"import sys; sys.path.insert(0, {str(shim)!r}); path = {str(PRE_COMPACT)!r}; "
            "exec(compile(open(path).read(), path, 'exec'), {'__name__': '__main__', '__file__': path})",
        ],
        input=stdin,
        capture_output=True,
        env={"PATH": os.environ["PATH"], "CONTEXT_KEEPER_HOME": str(env.home), "CONTEXT_KEEPER_CONFIG": str(tmp_path / "config.toml")},
    )
    assert proc.returncode == 0, proc.stderr
    assert b"- #1 Write tests" in proc.stdout


# -- overlapping steps: the archive copies while the model is folded ---------------------------------


def test_late_lines_written_while_the_hook_runs_are_in_the_archive_and_the_block(env: Env) -> None:
    # Claude Code writes the last tool result 25-85 ms after PreCompact starts (measured: docs/how-it-works.md):
    # the archive and the model both wait for the transcript to settle and take it in.
    import threading
    import time

    late = {"type": "user", "uuid": "late-1", "message": {"role": "user", "content": "A LATE PROMPT about the zebra module"}}

    def write_late() -> None:
        time.sleep(0.1)
        with open(env.transcript, "a") as handle:
            handle.write(json.dumps(late) + "\n")

    writer = threading.Thread(target=write_late)
    writer.start()
    try:
        result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"))
    finally:
        writer.join()
    assert (result.rc, result.err) == (0, "")
    assert "A LATE PROMPT about the zebra module" in result.out
    (archive,) = env.runs.archives.iterdir()
    assert archive.read_bytes() == env.transcript.read_bytes()


def test_out_of_budget_while_archiving_leaves_no_archive_file(env: Env) -> None:
    # A transcript that keeps growing keeps the archive waiting for it to settle (up to 1.5 s);
    # the budget ends the hook first: the copy is given up and its temporary file removed.
    import threading

    stop = threading.Event()

    def keep_writing() -> None:
        while not stop.wait(0.02):
            with open(env.transcript, "a") as handle:
                handle.write(json.dumps({"type": "progress", "data": "x" * 200}) + "\n")

    writer = threading.Thread(target=keep_writing)
    writer.start()
    try:
        result = env.run(PRE_COMPACT, env.stdin("PreCompact:auto"), CONTEXT_KEEPER_HOOK_BUDGET="0.6")
    finally:
        stop.set()
        writer.join()
    assert (result.rc, result.out, result.err) == (0, "", "")
    archives = env.runs.archives
    assert not archives.exists() or list(archives.iterdir()) == []  # no .partial file either
    assert "budget" in env.log()
