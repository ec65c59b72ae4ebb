"""The commands, one module each (NAME, HELP, add_arguments(parser), run(args) -> int), in
the order `context-keeper --help` lists them."""

from __future__ import annotations

from . import (
    archives,
    clear,
    compaction,
    config,
    doctor,
    history,
    inspect,
    preview,
    prune,
    report,
    reset,
    sessions,
    show,
    status,
    statusline,
    summaries,
)

COMMANDS = (
    inspect,
    sessions,
    status,
    config,
    summaries,
    show,
    archives,
    history,
    compaction,
    report,
    preview,
    clear,
    reset,
    prune,
    doctor,
    statusline,
)
