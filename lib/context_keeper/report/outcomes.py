"""What the hooks recorded about each compaction of a session: the block (items, chars), the
restore note, the check of the summary (carried, kept, lost per family) and the refill
(queued, sent), from the runs dir's compactions.jsonl and its per-compaction files.

Formats: DESIGN-13 ("Files in the runs dir"). compactions.jsonl is read line by line as
plain JSON rather than through history.CompactionRecord so that fields newer than that
record (compaction_id, block_items, check, refill_*) are seen; records older than them
leave those values None, shown as "-".
"""

from __future__ import annotations

from typing import Any

from .. import jsonio
from ..records import field, record
from ..store import RunsDir
from ..survival import compaction_file

OPENING_SOURCES = ("pre_compact", "session_start")


@record(frozen=False)
class Recorded:
    """One compaction as the hooks' records tell it; None where nothing says."""

    time: str  # the opening record's time
    source: str  # the hook that opened it: pre_compact | session_start
    compaction_id: str | None = None
    trigger: str | None = None
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


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def history_lines(runs: RunsDir, session_id: str) -> list[dict[str, Any]]:
    """The session's compactions.jsonl lines, oldest first; torn or foreign lines skipped."""
    try:
        with open(runs.compactions, "rb") as handle:
            lines = handle.read().splitlines()
    except (FileNotFoundError, NotADirectoryError):
        return []
    out = []
    for line in lines:
        try:
            entry = jsonio.loads(line)
        except (ValueError, RecursionError):
            continue
        if isinstance(entry, dict) and entry.get("session_id") == session_id and isinstance(entry.get("time"), str):
            out.append(entry)
    return out


def _check(raw: Any) -> dict[str, dict[str, int]]:
    """{family: {carried, kept, lost}} with every count an int; anything else dropped."""
    out: dict[str, dict[str, int]] = {}
    if isinstance(raw, dict):
        for family, counts in raw.items():
            if isinstance(family, str) and isinstance(counts, dict):
                out[family] = {k: v for k in ("carried", "kept", "lost") if (v := _int(counts.get(k))) is not None}
    return out


def _opens(entry: dict[str, Any]) -> bool:
    # The record that opens a compaction carries its own time as compaction_id; records
    # from before compaction ids were written are each one compaction (session_start
    # recorded one only when PreCompact had not).
    if entry.get("source") not in OPENING_SOURCES:
        return False
    cid = entry.get("compaction_id")
    return cid is None or cid == entry.get("time")


def _items(part: Any) -> int | None:
    if isinstance(part, dict) and isinstance(part.get("items"), list):
        return len(part["items"])
    return None


def _merge_file(rec: Recorded, data: Any) -> None:
    """Fill what compactions.jsonl left unsaid from the per-compaction file."""
    if not isinstance(data, dict):
        return
    rec.trigger = rec.trigger or _str(data.get("trigger"))
    if rec.block_items is None:
        rec.block_items = _items(data.get("block"))
    if rec.note_items is None:
        rec.note_items = _items(data.get("note"))
    if not rec.checked and isinstance(data.get("check"), dict):
        rec.check, rec.checked = _check(data["check"]), True
    refill = data.get("refill")
    count = _items(refill)
    if isinstance(refill, dict) and count is not None:
        if refill.get("sent") is True and rec.refill_sent is None:
            rec.refill_sent = count
            rec.refill_event = rec.refill_event or _str(refill.get("event"))
        if rec.refill_queued is None:
            rec.refill_queued = count


def recorded_compactions(runs: RunsDir, session_id: str) -> list[Recorded]:
    """The session's compactions as recorded, oldest first."""
    entries = history_lines(runs, session_id)
    opened: list[Recorded] = []
    by_id: dict[str, Recorded] = {}
    for entry in entries:
        if not _opens(entry):
            continue
        rec = Recorded(
            time=entry["time"],
            source=entry["source"],
            compaction_id=_str(entry.get("compaction_id")),
            trigger=_str(entry.get("trigger")),
            boundaries_before=_int(entry.get("boundaries_before")),
            context_tokens=_int(entry.get("context_tokens")),
            block_chars=_int(entry.get("chars")),
        )
        items = _int(entry.get("block_items"))
        if entry["source"] == "pre_compact":
            rec.block_items = items
        else:  # PreCompact did not run: what SessionStart printed is the note
            rec.note_items = items
        opened.append(rec)
        if rec.compaction_id:
            by_id[rec.compaction_id] = rec
    for entry in entries:
        rec = by_id.get(entry.get("compaction_id"))  # type: ignore[arg-type]
        if rec is None or _opens(entry):
            continue
        source = entry.get("source")
        if source == "session_start":
            rec.note_items = _int(entry.get("block_items"))
        elif source == "post_compact":
            rec.trigger = rec.trigger or _str(entry.get("trigger"))
            if "check" in entry:
                rec.check, rec.checked = _check(entry.get("check")), True
            rec.refill_queued = _int(entry.get("refill_items"))
            rec.post_tokens = _int(entry.get("post_tokens"))
        elif source == "refill":
            sent = _int(entry.get("refill_items"))
            if sent is not None:
                rec.refill_sent = (rec.refill_sent or 0) + sent
                rec.refill_chars = (rec.refill_chars or 0) + (_int(entry.get("refill_chars")) or 0)
                rec.refill_event = rec.refill_event or _str(entry.get("event"))
    for rec in opened:
        if rec.compaction_id:
            try:
                raw = compaction_file.path_of(runs, session_id, rec.compaction_id).read_bytes()
                _merge_file(rec, jsonio.loads(raw))
            except (OSError, ValueError, RecursionError):
                pass  # no file (yet), or a torn one: the jsonl lines are all there is
    return opened
