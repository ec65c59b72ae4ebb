#!/usr/bin/env python3
"""SessionStart hook (matcher "compact"): print the restore note into the new context.

Archives the transcript itself when PreCompact did not run for this compaction. The guard
always exits 0.
"""

import sys
from pathlib import Path

try:
    import context_keeper  # noqa: F401
except ImportError:  # running from a checkout, not an installed package
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.guard import run_hook
from context_keeper.restore import run

if __name__ == "__main__":
    sys.exit(run_hook("SessionStart", run))
