"""Where Claude Code compacts a session on its own: the auto-compaction point, from the model's
window, the environment and the settings files, by the rules measured on Claude Code 2.1.330.

Measured with `claude -p` against a scripted API (tests/e2e/test_compaction_point.py re-checks
each rule on the pinned CLI):

- The point is the window less 33,000 tokens (an output reserve of 20,000 and a buffer of
  13,000): 967,000 of a 1,000,000 window compacts, 966,000 does not.
- `CLAUDE_CODE_AUTO_COMPACT_WINDOW` (tokens, or with a `k` suffix) or the settings' number
  `autoCompactWindow` sets the window to compact in (200,000 → 167,000). The environment wins
  over the settings. A window larger than the model's is the model's; the variable below
  100,000 counts as 100,000; the setting below 100,000, or given as a string, is ignored.
- `CLAUDE_AUTOCOMPACT_PCT_OVERRIDE=P` lowers the point to P % of the window less the reserve
  (10 → 98,000; "10%" reads as 10), never raises it (99 changes nothing); a value that does
  not start with a number changes nothing.
- `DISABLE_AUTO_COMPACT`, `DISABLE_COMPACT` or `"autoCompactEnabled": false` turn it off.
- Settings merge user < project < local (`.claude/settings.local.json`); a file that is not
  strict JSON is ignored whole; a settings file's `env` applies like the environment.

All of this was measured with the default model, claude-opus-5-5 (1,000,000 tokens). With
`claude-sonnet-4-5` the same CLI did not compact on its own at all (at 168,000, 400,000 or
968,000 tokens): for a model not measured, `measured()` is false and callers say nothing about
the point rather than something wrong.

`threshold_window` turns the point into the window our own thresholds are percentages of, so
that work meant to happen before a compaction (cold-unit summaries) happens before the one the
user brought forward.

Stdlib only and light: the status line computes this on every refresh, the PostToolUse gate on
every call that reads a usage.
"""

from __future__ import annotations

import os
import stat

from .json_scan import loads

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

OUTPUT_RESERVE = 20_000
BUFFER = 13_000
MIN_WINDOW = 100_000
WINDOW_ENV = "CLAUDE_CODE_AUTO_COMPACT_WINDOW"
PCT_ENV = "CLAUDE_AUTOCOMPACT_PCT_OVERRIDE"
DISABLE_ENVS = ("DISABLE_AUTO_COMPACT", "DISABLE_COMPACT")
# The variables the point depends on, beside the settings files they lead to.
ENV_INPUTS = ("HOME", "CLAUDE_CONFIG_DIR", WINDOW_ENV, PCT_ENV, *DISABLE_ENVS)
WINDOW_SETTING = "autoCompactWindow"
ENABLED_SETTING = "autoCompactEnabled"
MAX_SETTINGS_BYTES = 1 << 20
# The models whose compaction point was measured (any suffix: a date, "[1m]" would need its own
# measurement, but the ids Claude Code 2.1.330 sends for its default model start so).
MEASURED_MODELS = ("claude-opus-5-5",)
DEFAULT_MODEL = "claude-opus-5-5"  # Claude Code 2.1.330's, when no model is set


def measured(model: str) -> bool:
    """Whether the rules here were measured for sessions of `model`."""
    return model.startswith(MEASURED_MODELS) and "[" not in model


class Point:
    """The auto-compaction point: `tokens` (None when auto-compaction is off), the window it
    is computed in, which input decided that window, and the inputs that change nothing
    (name, value as given, why)."""

    __slots__ = ("tokens", "window", "source", "ignored")

    def __init__(self, tokens: int | None, window: int, source: str, ignored: list[tuple[str, str, str]]) -> None:
        self.tokens = tokens
        self.window = window
        self.source = source  # "model" | "environment" | "settings"
        self.ignored = ignored


def settings_files(project_dir: str | None, environ: Mapping[str, str]) -> list[str]:
    """The settings files Claude Code merges, lowest precedence first."""
    home = environ.get("HOME") or os.path.expanduser("~")
    config_dir = environ.get("CLAUDE_CONFIG_DIR") or os.path.join(home, ".claude")
    files = [os.path.join(config_dir, "settings.json")]
    if project_dir:
        files += [os.path.join(project_dir, ".claude", name) for name in ("settings.json", "settings.local.json")]
    return files


def read_settings(path: str) -> dict[str, object]:
    """A settings file's value as Claude Code takes it: {} when missing, not a regular file,
    larger than MAX_SETTINGS_BYTES or not strict JSON.

    The PostToolUse gate calls this on every call and the status line on every refresh, so
    nothing here may wait: the file is opened non-blocking (a FIFO with no writer would hang
    a plain open until the hook's budget ran out, on every call) and only a regular file of
    a plausible size is read (reader.open_regular does the same for transcripts; it is not
    used here because its module imports what the status line must not)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return {}
    try:
        with os.fdopen(fd, "rb") as handle:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_SETTINGS_BYTES:
                return {}
            data = handle.read(MAX_SETTINGS_BYTES + 1)
        if len(data) > MAX_SETTINGS_BYTES:
            return {}
        value = loads(data.decode("utf-8-sig"), strict=True)  # NaN would reach the arithmetic
    except (OSError, ValueError, RecursionError):
        return {}
    return value if isinstance(value, dict) else {}


def merged(layers: list[dict[str, object]]) -> tuple[dict[str, object], dict[str, str]]:
    """(the top-level settings, the `env` values), later layers winning."""
    settings: dict[str, object] = {}
    env: dict[str, str] = {}
    for layer in layers:
        settings.update(layer)
        layer_env = layer.get("env")
        if isinstance(layer_env, dict):
            env.update({k: str(v) for k, v in layer_env.items() if isinstance(k, str)})
    return settings, env


def _leading_number(text: str) -> float | None:
    """The number at the start of the text, the way JavaScript's parseFloat reads it (Claude
    Code's): "10%" is 10, "abc" nothing."""
    text = text.lstrip()
    end = 1 if text[:1] in ("+", "-") else 0
    digits = seen_dot = seen_exp = False
    while end < len(text):
        c = text[end]
        if c.isdigit() and c.isascii():
            digits = True
        elif c == "." and not seen_dot and not seen_exp:
            seen_dot = True
        elif c in "eE" and digits and not seen_exp and end + 1 < len(text):
            sign = 1 if text[end + 1] in "+-" else 0
            if end + 1 + sign < len(text) and text[end + 1 + sign].isdigit():
                seen_exp = True
                end += sign
            else:
                break
        else:
            break
        end += 1
    if not digits:
        return None
    try:
        return float(text[:end])
    except ValueError:
        return None


def _truthy(value: str | None) -> bool:
    return value is not None and value.strip().lower() not in ("", "0", "false", "no", "off")


def _env_window(raw: str) -> int | None:
    text = raw.strip().lower().replace(",", "").replace("_", "")
    scale = 1
    if text.endswith("k"):
        text, scale = text[:-1], 1000
    try:
        number = float(text) * scale
    except ValueError:
        return None
    # "inf", "1e400": no number of tokens (int() of an infinity raises)
    return int(number) if 0 < number < float("inf") else None


def _shown(value: object) -> str:
    """A setting's value as written in JSON (strings quoted), for messages."""
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if value is True or value is False:
        return "true" if value else "false"
    return "null" if value is None else repr(value)


def point(model_window: int, environ: Mapping[str, str], settings: Mapping[str, object]) -> Point:
    """The auto-compaction point for a model window, an environment (a settings file's `env`
    already applied) and merged settings."""
    ignored: list[tuple[str, str, str]] = []
    window, source = model_window, "model"
    setting = settings.get(WINDOW_SETTING)
    raw_env = environ.get(WINDOW_ENV, "").strip()
    if raw_env:
        value = _env_window(raw_env)
        if value is None:
            ignored.append((WINDOW_ENV, raw_env, "not a number of tokens"))
        else:
            if value > model_window:
                ignored.append((WINDOW_ENV, raw_env, f"larger than the model's {model_window:,}-token window"))
            else:
                window, source = max(value, MIN_WINDOW), "environment"
        if setting is not None:
            ignored.append((WINDOW_SETTING, _shown(setting), f"{WINDOW_ENV} takes precedence"))
    elif setting is not None:
        if isinstance(setting, bool) or not isinstance(setting, (int, float)):
            ignored.append((WINDOW_SETTING, _shown(setting), 'not a number (a string such as "200k" is ignored)'))
        elif setting < MIN_WINDOW:
            ignored.append((WINDOW_SETTING, _shown(setting), f"below the {MIN_WINDOW:,}-token minimum"))
        else:
            if setting > model_window:
                ignored.append(
                    (WINDOW_SETTING, _shown(setting), f"larger than the model's {model_window:,}-token window")
                )
            else:
                window, source = int(setting), "settings"
    window = min(window, model_window)
    tokens: int | None = window - OUTPUT_RESERVE - BUFFER
    raw_pct = environ.get(PCT_ENV, "").strip()
    if raw_pct:
        pct = _leading_number(raw_pct)
        if pct is None or not 0 < pct <= 100:
            ignored.append((PCT_ENV, raw_pct, "not a percentage above 0 and up to 100"))
        else:
            lowered = int((window - OUTPUT_RESERVE) * pct / 100)
            if tokens is not None and lowered >= tokens:
                ignored.append(
                    (
                        PCT_ENV,
                        raw_pct,
                        f"it can only lower the point, already {tokens:,} ({100 * tokens / (window - OUTPUT_RESERVE):.1f} %)",
                    )
                )
            else:
                tokens = lowered
    if any(_truthy(environ.get(name)) for name in DISABLE_ENVS) or settings.get(ENABLED_SETTING) is False:
        tokens = None
    return Point(tokens, window, source, ignored)


def point_for(model_window: int, project_dir: str | None, environ: Mapping[str, str]) -> Point:
    """The point for a session of `project_dir`, reading the settings files it merges."""
    settings, settings_env = merged([read_settings(path) for path in settings_files(project_dir, environ)])
    return point(model_window, {**environ, **settings_env}, settings)


def threshold_window(model_window: int, project_dir: str | None, environ: Mapping[str, str]) -> int:
    """The window our percentage thresholds (cold-unit work) are read against, so that they
    fall as far before Claude Code's compaction as they do by default: the model's window,
    scaled by how far the window settings or the percentage override bring the point forward
    (a 1,000,000 window compacted at 167,000 instead of 967,000 reads as 172,699). The model's
    when auto-compaction is off or the point is where it is by default."""
    found = point_for(model_window, project_dir, environ)
    usual = model_window - OUTPUT_RESERVE - BUFFER
    if found.tokens is None or usual <= 0 or found.tokens >= usual:
        return model_window
    return max(1, model_window * found.tokens // usual)
