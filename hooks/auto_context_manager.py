#!/usr/bin/env python3
"""PostToolUse hook (Bash|Write|Edit|MultiEdit|NotebookEdit): keep the session model
current and write summaries of cold tasks and episodes. Prints nothing, exits 0.

Glue only; the work is context_keeper.auto_context.run inside the guard. It runs after every
edit and command, so the work's modules are imported only once the gate (context use below
the threshold: nothing to do) has let the call through.
"""

import sys

try:
    import context_keeper  # noqa: F401 - installed into this interpreter
except ImportError:
    # Run from a plugin checkout without an install: use the checkout's lib/.
    import os

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))

from context_keeper.gate import nothing_to_do  # noqa: E402
from context_keeper.guard import run_hook  # noqa: E402


def work(ctx):  # noqa: ANN001, ANN201 - glue
    from context_keeper.auto_context import run

    return run(ctx)


if __name__ == "__main__":
    sys.exit(run_hook("PostToolUse", work, skip=nothing_to_do))
