"""`python -m context_keeper.claude_settings`: see main."""

import sys

from .main import main

sys.exit(main())
