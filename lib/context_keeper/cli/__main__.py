"""`python -m context_keeper.cli ...`: the CLI without the hook dispatch of `entry`."""

import sys

from .main import main

sys.exit(main())
