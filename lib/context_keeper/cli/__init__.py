"""`context-keeper`: inspect transcripts and sessions, and maintain the runs directory.

Thin over the library: `main` wires the command modules of `commands/` (one a command);
`output` holds what their output shares (`emit`: --json or text), `target` what they are
about (repository, settings, runs dir, the session named).
"""

from __future__ import annotations

from .main import main

__all__ = ["main"]
