"""Settings: built-in defaults < TOML config file < CONTEXT_KEEPER_* environment.

Loading never raises: a bad value is reported as a warning string and the value
from the layer below is used, so a typo in a config file can't break a hook.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from .records import fields, record

ENV_PREFIX = "CONTEXT_KEEPER_"
CONFIG_ENV = "CONTEXT_KEEPER_CONFIG"
APP_NAME = "context-keeper"


@record
class Settings:
    home: Path                      # data root; CONTEXT_KEEPER_HOME
    check_frequency: int = 10       # assistant turns between cold checks
    context_threshold: float = 70.0 # percent of the window
    turns_until_cold: int = 20
    context_window: int | None = None   # override the per-model window
    block_max_chars: int = 10_000   # PreCompact stdout cap (Claude Code's hard cap)
    restore_max_chars: int = 9_500  # SessionStart(compact) note cap (whole under 10,000)
    git_timeout: float = 3.0        # seconds for git diff --stat
    lock_timeout: float = 5.0       # seconds to wait for the session lock
    hook_budget: float = 20.0       # seconds before a hook gives up optional work
    log_max_bytes: int = 1_000_000  # log rotation size


@record
class SettingDoc:
    name: str
    default: str
    env: str
    meaning: str


# (kind, minimum, maximum, meaning). Claude Code drops SessionStart output over
# 10,000 characters and cuts PreCompact output there, hence the caps.
_SPEC: dict[str, tuple[str, float | None, float | None, str]] = {
    "home": ("path", None, None, "data root: runs, summaries, archives, logs"),
    "check_frequency": ("int", 1, None, "assistant turns between cold-task checks"),
    "context_threshold": ("percent", 0, 100, "context use (percent of the window) that triggers a check"),
    "turns_until_cold": ("int", 1, None, "turns without a mention before a task counts as cold"),
    "context_window": ("window", 1, None, "override the model's context window in tokens (empty: per model)"),
    "block_max_chars": ("int", 1, 10_000, "cap on the PreCompact preservation block"),
    "restore_max_chars": ("int", 1, 10_000, "cap on the SessionStart(compact) restore note"),
    "git_timeout": ("float", 0.001, None, "seconds allowed for git diff --stat"),
    "lock_timeout": ("float", 0, None, "seconds to wait for the session lock"),
    "hook_budget": ("float", 0.001, None, "seconds before a hook abandons its work"),
    "log_max_bytes": ("int", 1024, None, "log size in bytes before it rotates to .1"),
}


def env_name(field: str) -> str:
    return ENV_PREFIX + field.upper()


def _xdg(environ: Mapping[str, str], variable: str, fallback: str) -> Path:
    # platformdirs' rule on Linux, without its import (~25 ms with typing, on every hook
    # call): an empty or blank XDG variable means unset. tests/test_config.py checks both
    # give the same path.
    value = environ.get(variable, "").strip()
    return Path(value if value else os.path.expanduser(fallback)) / APP_NAME


def default_home(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    if sys.platform.startswith("linux"):
        return _xdg(env, "XDG_DATA_HOME", "~/.local/share")
    import platformdirs

    return Path(platformdirs.user_data_path(APP_NAME))


def default_config_path(environ: Mapping[str, str] | None = None) -> Path:
    env = os.environ if environ is None else environ
    explicit = env.get(CONFIG_ENV)
    if explicit:
        return Path(explicit).expanduser()
    if sys.platform.startswith("linux"):
        return _xdg(env, "XDG_CONFIG_HOME", "~/.config") / "config.toml"
    import platformdirs

    return Path(platformdirs.user_config_path(APP_NAME)) / "config.toml"


def _defaults() -> dict[str, object]:
    sample = Settings(home=Path("/"))
    return {name: getattr(sample, name) for name in fields(Settings) if name != "home"}


def settings_doc() -> list[SettingDoc]:
    """One row per setting, for the docs and `context-keeper config`."""
    defaults = _defaults()
    rows = []
    for name, (kind, lo, hi, meaning) in _SPEC.items():
        if name == "home":
            default = "platformdirs user_data_path('context-keeper')"
        elif name == "context_window":
            default = "(per model)"
        else:
            default = f"{defaults[name]}{'%' if kind == 'percent' else ''}"
        rows.append(SettingDoc(name, default, env_name(name), meaning))
    rows.append(
        SettingDoc(
            "(config file)",
            "platformdirs user_config_path('context-keeper')/config.toml",
            CONFIG_ENV,
            "path of the TOML file whose keys are the setting names",
        )
    )
    return rows


SETTINGS_DOC = settings_doc()


class _Bad(ValueError):
    """A value rejected by _convert; the message says why."""


def _convert(name: str, raw: object) -> object:
    """Validate and convert one raw value (a TOML value or an env string)."""
    kind, lo, hi, _ = _SPEC[name]
    if kind == "path":
        if not isinstance(raw, str) or not raw.strip() or "\0" in raw:
            raise _Bad("not a path")
        path = Path(raw).expanduser()
        if not path.is_absolute():
            raise _Bad("not an absolute path")
        return path
    if kind == "window" and isinstance(raw, str) and raw.strip().lower() in ("none", "auto"):
        return None
    if isinstance(raw, bool):  # TOML `true` is an int to Python, not a number to a user
        raise _Bad("not a number")
    value: float
    if isinstance(raw, str):
        text = raw.strip()
        if kind == "percent" and text.endswith("%"):
            text = text[:-1].strip()
        try:
            value = int(text) if kind in ("int", "window") else float(text)
        except ValueError:
            raise _Bad("not a whole number" if kind in ("int", "window") else "not a number") from None
    elif isinstance(raw, int):
        value = raw
    elif isinstance(raw, float) and kind not in ("int", "window"):
        value = raw
    else:
        raise _Bad("not a whole number" if kind in ("int", "window") else "not a number")
    if value != value or value in (float("inf"), float("-inf")):
        raise _Bad("not a finite number")
    if lo is not None and value < lo:
        raise _Bad("negative" if value < 0 else f"below the minimum {lo:g}")
    if hi is not None and value > hi:
        raise _Bad(f"above the maximum {hi:g}")
    return float(value) if kind in ("float", "percent") else value


def _read_file(path: Path, explicit: bool, warnings: list[str]) -> dict[str, object]:
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        if explicit:
            warnings.append(f"config file {path} (from {CONFIG_ENV}) does not exist; using defaults")
        return {}
    except OSError as exc:
        warnings.append(f"config file {path} cannot be read ({exc.strerror or exc}); using defaults")
        return {}
    import tomllib  # only when there is a file: keeps the hook's import cost down

    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        warnings.append(f"config file {path} is not valid TOML ({exc}); using defaults")
        return {}
    return table


def load_settings(environ: Mapping[str, str] | None = None) -> tuple[Settings, list[str]]:
    """Effective settings and human-readable warnings about rejected values."""
    env = os.environ if environ is None else environ
    warnings: list[str] = []
    values: dict[str, object] = _defaults()
    values["home"] = None  # resolved last, so platformdirs is imported only if needed

    config_path = default_config_path(env)
    table = _read_file(config_path, bool(env.get(CONFIG_ENV)), warnings)
    for key, raw in table.items():
        if key not in _SPEC:
            warnings.append(f"config file {config_path}: unknown setting {key!r} ignored")
            continue
        values[key] = _layer(key, raw, values[key], f"config file {config_path}", warnings)

    for key in _SPEC:
        raw_env = env.get(env_name(key))
        if raw_env is None or raw_env.strip() == "":
            continue  # an empty variable means "not set", as with most tools
        values[key] = _layer(key, raw_env, values[key], env_name(key), warnings)

    if values["home"] is None:
        values["home"] = default_home(env)
    return Settings(**values), warnings  # type: ignore[arg-type]


def _layer(key: str, raw: object, fallback: object, source: str, warnings: list[str]) -> object:
    try:
        return _convert(key, raw)
    except _Bad as why:
        shown = "the platform default" if fallback is None and key == "home" else fallback
        if fallback is None and key == "context_window":
            shown = "per-model window"
        warnings.append(f"{source}: {key} = {raw!r} is {why}; using {shown}")
        return fallback
