"""Where context-keeper's hooks are registered, and the checks `context-keeper doctor` runs.

Each check returns `Check` records (ok, or a problem with the fix); the CLI prints them.
The dry hook run executes the registered hook commands the way Claude Code does (through
`sh -c`, cwd = the project) on a tiny generated transcript, with CONTEXT_KEEPER_HOME
pointing at a temporary dir, so it never touches the user's data.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import tempfile
import uuid
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

import orjson

from . import settings_file
from .config import CONFIG_ENV, default_config_path, load_settings
from .records import record
from .runs_info import permission_problems
from .store import RunsDir

SPECS = settings_file.REGISTRATION
_PER_EVENT = {spec.event: sum(s.event == spec.event for s in SPECS) for spec in SPECS}


def check_name(kind: str, spec: settings_file.HookSpec) -> str:
    """`hook PreCompact`; `hook PostToolUse (context_refill)` where an event has several."""
    return f"{kind} {spec.event}" + (f" ({spec.name})" if _PER_EVENT[spec.event] > 1 else "")


# -- where hooks are registered ----------------------------------------------------------------


@record
class SettingsLocation:
    scope: str  # user | project | local
    path: Path


def settings_locations(repo: Path, environ: Mapping[str, str] | None = None) -> list[SettingsLocation]:
    """The settings files Claude Code reads hooks from, in its merge order."""
    env = os.environ if environ is None else environ
    config_dir = env.get("CLAUDE_CONFIG_DIR") or str(Path(env.get("HOME") or Path.home()) / ".claude")
    return [
        SettingsLocation("user", Path(config_dir).expanduser() / "settings.json"),
        SettingsLocation("project", repo / ".claude" / "settings.json"),
        SettingsLocation("local", repo / ".claude" / "settings.local.json"),
    ]


@record
class FoundHook:
    """One of our hook handlers found in a settings file."""

    settings: Path
    scope: str
    event: str  # the event it is registered under
    script: str  # our script's file name
    matcher: str | None
    command: str
    timeout: float | None
    interpreter: str | None  # first word of the command: the context-keeper executable or a python
    is_async: bool  # "async": true (Claude Code does not wait for it)
    script_path: str | None  # plugin route and old installs: the .../hooks/<name>.py it runs

    @property
    def interpreter_ok(self) -> bool:
        return self.interpreter is not None and os.path.isabs(self.interpreter) and os.access(self.interpreter, os.X_OK)

    @property
    def script_ok(self) -> bool:
        """The command's script exists (always true for `context-keeper hook <name>`, which has none)."""
        if self.script_path is None:
            return True
        return os.path.isabs(self.script_path) and os.path.isfile(self.script_path)

    @property
    def from_checkout(self) -> bool:
        """Runs a script from a checkout outside the plugin route (the pre-0.2 form): moving or
        deleting the checkout makes Python exit 2 there, which blocks every compaction."""
        return self.script_path is not None and "${CLAUDE_PLUGIN_ROOT}" not in self.command


@record
class SettingsScan:
    location: SettingsLocation
    exists: bool
    error: str | None  # why the file could not be read, if it could not
    hooks: tuple[FoundHook, ...]
    plugin_enabled: bool  # enabledPlugins holds context-keeper@... = true


def scan_settings(location: SettingsLocation) -> SettingsScan:
    try:
        loaded = settings_file.load(location.path)
    except settings_file.SettingsError as exc:
        return SettingsScan(location, True, str(exc), (), False)
    if loaded.data is None:
        return SettingsScan(location, False, None, (), False)
    data = loaded.settings
    hooks = data.get("hooks")
    found: list[FoundHook] = []
    if isinstance(hooks, dict):
        for event, groups in hooks.items():
            if not isinstance(groups, list):
                continue
            for group in groups:
                if not isinstance(group, dict) or not isinstance(group.get("hooks"), list):
                    continue
                for handler in group["hooks"]:
                    script = settings_file.script_of(handler)
                    if script is None:
                        continue
                    found.append(_found(location, event, script, group.get("matcher"), handler))
    plugins = data.get("enabledPlugins")
    plugin = isinstance(plugins, dict) and any(
        on is True and isinstance(name, str) and name.split("@")[0] == "context-keeper" for name, on in plugins.items()
    )
    return SettingsScan(location, True, None, tuple(found), plugin)


def _found(location: SettingsLocation, event: str, script: str, matcher: object, handler: dict) -> FoundHook:
    command = handler["command"]
    words = settings_file.command_words(command)
    script_path = settings_file.hook_of_words(words)[1]
    timeout = handler.get("timeout")
    return FoundHook(
        settings=location.path,
        scope=location.scope,
        event=event,
        script=script,
        matcher=matcher if isinstance(matcher, str) else None,
        command=command,
        timeout=timeout if isinstance(timeout, (int, float)) and not isinstance(timeout, bool) else None,
        interpreter=words[0] if words and words[0] != script_path else None,
        is_async=handler.get("async") is True,
        script_path=script_path,
    )


def scan_all(repo: Path, environ: Mapping[str, str] | None = None) -> list[SettingsScan]:
    seen: set[Path] = set()
    scans = []
    for location in settings_locations(repo, environ):
        # ~ may be the repo itself (a dotfiles checkout): read each file once.
        key = Path(os.path.abspath(location.path))
        if key in seen:
            continue
        seen.add(key)
        scans.append(scan_settings(location))
    return scans


# -- checks ------------------------------------------------------------------------------------


@record
class Check:
    name: str
    ok: bool
    detail: str  # what was found
    fix: str = ""  # what to do, for a problem


def _reinstall_hint() -> str:
    return "run ./install.sh again from your context-keeper checkout"


def check_settings(scans: list[SettingsScan]) -> list[Check]:
    checks: list[Check] = []
    for scan in scans:
        if scan.error:
            checks.append(Check(f"settings {scan.location.scope}", False, scan.error, "fix the file so it is plain JSON (no comments)"))
    plugin_in = [s.location.path for s in scans if s.plugin_enabled]
    hooks = [h for s in scans for h in s.hooks]
    for spec in SPECS:
        script, event = spec.name, spec.event
        name = check_name("hook", spec)
        mine = [h for h in hooks if h.script == script and h.event == event]
        elsewhere = [h for h in hooks if h.script == script and h.event not in settings_file.HOOKS[script]]
        if not mine:
            if plugin_in:
                checks.append(Check(name, True, f"provided by the context-keeper plugin (enabled in {plugin_in[0]})"))
            elif elsewhere:
                checks.append(Check(name, False, f"{script} is registered under {elsewhere[0].event}, not {event}",
                                    _reinstall_hint()))
            else:
                checks.append(Check(name, False, f"{script} is not registered in any settings file", _reinstall_hint()))
            continue
        if plugin_in:
            checks.append(Check(name, False, f"registered in {mine[0].settings} AND by the enabled plugin: it would run twice",
                                "keep one: ./install.sh --uninstall, or disable the plugin"))
            continue
        if len(mine) > 1:
            where = ", ".join(str(h.settings) for h in mine)
            checks.append(Check(name, False, f"registered {len(mine)} times ({where}): it would run {len(mine)} times",
                                "remove all but one (./install.sh --uninstall --project <dir> removes a project's)"))
            continue
        hook = mine[0]
        problems = []
        if spec.matcher is not None and hook.matcher != spec.matcher:
            problems.append(f"matcher is {hook.matcher!r}, expected {spec.matcher!r}")
        if spec.is_async and not hook.is_async:
            problems.append('not "async": true, so the tool loop waits for it after every call')
        if hook.interpreter is None or not os.path.isabs(hook.interpreter):
            problems.append(f"interpreter {hook.interpreter or '(none)'} is not an absolute path")
        elif not hook.interpreter_ok:
            problems.append(f"interpreter {hook.interpreter} does not exist or is not executable")
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
        if problems:
            checks.append(Check(name, False, f"{hook.settings}: " + "; ".join(problems), _reinstall_hint()))
        else:
            checks.append(Check(name, True, f"{hook.settings}: {hook.command} (timeout {hook.timeout:g} s)"))
    return checks


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
    if not (os.path.isabs(launcher) and os.access(launcher, os.X_OK)):
        return Check(name, False, "does not exist or is not executable", _reinstall_hint())
    python = launcher_python(launcher)
    if not (os.path.isabs(python) and os.access(python, os.X_OK)):
        return Check(name, False, f"its interpreter {python} does not exist or is not executable", _reinstall_hint())
    try:
        result = subprocess.run([python, "-c", _IMPORT_PROBE], capture_output=True, text=True, timeout=timeout, cwd="/", check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return Check(name, False, f"could not be run: {exc}", _reinstall_hint())
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        fix = _reinstall_hint()
        if "git" in last.lower() and "context_keeper" not in last:
            fix += " (GitPython also needs the git executable on PATH)"
        return Check(name, False, f"cannot import context_keeper, orjson, platformdirs and git: {last}", fix)
    return Check(name, True, f"imports context_keeper ({result.stdout.strip()}), orjson, platformdirs, git")


def check_config(environ: Mapping[str, str] | None = None) -> Check:
    settings, warnings = load_settings(environ)
    path = default_config_path(environ)
    if warnings:
        return Check("config", False, warnings[0] + (f" (+{len(warnings) - 1} more)" if len(warnings) > 1 else ""),
                     f"correct the value in {path} or the environment (see docs/configuration.md)")
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


def sample_transcript(cwd: Path, session_id: str) -> bytes:
    """A tiny but real-shaped transcript: a prompt, a Bash call, its result, a reply."""
    tool_id = "toolu_doctor_1"
    usage = {"input_tokens": 1000, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0, "output_tokens": 40}
    common = {"isSidechain": False, "cwd": str(cwd), "sessionId": session_id, "version": "2.1.330", "userType": "external"}
    records = [
        {**common, "type": "user", "parentUuid": None, "uuid": "u1", "timestamp": "2026-01-01T00:00:00.000Z",
         "message": {"role": "user", "content": "Run the tests and fix what fails."}},
        {**common, "type": "assistant", "parentUuid": "u1", "uuid": "a1", "timestamp": "2026-01-01T00:00:01.000Z",
         "message": {"id": "msg_doctor_1", "type": "message", "role": "assistant", "model": "claude-opus-5-5",
                     "content": [{"type": "tool_use", "id": tool_id, "name": "Bash", "input": {"command": "pytest -q"}}],
                     "usage": usage}},
        {**common, "type": "user", "parentUuid": "a1", "uuid": "u2", "timestamp": "2026-01-01T00:00:02.000Z",
         "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": "3 passed", "is_error": False}]},
         "toolUseResult": {"stdout": "3 passed", "stderr": "", "interrupted": False, "isImage": False}},
        {**common, "type": "assistant", "parentUuid": "u2", "uuid": "a2", "timestamp": "2026-01-01T00:00:03.000Z",
         "message": {"id": "msg_doctor_2", "type": "message", "role": "assistant", "model": "claude-opus-5-5",
                     "content": [{"type": "text", "text": "All 3 tests pass."}], "usage": usage}},
    ]
    return b"".join(orjson.dumps(r) + b"\n" for r in records)


def _stdin(event: str, session_id: str, transcript: Path, cwd: Path) -> bytes:
    base = {"session_id": session_id, "transcript_path": str(transcript), "cwd": str(cwd), "hook_event_name": event}
    if event == "PostToolUse":
        base |= {"tool_name": "Bash", "tool_input": {"command": "pytest -q"}, "tool_use_id": "toolu_doctor_1",
                 "tool_response": {"stdout": "3 passed", "stderr": "", "interrupted": False, "isImage": False}}
    elif event == "UserPromptSubmit":
        base |= {"prompt": "Carry on."}
    elif event == "PreCompact":
        base |= {"trigger": "manual", "custom_instructions": None}
    elif event == "PostCompact":
        base |= {"trigger": "manual", "compact_summary": "<summary>The user asked to run the tests; 3 passed.</summary>"}
    else:
        base |= {"source": "compact", "model": "claude-opus-5-5"}
    return orjson.dumps(base)


def dry_run_hooks(scans: list[SettingsScan], timeout: float = 60.0, environ: Mapping[str, str] | None = None) -> list[Check]:
    """Run each registered hook command once, in order, on a generated transcript."""
    hooks = [h for s in scans for h in s.hooks]
    by_spec = {(h.event, h.script): h for h in hooks}
    env_base = dict(os.environ if environ is None else environ)
    checks = []
    with tempfile.TemporaryDirectory(prefix="context-keeper-doctor-") as tmp:
        root = Path(tmp)
        project = root / "project"
        (project / ".git").mkdir(parents=True)  # so the hooks see a repo root, not the user's
        home = root / "data"
        session_id = f"doctor-{uuid.uuid4()}"
        transcript = root / f"{session_id}.jsonl"
        transcript.write_bytes(sample_transcript(project, session_id))
        env = {k: v for k, v in env_base.items() if not k.startswith("CONTEXT_KEEPER_")}
        env |= {"CONTEXT_KEEPER_HOME": str(home), "CONTEXT_KEEPER_CONFIG": str(root / "no-config.toml"),
                "CLAUDE_PROJECT_DIR": str(project)}
        for spec in SPECS:
            event = spec.event
            hook = by_spec.get((event, spec.name))
            name = check_name("dry run", spec)
            if hook is None:
                checks.append(Check(name, False, "skipped: not registered", _reinstall_hint()))
                continue
            if "${CLAUDE_PLUGIN_ROOT}" in hook.command:
                checks.append(Check(name, True, "skipped: plugin command (needs Claude Code to expand ${CLAUDE_PLUGIN_ROOT})"))
                continue
            checks.append(_run_one(name, event, hook, _stdin(event, session_id, transcript, project), project, env, home, timeout))
    return checks


def _run_one(name: str, event: str, hook: FoundHook, stdin: bytes, project: Path, env: dict[str, str], home: Path,
             timeout: float) -> Check:
    try:
        result = subprocess.run(["/bin/sh", "-c", hook.command], input=stdin, capture_output=True, cwd=project,
                                env=env, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return Check(name, False, f"did not finish within {timeout:g} s", "see the log and docs/troubleshooting.md")
    except OSError as exc:
        return Check(name, False, f"could not start: {exc}", _reinstall_hint())
    out = result.stdout.decode("utf-8", "replace")
    errors = _logged_errors(home)
    if result.returncode != 0:
        why = (result.stderr.decode("utf-8", "replace").strip().splitlines() or [f"exit {result.returncode}"])[-1]
        return Check(name, False, f"exit {result.returncode}: {why}", _reinstall_hint())
    if errors:
        return Check(name, False, f"exit 0 but the hook logged an error: {errors[0]}", "see docs/troubleshooting.md; report it if it persists")
    if event in ("PostToolUse", "UserPromptSubmit", "PostCompact") and out.strip():
        return Check(name, False, f"printed {len(out)} characters with nothing to refill; it must print nothing",
                     _reinstall_hint())
    if event == "PreCompact":
        if not out.strip():
            return Check(name, False, "printed no preservation block", "see the log; run ./install.sh again")
        return Check(name, True, f"exit 0, printed a {len(out):,}-character block")
    return Check(name, True, f"exit 0, {len(out):,} characters of output")


def _logged_errors(home: Path) -> list[str]:
    """First lines of ERROR entries in any log under the temporary data root."""
    found = []
    for log in sorted(home.rglob("context-keeper.log")):
        try:
            text = log.read_text("utf-8", "replace")
        except OSError:
            continue
        for line in text.splitlines():
            parts = line.split(" ", 3)
            if len(parts) == 4 and parts[2] == "ERROR":
                found.append(parts[3][:300])
    return found


def run_all(repo: Path, runs: RunsDir, environ: Mapping[str, str] | None = None, dry_run: bool = True) -> list[Check]:
    scans = scan_all(repo, environ)
    checks = check_settings(scans)
    interpreters = hook_interpreters(scans) or []
    for python in interpreters:
        checks.append(check_interpreter(python))
    checks.append(check_config(environ))
    checks.append(check_permissions(runs))
    if dry_run:
        checks += dry_run_hooks(scans, environ=environ)
    return checks
