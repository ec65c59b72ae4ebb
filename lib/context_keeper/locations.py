"""Where things are, as plain strings: the default data root and config file, the repository
a directory belongs to, its runs dir's key, and file names for session ids.

platformdirs' rules on Linux (XDG; an empty or blank variable means unset) and macOS, with
nothing but `os` and `sys` (no pathlib, whose import costs more than these hooks' work): the
tool-loop hook and the status line ask before anything else is imported. `config` builds the
full settings on top of these, `store.layout` the runs dir.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from hashlib import _Hash
    from typing import Any

APP_NAME = "context-keeper"
CONFIG_ENV = "CONTEXT_KEEPER_CONFIG"
HOME_ENV = "CONTEXT_KEEPER_HOME"
# Folder names under the data root and a runs dir, spelled once (store.RunsDir builds on them).
RUNS = "runs"
COMPACTION_FILES = "compactions"


def _xdg(environ: Mapping[str, str], variable: str, fallback: str) -> str:
    value = environ.get(variable, "").strip()
    return os.path.join(value if value else os.path.expanduser(fallback), APP_NAME)


def default_data_dir(environ: Mapping[str, str] | None = None) -> str | None:
    """The platform's user data dir for context-keeper; None where platformdirs must decide."""
    env = os.environ if environ is None else environ
    if sys.platform.startswith("linux"):
        return _xdg(env, "XDG_DATA_HOME", "~/.local/share")
    if sys.platform == "darwin":
        return os.path.expanduser(f"~/Library/Application Support/{APP_NAME}")
    return None


def default_config_file(environ: Mapping[str, str] | None = None) -> str | None:
    """The config file's path ($CONTEXT_KEEPER_CONFIG first); None where platformdirs decides."""
    env = os.environ if environ is None else environ
    explicit = env.get(CONFIG_ENV)
    if explicit:
        return os.path.expanduser(explicit)
    if sys.platform.startswith("linux"):
        return os.path.join(_xdg(env, "XDG_CONFIG_HOME", "~/.config"), "config.toml")
    if sys.platform == "darwin":
        return os.path.expanduser(f"~/Library/Application Support/{APP_NAME}/config.toml")
    return None


def quick_data_root(environ: Mapping[str, str] | None = None) -> str | None:
    """The data root when the environment alone settles it, else None (a config file exists
    and may move it, or the platform needs platformdirs): then load the full settings."""
    env = os.environ if environ is None else environ
    explicit = env.get(HOME_ENV, "").strip()
    if explicit:
        path = _expand_user(explicit, env)
        return path if os.path.isabs(path) else None
    config = default_config_file(env)
    if config is None or os.path.exists(config):
        return None
    return default_data_dir(env)


def _expand_user(path: str, environ: Mapping[str, str]) -> str:
    """`~` expanded with the given environment's HOME (os.path.expanduser reads the process's)."""
    home = environ.get("HOME")
    if home and (path == "~" or path.startswith("~/")):
        return home + path[1:]
    return os.path.expanduser(path)


_SHA256: Any = None


def sha256(data: bytes = b"") -> _Hash:
    """SHA-256 of `data` with CPython's own module (hashlib would load OpenSSL, ~3 ms), loaded
    on first use: the tool-loop hook imports this module on every tool call and hashes nothing."""
    global _SHA256
    if _SHA256 is None:
        try:
            from _sha2 import sha256 as found  # type: ignore[import-not-found]  # Python >= 3.12
        except ImportError:
            try:
                from _sha256 import sha256 as found  # type: ignore[import-not-found]  # Python 3.11
            except ImportError:
                from hashlib import sha256 as found
        _SHA256 = found
    return _SHA256(data)


def repo_root(cwd: str) -> str:
    """The nearest ancestor of `cwd` holding `.git` (a dir, or a file in worktrees
    and submodules); `cwd` itself when there is none. Absolute."""
    start = candidate = os.path.abspath(cwd)
    while True:
        if os.path.lexists(os.path.join(candidate, ".git")):
            return candidate
        parent = os.path.dirname(candidate)
        if parent == candidate:
            return start
        candidate = parent


def repo_key(repo: str | os.PathLike[str]) -> str:
    """`<readable slug>-<sha256[:12]>`: the slug is for people, the hash keeps
    `/a-b/c` and `/a/b-c` (same slug) apart."""
    raw = os.fsencode(os.path.abspath(repo))
    digest = sha256(raw).hexdigest()[:12]
    slug = "".join(c if c.isascii() and c.isalnum() else "-" for c in os.fspath(repo))
    slug = "-".join(part for part in slug.split("-") if part)[-48:].strip("-")
    return f"{slug or 'root'}-{digest}"


def runs_dir(data_root: str, repo: str) -> str:
    """The runs dir of the repository at `repo` under `data_root`."""
    return os.path.join(data_root, RUNS, repo_key(repo))


def compaction_dir(runs: str, session_id: str) -> str:
    """The folder of a session's compaction files in the runs dir `runs`."""
    return os.path.join(runs, COMPACTION_FILES, safe_name(session_id))


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
