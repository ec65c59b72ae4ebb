#!/usr/bin/env python3
"""SessionStart(compact) hook, plugin route: context_keeper.hooks.session_start_restore from this checkout's lib/.

Installs run `context-keeper hook session_start_restore`, which needs no checkout.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "lib"))
from context_keeper.hooks.session_start_restore import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
