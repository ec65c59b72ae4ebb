"""What the hooks recorded about each compaction of a session: the block (items, chars), the
restore note, the check of the summary (carried, kept, lost per family) and the refill
(queued, sent), from the runs dir's compactions.jsonl and its per-compaction files.

Formats: docs/data.md ("What each file holds"). compactions.jsonl is read line by line as
plain JSON rather than through history.HistoryLine so that fields newer than that
record (compaction_id, block_items, check, refill_*) are seen; records older than them
leave those values None, shown as "-".
"""

from __future__ import annotations

from typing import Any

from ..compaction import file as compaction_file
from ..compaction import parts
from ..compaction.listing import read_views
from ..compaction.parts import Printed
from ..records import field, jsonio, record, to_dict
from ..records.jsonio import as_int, as_str
from ..store import RunsDir


@record(frozen=False)
class Recorded:
    """One compaction as the hooks' records tell it; None where nothing says."""

    time: str  # the opening record's time
    source: str  # the hook that opened it: pre_compact | session_start
    compaction_id: str | None = None
    trigger: str | None = None
    kind: str | None = None  # compaction_log's: manual, auto, precomputed
    boundaries_before: int | None = None  # which boundary it is: this + 1
    context_tokens: int | None = None
    block_chars: int | None = None  # characters the opening hook printed
    block_items: int | None = None
    note_items: int | None = None
    check: dict[str, dict[str, int]] = field(default_factory=dict)
    checked: bool = False  # a post_compact check (or the file's) was found
    post_tokens: int | None = None
    refill_queued: int | None = None
    refill_sent: int | None = None
    refill_chars: int | None = None
    refill_event: str | None = None


def _items(part: Printed | None) -> int | None:
    return len(part.items) if part else None


def _merge_file(rec: Recorded, data: Any) -> None:
    """Fill what compactions.jsonl left unsaid from the per-compaction file."""
    if not isinstance(data, dict):
        return
    rec.trigger = rec.trigger or as_str(data.get("trigger"))
    if rec.block_items is None:
        rec.block_items = _items(parts.block_of(data))
    if rec.note_items is None:
        rec.note_items = _items(parts.note_of(data))
    check = parts.check_of(data) if not rec.checked else None
    if check is not None:
        rec.check, rec.checked = {family: to_dict(counts) for family, counts in check.items()}, True
    refill = parts.refill_of(data)
    if refill is not None:
        if refill.sent and rec.refill_sent is None:
            rec.refill_sent = len(refill.items)
            rec.refill_event = rec.refill_event or refill.event
        if rec.refill_queued is None:
            rec.refill_queued = len(refill.items)


def subagent_compactions(runs: RunsDir, session_id: str) -> int:
    """How many of the session's subagents' own compactions the hooks saw."""
    return sum(1 for v in read_views(runs) if v.session_id == session_id and v.source == "subagent")


def recorded_compactions(runs: RunsDir, session_id: str) -> list[Recorded]:
    """The session's compactions as recorded, oldest first: compaction_log's views of
    compactions.jsonl, completed from each compaction's file."""
    out = []
    for view in read_views(runs):
        if view.session_id != session_id or view.source == "subagent":
            continue  # a subagent's own compaction has no boundary in the main transcript
        opener = view.opening_line()
        items = as_int(opener.get("block_items"))
        notes = [line for line in view.records if line["source"] == "session_start" and line is not opener]
        rec = Recorded(
            time=view.time,
            source=view.source,
            compaction_id=view.compaction_id if opener.get("compaction_id") else None,
            trigger=view.trigger,
            kind=view.kind,
            boundaries_before=view.boundaries_before,
            context_tokens=view.tokens_before,
            block_chars=as_int(opener.get("chars")),
            block_items=items if view.source == "pre_compact" else None,
            # PreCompact did not run: what SessionStart printed is the note
            note_items=items
            if view.source != "pre_compact"
            else (as_int(notes[-1].get("block_items")) if notes else None),
            check=view.check,
            checked=any(line["source"] == "post_compact" and "check" in line for line in view.records),
            post_tokens=view.tokens_after,
            refill_queued=view.refill_queued,
            refill_sent=view.refilled,
            refill_chars=view.refill_chars,
            refill_event=view.refill_event,
        )
        if rec.compaction_id:
            try:
                raw = compaction_file.path_of(runs, session_id, rec.compaction_id).read_bytes()
                _merge_file(rec, jsonio.loads(raw))
            except (OSError, ValueError, RecursionError):
                pass  # no file (yet), or a torn one: the jsonl lines are all there is
        out.append(rec)
    return out
