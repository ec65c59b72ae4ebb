#!/usr/bin/env python3
"""PreCompact hook: archive the transcript and print the preservation block.

Plain stdout reaches the compaction prompt; the guard always exits 0 (2 would block
compaction) and prints nothing if anything fails.
"""

import sys
from pathlib import Path

try:
    import context_keeper  # noqa: F401
except ImportError:  # running from a checkout, not an installed package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.guard import run_hook
from context_keeper.precompact import run

if __name__ == "__main__":
    sys.exit(run_hook("PreCompact", run))
