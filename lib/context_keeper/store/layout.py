"""The runs dir layout: the repository a cwd belongs to, its key, file names for session
ids, and where each kind of file lives (see docs/architecture.md, "Runs directory")."""

from __future__ import annotations

import os
from pathlib import Path

from ..config import Settings
from ..locations import COMPACTION_FILES, repo_key, repo_root, runs_dir, safe_name, sha256
from ..records import record
from .files import ensure_private_dir

__all__ = ["RunsDir", "find_repo_root", "repo_key", "runs_dir_for", "safe_name", "sha256"]


def find_repo_root(cwd: Path) -> Path:
    """The nearest ancestor of `cwd` holding `.git` (a dir, or a file in worktrees
    and submodules); `cwd` itself when there is none."""
    return Path(repo_root(os.fspath(cwd)))


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
            compaction_files=root / COMPACTION_FILES,
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
    return RunsDir.at(Path(runs_dir(str(settings.home), str(find_repo_root(cwd)))))
