"""`context-keeper statusline`: Claude Code's status line (`statusLine` command): reads the JSON
Claude Code sends on stdin, prints one line. The work is `context_keeper.status_line`; the entry
point runs it without loading the CLI, so this module serves `--help` and `python -m`."""

from __future__ import annotations

import argparse

NAME = "statusline"
HELP = (
    "Claude Code's status line: reads its JSON on stdin, prints context used, tokens left before "
    "auto-compaction, compactions so far and what the last one kept and refilled"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.epilog = "Register it with ./install.sh --statusline (only where no status line is set)."


def run(args: argparse.Namespace) -> int:
    from ...status_line import main

    return main()
