#!/usr/bin/env python3
"""PostToolUse and UserPromptSubmit hook, plugin route: context_keeper.hooks.context_refill from this checkout's lib/.

Installs run `context-keeper hook context_refill`, which needs no checkout.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from context_keeper.hooks.context_refill import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
