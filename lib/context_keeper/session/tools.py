"""Tool calls folded into the session model: a call is kept (trimmed) until its result
arrives, then applied by its family — Task tools, Bash (commands, tests, errors), file edits."""

from __future__ import annotations

import os
import re
from operator import attrgetter

from ..records import replace
from ..redact import redact
from ..text import folded, one_line
from . import mentions
from .error_line import EXIT_CODE_RE, run_failures
from .errors import record_error, resolve
from .facts import CommandRun, ErrorEvent, FileChange, PendingCall, add_capped
from .heuristics import is_test_command
from .late_messages import Uncomposed, comparable
from .shell_writes import written_and_moved
from .tasks import TASK_TOOLS
from .units import facts_for, working_units

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from ..transcript.entries import ToolResult, ToolUse
    from .facts import UnitFacts
    from .model import SessionModel

FILE_TOOLS = {"Write": "file_path", "Edit": "file_path", "MultiEdit": "file_path", "NotebookEdit": "notebook_path"}
MAX_PENDING = 500
MAX_FILES = 1000
MAX_COMMANDS = 100
MAX_TESTS = 100
UNIT_FILES = 30
UNIT_COMMANDS = 20
COMMAND_CHARS = 4000
MAX_BACKGROUND = 100
_BACKGROUND_RE = re.compile(r"Command running in background with ID: ([A-Za-z0-9_-]{1,64})")
_EXIT_IN_SUMMARY_RE = re.compile(r"exit code (\d+)")
_STATUS_IN_TEXT_RE = re.compile(r"\(status: (\w+)\)")
# Tools that wait on, read or stop a background task (older versions: BashOutput, KillShell).
BACKGROUND_TOOLS = frozenset({"TaskOutput", "TaskStop", "BashOutput", "KillShell", "KillBash"})
_STOP_TOOLS = frozenset({"TaskStop", "KillShell", "KillBash"})
_TURN = attrgetter("turn")


def tool_use(model: SessionModel, block: ToolUse) -> None:
    tool_input = trim_input(block.name, block.input)
    cwd = model.cwd if block.name == "Bash" else None
    model.pending[block.id] = PendingCall(block.name, tool_input, model.turns, working_units(model), cwd)
    if len(model.pending) > MAX_PENDING:
        del model.pending[next(iter(model.pending))]
    if block.name in TASK_TOOLS:
        episode = model.current_episode()
        if episode is not None:
            episode.has_tasks = True
        task_id = block.input.get("taskId")
        if isinstance(task_id, (str, int)) and not isinstance(task_id, bool):
            model.tasks.touch(str(task_id), model.turns)
        return
    mentioned = " ".join(str(v) for v in tool_input.values() if isinstance(v, str))
    if mentioned:
        mentions.mention(model, mentioned.lower(), model.turns)


def tool_result(model: SessionModel, call: PendingCall, block: ToolResult, tool_use_result: Any) -> None:
    if call.name in TASK_TOOLS:
        model.tasks.apply_call(call.name, call.input, block.text, tool_use_result, block.is_error, call.turn)
        model.scratch.tasks_view = None  # re-synced when next asked for (mentions.task_view)
        return
    if call.name in BACKGROUND_TOOLS:
        background_status(model, call, block, tool_use_result)
        return
    facts = facts_for(model, call.units)
    if call.name == "Bash":
        bash_result(model, call, block, facts, tool_use_result)
        return
    path_key = FILE_TOOLS.get(call.name)
    path = call.input.get(path_key) if path_key else None
    if isinstance(path, str) and path:
        file_result(model, call, path, block, facts)
    # Other tools' errors (a Read of a missing file, a Grep without match) are exploration,
    # not session state: not recorded.


def bash_result(
    model: SessionModel, call: PendingCall, block: ToolResult, facts: list[UnitFacts], tool_use_result: Any = None
) -> None:
    command = call.input.get("command")
    if not isinstance(command, str) or not command.strip():
        return
    task_id = background_id(block, tool_use_result)
    if task_id is not None:
        # Started in the background: it has neither passed nor failed yet. Its end comes as
        # a task notification (background_ended).
        model.background[task_id] = call
        if len(model.background) > MAX_BACKGROUND:
            del model.background[next(iter(model.background))]
        return
    ok = not block.is_error
    match = EXIT_CODE_RE.match(block.text.lstrip()) if block.is_error else None
    # (Composed when the fold ends, for the runs still kept: late_messages.)
    messages = () if ok else Uncomposed(block.text, command.strip())
    command_run(model, call, facts, ok, int(match.group(1)) if match else (0 if ok else None), messages, 0)


def command_run(
    model: SessionModel,
    call: PendingCall,
    facts: list[UnitFacts],
    ok: bool,
    exit_code: int | None,
    messages: tuple[str, ...],
    more: int,
) -> None:
    """A Bash command's run ended: a command (and a test) run, an error or a fix, files written."""
    command = str(call.input.get("command", "")).strip()
    run = CommandRun(
        command=command,
        turn=call.turn,
        ok=ok,
        exit_code=exit_code,
        messages=messages,
        is_test=is_test_command(command),
        more=more,
        agent=model.scratch.agent,
    )
    model.totals["commands"] = model.totals.get("commands", 0) + 1
    # Runs are equal only with equal turns, and most runs are of a turn the list has not
    # seen: asked in C first, before comparing records one by one.
    if run.turn in map(_TURN, model.commands):
        # Equal runs are equal in their messages too: composed on both sides first.
        run = comparable(model, run, model.commands)
        add_capped(model.commands, run, MAX_COMMANDS)
    else:
        model.commands.append(run)
        if len(model.commands) > MAX_COMMANDS:
            del model.commands[0]
    if run.is_test:
        model.tests.pop(command, None)
        model.tests[command] = run
        if len(model.tests) > MAX_TESTS:
            del model.tests[next(iter(model.tests))]
    for unit in facts:
        add_capped(unit.commands, command, UNIT_COMMANDS)
    if ok:
        resolve(model, "Bash", command, call.turn, f"`{folded(command, 120)}` succeeded")
        written, moves = bash_effects(call, model.cwd)
        renamed = {dst for src, dst in moves if moved(model, call, src, dst, facts)}
        for path in written:
            if path not in renamed:
                file_changed(model, call, path, facts, "Bash")
    else:
        record_error(
            model,
            ErrorEvent("Bash", command, messages, call.turn, run.exit_code, more=more, agent=model.scratch.agent),
            facts,
        )


def background_id(block: ToolResult, tool_use_result: Any) -> str | None:
    """The task id of a Bash call Claude Code started in the background (None: it ran)."""
    if block.is_error:
        return None
    task_id = tool_use_result.get("backgroundTaskId") if isinstance(tool_use_result, dict) else None
    if isinstance(task_id, str) and task_id:
        return task_id
    match = _BACKGROUND_RE.match(block.text)
    return match.group(1) if match else None


def background_ended(
    model: SessionModel,
    task_id: str | None,
    status: str | None,
    summary: str,
    output: str | None = None,
    exit_code: int | None = None,
) -> None:
    """A background command ended, as a task notification or a tool that looked at it says:
    it completed (a success) or failed (an error: the failures of its output when the
    result holds it, else Claude Code's summary); stopped or killed, it is neither."""
    if not task_id or task_id not in model.background or status not in ("completed", "failed", "killed", "stopped"):
        return  # still running, or not a command this model saw start
    call = model.background.pop(task_id)
    if status not in ("completed", "failed"):
        return
    call = replace(call, turn=model.turns)  # it ended now, not when it started
    facts = facts_for(model, call.units)
    if status == "completed":
        command_run(model, call, facts, True, 0, (), 0)
        return
    if exit_code is None:
        match = _EXIT_IN_SUMMARY_RE.search(summary)
        exit_code = int(match.group(1)) if match else None
    messages, more = run_failures(output, str(call.input.get("command", ""))) if output else ((), 0)
    if not messages:
        line = redact(one_line(summary, 300))
        messages, more = ((line,) if line else ()), 0
    command_run(model, call, facts, False, exit_code, messages, more)


def background_status(model: SessionModel, call: PendingCall, block: ToolResult, tool_use_result: Any) -> None:
    """The result of a tool that waited on, read or stopped a background command (TaskOutput,
    TaskStop; BashOutput, KillShell in older versions): the status it reports, if ended."""
    given = call.input
    task_id = next((v for k in ("task_id", "shell_id", "bash_id") if isinstance(v := given.get(k), str)), None)
    info: dict[str, Any] = tool_use_result if isinstance(tool_use_result, dict) else {}
    nested = info.get("task")
    task: dict[str, Any] = nested if isinstance(nested, dict) else info
    status = task.get("status") if isinstance(task.get("status"), str) else None
    if status is None:  # "Shell 0dd2e3 is not running, so cannot be killed (status: failed)"
        match = _STATUS_IN_TEXT_RE.search(block.text[:500])
        status = match.group(1) if match else None
    if status is None and call.name in _STOP_TOOLS and not block.is_error:
        status = "stopped"
    code = next((v for k in ("exitCode", "exit_code") if type(v := task.get(k)) is int), None)
    output = task.get("output") if isinstance(task.get("output"), str) else None
    if output is None and isinstance(task.get("stdout"), str):
        output = "\n".join(x for x in (task.get("stdout"), task.get("stderr")) if isinstance(x, str) and x)
    background_ended(model, task_id, status, "", output, code)


def bash_writes(call: PendingCall, cwd: str | None) -> list[str]:
    """The files a Bash call wrote (shell_writes), relative ones joined to the directory it
    ran in: the call's own, else `cwd` (a result's record holds where the command ended)."""
    return bash_effects(call, cwd)[0]


def bash_effects(call: PendingCall, cwd: str | None) -> tuple[list[str], list[tuple[str, str]]]:
    """`bash_writes`, and the (source, destination) of each `mv` among them, joined alike."""
    command = call.input.get("command")
    base = call.cwd or cwd

    def joined(path: str) -> str:
        return os.path.normpath(os.path.join(base, path)) if base else os.path.normpath(path)

    paths, moves = written_and_moved(command) if isinstance(command, str) else ([], [])
    return [joined(p) for p in paths], [(joined(a), joined(b)) for a, b in moves]


def moved(model: SessionModel, call: PendingCall, src: str, dst: str, facts: list[UnitFacts]) -> bool:
    """`mv src dst` of a file or directory the session changed: its files go by their new
    names (with what they had), none under the old. False when none was known."""
    under = src + "/"
    known = [path for path in model.files if path == src or path.startswith(under)]
    for path in known:
        change = model.files.pop(path)
        new = dst + path[len(src) :]
        model.files.pop(new, None)
        model.files[new] = FileChange(new, change.tool, change.first_turn, call.turn, change.count + 1)
    if known:
        for unit in model.facts.values():  # each unit's list names them as they are now
            if any(path == src or path.startswith(under) for path in unit.files):
                renamed = (
                    dst + path[len(src) :] if path == src or path.startswith(under) else path for path in unit.files
                )
                unit.files = list(dict.fromkeys(renamed))
        for unit in facts:
            for path in known:
                add_capped(unit.files, dst + path[len(src) :], UNIT_FILES)
    return bool(known)


def file_result(model: SessionModel, call: PendingCall, path: str, block: ToolResult, facts: list[UnitFacts]) -> None:
    if block.is_error:
        # (Composed when the fold ends, for the errors still kept: late_messages.)
        error = ErrorEvent("file", path, Uncomposed(block.text), call.turn, agent=model.scratch.agent)
        record_error(model, error, facts)
        return
    file_changed(model, call, path, facts, call.name)


def file_changed(model: SessionModel, call: PendingCall, path: str, facts: list[UnitFacts], tool: str) -> None:
    """`path` modified by `call` (a file tool, or a Bash command that wrote it)."""
    previous = model.files.pop(path, None)
    if previous is None:
        model.totals["files"] = model.totals.get("files", 0) + 1
    model.files[path] = FileChange(
        path,
        tool,
        previous.first_turn if previous else call.turn,
        call.turn,
        previous.count + 1 if previous else 1,
    )
    if len(model.files) > MAX_FILES:
        del model.files[next(iter(model.files))]
    for key in call.units:
        # Only an episode's names are indexed: a task's full file list must not
        # throw the index away (that made a 100 MB fold rebuild it 1,500 times).
        unit = model.facts.get(key) if key.startswith("prompt-") and key not in model.summarized else None
        if unit is not None and len(unit.files) >= UNIT_FILES and path not in unit.files:
            mentions.drop_index(model)  # a name falls out of an episode: rebuild the index
    for unit in facts:
        add_capped(unit.files, path, UNIT_FILES)
    for key in call.units:
        if key.startswith("prompt-"):
            mentions.index_term(model, key, os.path.basename(path).lower())
    resolve(model, "file", path, call.turn, f"{tool} of {path} succeeded")


def trim_input(name: str, tool_input: dict[str, Any]) -> dict[str, Any]:
    """Keep only what the model needs from a tool call's input (not file contents)."""
    if name in TASK_TOOLS:
        return tool_input
    if name == "Bash":
        command = tool_input.get("command")
        # Clipped after redaction (with a margin), so a secret cut at the clip is still caught.
        return {"command": redact(command[: COMMAND_CHARS + 256])[:COMMAND_CHARS]} if isinstance(command, str) else {}
    path_key = FILE_TOOLS.get(name)
    if path_key:
        path = tool_input.get(path_key)
        return {path_key: path} if isinstance(path, str) else {}
    keep = {}
    for key in ("file_path", "path", "pattern", "url", "task_id", "shell_id", "bash_id"):
        value = tool_input.get(key)
        if isinstance(value, str):
            keep[key] = value[:500]
    return keep
