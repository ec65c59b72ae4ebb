"""`context-keeper status`: where the hooks are registered, the runs dir and its sizes, the
last compaction."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ...compaction.listing import join, read_lines, with_tokens_after
from ..output import add_common, emit, short
from ..runs_info import RunsUsage, Usage, human_bytes, runs_usage
from ..tables import format_table
from ..target import Target, load_target

NAME = "status"
HELP = "hooks registered in which settings files, the runs dir, its sizes, the last compaction"
DATA_KINDS = ("summaries", "archives", "state", "preserved", "log", "compactions", "total")


add_arguments = add_common  # --json and --repo, nothing of its own


def run(args: argparse.Namespace) -> int:
    emit(args, status_data(load_target(args)), render_status)
    return 0


def status_data(target: Target) -> dict[str, Any]:
    from ... import doctor  # subprocess, shlex, claude_settings: only for the commands that need them

    lines = read_lines(target.runs)
    views = join(lines)
    last = with_tokens_after(views[-1:], target.runs)
    enabled = target.loaded.origins["enabled"]
    return {
        "repo": str(target.repo),
        "runs_dir": str(target.runs.root),
        "runs_dir_exists": target.runs.root.is_dir(),
        "data_root": str(target.settings.home),
        "config": {"path": str(target.loaded.config_path), "exists": target.loaded.config_path.is_file()},
        "enabled": {"value": target.settings.enabled, "origin": enabled.layer, "where": enabled.where},
        "settings_files": [_scan_dict(scan) for scan in doctor.scan_all(target.repo)],
        "data": _data_dict(runs_usage(target.runs), len(lines)),
        # the line that opened it, as written, and the tokens after it
        "last_compaction": {**last[0].opening_line(), "tokens_after": last[0].tokens_after} if last else None,
    }


def _scan_dict(scan: Any) -> dict[str, Any]:
    hook_keys = (
        "event",
        "script",
        "matcher",
        "command",
        "timeout",
        "interpreter",
        "interpreter_ok",
        "script_path",
        "script_ok",
    )
    return {
        "scope": scan.location.scope,
        "path": str(scan.location.path),
        "exists": scan.exists,
        "error": scan.error,
        "plugin_enabled": scan.plugin_enabled,
        "hooks": [{key: getattr(h, key) for key in hook_keys} for h in scan.hooks],
    }


def _data_dict(usage: RunsUsage, records: int) -> dict[str, Any]:
    def sized(u: Usage) -> dict[str, int]:
        return {"count": u.count, "bytes": u.bytes}

    data = {kind: sized(getattr(usage, kind)) for kind in DATA_KINDS}
    data["compactions"]["records"] = records
    return data


def _ok(flag: bool) -> str:
    return "ok" if flag else "MISSING"


def render_status(data: dict[str, Any]) -> str:
    home = str(Path.home())
    tilde = lambda p: "~" + p[len(home) :] if p.startswith(home + "/") else p  # noqa: E731
    parts = [
        f"repo      {data['repo']}",
        f"runs dir  {data['runs_dir']}{'' if data['runs_dir_exists'] else ' (not created yet)'}",
        f"config    {tilde(data['config']['path'])}{'' if data['config']['exists'] else ' (absent: defaults)'}",
    ]
    if not data["enabled"]["value"]:
        where = data["enabled"]["where"] or data["enabled"]["origin"]
        parts.append(f"enabled   false ({tilde(where)}): the hooks do nothing in this repository")
    parts += ["", "settings files"]
    rows = []
    for f in data["settings_files"]:
        if f["error"]:
            state = f"UNREADABLE: {f['error']}"
        elif not f["exists"]:
            state = "absent"
        else:
            state = f"{len(f['hooks'])} context-keeper hook(s)" + (", plugin enabled" if f["plugin_enabled"] else "")
        rows.append([f["scope"], tilde(f["path"]), state])
    parts.append(format_table(["scope", "path", "status"], rows, max_width=100, keep_end=("path",)))
    parts += ["", *_render_hooks(data), "", "data"]
    d = data["data"]
    parts.append(
        format_table(
            ["kind", "files", "size"], [[kind, d[kind]["count"], human_bytes(d[kind]["bytes"])] for kind in DATA_KINDS]
        )
    )
    last = data["last_compaction"]
    parts += ["", f"last compaction  {describe_record(last) if last else 'none recorded'}"]
    return "\n".join(parts)


def _render_hooks(data: dict[str, Any]) -> list[str]:
    hooks = [(f["scope"], h) for f in data["settings_files"] for h in f["hooks"]]
    if not hooks:
        return ["hooks (0)", "none registered (./install.sh registers them; the plugin brings its own)"]
    table = format_table(
        ["event", "scope", "interpreter", "script", "timeout", "command"],
        [
            [
                h["event"],
                scope,
                _ok(h["interpreter_ok"]),
                _ok(h["script_ok"]),
                f"{h['timeout']:g} s" if h["timeout"] is not None else "NOT SET",
                h["command"],
            ]
            for scope, h in hooks
        ],
        max_width=100,
    )
    return [f"hooks ({len(hooks)})", table]


def describe_record(r: dict[str, Any]) -> str:
    tokens = f"{r['context_tokens']:,} tokens before" if r.get("context_tokens") is not None else "tokens unknown"
    if r.get("tokens_after") is not None:
        tokens += f", {r['tokens_after']:,} after"
    archive = f"archive {human_bytes(r['archive_size'])}" if r.get("archive_size") is not None else "no archive"
    return f"{r['time']}  session {short(r['session_id'])}, {r.get('trigger') or '?'}, {tokens}, {archive}, block {r.get('chars', 0):,} chars"
