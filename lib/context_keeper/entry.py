"""The `context-keeper` command's entry point.

`context-keeper hook NAME` is what Claude Code runs after every tool call, and
`context-keeper statusline` what it runs on every status-line refresh, so both go straight to
their module without loading the CLI (argparse, orjson, the renderers). Everything else
(`statusline --help` included) is the CLI.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["hook"]:
        from .hooks.runner import main as run_hook_named

        return run_hook_named(args[1:])
    if args == ["statusline"]:
        from .status_line import main as status_line

        return status_line()
    from .cli import main as cli_main

    return cli_main(args)
