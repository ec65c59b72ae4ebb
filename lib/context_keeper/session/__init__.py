"""The session model: a bounded digest of a transcript, folded one record at a time.

It keeps what the cold-task summaries, the preservation block and the restore note need —
turns, tasks, files, commands, errors, decisions, prompts (episodes), compactions, usage —
with every list capped, so saving and loading it costs the same at 1 MB and at 300 MB of
transcript. Folding is deterministic: resuming from a saved model at any reported offset
gives the same model as one full pass.

Its rooms: `model` (SessionModel: fields, queries, saved form, record dispatch), `cursor`
(the transcript file: read from the cursor, start over, resume), `texts` and `tools` (the
fold steps for prompts and texts, and for tool calls by family), `units` (facts per task or
episode), `mentions` (what touches finished work), `errors` (error records and their
resolution), `heuristics` and `error_line` (what a text is), `records` (the model's records),
`subagents` (the subagents' own transcripts, folded into the same lists, attributed).
"""

from __future__ import annotations

from .cursor import build_model, load_or_build
from .error_line import useful_error_line
from .heuristics import decision_sentences, is_real_prompt, is_test_command
from .model import MODEL_VERSION, SessionModel
from .records import CommandRun, Compaction, Episode, ErrorEvent, FileChange, Note, PendingCall, UnitFacts

__all__ = [
    "MODEL_VERSION",
    "CommandRun",
    "Compaction",
    "Episode",
    "ErrorEvent",
    "FileChange",
    "Note",
    "PendingCall",
    "SessionModel",
    "UnitFacts",
    "build_model",
    "decision_sentences",
    "is_real_prompt",
    "is_test_command",
    "load_or_build",
    "useful_error_line",
]
