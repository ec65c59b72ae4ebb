import errno
import hashlib
import os
import re
import signal
import stat
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from context_keeper.config import Settings
from context_keeper.store import (
    Log,
    RunsDir,
    UnsafePathError,
    append_line,
    atomic_write,
    ensure_private_dir,
    find_repo_root,
    repo_key,
    runs_dir_for,
    safe_name,
    session_lock,
)

UUID = "b3445fea-82de-4faa-bf75-29dba206bde4"


@contextmanager
def umask(mask: int) -> Iterator[None]:
    old = os.umask(mask)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(os.lstat(path).st_mode)


def run_py(code: str, *args: str, **kw: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(code), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw,  # type: ignore[arg-type]
    )


# --- find_repo_root / repo_key ------------------------------------------------


def test_find_repo_root_with_git_dir(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    deep = tmp_path / "repo" / "src" / "pkg"
    deep.mkdir(parents=True)
    assert find_repo_root(deep) == tmp_path / "repo"
    assert find_repo_root(tmp_path / "repo") == tmp_path / "repo"


def test_find_repo_root_with_git_file_as_in_worktrees(tmp_path: Path) -> None:
    (tmp_path / "outer" / ".git").mkdir(parents=True)
    wt = tmp_path / "outer" / "wt"
    (wt / "sub").mkdir(parents=True)
    (wt / ".git").write_text("gitdir: /elsewhere/.git/worktrees/wt\n")
    assert find_repo_root(wt / "sub") == wt  # the nearest one wins


def test_find_repo_root_without_git_is_cwd(tmp_path: Path) -> None:
    d = tmp_path / "plain" / "dir"
    d.mkdir(parents=True)
    if any((p / ".git").exists() for p in d.parents):
        pytest.skip("tmp dir is inside a git checkout")
    assert find_repo_root(d) == d


def test_find_repo_root_does_not_run_git() -> None:
    code = (
        "import sys, pathlib\n"
        "from context_keeper.store import find_repo_root\n"
        "find_repo_root(pathlib.Path('.'))\n"
        "assert 'subprocess' not in sys.modules and 'git' not in sys.modules\n"
        "assert 'logging' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_repo_key_shape_and_stability() -> None:
    key = repo_key(Path("/home/dev/my project"))
    assert re.fullmatch(r"[A-Za-z0-9-]+-[0-9a-f]{12}", key)
    assert key.startswith("home-dev-my-project-")
    assert key == repo_key(Path("/home/dev/my project"))


def test_repo_key_distinguishes_paths_with_the_same_slug() -> None:
    a, b = repo_key(Path("/a-b/c")), repo_key(Path("/a/b-c"))
    assert a != b
    assert a.rsplit("-", 1)[0] == b.rsplit("-", 1)[0] == "a-b-c"


@pytest.mark.parametrize("p", ["/", "/home/dév/プロジェクト", "/x/" + "long" * 200])
def test_repo_key_odd_paths_give_one_short_component(p: str) -> None:
    key = repo_key(Path(p))
    assert "/" not in key and len(key) <= 64 and key.isascii()


def test_runs_dir_layout(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    (tmp_path / "repo" / "src").mkdir()
    settings = Settings(home=tmp_path / "home")
    runs = runs_dir_for(settings, tmp_path / "repo" / "src")
    root = tmp_path / "home" / "runs" / repo_key(tmp_path / "repo")
    assert runs == RunsDir.at(root)
    assert (runs.summaries, runs.archives, runs.state, runs.preserved) == (
        root / "summaries", root / "archives", root / "state", root / "preserved")
    assert runs.compactions == root / "compactions.jsonl"
    assert runs.log_path == root / "context-keeper.log"
    assert not root.exists()  # resolving does not create
    md5 = hashlib.md5(f"{UUID}:7".encode()).hexdigest()
    assert runs.summary_path(UUID, "7") == root / "summaries" / f"{md5}.json"
    assert runs.state_path(UUID) == root / "state" / f"{UUID}.json"
    assert runs.lock_path(UUID) == root / "state" / f"{UUID}.lock"
    assert runs.preserved_path(UUID) == root / "preserved" / f"{UUID}.txt"
    assert runs.state_path("../../x").parent == root / "state"
    runs.ensure()
    for d in (root, runs.summaries, runs.archives, runs.state, runs.preserved):
        assert mode(d) == 0o700


# --- safe_name ---------------------------------------------------------------

UNSAFE_IDS = [
    "../../x", "/etc/passwd", "a/b", "a\0b", "\0", "x" * 10_000, "ünïcødé-sessión", "日本語",
    "", ".", "..", ".hidden", "-rf", "UPPER", "upper", "a b", "a\\b", "a\nb", "\udcff", "~",
    "con", "x" * 128 + "y", "a~b",
]


def test_safe_name_keeps_ordinary_ids() -> None:
    for sid in (UUID, "abc", "session_1.part-2", "x" * 128):
        assert safe_name(sid) == sid


@pytest.mark.parametrize("sid", UNSAFE_IDS)
def test_safe_name_is_one_harmless_component(sid: str, tmp_path: Path) -> None:
    name = safe_name(sid)
    assert name and name not in (".", "..") and not name.startswith((".", "-"))
    assert "/" not in name and "\\" not in name and "\0" not in name and name.isascii()
    assert len(name.encode()) <= 200
    (tmp_path / name).write_text("x")  # a real file system accepts it ...
    assert [p.name for p in tmp_path.iterdir()] == [name]  # ... inside tmp_path


def test_safe_name_never_collides() -> None:
    ids = UNSAFE_IDS + [UUID, "abc", "x" * 128, "x" * 10_001, "a_b", "a-b", "ab", "a.b"]
    # Ids whose readable prefixes coincide must still differ.
    ids += ["a/b", "a\\b", "a?b", "a b", "A/B"]
    names = [safe_name(s) for s in ids]
    distinct = set(ids)
    assert len({safe_name(s) for s in distinct}) == len(distinct)
    # Case-insensitive file systems: no two names differ only by case.
    assert len({n.lower() for n in {safe_name(s) for s in distinct}}) == len(distinct)
    assert names[ids.index("UPPER")] != "UPPER"


def test_safe_name_keeps_a_readable_prefix() -> None:
    assert safe_name("../../etc/passwd").startswith("_.._etc_passwd~")
    assert safe_name("Session-ABC").startswith("session-abc~")


# --- ensure_private_dir ------------------------------------------------------


@pytest.mark.parametrize("mask", [0o000, 0o022, 0o077, 0o777])
def test_ensure_private_dir_is_0700_whatever_the_umask(tmp_path: Path, mask: int) -> None:
    target = tmp_path / "a" / "b" / "c"
    with umask(mask):
        assert ensure_private_dir(target) == target
        assert ensure_private_dir(target) == target  # idempotent
    for d in (tmp_path / "a", tmp_path / "a" / "b", target):
        assert stat.S_ISDIR(os.lstat(d).st_mode) and mode(d) == 0o700


def test_ensure_private_dir_tightens_an_existing_dir_but_not_its_parents(tmp_path: Path) -> None:
    parent = tmp_path / "shared"
    parent.mkdir(mode=0o755)
    os.chmod(parent, 0o755)
    (parent / "mine").mkdir()
    os.chmod(parent / "mine", 0o777)
    ensure_private_dir(parent / "mine")
    assert mode(parent / "mine") == 0o700
    assert mode(parent) == 0o755


def test_ensure_private_dir_refuses_symlink(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    os.chmod(victim, 0o755)
    link = tmp_path / "link"
    link.symlink_to(victim)
    with pytest.raises(UnsafePathError):
        ensure_private_dir(link)
    assert mode(victim) == 0o755  # not chmodded through the link
    assert list(victim.iterdir()) == []


def test_ensure_private_dir_refuses_dangling_symlink(tmp_path: Path) -> None:
    link = tmp_path / "link"
    link.symlink_to(tmp_path / "nowhere")
    with pytest.raises(UnsafePathError):
        ensure_private_dir(link)
    assert not (tmp_path / "nowhere").exists()


def test_ensure_private_dir_refuses_a_file(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.raises(OSError):
        ensure_private_dir(tmp_path / "f")
    with pytest.raises(OSError):
        ensure_private_dir(tmp_path / "f" / "sub")


def test_ensure_private_dir_allows_symlinked_existing_ancestors(tmp_path: Path) -> None:
    # Like /tmp -> /private/tmp on macOS: an ancestor we did not create may be a link.
    (tmp_path / "real").mkdir()
    (tmp_path / "alias").symlink_to(tmp_path / "real")
    ensure_private_dir(tmp_path / "alias" / "new")
    assert mode(tmp_path / "real" / "new") == 0o700


# --- atomic_write --------------------------------------------------------------


@pytest.mark.parametrize("mask", [0o000, 0o077, 0o777])
def test_atomic_write_is_0600_whatever_the_umask(tmp_path: Path, mask: int) -> None:
    p = tmp_path / "state.json"
    with umask(mask):
        assert atomic_write(p, b"one") is True
        assert mode(p) == 0o600 and p.read_bytes() == b"one"
        assert atomic_write(p, b"two") is True
    assert mode(p) == 0o600 and p.read_bytes() == b"two"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["state.json"]  # no temp files left


def test_atomic_write_refuses_symlink_at_final_name(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    link = tmp_path / "state.json"
    link.symlink_to(victim)
    for replace in (True, False):
        with pytest.raises(UnsafePathError):
            atomic_write(link, b"evil", replace=replace)
    assert victim.read_bytes() == b"precious"
    assert link.is_symlink()
    assert sorted(x.name for x in tmp_path.iterdir()) == ["state.json", "victim"]


def test_atomic_write_refuses_dangling_symlink(tmp_path: Path) -> None:
    link = tmp_path / "out"
    link.symlink_to(tmp_path / "created-through-link")
    with pytest.raises(UnsafePathError):
        atomic_write(link, b"x")
    assert not (tmp_path / "created-through-link").exists()


def test_atomic_write_no_replace_never_overwrites(tmp_path: Path) -> None:
    p = tmp_path / "summary.json"
    assert atomic_write(p, b"first", replace=False) is True
    assert atomic_write(p, b"second", replace=False) is False
    assert p.read_bytes() == b"first"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["summary.json"]


def test_atomic_write_no_replace_race_has_one_winner(tmp_path: Path) -> None:
    p = tmp_path / "summary.json"
    code = """
        import sys, time
        from pathlib import Path
        from context_keeper.store import atomic_write
        start = float(sys.argv[2])
        while time.time() < start:
            pass
        print(atomic_write(Path(sys.argv[1]), sys.argv[3].encode() * 10000, replace=False))
    """
    start = str(time.time() + 1.0)
    procs = [run_py(code, str(p), start, str(i)) for i in range(6)]
    results = [proc.communicate(timeout=60)[0].strip() for proc in procs]
    assert sorted(results) == ["False"] * 5 + ["True"]
    winner = results.index("True")
    assert p.read_bytes() == str(winner).encode() * 10000


def test_concurrent_atomic_writes_never_show_a_partial_file(tmp_path: Path) -> None:
    p = tmp_path / "state.json"
    size = 256 * 1024
    atomic_write(p, b"s" * size)
    writer = """
        import sys
        from pathlib import Path
        from context_keeper.store import atomic_write
        for _ in range(40):
            atomic_write(Path(sys.argv[1]), sys.argv[2].encode() * int(sys.argv[3]))
    """
    procs = [run_py(writer, str(p), letter, str(size)) for letter in "abcd"]
    seen = set()
    try:
        while any(proc.poll() is None for proc in procs):
            data = p.read_bytes()
            assert len(data) == size, "partial file seen"
            assert data == data[:1] * size, "mixed content seen"
            seen.add(data[:1])
    finally:
        for proc in procs:
            proc.wait(timeout=120)
    assert all(proc.returncode == 0 for proc in procs), [proc.stderr.read() for proc in procs if proc.stderr]
    assert seen  # the reader did observe the file while it was being replaced
    assert sorted(x.name for x in tmp_path.iterdir()) == ["state.json"]


def test_atomic_write_failure_cleans_up_and_reraises(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "state.json"
    p.write_bytes(b"old")

    def broken_fsync(fd: int) -> None:  # fault injection: the disk fails
        raise OSError(errno.EIO, "injected I/O error")

    monkeypatch.setattr(os, "fsync", broken_fsync)
    with pytest.raises(OSError, match="injected"):
        atomic_write(p, b"new")
    assert p.read_bytes() == b"old"
    assert sorted(x.name for x in tmp_path.iterdir()) == ["state.json"]


def test_atomic_write_failure_on_rename_cleans_up(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = tmp_path / "state.json"

    def broken_replace(src: object, dst: object) -> None:
        raise KeyboardInterrupt  # even a BaseException mid-write must not leave temp files

    monkeypatch.setattr(os, "replace", broken_replace)
    with pytest.raises(KeyboardInterrupt):
        atomic_write(p, b"new")
    assert list(tmp_path.iterdir()) == []


def test_atomic_write_into_missing_dir_raises(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        atomic_write(tmp_path / "no" / "file", b"x")


# --- append_line ---------------------------------------------------------------


def test_append_line_creates_private_file_and_adds_newline(tmp_path: Path) -> None:
    p = tmp_path / "compactions.jsonl"
    with umask(0):
        append_line(p, b'{"a": 1}')
        append_line(p, b'{"b": 2}\n')
    assert p.read_bytes() == b'{"a": 1}\n{"b": 2}\n'
    assert mode(p) == 0o600


def test_append_line_refuses_symlink(tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(b"precious")
    (tmp_path / "log").symlink_to(victim)
    with pytest.raises(OSError):
        append_line(tmp_path / "log", b"x")
    assert victim.read_bytes() == b"precious"


def test_concurrent_appends_keep_lines_whole(tmp_path: Path) -> None:
    p = tmp_path / "c.jsonl"
    code = """
        import sys
        from pathlib import Path
        from context_keeper.store import append_line
        for i in range(200):
            append_line(Path(sys.argv[1]), (sys.argv[2] * 2000).encode())
    """
    procs = [run_py(code, str(p), c) for c in "wxyz"]
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    lines = p.read_bytes().splitlines()
    assert len(lines) == 800
    assert all(len(line) == 2000 and line == line[:1] * 2000 for line in lines)


# --- session_lock ----------------------------------------------------------------

HOLDER = """
    import sys, time
    from pathlib import Path
    from context_keeper.store import RunsDir, session_lock
    runs = RunsDir.at(Path(sys.argv[1]))
    with session_lock(runs, sys.argv[2], timeout=5) as got:
        print("locked" if got else "busy", flush=True)
        time.sleep(float(sys.argv[3]))
"""


@pytest.fixture
def runs(tmp_path: Path) -> RunsDir:
    return RunsDir.at(tmp_path / "runs").ensure()


def test_lock_excludes_a_second_process(runs: RunsDir) -> None:
    holder = run_py(HOLDER, str(runs.root), UUID, "30")
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        started = time.monotonic()
        with session_lock(runs, UUID, timeout=0.3) as got:
            waited = time.monotonic() - started
            assert got is False
        assert 0.25 <= waited < 5
        with session_lock(runs, "another-session", timeout=0.3) as got:
            assert got is True  # locks are per session
    finally:
        holder.kill()
        holder.wait()


def test_lock_is_released_when_holder_is_killed(runs: RunsDir) -> None:
    holder = run_py(HOLDER, str(runs.root), UUID, "60")
    assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
    with session_lock(runs, UUID, timeout=0) as got:
        assert got is False
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait()
    started = time.monotonic()
    with session_lock(runs, UUID, timeout=5) as got:
        assert got is True
    assert time.monotonic() - started < 1  # no stale lock to wait out
    assert runs.lock_path(UUID).exists() and mode(runs.lock_path(UUID)) == 0o600


def test_lock_waits_for_a_release(runs: RunsDir) -> None:
    holder = run_py(HOLDER, str(runs.root), UUID, "0.5")
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with session_lock(runs, UUID, timeout=10) as got:
            assert got is True
    finally:
        holder.wait(timeout=30)


def test_lock_is_released_on_exit_and_on_exception(runs: RunsDir) -> None:
    with pytest.raises(RuntimeError):
        with session_lock(runs, UUID, timeout=1) as got:
            assert got
            raise RuntimeError("boom")
    # Another process gets it at once.
    proc = run_py(HOLDER, str(runs.root), UUID, "0")
    out, _ = proc.communicate(timeout=60)
    assert out.strip() == "locked"


def test_lock_for_hostile_session_id_stays_in_state_dir(runs: RunsDir) -> None:
    with session_lock(runs, "../../escape", timeout=1) as got:
        assert got
    assert not (runs.root.parent / "escape.lock").exists()
    assert [p.parent for p in runs.state.iterdir()] == [runs.state]


def test_lock_refuses_symlinked_lock_file(runs: RunsDir, tmp_path: Path) -> None:
    victim = tmp_path / "victim"
    victim.write_text("keep")
    runs.lock_path(UUID).symlink_to(victim)
    with pytest.raises(OSError):
        with session_lock(runs, UUID, timeout=0):
            pass
    assert victim.read_text() == "keep"


# --- Log ---------------------------------------------------------------------

LINE = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (\d+) (INFO|WARNING|ERROR) (.*)")


def test_log_line_format_and_private_file(tmp_path: Path) -> None:
    path = tmp_path / "context-keeper.log"
    log = Log(path, 10_000)
    with umask(0):
        log.info("hello")
        log.warning("careful")
        log.error("broken")
    lines = path.read_text().splitlines()
    parsed = [LINE.fullmatch(line) for line in lines]
    assert all(parsed)
    assert [(m.group(2), m.group(3)) for m in parsed if m] == [
        ("INFO", "hello"), ("WARNING", "careful"), ("ERROR", "broken")]
    assert all(m and m.group(1) == str(os.getpid()) for m in parsed)
    assert mode(path) == 0o600


def test_log_redacts(tmp_path: Path) -> None:
    path = tmp_path / "l.log"
    Log(path, 10_000).info("ran with GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789")
    text = path.read_text()
    assert "abcdefghijklmnopqrstuvwxyz0123456789" not in text and "[REDACTED]" in text


def test_log_multiline_message_is_one_entry(tmp_path: Path) -> None:
    path = tmp_path / "l.log"
    Log(path, 10_000).error("Traceback:\n  File x\nValueError: y")
    lines = path.read_text().splitlines()
    assert LINE.fullmatch(lines[0]) and all(line.startswith("    ") for line in lines[1:])


def test_log_rotates(tmp_path: Path) -> None:
    path = tmp_path / "l.log"
    log = Log(path, 1024)
    for i in range(100):
        log.info(f"message {i:03d} " + "x" * 40)
    rotated = path.with_name("l.log.1")
    assert rotated.exists()
    assert path.stat().st_size <= 1024 and rotated.stat().st_size <= 1024
    assert "message 099" in path.read_text()
    assert mode(rotated) == 0o600


@pytest.mark.parametrize("case", ["missing dir", "is a dir", "symlink", "bad text"])
def test_log_never_raises(tmp_path: Path, case: str) -> None:
    path = tmp_path / "l.log"
    if case == "missing dir":
        path = tmp_path / "nope" / "l.log"
    elif case == "is a dir":
        path.mkdir()
    elif case == "symlink":
        (tmp_path / "victim").write_text("keep")
        path.symlink_to(tmp_path / "victim")
    log = Log(path, 1000)
    msg = "\udcff lone surrogate" if case == "bad text" else "x"
    log.info(msg)
    log.error(msg)
    assert log.write("INFO", msg) is (case == "bad text")
    if case == "symlink":
        assert (tmp_path / "victim").read_text() == "keep"


def test_ensure_makes_every_dir_it_can(tmp_path: Path) -> None:
    # A file planted where summaries/ belongs must not stop state/ from working.
    runs = RunsDir.at(tmp_path / "runs")
    runs.root.mkdir()
    runs.summaries.write_text("in the way")
    with pytest.raises(OSError):
        runs.ensure()
    assert runs.state.is_dir() and runs.archives.is_dir() and runs.preserved.is_dir()


class _Terminated(Exception):
    pass


def test_a_sigterm_just_after_the_temporary_file_is_made_leaves_it_neither_behind_nor_the_write_torn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The hooks' guard turns SIGTERM into an exception raised where the hook is. Landing right
    # after the temporary file is created (before the `try` that removes it), it left the file.
    from context_keeper.store import files

    def on_term(signum: int, frame: object) -> None:
        raise _Terminated

    made = files._create_temp

    def create_then_terminated(directory: Path, name: str) -> tuple[Path, int]:
        tmp, fd = made(directory, name)
        os.kill(os.getpid(), signal.SIGTERM)  # delivered at the next bytecode unless held back
        return tmp, fd

    monkeypatch.setattr(files, "_create_temp", create_then_terminated)
    previous = signal.signal(signal.SIGTERM, on_term)
    try:
        with pytest.raises(_Terminated):
            atomic_write(tmp_path / "state.json", b'{"whole": true}')
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["state.json"]
    assert (tmp_path / "state.json").read_bytes() == b'{"whole": true}'
