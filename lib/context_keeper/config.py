"""Settings: built-in defaults < user config file < project file < CONTEXT_KEEPER_* environment,
and where each effective value came from.

The project file is `.context-keeper.toml` at the repository root (the nearest ancestor with
`.git`): per-project values, such as `enabled = false`, which every hook honours. It comes
with the repository, so it may not move the data root (`home`): a cloned repo must not be
able to send the byte-identical transcript archives somewhere of its choosing.

Loading never raises: a bad value is reported as a warning string and the value
from the layer below is used, so a typo in a config file can't break a hook.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from . import locations
from .locations import APP_NAME, CONFIG_ENV
from .records import fields, record

ENV_PREFIX = "CONTEXT_KEEPER_"
PROJECT_FILE = ".context-keeper.toml"
PROJECT_FORBIDDEN = frozenset({"home"})  # see the module docstring
MAX_FILE_BYTES = 1 << 20  # a config file is a few lines; a larger one is not read


@record
class Settings:
    home: Path  # data root; CONTEXT_KEEPER_HOME
    check_frequency: int = 10  # assistant turns between cold checks
    context_threshold: float = 70.0  # percent of the window Claude Code compacts in
    turns_until_cold: int = 20
    context_window: int | None = None  # override the per-model window
    block_max_chars: int = 10_000  # PreCompact stdout cap (Claude Code's hard cap)
    restore_max_chars: int = 9_500  # SessionStart(compact) note cap (whole under 10,000)
    git_timeout: float = 3.0  # seconds for git diff --stat
    lock_timeout: float = 5.0  # seconds to wait for the session lock
    # seconds before a hook gives up; each hook is also capped inside its Claude Code timeout
    # (hooks.guard.BUDGET_CAPS), and this default leaves PreCompact its whole cap: the first fold
    # of a 100 MB session on a loaded machine took more than 20 s and then printed no block.
    hook_budget: float = 45.0
    log_max_bytes: int = 1_000_000  # log rotation size
    enabled: bool = True  # false: every hook ends at once, doing nothing


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
    "enabled": (
        "bool",
        None,
        None,
        "run the hooks; false (e.g. in a project file): every hook ends at once, doing nothing",
    ),
}
_TRUE = ("1", "true", "yes", "on")
_FALSE = ("0", "false", "no", "off")


def env_name(field: str) -> str:
    return ENV_PREFIX + field.upper()


def default_home(environ: Mapping[str, str] | None = None) -> Path:
    """The user data dir by platformdirs' rules (locations: without its import on Linux and
    macOS, ~25 ms on every hook call; tests/test_config.py checks both agree)."""
    found = locations.default_data_dir(environ)
    if found is not None:
        return Path(found)
    import platformdirs

    return Path(platformdirs.user_data_path(APP_NAME))


def default_config_path(environ: Mapping[str, str] | None = None) -> Path:
    found = locations.default_config_file(environ)
    if found is not None:
        return Path(found)
    import platformdirs

    return Path(platformdirs.user_config_path(APP_NAME)) / "config.toml"


def _defaults() -> dict[str, object]:
    sample = Settings(home=Path("/"))
    return {name: getattr(sample, name) for name in fields(Settings) if name != "home"}


def settings_doc() -> list[SettingDoc]:
    """One row per setting, for the docs and `context-keeper config`."""
    defaults = _defaults()
    rows = []
    for name, (_kind, _lo, _hi, meaning) in _SPEC.items():
        if name == "home":
            default = "platformdirs user_data_path('context-keeper')"
        elif name == "context_window":
            default = "(per model)"
        else:
            default = shown_setting(name, defaults[name])
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


def shown_setting(name: str, value: object) -> str:
    """A setting's value as a user writes it: true/false, a percent sign, no window per model."""
    if value is None and name == "context_window":
        return "(per model)"
    return shown_value(value) + ("%" if _SPEC[name][0] == "percent" else "")


def shown_value(value: object) -> str:
    """A value as a user writes it (TOML's true/false, not Python's)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


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
    if kind == "bool":
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in _TRUE + _FALSE:
            return raw.strip().lower() in _TRUE
        raise _Bad("not true or false")
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


def _read_file(path: Path, explicit: bool, warnings: list[str], name: str = "config file") -> dict[str, object]:
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        if explicit:
            warnings.append(f"{name} {path} (from {CONFIG_ENV}) does not exist; using defaults")
        return {}
    except OSError as exc:
        warnings.append(f"{name} {path} cannot be read ({exc.strerror or exc}); using defaults")
        return {}
    if len(data) > MAX_FILE_BYTES:
        warnings.append(f"{name} {path} is larger than {MAX_FILE_BYTES:,} bytes; not read")
        return {}
    import tomllib  # only when there is a file: keeps the hook's import cost down

    try:
        table = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        warnings.append(f"{name} {path} is not valid TOML ({exc}); using defaults")
        return {}
    return table


@record
class Origin:
    """Where an effective value came from."""

    layer: str  # "default" | "file" (the user config file) | "project" | "environment"
    where: str  # the file's path or the variable's name; "" for a default


@record
class LoadedConfig:
    """Effective settings, warnings about rejected values, and each value's origin."""

    settings: Settings
    warnings: list[str]
    origins: dict[str, Origin]
    config_path: Path  # the user config file (it may not exist)
    project_path: Path | None  # the project file looked for (None: no repository given)


def project_file(repo: Path) -> Path:
    return repo / PROJECT_FILE


def load_config(environ: Mapping[str, str] | None = None, repo: Path | None = None) -> LoadedConfig:
    """Every layer in turn: defaults, the user config file, the project file of `repo` (when
    given: the repository root), the environment."""
    env = os.environ if environ is None else environ
    warnings: list[str] = []
    values: dict[str, object] = _defaults()
    values["home"] = None  # resolved last, so platformdirs is imported only if needed
    origins = {key: Origin("default", "") for key in _SPEC}

    config_path = default_config_path(env)
    table = _read_file(config_path, bool(env.get(CONFIG_ENV)), warnings)
    _apply_file(table, Origin("file", str(config_path)), values, origins, warnings)
    project_path = project_file(repo) if repo is not None else None
    if project_path is not None:
        table = _read_file(project_path, False, warnings, "project file")
        _apply_file(table, Origin("project", str(project_path)), values, origins, warnings)

    for key in _SPEC:
        raw_env = env.get(env_name(key))
        if raw_env is None or raw_env.strip() == "":
            continue  # an empty variable means "not set", as with most tools
        _apply(key, raw_env, Origin("environment", env_name(key)), values, origins, warnings)

    if values["home"] is None:
        values["home"] = default_home(env)
    settings = Settings(**values)  # type: ignore[arg-type]
    return LoadedConfig(settings, warnings, origins, config_path, project_path)


def load_settings(environ: Mapping[str, str] | None = None, repo: Path | None = None) -> tuple[Settings, list[str]]:
    """Effective settings and human-readable warnings about rejected values."""
    loaded = load_config(environ, repo)
    return loaded.settings, loaded.warnings


def _apply_file(
    table: dict[str, object], origin: Origin, values: dict[str, object], origins: dict[str, Origin], warnings: list[str]
) -> None:
    name = "project file" if origin.layer == "project" else "config file"
    for key, raw in table.items():
        if key not in _SPEC:
            warnings.append(f"{name} {origin.where}: unknown setting {key!r} ignored{_suggestion(key)}")
        elif origin.layer == "project" and key in PROJECT_FORBIDDEN:
            warnings.append(
                f"{name} {origin.where}: {key} cannot be set in a project file (it belongs to the user); ignored"
            )
        else:
            _apply(key, raw, origin, values, origins, warnings)


def _suggestion(key: str) -> str:
    import difflib  # only for a misspelt key

    close = difflib.get_close_matches(key, list(_SPEC), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _apply(
    key: str, raw: object, origin: Origin, values: dict[str, object], origins: dict[str, Origin], warnings: list[str]
) -> None:
    try:
        values[key] = _convert(key, raw)
        origins[key] = origin
    except _Bad as why:
        fallback = values[key]
        shown = shown_value(fallback)
        if fallback is None:
            shown = "the platform default" if key == "home" else "per-model window"
        source = (
            origin.where
            if origin.layer == "environment"
            else f"{'project' if origin.layer == 'project' else 'config'} file {origin.where}"
        )
        warnings.append(f"{source}: {key} = {raw!r} is {why}; using {shown}")
