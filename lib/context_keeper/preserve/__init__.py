"""The preservation block (PreCompact stdout) and the restore note (SessionStart compact),
rendered from the session model.

- `item`: one fact as a channel showed it, with its family and the key a summary must hold;
- `packing`: the generic budgeted packer (whole items, priority order, a left-out line);
- `layouts`: how a section's items become lines;
- `items`: the facts per family, each with the line shown and the key a summary must hold;
- `specs`: sections declared as data (a table of specs per renderer);
- `block`: the preservation block; `restore_note`: the restore note;
- `diffstat`: `git diff --stat HEAD`, started early, read when the block is rendered.
"""

from __future__ import annotations

from .block import render_block
from .items import Source, diff_items, summary_item
from .packing import Rendered, Section, pack
from .restore_note import render_restore

__all__ = [
    "Rendered",
    "Section",
    "Source",
    "diff_items",
    "pack",
    "render_block",
    "render_restore",
    "summary_item",
]
