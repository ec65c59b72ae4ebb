"""`context-keeper report`: one view of a session, in the terminal or as one HTML page.

`data` gathers a `SessionReport` (one pass over the transcript: the session model and the
context in use at every turn; the compaction records and cold summaries of the runs dir),
`terminal` renders it as text with a chart, `html` as one self-contained page (inline CSS
and SVG, nothing fetched), `fmt` holds the number and path forms both share.
"""

from __future__ import annotations

from .data import ColdSummaryRow, CompactionOutcome, ErrorRow, FileRow, SessionReport, TaskRow, TurnPoint, gather
from .html import render_html, write_html
from .terminal import render_text

__all__ = [
    "ColdSummaryRow",
    "CompactionOutcome",
    "ErrorRow",
    "FileRow",
    "SessionReport",
    "TaskRow",
    "TurnPoint",
    "gather",
    "render_html",
    "render_text",
    "write_html",
]
