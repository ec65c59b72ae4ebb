"""compactions.jsonl: one line per compaction seen by the PreCompact or SessionStart hook.

Lines are appended with a single O_APPEND write, so concurrent sessions of one repository
never interleave; a torn or foreign line is skipped when reading back.
"""

from __future__ import annotations

import time
from typing import Any

from ..records import field, jsonio, record
from ..records.loader import from_dict
from ..store import RunsDir, append_line
from ..store.archive import ArchiveResult

SOURCES = ("pre_compact", "session_start", "swap", "post_compact", "refill", "subagent")
# What kind of compaction a line belongs to, as far as the hooks can tell (see `kind`).
KINDS = ("manual", "auto", "idle", "precomputed", "subagent")


@record
class HistoryLine:
    time: str  # ISO 8601 UTC, milliseconds
    session_id: str
    trigger: str | None
    # "pre_compact" | "session_start" (PreCompact did not run): the compaction and its block;
    # "swap": the session went on after PreCompact (a summary computed in the background and
    # swapped in turns later) and the restore hook recorded the state and archive at the swap;
    # "post_compact": the check of the summary; "refill": what was sent after it;
    # "subagent": a subagent compacted its own context (nothing of the main session's done)
    source: str
    context_tokens: int | None = None
    tokens_source: str | None = None
    # compact boundaries already in the transcript when the hook ran: the compaction being
    # made is number boundaries_before + 1, which is how the restore hook matches records
    boundaries_before: int | None = None
    transcript_path: str | None = None
    archive_path: str | None = None
    archive_size: int | None = None
    archive_sha256: str | None = None
    chars: int = 0  # characters printed by the hook
    shown: dict[str, int] = field(default_factory=dict)  # items per section
    left_out: dict[str, int] = field(default_factory=dict)  # items that did not fit
    # The lines of one compaction share its id: the time of the record that opened it.
    compaction_id: str | None = None
    block_items: int | None = None  # facts the block showed, by family in block_families
    block_families: dict[str, int] = field(default_factory=dict)
    # post_compact: {family: {"carried": n, "kept": n, "lost": n}}; refill_* what was queued
    check: dict[str, dict[str, int]] = field(default_factory=dict)
    refill_items: int | None = None
    refill_chars: int | None = None
    event: str | None = None  # refill: the hook event that delivered it
    # pre_compact: the how-manieth PreCompact fire of this compaction, from 2 on (a repeated
    # fire, or one of a summary computed in the background): the block and archive replace
    # the earlier fire's, under the same compaction_id
    fire: int | None = None
    # post_compact: where the summary was read ("post_compact": the hook's stdin;
    # "transcript": the summary record, because PostCompact never came)
    summary_from: str | None = None
    turns: int | None = None  # turns in the transcript when the line was written
    # pre_compact/session_start: the compaction began with no turn running (the last message
    # was an answer that ended its turn): an auto one then is Claude Code's idle compaction
    between_turns: bool | None = None
    agent_id: str | None = None  # subagent: the subagent that compacted, when the hook was told


def now_iso(when: float | None = None) -> str:
    when = time.time() if when is None else when
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(when)) + f".{int(when % 1 * 1000):03d}Z"


def archive_fields(archive: ArchiveResult | None) -> dict[str, Any]:
    if archive is None:
        return {}
    return {"archive_path": str(archive.path), "archive_size": archive.size, "archive_sha256": archive.sha256}


def append_history(runs: RunsDir, record: HistoryLine) -> None:
    append_line(runs.compactions, jsonio.dumps(record))


def read_history_objects(runs: RunsDir) -> list[dict[str, Any]]:
    """Every line that is a JSON object, as written (fields of other versions included)."""
    try:
        with open(runs.compactions, "rb") as handle:
            lines = handle.read().splitlines()
    except FileNotFoundError:
        return []
    out = []
    for line in lines:
        try:
            obj = jsonio.loads(line)
        except (ValueError, RecursionError):  # a torn or foreign line
            continue
        if isinstance(obj, dict):
            out.append(obj)
    return out


def read_history(runs: RunsDir, session_id: str | None = None) -> list[HistoryLine]:
    """All records (of one session, if given), oldest first; unreadable lines skipped."""
    out = []
    for obj in read_history_objects(runs):
        try:
            record = from_dict(HistoryLine, obj)
        except ValueError:  # records.LoadError is a ValueError
            continue
        if session_id is None or record.session_id == session_id:
            out.append(record)
    return out
