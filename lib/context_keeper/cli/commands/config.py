"""`context-keeper config`: the effective settings for a repository and where each value
came from: default, user config file, the repository's project file, environment."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ...config import LoadedConfig, Settings, env_name, load_config, shown_setting
from ...records import fields
from ...text import relative_path
from ..output import add_json, add_repo, emit
from ..tables import format_table
from ..target import repo_of

NAME = "config"
HELP = "the effective settings and where each value came from (default, config file, project file, environment)"
LAYERS = {"default": "default", "file": "config file", "project": "project file", "environment": "environment"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_json(parser)
    add_repo(parser, "the repository whose project file to read (default: the one containing the current directory)")


def run(args: argparse.Namespace) -> int:
    repo = repo_of(args)
    loaded = load_config(repo=repo)  # its warnings are part of the output, not stderr
    emit(args, config_data(repo, loaded), lambda data: render(data, repo))
    return 0


def config_data(repo: Path, loaded: LoadedConfig) -> dict[str, Any]:
    settings = {}
    for name in fields(Settings):
        value = getattr(loaded.settings, name)
        origin = loaded.origins[name]
        settings[name] = {
            "value": str(value) if isinstance(value, Path) else value,
            "origin": origin.layer,
            "where": origin.where,
            "env": env_name(name),
        }
    project = loaded.project_path
    return {
        "repo": str(repo),
        "config_file": {"path": str(loaded.config_path), "exists": loaded.config_path.is_file()},
        "project_file": {"path": str(project), "exists": project is not None and project.is_file()},
        "settings": settings,
        "warnings": list(loaded.warnings),
    }


def render(data: dict[str, Any], repo: Path) -> str:
    home = str(Path.home())

    def place(path: str) -> str:
        inside = relative_path(path, repo)
        if inside != path:
            return inside
        return "~" + path[len(home) :] if path.startswith(home + "/") else path

    def file_line(label: str, f: dict[str, Any]) -> str:
        return f"{label}{f['path']}" + ("" if f["exists"] else " (absent)")

    rows = []
    for name, s in data["settings"].items():
        where = place(s["where"]) if s["origin"] in ("file", "project") else s["where"]
        value = s["value"]
        shown = f"{value:,}" if isinstance(value, int) and not isinstance(value, bool) else shown_setting(name, value)
        rows.append([name, shown, f"{LAYERS[s['origin']]} {where}".rstrip()])
    parts = [
        f"repo          {data['repo']}",
        file_line("config file   ", data["config_file"]),
        file_line("project file  ", data["project_file"]),
        "",
        format_table(["setting", "value", "from"], rows, max_width=100),
    ]
    if data["warnings"]:
        parts += ["", f"warnings ({len(data['warnings'])})", *(f"  {w}" for w in data["warnings"])]
    return "\n".join(parts)
