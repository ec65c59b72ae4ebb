"""The `context-keeper` command's entry point.

`context-keeper hook NAME` is what Claude Code runs after every tool call, so it goes
straight to the hook runner without loading the CLI (argparse, orjson, the renderers).
Everything else is the CLI.
"""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    if args[:1] == ["hook"]:
        from .hooks.runner import main as run_hook_named

        return run_hook_named(args[1:])
    from .cli import main as cli_main

    return cli_main(args)
