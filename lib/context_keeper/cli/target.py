"""What a command is about: the repository, its effective settings and runs dir (`Target`),
and the session or transcript the user named. One matcher serves every command that takes
a session: the exact id, else a unique prefix of one."""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterable
from pathlib import Path

from ..cold.summaries import ColdSummary
from ..config import LoadedConfig, Settings, load_config
from ..records import record
from ..session import SessionModel, build_model
from ..store import RunsDir, find_repo_root, runs_dir_for, safe_name
from . import runs_info
from .output import CliError, warn


@record
class Target:
    """The repository a command is about, the effective settings and its runs dir."""

    repo: Path
    settings: Settings
    runs: RunsDir
    loaded: LoadedConfig  # the settings with each value's origin


def repo_of(args: argparse.Namespace, fallback: Path | None = None) -> Path:
    """`--repo PATH`, else `fallback`, else the current directory, up to its repo root."""
    if getattr(args, "repo", None):
        start = Path(args.repo).expanduser()
        if not start.is_dir():
            raise CliError(f"--repo {args.repo}: no such directory")
    else:
        start = fallback if fallback is not None else Path.cwd()
    return find_repo_root(Path(os.path.abspath(start)))


def load_target(args: argparse.Namespace, fallback: Path | None = None) -> Target:
    repo = repo_of(args, fallback)
    loaded = load_config(repo=repo)
    for warning in loaded.warnings:
        warn(f"warning: {warning}")
    return Target(repo, loaded.settings, runs_dir_for(loaded.settings, repo), loaded)


# -- sessions ----------------------------------------------------------------------------------


def match_session(given: str, known: Iterable[str], missing: str) -> str:
    """The session id `given` names among `known` (ids, or their file-name forms): itself,
    else the one id it is a prefix of. CliError `missing` when none is; CliError when several."""
    known = set(known)
    if given in known or safe_name(given) in known:
        return given
    matches = sorted(s for s in known if s.startswith(given))
    if len(matches) == 1:
        return matches[0]
    if not matches:
        raise CliError(missing)
    raise CliError(f"session {given!r} is ambiguous: {', '.join(matches[:5])}; give more of the id")


def runs_session(target: Target, given: str | None, summaries: list[ColdSummary] | None = None) -> str | None:
    """`--session` among the sessions the runs dir holds something of."""
    if given is None:
        return None
    known = runs_info.known_sessions(target.runs, summaries)
    listed = ", ".join(sorted(known)[:5]) or "none"
    return match_session(given, known, f"no session {given!r} in {target.runs.root} (sessions there: {listed})")


# -- transcripts -------------------------------------------------------------------------------


def readable_file(value: str) -> Path:
    path = Path(value).expanduser()
    if not path.exists():
        raise CliError(f"{value}: no such file (give the path of a Claude Code transcript .jsonl, or a session id)")
    if path.is_dir():
        raise CliError(f"{value}: is a directory, not a transcript file")
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        raise CliError(f"{value}: cannot be read ({exc.strerror}); check its permissions") from None
    return path


def looks_like_path(value: str) -> bool:
    return value.endswith(".jsonl") or os.sep in value or value.startswith(("~", ".")) or os.path.exists(value)


def transcript_path(value: str, args: argparse.Namespace) -> Path:
    """A transcript named by its path, or by the id (or a unique prefix) of one of the
    repository's sessions (see claude_sessions)."""
    if looks_like_path(value):
        return readable_file(value)
    from ..session.repo_sessions import project_folder, projects_dir, repo_sessions

    repo = repo_of(args)
    sessions = {s.session_id: s.path for s in repo_sessions(repo)}
    where = projects_dir() / project_folder(repo)
    missing = (
        f"{value}: no such file, nor a session of {repo} (its transcripts: {where}*; see `context-keeper sessions`)"
    )
    return sessions[match_session(value, sessions, missing)]


def transcript_model(value: str, args: argparse.Namespace) -> tuple[SessionModel, Path]:
    """The model of the transcript a command argument names, and its path."""
    path = transcript_path(value, args)
    try:
        return build_model(path), path
    except OSError as exc:
        raise CliError(f"{value}: cannot be read ({exc.strerror})") from None


@record
class NamedSession:
    """A session a command is about: its transcript, and the repository, settings and runs dir
    its hooks use."""

    session_id: str
    transcript: Path
    repo: Path
    settings: Settings
    runs: RunsDir


def resolve_session(args: argparse.Namespace, given: str | None) -> NamedSession:
    """SESSION as an id, a unique prefix or a transcript's path; none: the repository's session
    written to last."""
    from ..session.repo_sessions import read_session_file, repo_sessions

    if given is None:
        repo = repo_of(args)
        sessions = repo_sessions(repo)
        if not sessions:
            raise CliError(f"no sessions of {repo} found (see `context-keeper sessions`)")
        path = max(sessions, key=lambda s: s.path.stat().st_mtime).path
    else:
        path = transcript_path(given, args)
    try:
        info = read_session_file(path)
    except OSError as exc:
        raise CliError(f"{path}: cannot be read ({exc.strerror})") from None
    cwd = Path(info.cwd) if info.cwd and os.path.isabs(info.cwd) and os.path.isdir(info.cwd) else None
    target = (
        load_target(args, fallback=cwd) if cwd is not None and not getattr(args, "repo", None) else load_target(args)
    )
    return NamedSession(info.session_id, path, target.repo, target.settings, target.runs)
