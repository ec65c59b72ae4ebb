"""context_refill hook (PostToolUse, every tool, blocking; and UserPromptSubmit): hand the
pending refill to the main agent, once.

Claude Code waits for this hook after every tool call, so its common case — no refill
pending for this session — costs one directory listing (and, when another session has one
pending, a byte search of stdin for the session id) with only `os` and `sys` imported (no
json, no re, no pathlib: each would cost more than the rest of the hook). When a refill is
pending, the full path runs inside the guard: a subagent's call never gets it (its hook
context goes to the subagent); the compaction must be the main session's (its boundary is
in the main transcript after the point PreCompact saw); after a manual /compact, what the
echoed block already carries is left out; the file is taken atomically, so two racing hooks
never both print it. Output: `hookSpecificOutput.additionalContext` (≤ 9,500 characters).
"""

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:  # only for type checkers: this module starts on every tool call
    from ..preserve.item import Item
    from .guard import HookContext

EVENTS = ("PostToolUse", "UserPromptSubmit")
SCAN_LIMIT = 32 << 20  # bytes of transcript read after the compaction point, at most


def main() -> int:
    from io import BytesIO

    from ..compaction.pending import pending_names
    from ..locations import quick_data_root

    root = quick_data_root()
    names = pending_names(root) if root is not None else None
    # Claude Code writes the whole hook input (a Read's file contents included): read it
    # all, so it never meets a closed pipe.
    data = _read_stdin()
    if names is not None:
        session = _session_id(data)
        if not names or (session is not None and not any(n.startswith(session + ".") for n in names)):
            return 0
    from .guard import run_hook

    return run_hook(EVENTS, work, stdin=BytesIO(data), skip=_not_carried)


def _not_carried(ctx: "HookContext") -> str | None:
    """Why the refill must wait for another call: an event that is none of EVENTS (a version's
    new or renamed one) may not take `additionalContext`, and a refill taken is taken once."""
    if ctx.hook.event in EVENTS:
        return None
    return f"a {ctx.hook.event[:40]!r} event may not carry the refill; kept pending"


def _read_stdin() -> bytes:
    try:
        return sys.stdin.buffer.read()
    except (OSError, ValueError):
        return b""


_SAFE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789._-")


def _session_id(data: bytes) -> str | None:
    """The top-level session_id without a JSON parser (Claude Code writes it first), when it
    is a plain id (a uuid: its refill file is named after it unchanged); else None."""
    key = data.find(b'"session_id"')
    start = data.find(b'"', data.find(b":", key) + 1) if key >= 0 else -1
    end = data.find(b'"', start + 1) if start >= 0 else -1
    value = data[start + 1 : end].decode("ascii", "replace") if end > start else ""
    return value if value and value[0] not in ".-" and all(c in _SAFE for c in value) else None


def work(ctx: "HookContext") -> str | None:
    from ..compaction import pending
    from ..records import jsonio

    hook = ctx.hook
    if hook.from_subagent:
        return None
    home = str(ctx.settings.home)
    texts = []
    paths = pending.pending_for(home, hook.session_id)
    for path in paths:
        sent = _deliver(ctx, path, newest=path == paths[-1])
        if sent:
            texts.append(sent)
    if not texts:
        return None
    output = {"hookSpecificOutput": {"hookEventName": hook.event, "additionalContext": texts[-1]}}
    return jsonio.dumps(output).decode("utf-8")


def _deliver(ctx: "HookContext", path: str, newest: bool) -> str | None:
    """The refill text of one pending file, once taken; None if not (yet) to be sent."""
    import time

    from ..compaction import file as compaction_file
    from ..compaction import pending
    from ..compaction.history import HistoryLine, append_history, now_iso
    from ..compaction.parts import Refill
    from ..compaction.refill import render_refill
    from ..preserve.item import items_from_json
    from ..records.jsonio import as_str

    record = pending.read_pending(path)
    created = record.get("created") if record else None
    if record is None or not isinstance(created, (int, float)) or time.time() - created > pending.MAX_AGE_S:
        pending.drop(path)
        return None
    transcript, offset = record.get("transcript_path"), record.get("transcript_offset")
    after = _transcript_after(transcript, offset)
    if after is not None and b'"compact_boundary"' not in after:
        # Not (yet) the main session's compaction: a subagent's own compaction (whose hooks
        # some versions fire without agent fields) writes its boundary to its own file.
        ctx.log.info(f"refill {path}: no compaction boundary in the main transcript yet; kept pending")
        return None
    if not newest:
        pending.drop(path)  # a later compaction's block carries the state since
        return None
    if not pending.take(path):
        return None  # another hook of the session took it
    items = items_from_json(record.get("items"))
    if record.get("unchecked") is True:
        items = _check_now(ctx, record, after or b"")
    if record.get("trigger") == "manual" and after is not None:
        items = _not_echoed(ctx, items, _echo(after), str(record.get("compaction_id")))
    text, shown = render_refill(items)
    compaction_id = str(record.get("compaction_id"))
    entry = HistoryLine(
        time=now_iso(),
        session_id=ctx.hook.session_id,
        trigger=as_str(record.get("trigger")),
        source="refill",
        compaction_id=compaction_id,
        refill_items=len(shown),
        refill_chars=len(text),
        event=ctx.hook.event,
    )
    try:
        append_history(ctx.runs, entry)
        refill = Refill(text, tuple(shown), sent=bool(text), event=ctx.hook.event)
        compaction_file.update(ctx.runs, ctx.hook.session_id, compaction_id, refill=refill)
    except OSError as exc:
        ctx.log.warning(f"refill of {compaction_id}: history not written: {exc}")
    ctx.log.info(f"refill of {compaction_id}: {len(shown)} items, {len(text)} chars via {ctx.hook.event}")
    return text or None


def _check_now(ctx: "HookContext", record: dict[str, object], after: bytes) -> "tuple[Item, ...]":
    """PostCompact never came for this compaction: check the summary Claude Code wrote to the
    transcript (the `isCompactSummary` record after the boundary) against the block, as
    PostCompact would have, and return what the refill must carry."""
    from ..compaction import file as compaction_file
    from ..compaction.parts import block_of
    from .post_compact_check import check

    compaction_id = str(record.get("compaction_id"))
    data = compaction_file.read(compaction_file.path_of(ctx.runs, ctx.hook.session_id, compaction_id)) or {}
    block = block_of(data)
    block_items = block.items if block else ()
    if not block_items:
        return ()
    summary = _summary(after)
    if summary is None:
        ctx.log.warning(f"refill of {compaction_id}: no summary record after the boundary; checked against none")
    trigger = record.get("trigger")
    _, shown = check(ctx, data, block_items, summary or "", trigger if isinstance(trigger, str) else None, "transcript")
    return shown


def _summary(after: bytes) -> str | None:
    """The text of the first compaction summary record after the first boundary in `after`."""
    from ..transcript.entries import Message, TextBlock
    from ..transcript.reader import decode_line

    start = after.find(b'"compact_boundary"')
    for line in after[max(start, 0) :].split(b"\n"):
        if b"isCompactSummary" not in line:
            continue
        record = decode_line(line)
        if isinstance(record, Message) and record.is_compact_summary:
            return "\n".join(b.text for b in record.blocks if isinstance(b, TextBlock))
    return None


def _not_echoed(ctx: "HookContext", items: "tuple[Item, ...]", echo: str, compaction_id: str) -> "tuple[Item, ...]":
    """The items the `/compact` echo does not carry: none when it holds the whole block (Claude
    Code echoes the PreCompact output in full), else those not in it verbatim."""
    from ..compaction import file as compaction_file
    from ..compaction.check import missing_from, normalise
    from ..compaction.parts import block_of

    data = compaction_file.read(compaction_file.path_of(ctx.runs, ctx.hook.session_id, compaction_id)) or {}
    block = block_of(data)
    text = normalise(block.text) if block else ""
    if text and text in normalise(echo):
        return ()
    return missing_from(items, echo)


def _transcript_after(transcript: object, offset: object) -> bytes | None:
    """The transcript's bytes after `offset`; None when that cannot be told."""
    if not isinstance(transcript, str) or not isinstance(offset, int):
        return None
    from ..transcript.reader import open_regular

    try:
        with open_regular(transcript) as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < offset:
                return None  # replaced or truncated since
            handle.seek(offset)
            return handle.read(SCAN_LIMIT)
    except OSError:
        return None


def _echo(after: bytes) -> str:
    """The text of the `<local-command-stdout>` records (a /compact's echo of its hooks' output)."""
    from ..transcript.entries import Message, TextBlock
    from ..transcript.reader import decode_line

    parts = []
    for line in after.split(b"\n"):
        if b"local-command-stdout" not in line:
            continue
        record = decode_line(line)
        if isinstance(record, Message):
            parts += [b.text for b in record.blocks if isinstance(b, TextBlock)]
    return "\n".join(parts)
