"""The runs dir layout: the repository a cwd belongs to, its key, file names for session
ids, and where each kind of file lives (see docs/architecture.md, "Runs directory")."""

from __future__ import annotations

try:  # CPython's own SHA-256: hashlib would load OpenSSL (~3 ms) on every hook call
    from _sha2 import sha256  # type: ignore[import-not-found]  # Python >= 3.12
except ImportError:
    try:
        from _sha256 import sha256  # type: ignore[import-not-found]  # Python 3.11
    except ImportError:
        from hashlib import sha256
import os
from pathlib import Path

from ..config import Settings
from ..records import record
from .files import ensure_private_dir


def find_repo_root(cwd: Path) -> Path:
    """The nearest ancestor of `cwd` holding `.git` (a dir, or a file in worktrees
    and submodules); `cwd` itself when there is none."""
    start = Path(os.path.abspath(cwd))
    for candidate in (start, *start.parents):
        if os.path.lexists(candidate / ".git"):
            return candidate
    return start


def repo_key(repo: Path) -> str:
    """`<readable slug>-<sha256[:12]>`: the slug is for people, the hash keeps
    `/a-b/c` and `/a/b-c` (same slug) apart."""
    raw = os.fsencode(os.path.abspath(repo))
    digest = sha256(raw).hexdigest()[:12]
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in str(repo))
    slug = "-".join(part for part in slug.split("-") if part)[-48:].strip("-")
    return f"{slug or 'root'}-{digest}"


_SAFE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._-")
_SAFE_MAX = 128


def safe_name(session_id: str) -> str:
    """A single, harmless path component for `session_id`.

    Ordinary ids (lowercase ASCII letters, digits, `._-`, not starting with `.`
    or `-`, up to 128 chars, i.e. every uuid) come back unchanged. Anything else
    becomes a readable prefix plus `~` and a hash of the full id. `~` never occurs
    in an unchanged id and the hash covers the whole id, so two distinct ids
    cannot map to one name, even on a case-insensitive filesystem.
    """
    if (
        session_id
        and len(session_id) <= _SAFE_MAX
        and session_id[0] not in ".-"
        and all(c in _SAFE_CHARS for c in session_id)
    ):
        return session_id
    digest = sha256(session_id.encode("utf-8", "surrogatepass")).hexdigest()[:24]
    prefix = "".join(c if c in _SAFE_CHARS else "_" for c in session_id[:40].lower())
    prefix = prefix.lstrip(".-") or "_"
    return f"{prefix}~{digest}"


@record
class RunsDir:
    """Every path inside one repository's runs dir: the one place their names are spelled."""

    root: Path
    summaries: Path
    archives: Path
    state: Path
    preserved: Path
    compactions: Path  # compactions.jsonl
    log_path: Path  # context-keeper.log
    compaction_files: Path  # compactions/<session>/<id>.json: what each hook showed and found

    @classmethod
    def at(cls, root: Path) -> RunsDir:
        return cls(
            root=root,
            summaries=root / "summaries",
            archives=root / "archives",
            state=root / "state",
            preserved=root / "preserved",
            compactions=root / "compactions.jsonl",
            log_path=root / "context-keeper.log",
            compaction_files=root / "compactions",
        )

    def ensure(self) -> RunsDir:
        """Create the root and its subdirectories, all 0700. Each is tried even when another
        fails (a file planted at summaries/ must not stop state/ from working); the first
        failure is raised after all were tried."""
        ensure_private_dir(self.root)
        first: OSError | None = None
        for path in (self.summaries, self.archives, self.state, self.preserved):
            try:
                ensure_private_dir(path)
            except OSError as exc:
                first = first or exc
        if first is not None:
            raise first
        return self

    def summary_path(self, session_id: str, task_id: str) -> Path:
        import hashlib  # md5 only when a summary is written or looked up

        name = hashlib.md5(f"{session_id}:{task_id}".encode("utf-8", "surrogatepass")).hexdigest()
        return self.summaries / f"{name}.json"

    def state_path(self, session_id: str) -> Path:
        return self.state / f"{safe_name(session_id)}.json"

    def lock_path(self, session_id: str) -> Path:
        return self.state / f"{safe_name(session_id)}.lock"

    def preserved_path(self, session_id: str) -> Path:
        return self.preserved / f"{safe_name(session_id)}.txt"

    def check_path(self, session_id: str) -> Path:
        """Where the PostToolUse gate notes the offset and turn of its last check."""
        return self.state / f"{safe_name(session_id)}.check"

    def compaction_dir(self, session_id: str) -> Path:
        return self.compaction_files / safe_name(session_id)


def runs_dir_for(settings: Settings, cwd: Path) -> RunsDir:
    """The runs dir of the repository containing `cwd` (not created here)."""
    return RunsDir.at(settings.home / "runs" / repo_key(find_repo_root(cwd)))
