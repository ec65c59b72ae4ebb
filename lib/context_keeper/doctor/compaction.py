"""Doctor's checks of Claude Code's own compaction settings: where auto-compaction happens for
this repository, each setting that silently changes nothing there, and idle compaction's state.

The rules are `compaction_point`'s, each measured on Claude Code 2.1.330 (the e2e suite re-checks
them on the pinned CLI): a setting listed as changing nothing was set and made no difference to
where that CLI compacts.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from ..transcript import compaction_point as cp
from ..transcript.usage import LARGE_WINDOW, context_window
from .checks import Check

MEASURED_ON = "Claude Code 2.1.330"
IDLE_SETTING = "idleCompaction"


def _layers(repo: Path, environ: Mapping[str, str]) -> list[tuple[str, dict[str, object]]]:
    return [(path, cp.read_settings(path)) for path in cp.settings_files(str(repo), environ)]


def _where(name: str, layers: list[tuple[str, dict[str, object]]], environ: Mapping[str, str]) -> str:
    """Where an input comes from: the settings file (the last that sets it) or the environment."""
    for path, settings in reversed(layers):
        if name in settings:
            return path
        env = settings.get("env")
        if isinstance(env, dict) and name in env:
            return f'{path} ("env")'
    return "the environment" if name in environ else "?"


def _model(settings: Mapping[str, object], env: Mapping[str, str]) -> str | None:
    """The model sessions here run (ANTHROPIC_MODEL, else the settings' `model`); None: the default."""
    model = env.get("ANTHROPIC_MODEL") or settings.get("model")
    return model if isinstance(model, str) and model else None


def check_compaction(repo: Path, environ: Mapping[str, str]) -> list[Check]:
    layers = _layers(repo, environ)
    settings, settings_env = cp.merged([value for _path, value in layers])
    env = {**environ, **settings_env}
    model = _model(settings, env)
    if model is not None and not cp.measured(model):
        # Measured: the pinned CLI did not auto-compact a claude-sonnet-4-5 session at all.
        checks = [
            Check(
                "auto-compaction",
                True,
                f"where Claude Code compacts {model} sessions was not measured (measured: "
                f"{', '.join(cp.MEASURED_MODELS)}, the default); not shown, nor which settings change it",
            )
        ]
        return [*checks, *_sleep_checks(layers, env, environ), _idle_check(settings, layers, env)]
    window, window_is = (
        (context_window(model), f"the window of {model}") if model else (LARGE_WINDOW, "the default model's window")
    )
    point = cp.point(window, env, settings)
    checks = [_point_check(point, window, window_is, layers, env)]
    for name, value, why in point.ignored:
        checks.append(
            Check(
                f"setting {name}",
                False,
                f"{name} = {value} ({_where(name, layers, environ)}) changes nothing on {MEASURED_ON}: {why}",
                "remove it, or give it a value that takes effect "
                '(docs/troubleshooting.md, "Compaction settings that change nothing")',
            )
        )
    checks += _sleep_checks(layers, env, environ)
    checks.append(_idle_check(settings, layers, env))
    return checks


SLEEP_ENV = "CLAUDE_CODE_SLEEP_COMPACT"
REMOTE_ENV = "CLAUDE_CODE_REMOTE"


def _sleep_checks(
    layers: list[tuple[str, dict[str, object]]], env: Mapping[str, str], environ: Mapping[str, str]
) -> list[Check]:
    """Sleep compaction (a kept-open `-p` session compacted while idle) needs CLAUDE_CODE_REMOTE:
    measured, without it no compaction in 100 s idle, with it one at 62 s."""
    if not env.get(SLEEP_ENV) or env.get(REMOTE_ENV):
        return []
    return [
        Check(
            f"setting {SLEEP_ENV}",
            False,
            f"{SLEEP_ENV} = {env[SLEEP_ENV]} ({_where(SLEEP_ENV, layers, environ)}) changes nothing on {MEASURED_ON} "
            f"without {REMOTE_ENV}: an idle session is not compacted",
            f"remove it (sleep compaction is for remote sessions, where {REMOTE_ENV} is set)",
        )
    ]


def _point_check(
    point: cp.Point, window: int, window_is: str, layers: list[tuple[str, dict[str, object]]], env: Mapping[str, str]
) -> Check:
    if point.tokens is None:
        off = [n for n in cp.DISABLE_ENVS if env.get(n)] or [f'"{cp.ENABLED_SETTING}": false']
        return Check("auto-compaction", True, f"off ({off[0]}): only /compact compacts")
    if point.source == "environment":
        source = f"{cp.WINDOW_ENV}={env.get(cp.WINDOW_ENV)}"
    elif point.source == "settings":
        source = f"{cp.WINDOW_SETTING} {point.window:,} in {_where(cp.WINDOW_SETTING, layers, env)}"
    else:
        source = f"{window_is}, {window:,}; no {cp.WINDOW_SETTING} or {cp.WINDOW_ENV}"
    detail = f"at {point.tokens:,} tokens of a {point.window:,}-token window ({source})"
    if env.get(cp.PCT_ENV) and not any(n == cp.PCT_ENV for n, _v, _w in point.ignored):
        detail += f", lowered by {cp.PCT_ENV}={env[cp.PCT_ENV]}"
    return Check("auto-compaction", True, detail + f"; as {MEASURED_ON} computes it")


def _idle_check(
    settings: Mapping[str, object], layers: list[tuple[str, dict[str, object]]], env: Mapping[str, str]
) -> Check:
    value = settings.get(IDLE_SETTING)
    if value is False:
        return Check("idle compaction", True, f'off ("{IDLE_SETTING}": false in {_where(IDLE_SETTING, layers, env)})')
    where = (
        f"{IDLE_SETTING} true in {_where(IDLE_SETTING, layers, env)}"
        if value is True
        else f"{IDLE_SETTING} not set: on by default"
    )
    return Check(
        "idle compaction",
        True,
        f"on ({where}): an interactive session left idle may be compacted between turns, "
        f"as an auto compaction (the hooks run as for any other)",
    )
