#!/usr/bin/env python3
"""PreCompact hook, plugin route: context_keeper.hooks.pre_compact_preserve from this checkout's lib/.

Installs run `context-keeper hook pre_compact_preserve`, which needs no checkout.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from context_keeper.hooks.pre_compact_preserve import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
