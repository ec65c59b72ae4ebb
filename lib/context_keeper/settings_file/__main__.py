"""`python -m context_keeper.settings_file`: see main."""

import sys

from .main import main

sys.exit(main())
