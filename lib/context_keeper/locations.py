"""Where the data root and the config file are by default, as plain strings.

platformdirs' rules on Linux (XDG; an empty or blank variable means unset) and macOS, with
nothing but `os` and `sys`: the tool-loop hook asks before anything else is imported.
`config` builds the full settings on top of these.
"""

from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

APP_NAME = "context-keeper"
CONFIG_ENV = "CONTEXT_KEEPER_CONFIG"
HOME_ENV = "CONTEXT_KEEPER_HOME"


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


def quick_data_root() -> str | None:
    """The data root when the environment alone settles it, else None (a config file exists
    and may move it, or the platform needs platformdirs): then load the full settings."""
    explicit = os.environ.get(HOME_ENV, "").strip()
    if explicit:
        path = os.path.expanduser(explicit)
        return path if os.path.isabs(path) else None
    config = default_config_file()
    if config is None or os.path.exists(config):
        return None
    return default_data_dir()
