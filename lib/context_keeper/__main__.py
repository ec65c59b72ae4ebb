"""`python -m context_keeper ...`: the same as the `context-keeper` command."""

import sys

from .entry import main

sys.exit(main())
