#!/usr/bin/env python3
"""PostToolUse (every tool) and UserPromptSubmit hook for the plugin route (hooks/hooks.json runs this file with python3).

Glue only: the hook is context_keeper.hooks.context_refill, taken from this checkout's lib/ so
script and library are always the same version. Installs register
`context-keeper hook context_refill` instead, which needs no checkout.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))

from context_keeper.hooks.context_refill import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
