"""`context-keeper`: inspect transcripts and maintain the runs directory.

Thin over the library: each command is a function `cmd_<name>(args) -> int`. Errors are
one clear line on stderr with exit 2 (usage, missing input) or 1 (a failed check); never a
traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

import orjson

from . import runs_info
from .cold_tasks import Summary, load_summaries
from .config import Settings, default_config_path, load_settings
from .records import record, to_dict
from .runs_info import human_bytes, iso_time
from .session import SessionModel, build_model
from .store import RunsDir, find_repo_root, runs_dir_for
from .tables import format_table


class CliError(Exception):
    """A problem the user can fix; the message says how."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


def emit_json(data: Any) -> None:
    sys.stdout.write(orjson.dumps(data, option=orjson.OPT_INDENT_2 | orjson.OPT_SORT_KEYS).decode() + "\n")


def readable_file(value: str) -> Path:
    path = Path(value).expanduser()
    if not path.exists():
        raise CliError(f"{value}: no such file (give the path of a Claude Code transcript .jsonl)")
    if path.is_dir():
        raise CliError(f"{value}: is a directory, not a transcript file")
    try:
        with open(path, "rb"):
            pass
    except OSError as exc:
        raise CliError(f"{value}: cannot be read ({exc.strerror}); check its permissions") from None
    return path


# -- inspect ---------------------------------------------------------------------------------


def model_summary(model: SessionModel) -> dict[str, Any]:
    """The stable JSON shape of `inspect --json`."""
    usage = model.context_usage()
    return {
        "session_id": model.session_id,
        "cwd": model.cwd,
        "model": model.model,
        "turns": model.turns,
        "context": {
            "tokens": usage.tokens,
            "window": usage.window,
            "percent": round(usage.percent, 2),
            "source": usage.source,
        },
        "tasks": [
            {
                "id": t.id,
                "subject": t.subject,
                "description": t.description,
                "status": t.status,
                "created_turn": t.created_turn,
                "completed_turn": t.completed_turn,
            }
            for t in model.tasks.tasks.values()
        ],
        "prompts": [{"turn": p.turn, "text": p.text} for p in model.prompts],
        "files_modified": [
            {"path": f.path, "tool": f.tool, "first_turn": f.first_turn, "last_turn": f.last_turn, "count": f.count}
            for f in model.files.values()
        ],
        "commands": [
            {"command": c.command, "turn": c.turn, "ok": c.ok, "exit_code": c.exit_code, "error_line": c.error_line, "is_test": c.is_test}
            for c in model.commands
        ],
        "errors": [
            {
                "tool": e.tool,
                "target": e.target,
                "line": e.line,
                "turn": e.turn,
                "exit_code": e.exit_code,
                "resolved_turn": e.resolved_turn,
                "resolved_by": e.resolved_by,
            }
            for e in model.errors
        ],
        "decisions": [{"turn": d.turn, "text": d.text} for d in model.decisions],
        "compactions": [
            {"turn": c.turn, "trigger": c.trigger, "pre_tokens": c.pre_tokens, "post_tokens": c.post_tokens, "timestamp": c.timestamp}
            for c in model.compactions
        ],
        "read": dict(model.stats),
    }


def render_model(model: SessionModel) -> str:
    data = model_summary(model)
    ctx = data["context"]
    parts = [
        f"session  {data['session_id'] or '-'}",
        f"cwd      {data['cwd'] or '-'}",
        f"model    {data['model'] or '-'}",
        f"turns    {data['turns']}",
        f"context  {ctx['tokens']:,} / {ctx['window']:,} tokens ({ctx['percent']:.1f}%, from {ctx['source']})",
    ]

    def section(title: str, headers: list[str], rows: list[list[object]]) -> None:
        parts.append("")
        parts.append(f"{title} ({len(rows)})")
        if rows:
            parts.append(format_table(headers, rows))

    section("tasks", ["id", "status", "subject", "created", "completed"], [[t["id"], t["status"], t["subject"], t["created_turn"], t["completed_turn"] or "-"] for t in data["tasks"]])
    section("files modified", ["path", "tool", "turns", "edits"], [[f["path"], f["tool"], f"{f['first_turn']}-{f['last_turn']}", f["count"]] for f in data["files_modified"]])
    section("commands", ["turn", "result", "command"], [[c["turn"], "ok" if c["ok"] else f"exit {c['exit_code']}", c["command"]] for c in data["commands"]])
    section("errors", ["turn", "target", "error", "resolved"], [[e["turn"], e["target"], e["line"], e["resolved_by"] or "no"] for e in data["errors"]])
    section("compactions", ["turn", "trigger", "tokens before", "tokens after"], [[c["turn"], c["trigger"], c["pre_tokens"], c["post_tokens"]] for c in data["compactions"]])
    read = data["read"]
    skipped = sum(read.get(k, 0) for k in ("blank", "malformed", "non_object"))
    parts.append("")
    parts.append(f"read {read.get('lines', 0)} lines: {read.get('records', 0)} records used, {read.get('skipped_type', 0)} of other types, {skipped} blank or malformed")
    return "\n".join(parts)


def transcript_model(argument: str) -> SessionModel:
    """The model of the transcript a command argument names, or a clear CliError."""
    path = readable_file(argument)
    try:
        return build_model(path)
    except OSError as exc:
        raise CliError(f"{argument}: cannot be read ({exc.strerror})") from None


def cmd_inspect(args: argparse.Namespace) -> int:
    model = transcript_model(args.transcript)
    if args.json:
        emit_json(model_summary(model))
    else:
        print(render_model(model))
    return 0


# -- the runs dir of a repository -------------------------------------------------------------


@record
class Target:
    """The repository a command is about, the effective settings and its runs dir."""

    repo: Path
    settings: Settings
    runs: RunsDir


def load_target(args: argparse.Namespace, fallback: Path | None = None) -> Target:
    """`--repo PATH`, else `fallback`, else the current directory, up to its repo root."""
    if getattr(args, "repo", None):
        start = Path(args.repo).expanduser()
        if not start.is_dir():
            raise CliError(f"--repo {args.repo}: no such directory")
    else:
        start = fallback if fallback is not None else Path.cwd()
    settings, warnings = load_settings()
    for warning in warnings:
        print(f"context-keeper: warning: {warning}", file=sys.stderr)
    repo = find_repo_root(Path(os.path.abspath(start)))
    return Target(repo, settings, runs_dir_for(settings, repo))


def _session_arg(target: Target, given: str | None, summaries: list[Summary] | None = None) -> str | None:
    if given is None:
        return None
    try:
        return runs_info.resolve_session(target.runs, given, summaries)
    except runs_info.LookupFailed as exc:
        raise CliError(str(exc)) from None


def _usage_dict(usage: runs_info.Usage) -> dict[str, int]:
    return {"count": usage.count, "bytes": usage.bytes}


def _removal_dict(removal: runs_info.Removal, dry_run: bool) -> dict[str, Any]:
    return {
        "dry_run": dry_run,
        "count": removal.count,
        "bytes": removal.bytes,
        "paths": [str(p) for p in removal.paths],
        "failed": [{"path": str(p), "reason": why} for p, why in removal.failed],
    }


def _report_removal(args: argparse.Namespace, removal: runs_info.Removal, what: tuple[str, str], where: Path, dry_run: bool) -> int:
    """Print what went (or would go); exit 1 if some file could not be removed."""
    if args.json:
        emit_json(_removal_dict(removal, dry_run))
    else:
        verb = "would remove" if dry_run else "removed"
        if removal.count == 0 and not removal.failed:
            print(f"no {what[1]} to remove in {where}")
        else:
            print(f"{verb} {_count(removal.count, *what)} ({human_bytes(removal.bytes)}) from {where}")
            if dry_run:
                for path in removal.paths:
                    print(f"  {path}")
        for path, why in removal.failed:
            print(f"context-keeper: could not remove {path}: {why}", file=sys.stderr)
    return 1 if removal.failed else 0


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _short(text: str | None, n: int = 8) -> str:
    return (text or "-")[:n]


# -- status ------------------------------------------------------------------------------------


def status_data(target: Target) -> dict[str, Any]:
    from . import doctor  # subprocess, shlex, settings_file: only for the commands that need them
    from .history import read_records

    scans = doctor.scan_all(target.repo)
    usage = runs_info.runs_usage(target.runs)
    records = read_records(target.runs)
    config = default_config_path()
    return {
        "repo": str(target.repo),
        "runs_dir": str(target.runs.root),
        "runs_dir_exists": target.runs.root.is_dir(),
        "data_root": str(target.settings.home),
        "config": {"path": str(config), "exists": config.is_file()},
        "settings_files": [
            {
                "scope": scan.location.scope,
                "path": str(scan.location.path),
                "exists": scan.exists,
                "error": scan.error,
                "plugin_enabled": scan.plugin_enabled,
                "hooks": [
                    {
                        "event": h.event,
                        "script": h.script,
                        "matcher": h.matcher,
                        "command": h.command,
                        "timeout": h.timeout,
                        "interpreter": h.interpreter,
                        "interpreter_ok": h.interpreter_ok,
                        "script_path": h.script_path,
                        "script_ok": h.script_ok,
                    }
                    for h in scan.hooks
                ],
            }
            for scan in scans
        ],
        "data": {
            "summaries": _usage_dict(usage.summaries),
            "archives": _usage_dict(usage.archives),
            "state": _usage_dict(usage.state),
            "preserved": _usage_dict(usage.preserved),
            "log": _usage_dict(usage.log),
            "compactions": {**_usage_dict(usage.compactions), "records": len(records)},
            "total": _usage_dict(usage.total),
        },
        "last_compaction": to_dict(records[-1]) if records else None,
    }


def _ok(flag: bool) -> str:
    return "ok" if flag else "MISSING"


def render_status(data: dict[str, Any]) -> str:
    home = str(Path.home())
    tilde = lambda p: "~" + p[len(home):] if p.startswith(home + "/") else p  # noqa: E731
    parts = [
        f"repo      {data['repo']}",
        f"runs dir  {data['runs_dir']}{'' if data['runs_dir_exists'] else ' (not created yet)'}",
        f"config    {tilde(data['config']['path'])}{'' if data['config']['exists'] else ' (absent: defaults)'}",
        "",
        "settings files",
    ]
    rows = []
    for f in data["settings_files"]:
        if f["error"]:
            state = f"UNREADABLE: {f['error']}"
        elif not f["exists"]:
            state = "absent"
        else:
            state = f"{len(f['hooks'])} context-keeper hook(s)" + (", plugin enabled" if f["plugin_enabled"] else "")
        rows.append([f["scope"], tilde(f["path"]), state])
    parts.append(format_table(["scope", "path", "status"], rows, max_width=100))
    hooks = [(f["scope"], h) for f in data["settings_files"] for h in f["hooks"]]
    parts += ["", f"hooks ({len(hooks)})"]
    if hooks:
        parts.append(format_table(
            ["event", "scope", "interpreter", "script", "timeout", "command"],
            [[h["event"], scope, _ok(h["interpreter_ok"]), _ok(h["script_ok"]),
              f"{h['timeout']:g} s" if h["timeout"] is not None else "NOT SET", h["command"]] for scope, h in hooks],
            max_width=100,
        ))
    else:
        parts.append("none registered (./install.sh registers them; the plugin brings its own)")
    parts += ["", "data"]
    d = data["data"]
    parts.append(format_table(
        ["kind", "files", "size"],
        [[kind, d[kind]["count"], human_bytes(d[kind]["bytes"])] for kind in ("summaries", "archives", "state", "preserved", "log", "compactions", "total")],
    ))
    last = data["last_compaction"]
    parts.append("")
    if last:
        parts.append(f"last compaction  {_describe_record(last)}")
    else:
        parts.append("last compaction  none recorded")
    return "\n".join(parts)


def _describe_record(r: dict[str, Any]) -> str:
    tokens = f"{r['context_tokens']:,} tokens before" if r.get("context_tokens") is not None else "tokens unknown"
    archive = f"archive {human_bytes(r['archive_size'])}" if r.get("archive_size") is not None else "no archive"
    return f"{r['time']}  session {_short(r['session_id'])}, {r.get('trigger') or '?'}, {tokens}, {archive}, block {r.get('chars', 0):,} chars"


def cmd_status(args: argparse.Namespace) -> int:
    data = status_data(load_target(args))
    if args.json:
        emit_json(data)
    else:
        print(render_status(data))
    return 0


# -- summaries, show ---------------------------------------------------------------------------


def summary_dict(summary: Summary) -> dict[str, Any]:
    data = to_dict(summary)
    data["path"] = str(summary.path) if summary.path else None
    data["name"] = runs_info.summary_name(summary)
    return data


def cmd_summaries(args: argparse.Namespace) -> int:
    target = load_target(args)
    every = load_summaries(target.runs)
    session = _session_arg(target, args.session, every)
    chosen = [s for s in every if session is None or s.session_id == session]
    if args.json:
        emit_json([summary_dict(s) for s in chosen])
        return 0
    if not chosen:
        print(f"no summaries in {target.runs.summaries}" + (f" for session {session}" if session else ""))
        return 0
    print(format_table(
        ["file", "session", "task", "kind", "status", "turns", "compressed", "subject"],
        [[runs_info.summary_name(s)[:12], _short(s.session_id), s.task_id, s.kind, s.status or "-",
          f"{s.start_turn}-{s.end_turn}", s.compressed_at, s.subject] for s in chosen],
        max_width=60,
    ))
    print(f"\n{_count(len(chosen), 'summary', 'summaries')} in {target.runs.summaries}")
    return 0


def render_summary(s: Summary) -> str:
    parts = [
        f"file        {s.path}",
        f"session     {s.session_id}",
        f"task        {s.task_id} ({s.kind}{', ' + s.status if s.status else ''})",
        f"subject     {s.subject}",
        f"turns       {s.start_turn}-{s.end_turn}",
        f"compressed  {s.compressed_at}",
    ]
    if s.description:
        parts.append(f"description {s.description}")
    if s.transcript_path:
        parts.append(f"transcript  {s.transcript_path}")

    def listing(title: str, items: Sequence[str]) -> None:
        parts.append("")
        parts.append(f"{title} ({len(items)})")
        parts.extend(f"  {item}" for item in items)

    listing("files modified", s.files_modified)
    listing("commands run", s.commands_run)
    listing("key outcomes", s.key_outcomes)
    parts += ["", f"errors resolved ({len(s.errors_resolved)})"]
    if s.errors_resolved:
        parts.append(format_table(["error", "target", "fixed by"], [[e.error, e.target, e.fixed_by or "-"] for e in s.errors_resolved]))
    if s.errors_unresolved:
        parts += ["", f"errors unresolved ({len(s.errors_unresolved)})"]
        parts.append(format_table(["error", "target"], [[e.error, e.target] for e in s.errors_unresolved]))
    return "\n".join(parts)


def cmd_show(args: argparse.Namespace) -> int:
    target = load_target(args)
    every = load_summaries(target.runs)
    session = _session_arg(target, args.session, every)
    chosen = [s for s in every if session is None or s.session_id == session]
    try:
        summary = runs_info.find_summary(chosen, args.summary)
    except runs_info.LookupFailed as exc:
        raise CliError(f"{exc} in {target.runs.summaries}") from None
    if args.json:
        emit_json(summary_dict(summary))
    else:
        print(render_summary(summary))
    return 0


# -- archives, history -------------------------------------------------------------------------


def cmd_archives(args: argparse.Namespace) -> int:
    target = load_target(args)
    archives = runs_info.list_archives(target.runs)
    if args.json:
        emit_json([{"path": str(a.path), "session": a.session, "archived_at": iso_time(a.archived_at), "bytes": a.size} for a in archives])
        return 0
    if not archives:
        print(f"no archives in {target.runs.archives}")
        return 0
    print(format_table(["archived", "session", "size", "file"], [[iso_time(a.archived_at), _short(a.session), human_bytes(a.size), a.path.name] for a in archives], max_width=100))
    print(f"\n{_count(len(archives), 'archive', 'archives')}, {human_bytes(sum(a.size for a in archives))} in {target.runs.archives}")
    return 0


def cmd_history(args: argparse.Namespace) -> int:
    from .history import read_records

    target = load_target(args)
    every = read_records(target.runs)
    session = None
    if args.session is not None:
        ids = {r.session_id for r in every}
        matches = sorted(i for i in ids if i.startswith(args.session))
        if args.session in ids:
            matches = [args.session]
        if len(matches) != 1:
            why = "no compaction recorded for" if not matches else "ambiguous"
            raise CliError(f"{why} session {args.session!r} in {target.runs.compactions}")
        session = matches[0]
    records = [r for r in every if session is None or r.session_id == session]
    if args.json:
        emit_json([to_dict(r) for r in records])
        return 0
    if not records:
        print(f"no compactions recorded in {target.runs.compactions}")
        return 0
    print(format_table(
        ["time", "session", "trigger", "hook", "tokens before", "archive size", "block size"],
        [[r.time, _short(r.session_id), r.trigger or "-", r.source,
          f"{r.context_tokens:,}" if r.context_tokens is not None else "-",
          human_bytes(r.archive_size) if r.archive_size is not None else "-",
          f"{r.chars:,} chars"] for r in records],
    ))
    return 0


# -- clear, reset, prune -----------------------------------------------------------------------


def cmd_clear(args: argparse.Namespace) -> int:
    target = load_target(args)
    every = load_summaries(target.runs)
    session = _session_arg(target, args.session, every)
    if session is None:
        # Everything in summaries/, unreadable files included: "clear" means empty.
        paths = [f.path for f in runs_info.list_files(target.runs.summaries, ".json")]
    else:
        paths = [s.path for s in every if s.session_id == session and s.path is not None]
    removal = runs_info.remove_files(paths, dry_run=args.dry_run)
    code = _report_removal(args, removal, ("summary", "summaries"), target.runs.summaries, args.dry_run)
    if removal.count and not args.dry_run and not args.json:
        # The session state still lists them as summarised, so they are not rewritten.
        print("the sessions' state still counts these as summarised; `context-keeper reset` makes the next hook call rebuild it")
    return code


def cmd_reset(args: argparse.Namespace) -> int:
    from .store import safe_name

    target = load_target(args)
    session = _session_arg(target, args.session)
    states = runs_info.list_states(target.runs)
    if session is not None:
        states = [s for s in states if s.session in (session, safe_name(session))]
    removal = runs_info.remove_states(target.runs, states, target.settings.lock_timeout, dry_run=args.dry_run)
    return _report_removal(args, removal, ("session state", "session states"), target.runs.state, args.dry_run)


def cmd_prune(args: argparse.Namespace) -> int:
    try:
        seconds = runs_info.parse_duration(args.older_than)
    except ValueError as exc:
        raise CliError(f"--older-than: {exc}") from None
    target = load_target(args)
    old = runs_info.archives_older_than(target.runs, seconds)
    removal = runs_info.remove_files([a.path for a in old], dry_run=args.dry_run)
    return _report_removal(args, removal, (f"archive older than {args.older_than}", f"archives older than {args.older_than}"), target.runs.archives, args.dry_run)


# -- preview -----------------------------------------------------------------------------------


def cmd_preview(args: argparse.Namespace) -> int:
    from .cold_tasks import cold_units
    from .gitinfo import diff_stat
    from .preserve import render_block

    model = transcript_model(args.transcript)
    # The hooks use the session's cwd; so does preview unless told otherwise.
    cwd = Path(model.cwd) if model.cwd and Path(model.cwd).is_dir() else None
    target = load_target(args, fallback=cwd)
    session_id = model.session_id or Path(args.transcript).stem
    units = cold_units(model, target.settings.turns_until_cold)
    cold = [
        {
            "task_id": u.task_id,
            "kind": u.kind,
            "subject": u.subject,
            "status": u.status,
            "start_turn": u.start_turn,
            "end_turn": u.end_turn,
            "summary_exists": target.runs.summary_path(session_id, u.task_id).exists(),
        }
        for u in units
    ]
    # The same inputs the PreCompact hook gives render_block, minus the archive it would
    # take first (preview writes nothing) and the trigger it cannot know.
    rendered = render_block(
        model,
        trigger=args.trigger,
        max_chars=target.settings.block_max_chars,
        repo_root=target.repo,
        summaries=load_summaries(target.runs, session_id),
        diff_stat=diff_stat(target.repo, target.settings.git_timeout),
        archive_path=None,
        window_override=target.settings.context_window,
    )
    block = rendered.text
    usage = model.context_usage(target.settings.context_window)
    data = {
        "session_id": session_id,
        "runs_dir": str(target.runs.root),
        "turns": model.turns,
        "context_percent": round(usage.percent, 2),
        "cold": cold,
        "block": block,
        "block_chars": len(block),
        "shown": dict(rendered.shown),
        "left_out": dict(rendered.left_out),
    }
    if args.json:
        emit_json(data)
        return 0
    print(f"session {session_id}: {model.turns} turns, context {usage.percent:.1f}% of {usage.window:,} tokens")
    print(f"\ncold now (turns until cold {target.settings.turns_until_cold}): {len(cold)}")
    if cold:
        print(format_table(
            ["task", "kind", "turns", "summary", "subject"],
            [[c["task_id"], c["kind"], f"{c['start_turn']}-{c['end_turn']}", "exists" if c["summary_exists"] else "would be written", c["subject"]] for c in cold],
            max_width=60,
        ))
    print(f"\npreservation block ({len(block):,} of {target.settings.block_max_chars:,} chars):")
    print(block)
    return 0


# -- doctor ------------------------------------------------------------------------------------


def cmd_doctor(args: argparse.Namespace) -> int:
    from . import doctor

    target = load_target(args)
    checks = doctor.run_all(target.repo, target.runs, dry_run=not args.no_dry_run)
    problems = [c for c in checks if not c.ok]
    if args.json:
        emit_json({"ok": not problems, "checks": [to_dict(c) for c in checks]})
    else:
        for c in checks:
            line = f"{'ok' if c.ok else 'PROBLEM':8} {c.name}: {c.detail}"
            print(line + (f" -> fix: {c.fix}" if not c.ok and c.fix else ""))
        print(f"\n{len(problems)} problem(s)" if problems else "\nall checks passed")
    return 1 if problems else 0


# -- wiring ------------------------------------------------------------------------------------

Command = Callable[[argparse.Namespace], int]


class _Parser(argparse.ArgumentParser):
    """argparse with one-line usage errors (its default is the usage block, then the error)."""

    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see `{self.prog} --help`)")


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Command]]:
    parser = _Parser(prog="context-keeper", description="Keep exact session state across Claude Code compaction.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands: dict[str, Command] = {}

    inspect = sub.add_parser("inspect", help="print what a transcript holds: turns, tasks, files, commands, errors, compactions, usage")
    inspect.add_argument("transcript", help="path of a Claude Code transcript (.jsonl)")
    inspect.add_argument("--json", action="store_true", help="stable JSON instead of tables")
    commands["inspect"] = cmd_inspect

    # Every maintenance command works on one repository's runs dir.
    common = _Parser(add_help=False)
    common.add_argument("--json", action="store_true", help="JSON instead of tables")
    common.add_argument("--repo", metavar="PATH", help="the repository whose runs dir to use (default: the one containing the current directory)")

    def add(name: str, func: Command, help: str) -> argparse.ArgumentParser:
        parser = sub.add_parser(name, parents=[common], help=help, description=help)
        commands[name] = func
        return parser

    add("status", cmd_status, "hooks registered in which settings files, the runs dir, its sizes, the last compaction")
    summaries = add("summaries", cmd_summaries, "list the cold-task and episode summaries")
    summaries.add_argument("--session", metavar="ID", help="only this session (a unique prefix is enough)")
    show = add("show", cmd_show, "print one summary")
    show.add_argument("summary", metavar="SUMMARY_OR_TASK", help="summary file name or task id (3, prompt-2); a unique prefix is enough")
    show.add_argument("--session", metavar="ID", help="look only in this session's summaries")
    add("archives", cmd_archives, "list the transcript archives taken before compactions")
    history = add("history", cmd_history, "compactions seen: time, trigger, tokens before, archive size, block size")
    history.add_argument("--session", metavar="ID", help="only this session")
    preview = add("preview", cmd_preview, "what PreCompact would inject now and which tasks are cold; writes nothing")
    preview.add_argument("transcript", help="path of a Claude Code transcript (.jsonl)")
    preview.add_argument("--trigger", choices=("manual", "auto"), default="manual", help="the compaction to preview (default: manual)")
    clear = add("clear", cmd_clear, "delete summaries")
    clear.add_argument("--session", metavar="ID", help="only this session's")
    clear.add_argument("--dry-run", action="store_true", help="say what would be removed; remove nothing")
    reset = add("reset", cmd_reset, "delete saved session state (the next hook call rebuilds it from the transcript)")
    reset.add_argument("--session", metavar="ID", help="only this session's")
    reset.add_argument("--dry-run", action="store_true", help="say what would be removed; remove nothing")
    prune = add("prune", cmd_prune, "delete transcript archives older than a duration")
    prune.add_argument("--older-than", required=True, metavar="AGE", help="e.g. 90s, 30m, 12h, 7d, 2w")
    prune.add_argument("--dry-run", action="store_true", help="say what would be removed; remove nothing")
    doctor = add("doctor", cmd_doctor, "check settings, interpreter, permissions and a dry hook run; exit 1 on a problem")
    doctor.add_argument("--no-dry-run", action="store_true", help="skip running the hooks on a sample transcript")
    return parser, commands


# ==== TEMPORARY BLOCK: `report` (issue 11, wt/report). The lead removes this whole block at ====
# the merge with the cli package, whose registry picks up cli/commands/report.py itself.
# Until then it makes cli/commands/report.py (written in the package's shape) importable
# while `cli` is this module, with stand-ins for cli/output.py's emit and cli/target.py's
# resolve_session where those modules do not exist yet.
__path__ = [str(Path(__file__).with_suffix(""))]


@record
class _ReportSession:
    """What report.run needs from target.resolve_session(args, given)."""

    session_id: str
    transcript: Path
    repo: Path
    runs: RunsDir
    settings: Settings


def _report_transcripts(target: Target) -> dict[str, Path]:
    """Session id -> transcript of the repo: Claude Code's project dir, then the runs dir's records."""
    import re

    from .history import read_records

    found: dict[str, Path] = {}
    config = Path(os.environ.get("CLAUDE_CONFIG_DIR") or Path.home() / ".claude")
    project = config / "projects" / re.sub(r"[^A-Za-z0-9]", "-", str(target.repo))
    for path in sorted(project.glob("*.jsonl")) if project.is_dir() else []:
        found[path.stem] = path
    for entry in [*read_records(target.runs), *load_summaries(target.runs)]:
        where = getattr(entry, "transcript_path", None)
        if where and Path(where).is_file():
            found.setdefault(entry.session_id, Path(where))
    return found


def _report_resolve_session(args: argparse.Namespace, given: str | None) -> _ReportSession:
    from .transcript import Message, TranscriptReader

    if given and Path(given).expanduser().is_file():
        path = readable_file(given)
        first = next((r for r in TranscriptReader(path) if isinstance(r, Message) and r.cwd), None)
        cwd = Path(first.cwd) if first is not None and first.cwd and Path(first.cwd).is_dir() else None
        target = load_target(args, fallback=cwd)
        session = (first.session_id if first is not None else None) or path.stem
        return _ReportSession(session, path, target.repo, target.runs, target.settings)
    target = load_target(args)
    known = _report_transcripts(target)
    if not known:
        raise CliError(f"no sessions of {target.repo} found (give a session id or a transcript path)")
    if given is None:
        session = max(known, key=lambda s: known[s].stat().st_mtime)
    else:
        matches = [given] if given in known else sorted(s for s in known if s.startswith(given))
        if len(matches) != 1:
            listed = ", ".join(matches[:5] or sorted(known)[:5])
            raise CliError(f"{'ambiguous' if matches else 'no'} session {given!r} of {target.repo} (sessions: {listed})")
        session = matches[0]
    return _ReportSession(session, known[session], target.repo, target.runs, target.settings)


def _report_emit(args: argparse.Namespace, data: Any, render: Callable[[Any], str]) -> None:
    if getattr(args, "json", False):
        emit_json(data)
    else:
        print(render(data))


_build_parser_before_report = build_parser


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, Command]]:  # type: ignore[no-redef]
    import importlib
    import types

    for name, attr, value in (("output", "emit", _report_emit), ("target", "resolve_session", _report_resolve_session)):
        full = f"context_keeper.cli.{name}"  # not __name__: `python -m context_keeper.cli` runs as __main__
        if full not in sys.modules:
            module = types.ModuleType(full)
            setattr(module, attr, value)
            sys.modules[full] = module
    parser, commands = _build_parser_before_report()
    report = importlib.import_module("context_keeper.cli.commands.report")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    command = sub.add_parser(report.NAME, help=report.HELP, description=report.HELP)
    command.add_argument("--json", action="store_true", help="JSON instead of text")
    command.add_argument("--repo", metavar="PATH", help="the repository whose runs dir to use (default: the one containing the current directory)")
    report.add_arguments(command)
    commands[report.NAME] = report.run
    return parser, commands
# ==== END OF TEMPORARY BLOCK (report) ====


def main(argv: Sequence[str] | None = None) -> int:
    parser, commands = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as exc:  # --help printed its text
            return 2 if exc.code else 0
        if args.command is None:
            parser.print_help()
            return 2
        return commands[args.command](args)
    except CliError as exc:
        print(f"context-keeper: {exc}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        return 130
    except OSError as exc:  # e.g. a runs dir we may not read: say so, without a traceback
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"context-keeper: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
