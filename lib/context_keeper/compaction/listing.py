"""Each compaction as the hooks recorded it, and what survived it.

compactions.jsonl holds a line per hook per compaction (docs/data.md): `pre_compact` and
`session_start` open one (`compaction_id` = the opening line's `time`), `post_compact` checks
the summary against the block's items and queues the refill, `refill` says what was sent.
Here they are joined by `compaction_id` into one view a compaction: trigger, tokens before
and after (the boundary's postTokens in the transcript when no hook knew them), items the
block carried, kept by the summary, refilled. Lines written before these fields existed
count as a compaction each, with the figures they lack left unknown.

The lines are read as written (any field may be missing, unknown ones are kept), so old and
new lines read alike. `compactions/<session>/<id>.json` holds the texts of a compaction: the
block, the restore note and the refill.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..records import record, replace
from ..records.jsonio import as_int, as_text
from ..store import RunsDir
from .history import read_history_objects
from .parts import Printed, Refill, block_of, note_of, refill_of

OPENERS = ("pre_compact", "session_start", "subagent")
# The texts of a compaction file, each read back typed: the block, the note, the refill.
PART_READERS: dict[str, Callable[[dict[str, Any]], Printed | Refill | None]] = {
    "block": block_of,
    "note": note_of,
    "refill": refill_of,
}
PARTS = tuple(PART_READERS)


@record
class CompactionView:
    compaction_id: str
    session_id: str
    number: int  # 1-based among the session's recorded compactions, oldest first
    time: str
    source: str  # the hook that opened it: pre_compact, or session_start when PreCompact did not run
    trigger: str | None
    # manual, auto, idle (auto between turns) or precomputed (the session went on between
    # PreCompact and the swap)
    kind: str | None
    fires: int  # PreCompact fires recorded for it (more than 1: repeated, or a background summary)
    tokens_before: int | None
    tokens_after: int | None
    archive_size: int | None
    chars: int  # characters the opening hook printed (the block, or the note)
    carried: int | None  # items the block carried
    kept: int | None  # of the checked items, those the summary kept
    kept_percent: float | None
    refill_queued: int | None  # items queued for the refill (0: the summary lost nothing)
    refilled: int | None  # items the refill sent
    refill_chars: int | None
    refill_event: str | None
    check: dict[str, dict[str, int]]  # family -> carried, kept, lost
    transcript_path: str | None
    boundaries_before: int | None
    records: list[dict[str, Any]]  # the lines as written, in file order

    def opening_line(self) -> dict[str, Any]:
        """The line that opened the compaction, as written."""
        return next(line for line in self.records if line["time"] == self.time and line["source"] == self.source)


def kind_label(trigger: str | None, kind: str | None) -> str | None:
    """A compaction's trigger, with its kind when that says more: "auto, precomputed"."""
    if kind is None or kind == trigger:
        return trigger
    return f"{trigger}, {kind}" if trigger else kind


def read_lines(runs: RunsDir) -> list[dict[str, Any]]:
    """compactions.jsonl's lines that have a time, a session and a source; others skipped."""
    keys = ("time", "session_id", "source")
    return [obj for obj in read_history_objects(runs) if all(isinstance(obj.get(k), str) for k in keys)]


def join(lines: list[dict[str, Any]]) -> list[CompactionView]:
    """One view a compaction, oldest first. A post_compact or refill line without the id
    of a compaction has nothing to join and is left out."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for line in lines:
        cid = as_text(line.get("compaction_id"))
        if cid is None and line["source"] in OPENERS:
            cid = line["time"]
        if cid is not None:
            groups.setdefault((line["session_id"], cid), []).append(line)
    views = [_view(sid, cid, group) for (sid, cid), group in groups.items()]
    views.sort(key=lambda v: v.time)
    numbers: dict[str, int] = {}
    for i, view in enumerate(views):
        numbers[view.session_id] = numbers.get(view.session_id, 0) + 1
        views[i] = _renumber(view, numbers[view.session_id])
    return views


def read_views(runs: RunsDir) -> list[CompactionView]:
    """The runs dir's compactions, oldest first."""
    return join(read_lines(runs))


def with_tokens_after(views: list[CompactionView], runs: RunsDir) -> list[CompactionView]:
    """`views`, with tokens after taken from the transcript's boundary (its postTokens) where
    no hook recorded them, and whether the summary was precomputed from the boundary's flag
    (which the hooks can only infer): the compaction a hook saw is the boundary after the
    `boundaries_before` already there. Each transcript is read once, from the saved model's
    cursor on."""
    from ..session.repo_sessions import current_model  # the session model: only when asked

    models: dict[tuple[str, str], Any] = {}
    out = []
    for view in views:
        index, path = view.boundaries_before, view.transcript_path
        if view.tokens_after is not None or index is None or path is None:
            out.append(view)
            continue
        key = (view.session_id, path)
        if key not in models:
            try:
                models[key] = current_model(runs, view.session_id, Path(path)).compactions
            except OSError:  # the transcript is gone or unreadable: tokens after stay unknown
                models[key] = []
        boundaries = models[key]
        if index >= len(boundaries):
            out.append(view)
            continue
        boundary = boundaries[index]
        kind = "precomputed" if boundary.precomputed else (view.trigger if view.kind == "precomputed" else view.kind)
        tokens = boundary.post_tokens if boundary.post_tokens is not None else view.tokens_after
        out.append(replace(view, tokens_after=tokens, kind=kind))
    return out


def _view(session_id: str, cid: str, group: list[dict[str, Any]]) -> CompactionView:
    openers = [line for line in group if line["source"] in OPENERS]
    opener = next((line for line in openers if line["source"] == "pre_compact"), openers[0] if openers else group[0])
    # A later fire of the same compaction (repeated, or a background summary's) replaced the
    # block and archive; a swap line holds the state when the summary was swapped in.
    fires = [line for line in group if line["source"] == "pre_compact"]
    latest = fires[-1] if fires else opener
    swap = next((line for line in reversed(group) if line["source"] == "swap"), None)
    state = swap or latest
    post: dict[str, Any] = next((line for line in reversed(group) if line["source"] == "post_compact"), {})
    refills = [line for line in group if line["source"] == "refill"]
    check = _check(post.get("check"))
    checked = sum(c["carried"] for c in check.values())
    kept = sum(c["kept"] for c in check.values()) if check else None
    # The check's count when there is one (what the summary was compared with), else the block's.
    carried = checked if check else (as_int(latest.get("block_items")) if latest["source"] == "pre_compact" else None)
    archives = [as_int(line.get("archive_size")) for line in (*openers, *([swap] if swap else []))]
    trigger = as_text(latest.get("trigger")) or as_text(opener.get("trigger")) or as_text(post.get("trigger"))
    return CompactionView(
        compaction_id=cid,
        session_id=session_id,
        number=0,
        time=opener["time"],
        source=opener["source"],
        trigger=trigger,
        kind=_kind(trigger, swap, latest),
        fires=max(len(fires), 1) if opener["source"] == "pre_compact" else len(fires),
        tokens_before=as_int(state.get("context_tokens")),
        tokens_after=as_int(post.get("post_tokens")),
        archive_size=next((size for size in reversed(archives) if size is not None), None),
        chars=as_int(latest.get("chars")) or 0,
        carried=carried,
        kept=kept,
        kept_percent=round(100.0 * kept / checked, 1) if kept is not None and checked else None,
        refill_queued=as_int(post.get("refill_items")),
        refilled=_sum(refills, "refill_items"),
        refill_chars=_sum(refills, "refill_chars"),
        refill_event=as_text(refills[-1].get("event")) if refills else None,
        check=check,
        transcript_path=as_text(opener.get("transcript_path")),
        boundaries_before=as_int(opener.get("boundaries_before")),
        records=list(group),
    )


def _kind(trigger: str | None, swap: dict[str, Any] | None, latest: dict[str, Any]) -> str | None:
    """precomputed: the summary was swapped in turns after PreCompact; idle: an auto compaction
    that began between turns (Claude Code compacting a session left idle); subagent: a
    subagent's own; else the trigger."""
    if latest["source"] == "subagent":
        return "subagent"
    if swap is not None:
        return "precomputed"
    if trigger == "auto" and latest.get("between_turns") is True:
        return "idle"
    return trigger


def _renumber(view: CompactionView, number: int) -> CompactionView:
    return replace(view, number=number)


def _check(raw: object) -> dict[str, dict[str, int]]:
    """The post_compact check, families whose counts are whole numbers only."""
    out: dict[str, dict[str, int]] = {}
    for family, counts in raw.items() if isinstance(raw, dict) else ():
        if isinstance(counts, dict) and all(as_int(counts.get(k)) is not None for k in ("carried", "kept", "lost")):
            out[str(family)] = {k: counts[k] for k in ("carried", "kept", "lost")}
    return out


def _sum(lines: list[dict[str, Any]], key: str) -> int | None:
    values = [v for v in (as_int(line.get(key)) for line in lines) if v is not None]
    return sum(values) if values else None


# -- the texts of one compaction ---------------------------------------------------------------


def part_text(saved: dict[str, Any], part: str) -> str | None:
    """The text of `part` (block, note, refill) in a compaction file, if it holds one."""
    value = PART_READERS[part](saved)
    return value.text if value else None
