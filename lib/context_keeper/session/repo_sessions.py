"""Claude Code's sessions of a repository: where their transcripts are, which belong to the
repository, and what each holds at a glance.

Claude Code keeps a session's transcript at `<config dir>/projects/<cwd with every
non-alphanumeric character replaced by ->/<session id>.jsonl`, the config dir being
`$CLAUDE_CONFIG_DIR` or `~/.claude` (measured: docs/how-it-works.md). A repository's sessions are those started in
it or in one of its subdirectories. A folder name cannot tell `/a/b-c` from `/a/b/c`, so
every candidate is checked against the `cwd` its own records carry.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Mapping
from pathlib import Path

from ..records import jsonio, record
from ..records.jsonio import as_text
from ..store import RunsDir, find_repo_root
from ..transcript.reader import iter_lines
from . import SessionModel, load_or_build
from .state import read_saved

HEAD_BYTES = 1 << 20  # where the first record with a cwd is looked for
TAIL_BYTES = 256 << 10  # where the last timestamp is looked for
_NOT_ALNUM = re.compile(r"[^A-Za-z0-9]")


def claude_config_dir(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    explicit = env.get("CLAUDE_CONFIG_DIR")
    if explicit:
        return Path(explicit).expanduser()
    return Path(env.get("HOME") or Path.home()) / ".claude"


def projects_dir(environ: Mapping[str, str] | None = None) -> Path:
    return claude_config_dir(environ) / "projects"


def project_folder(cwd: str | Path) -> str:
    """The name of the folder Claude Code keeps the transcripts of sessions started in `cwd`."""
    return _NOT_ALNUM.sub("-", str(cwd))


@record
class SessionFile:
    """A transcript at a glance, from its first and last lines only."""

    session_id: str  # the file name without .jsonl
    path: Path
    cwd: str | None  # of the first record that has one: where the session started
    started: str | None  # the first record's timestamp (ISO 8601, as written)
    last_active: str | None  # the last record's timestamp, else the file's mtime
    size: int


def read_session_file(path: Path) -> SessionFile:
    """Claude Code names a transcript after its session; a copy elsewhere (an archive) is
    known by the sessionId its records carry."""
    st = path.stat()
    cwd, started, inner = _head(path)
    last = _last_timestamp(path, st.st_size) or _iso(st.st_mtime)
    return SessionFile(inner or path.stem, path, cwd, started, last, st.st_size)


def _head(path: Path) -> tuple[str | None, str | None, str | None]:
    cwd = started = session = None
    for line, offset in iter_lines(path):
        if line is not None and (b'"cwd"' in line or b'"timestamp"' in line or b'"sessionId"' in line):
            obj = _object(line)
            cwd = cwd or as_text(obj.get("cwd"))
            started = started or as_text(obj.get("timestamp"))
            session = session or as_text(obj.get("sessionId"))
        if (cwd and started and session) or offset > HEAD_BYTES:
            break
    return cwd, started, session


def _last_timestamp(path: Path, size: int) -> str | None:
    with open(path, "rb") as handle:
        handle.seek(max(0, size - TAIL_BYTES))
        tail = handle.read(TAIL_BYTES)
    for line in reversed(tail.splitlines()):
        if b'"timestamp"' in line:
            found = as_text(_object(line).get("timestamp"))
            if found:
                return found
    return None


def _object(line: bytes) -> dict[str, object]:
    try:
        obj = jsonio.loads(line)
    except (ValueError, RecursionError):  # a torn first or last line, or not JSON at all
        return {}
    return obj if isinstance(obj, dict) else {}


def _iso(seconds: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int(seconds % 1 * 1000):03d}Z"


def belongs_to(cwd: str | None, repo: Path) -> bool:
    """Whether a session started in `cwd` is one of `repo`'s: `cwd` is the repository or
    below it, and not inside another repository nested in it (whose sessions are its own)."""
    if not cwd or not os.path.isabs(cwd):
        return False
    path = Path(os.path.abspath(cwd))
    if path != repo and repo not in path.parents:
        return False
    root = find_repo_root(path)
    return root == repo or not os.path.lexists(root / ".git")


def repo_sessions(repo: Path, environ: Mapping[str, str] | None = None) -> list[SessionFile]:
    """The repository's sessions, the most recently active first."""
    base = projects_dir(environ)
    folder = project_folder(repo)
    try:
        candidates = [e for e in os.scandir(base) if e.name == folder or e.name.startswith(folder + "-")]
    except OSError:
        return []
    found = []
    for entry in candidates:
        try:
            names = [n for n in os.listdir(entry.path) if n.endswith(".jsonl")]
        except OSError:
            continue
        for name in names:
            try:
                info = read_session_file(Path(entry.path) / name)
            except OSError:
                continue  # gone, unreadable or not a regular file
            if belongs_to(info.cwd, repo):
                found.append(info)
    found.sort(key=lambda s: (s.last_active or "", s.session_id), reverse=True)
    return found


def current_model(runs: RunsDir, session_id: str, transcript: Path) -> SessionModel:
    """The session's model as the hooks last saved it, brought up to the transcript's end
    (only the bytes after the saved cursor are read); nothing is saved."""
    return load_or_build(transcript, read_saved(runs, session_id))
