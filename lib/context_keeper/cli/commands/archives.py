"""`context-keeper archives`: the transcript archives taken before compactions."""

from __future__ import annotations

import argparse

from ..output import add_common, count, emit, short
from ..runs_info import human_bytes, iso_time, list_archives
from ..tables import format_table
from ..target import load_target

NAME = "archives"
HELP = "list the transcript archives taken before compactions"


add_arguments = add_common  # --json and --repo, nothing of its own


def run(args: argparse.Namespace) -> int:
    target = load_target(args)
    archives = list_archives(target.runs)

    def render(_: object) -> str:
        if not archives:
            return f"no archives in {target.runs.archives}"
        table = format_table(
            ["archived", "session", "size", "file"],
            [[iso_time(a.archived_at), short(a.session), human_bytes(a.size), a.path.name] for a in archives],
            max_width=100,
            keep_end=("file",),
        )
        total = human_bytes(sum(a.size for a in archives))
        return f"{table}\n\n{count(len(archives), 'archive', 'archives')}, {total} in {target.runs.archives}"

    data = [
        {"path": str(a.path), "session": a.session, "archived_at": iso_time(a.archived_at), "bytes": a.size}
        for a in archives
    ]
    emit(args, data, render)
    return 0
