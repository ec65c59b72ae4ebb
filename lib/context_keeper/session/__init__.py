"""The session model: a bounded digest of a transcript, folded one record at a time.

It keeps what the cold-task summaries, the preservation block and the restore note need —
turns, tasks, files, commands, errors, decisions, prompts (episodes), compactions, usage —
with every list capped, so saving and loading it costs the same at 1 MB and at 300 MB of
transcript. Folding is deterministic: resuming from a saved model at any reported offset
gives the same model as one full pass.

Its rooms, in the order a record meets them: `cursor` (the transcript file: read from the
cursor, start over, resume), `fold_loop` (the one loop over a reader's records, a failing record
left out by `fold_errors`, the failure messages of the runs still kept composed at its end by
`late_messages`), `model` (SessionModel: fields, queries, saved form, and the dispatch
of each record to its fold step) with `facts` (the records it is made of) and `scratch` (what it
keeps beside them, never saved), the fold steps `texts` and `tools` (prompts and texts; tool
calls by family, with `tasks` and `task_index`, `errors`, `error_line` and `shell_writes`),
`subagents`, `subagent_files` and `sidechains` (each subagent a unit of work; its own
transcript, or its records inline in the main one, folded into the same lists, attributed),
`units` and `mentions` (facts per task or episode; what touches finished work), `heuristics`
(what a text is); then `state` (load, fold and save under the session's lock) and
`repo_sessions` (a repository's sessions at a glance).
"""

from __future__ import annotations

from .cursor import build_model, load_or_build, read_notes, update_from_file
from .error_line import useful_error_line
from .facts import CommandRun, Compaction, Episode, ErrorEvent, FileChange, Note, PendingCall, UnitFacts
from .fold_loop import fold_records
from .heuristics import decision_sentences, is_real_prompt, is_test_command
from .model import MODEL_VERSION, SessionModel
from .subagent_files import update as update_subagents

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
    "fold_records",
    "is_real_prompt",
    "is_test_command",
    "load_or_build",
    "read_notes",
    "update_from_file",
    "update_subagents",
    "useful_error_line",
]
