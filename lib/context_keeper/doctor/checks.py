"""The checks `context-keeper doctor` runs on what is registered and where: each returns
`Check` records (ok, or a problem with the fix); the CLI prints them."""

from __future__ import annotations

import os
import shlex
import subprocess
from collections.abc import Mapping
from pathlib import PurePosixPath

from .. import claude_settings
from ..config import CONFIG_ENV, default_config_path, load_settings
from ..records import record
from ..store import RunsDir
from ..store.permissions import permission_problems
from .scan import FoundHook, SettingsScan, resolve_executable

SPECS = claude_settings.REGISTRATION
_PER_EVENT = {spec.event: sum(s.event == spec.event for s in SPECS) for spec in SPECS}


def check_name(kind: str, spec: claude_settings.HookSpec) -> str:
    """`hook PreCompact`; `hook PostToolUse (context_refill)` where an event has several."""
    return f"{kind} {spec.event}" + (f" ({spec.name})" if _PER_EVENT[spec.event] > 1 else "")


@record
class Check:
    name: str
    ok: bool
    detail: str  # what was found
    fix: str = ""  # what to do, for a problem


def reinstall_hint() -> str:
    return "run ./install.sh again from your context-keeper checkout"


def check_settings(scans: list[SettingsScan]) -> list[Check]:
    checks = [_ignored(scan) for scan in scans if scan.error]
    plugin_in = [s.location.path for s in scans if s.plugin_enabled]
    hooks = [h for s in scans for h in s.hooks]
    return checks + [_check_registration(spec, hooks, plugin_in) for spec in SPECS]


def _ignored(scan: SettingsScan) -> Check:
    """A file Claude Code ignores (the same message install.sh and status give)."""
    error = scan.error or ""
    fix = "make it valid JSON, then run ./install.sh again"
    if "contains comments (line " in error:
        lines = error.split("contains comments (", 1)[1].split(")", 1)[0]
        fix = f"remove the comments ({lines}), then run ./install.sh again"
    return Check(f"settings {scan.location.scope}", False, error, fix)


def _check_registration(spec: claude_settings.HookSpec, hooks: list[FoundHook], plugin_in: list) -> Check:
    name = check_name("hook", spec)
    mine = [h for h in hooks if h.script == spec.name and h.event == spec.event]
    if not mine:
        elsewhere = [h for h in hooks if h.script == spec.name and h.event not in claude_settings.HOOKS[spec.name]]
        if plugin_in:
            return Check(name, True, f"provided by the context-keeper plugin (enabled in {plugin_in[0]})")
        if elsewhere:
            return Check(
                name, False, f"{spec.name} is registered under {elsewhere[0].event}, not {spec.event}", reinstall_hint()
            )
        return Check(name, False, f"{spec.name} is not registered in any settings file", reinstall_hint())
    if plugin_in:
        return Check(
            name,
            False,
            f"registered in {mine[0].settings} AND by the enabled plugin: it would run twice",
            "keep one: ./install.sh --uninstall, or disable the plugin",
        )
    overlaps = claude_settings.overlaps((str(h.settings), h.event, h.script, h.command) for h in mine)
    overlap = overlaps[0] if overlaps else None
    if overlap is not None and overlap.runs > 1:
        return Check(
            name,
            False,
            f"registered {len(mine)} times with {overlap.runs} different commands "
            f"({', '.join(overlap.places)}): it would run {overlap.runs} times",
            "remove all but one (./install.sh --uninstall --project <dir> removes a project's)",
        )
    hook = mine[0]
    problems = _problems(spec, hook)
    if problems:
        return Check(name, False, f"{hook.settings}: " + "; ".join(problems), reinstall_hint())
    detail = f"{hook.settings}: {hook.command} (timeout {hook.timeout:g} s)"
    if overlap is not None:
        others = ", ".join(p for p in overlap.places if p != str(hook.settings))
        detail += f"; also in {others} with the same command, which Claude Code runs once"
    return Check(name, True, detail)


def _problems(spec: claude_settings.HookSpec, hook: FoundHook) -> list[str]:
    problems = []
    if not claude_settings.same_matcher(hook.matcher, spec.matcher):
        expected = repr(spec.matcher) if spec.matcher is not None else "none (every trigger)"
        problems.append(f"matcher is {hook.matcher!r}, expected {expected}")
    if spec.is_async and not hook.is_async:
        problems.append('not "async": true, so the tool loop waits for it after every call')
    if hook.interpreter is None:
        problems.append("no interpreter or executable in the command")
    elif not hook.interpreter_ok:
        where = "does not exist or is not executable" if os.path.isabs(hook.interpreter) else "is not on PATH"
        problems.append(f"interpreter {hook.interpreter} {where}")
    if hook.from_checkout:
        problems.append(
            f"runs {hook.script_path} from a checkout: moving or deleting it makes Python exit 2, "
            "which blocks every compaction"
        )
    if hook.script_path is not None and not os.path.isabs(hook.script_path):
        problems.append(f"script path {hook.script_path} is not absolute")
    elif not hook.script_ok:
        problems.append(f"script {hook.script_path} does not exist")
    if hook.timeout is None:
        problems.append("no timeout set (Claude Code would wait up to 600 s)")
    return problems


def hook_interpreters(scans: list[SettingsScan]) -> list[str]:
    out: list[str] = []
    for hook in (h for s in scans for h in s.hooks):
        if hook.interpreter and hook.interpreter not in out:
            out.append(hook.interpreter)
    return out


_IMPORT_PROBE = "import context_keeper, orjson, platformdirs, git; print(context_keeper.__file__)"


def launcher_python(executable: str) -> str:
    """The interpreter behind a hook's first word: itself, or for the installed
    `context-keeper` script the python of its `#!` line (pip writes an absolute one)."""
    if PurePosixPath(executable).name != "context-keeper":
        return executable
    try:
        with open(executable, "rb") as handle:
            first = handle.readline(4096)
    except OSError:
        return executable
    words = first[2:].decode("utf-8", "replace").split() if first.startswith(b"#!") else []
    return words[0] if words and os.path.isabs(words[0]) else executable


def check_interpreter(launcher: str, timeout: float = 30.0) -> Check:
    name = f"interpreter {launcher}"
    found = resolve_executable(launcher)
    if found is None:
        where = "does not exist or is not executable" if os.path.isabs(launcher) else "is not on PATH"
        return Check(name, False, where, reinstall_hint())
    python = launcher_python(found)
    if not (os.path.isabs(python) and os.access(python, os.X_OK)):
        return Check(name, False, f"its interpreter {python} does not exist or is not executable", reinstall_hint())
    try:
        result = subprocess.run(
            [python, "-c", _IMPORT_PROBE], capture_output=True, text=True, timeout=timeout, cwd="/", check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Check(name, False, f"could not be run: {exc}", reinstall_hint())
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        fix = reinstall_hint()
        if "git" in last.lower() and "context_keeper" not in last:
            fix += " (GitPython also needs the git executable on PATH)"
        return Check(name, False, f"cannot import context_keeper, orjson, platformdirs and git: {last}", fix)
    return Check(name, True, f"imports context_keeper ({result.stdout.strip()}), orjson, platformdirs, git")


def check_config(environ: Mapping[str, str] | None = None) -> Check:
    settings, warnings = load_settings(environ)
    path = default_config_path(environ)
    if warnings:
        return Check(
            "config",
            False,
            warnings[0] + (f" (+{len(warnings) - 1} more)" if len(warnings) > 1 else ""),
            f"correct the value in {path} or the environment (see docs/configuration.md)",
        )
    where = str(path) if path.exists() else f"defaults ({path} absent; {CONFIG_ENV} moves it)"
    return Check("config", True, f"{where}; data in {settings.home}")


def check_permissions(runs: RunsDir) -> Check:
    if not runs.root.exists():
        return Check("permissions", True, f"{runs.root} does not exist yet (the first hook call creates it 0700)")
    bad = permission_problems(runs)
    if not bad:
        return Check("permissions", True, f"{runs.root}: dirs 0700, files 0600")
    first = bad[0]
    return Check(
        "permissions",
        False,
        f"{len(bad)} path(s) readable by others, e.g. {first.path} is {first.mode:04o} (want {first.expected:04o})",
        f"chmod -R go-rwx {shlex.quote(str(runs.root))}",
    )


# -- the dry hook run --------------------------------------------------------------------------


MAX_STATES = 50  # the newest saved sessions read for record types


def check_record_types(runs: RunsDir) -> Check | None:
    """The record types the sessions' transcripts held that the reader does not know (a newer
    Claude Code): skipped and counted, never an error, so worth a line only when there are
    some (None otherwise)."""
    from ..records.jsonio import loads
    from ..session.cursor import unknown_types

    try:
        states = sorted(runs.state.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)[:MAX_STATES]
    except OSError:
        return None
    found: dict[str, int] = {}
    sessions = 0
    for path in states:
        try:
            saved = loads(path.read_bytes())
        except (OSError, ValueError, RecursionError):
            continue
        stats = saved.get("stats") if isinstance(saved, dict) else None
        unknown = unknown_types(stats) if isinstance(stats, dict) else {}
        sessions += bool(unknown)
        for name, count in unknown.items():
            if isinstance(count, int):
                found[name] = found.get(name, 0) + count
    if not found:
        return None
    listed = ", ".join(f"{name} ({count:,})" for name, count in sorted(found.items()))
    return Check(
        "record types",
        True,
        f"{sessions} session(s) held record types this version does not know, skipped: {listed}",
    )
