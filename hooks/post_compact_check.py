#!/usr/bin/env python3
"""PostCompact hook, plugin route: context_keeper.hooks.post_compact_check from this checkout's lib/.

Installs run `context-keeper hook post_compact_check`, which needs no checkout.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from context_keeper.hooks.post_compact_check import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
