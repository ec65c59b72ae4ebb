#!/usr/bin/env python3
"""PostToolUse (async) hook, plugin route: context_keeper.hooks.auto_context_manager from this checkout's lib/.

Installs run `context-keeper hook auto_context_manager`, which needs no checkout.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from context_keeper.hooks.auto_context_manager import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
