"""Streaming reader for Claude Code transcript JSONL.

Claude Code appends one JSON object per line and may be in the middle of writing the last
one when a hook runs, so the reader only ever consumes complete lines and reports the byte
offset after the last one; callers resume from there. Anything it does not understand is
skipped and counted, never raised: a transcript is written by another program, over years
of format changes.
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from pathlib import Path

from ..records import field, jsonio, record
from .entries import CompactBoundary, Message, QueuedCommand, Record, ToolUse, parse_record

# typing costs milliseconds to import and is only needed by type checkers.
TYPE_CHECKING = False

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, BinaryIO

CHUNK_SIZE = 1 << 20
# A line longer than this is skipped as malformed rather than held in memory whole.
MAX_LINE_BYTES = 64 << 20
# A read of at least this many bytes parses with orjson when it is installed (see _fast_loads).
FAST_READ_BYTES = 8 << 20

# Record types that carry nothing for the session model. Lines that *start* with one of
# them are skipped without parsing: they include the largest lines of a transcript
# (api-request-blob holds whole request bodies). Claude Code writes "type" first in these
# records only; user, assistant, system and attachment records start with "parentUuid". A
# line of a type parse_record reads is parsed whatever its first key (a version may well
# write "type" first everywhere), and so is a type value with an escape in it
# (`"us\u0065r"` is "user").
_NOISE_PREFIX = b'{"type":"'
_PARSED_TYPE_BYTES = frozenset({b"user", b"assistant", b"system", b"attachment"})
# The record types Claude Code is known to write (up to 2.1.3xx). Any other type is skipped
# as well, and counted by its name (ReadStats.unknown), so that a new version's records are
# visible (`inspect`, `doctor`) instead of silently passed over.
KNOWN_TYPES = frozenset(
    "user assistant system attachment summary file-history-snapshot queue-operation progress last-prompt "
    "ai-title custom-title agent-name permission-mode mode api-request api-request-shape api-request-blob "
    "tools-used atis-latch cost-state".split()
)
_KNOWN_TYPE_BYTES = frozenset(kind.encode() for kind in KNOWN_TYPES)
MAX_UNKNOWN_TYPES = 20  # distinct names counted; the rest as "other"
_TYPE_NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.")
# A line nesting this deep could nest deeper than the stdlib parser goes (it raises
# RecursionError near sys.getrecursionlimit() less the caller's depth, orjson only at 1024):
# such a line is always left to the stdlib parser, so both parsers skip or keep it alike.
_DEEP_BRACKETS = max(64, min(900, sys.getrecursionlimit() - 100))


@record(frozen=False)
class ReadStats:
    lines: int = 0
    records: int = 0
    blank: int = 0
    malformed: int = 0
    non_object: int = 0
    skipped_type: int = 0
    partial_tail: bool = False
    unknown: dict[str, int] = field(default_factory=dict)  # skipped lines of types not in KNOWN_TYPES

    def count_unknown(self, kind: object) -> None:
        if isinstance(kind, str):  # another program's text: plain characters only, in a log or a table
            name = "".join(c if c in _TYPE_NAME_CHARS else "?" for c in kind[:40]) or "<empty>"
        else:
            name = f"<{type(kind).__name__}>"
        if name not in self.unknown and len(self.unknown) >= MAX_UNKNOWN_TYPES:
            name = "other"
        self.unknown[name] = self.unknown.get(name, 0) + 1

    def merge(self, other: ReadStats) -> None:
        self.lines += other.lines
        self.records += other.records
        self.blank += other.blank
        self.malformed += other.malformed
        self.non_object += other.non_object
        self.skipped_type += other.skipped_type
        self.partial_tail = other.partial_tail
        for name, count in other.unknown.items():
            self.unknown[name] = self.unknown.get(name, 0) + count


_O_NONBLOCK = getattr(os, "O_NONBLOCK", 0)
_O_CLOEXEC = getattr(os, "O_CLOEXEC", 0)


def open_regular(path: Path | str) -> BinaryIO:
    """Open `path` for reading, refusing anything but a regular file.

    O_NONBLOCK so that a FIFO with no writer cannot hang the hook in open(), and the type
    check so that a FIFO, /dev/zero or a tty is never read (forever) as a transcript.
    Raises OSError (EINVAL for a non-regular file).
    """
    fd = os.open(path, os.O_RDONLY | _O_NONBLOCK | _O_CLOEXEC)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(errno.EINVAL, "transcript is not a regular file", str(path))
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def iter_lines(path: Path | str, offset: int = 0) -> Iterator[tuple[bytes | None, int]]:
    """Yield (line, offset after it) for each complete line from `offset`.

    A line over MAX_LINE_BYTES is yielded as None (skipped, but still consumed). A partial
    last line is never yielded: the offset stays before it. Only a regular file is read
    (OSError otherwise, see open_regular).
    """
    return _lines(path, offset, ReadStats(), None)


def _lines(
    path: Path | str, offset: int, stats: ReadStats, reader: TranscriptReader | None
) -> Iterator[tuple[bytes | None, int]]:
    """iter_lines; for a `reader`, less the lines skipped on their bytes (see _NOISE_PREFIX),
    counted in `stats`: most lines of some sessions, told on the chunk read, are never copied
    out of it nor handed on. The offset after the last line read is left in reader.read_to."""
    skip = reader is not None
    noise = 0  # lines skipped since the last line handed on: counted in one go
    with open_regular(path) as handle:
        handle.seek(offset)
        pos = offset  # file offset of chunk[0]
        pending: list[bytes] = []  # pieces of the current line from earlier chunks
        pending_len = 0
        oversized = False
        while chunk := handle.read(CHUNK_SIZE):
            find, starts = chunk.find, chunk.startswith
            start = 0
            while (newline := find(b"\n", start)) >= 0:
                kind = line = None
                if pending or oversized:
                    if not oversized and pending_len + newline - start <= MAX_LINE_BYTES:
                        line = b"".join([*pending, chunk[start:newline]])
                        kind = _noise_kind(line) if skip and line.startswith(_NOISE_PREFIX) else None
                    pending, pending_len, oversized = [], 0, False
                elif newline - start <= MAX_LINE_BYTES:
                    # (_noise_kind inlined: most lines of some sessions end here)
                    if skip and starts(_NOISE_PREFIX, start) and (quote := find(b'"', start + 9, newline)) >= 0:
                        kind = chunk[start + 9 : quote]
                        if kind in _PARSED_TYPE_BYTES or b"\\" in kind:
                            kind = None
                    if kind is None:
                        line = chunk[start:newline]
                start = newline + 1
                if kind is not None:
                    noise += 1
                    if kind not in _KNOWN_TYPE_BYTES:
                        stats.count_unknown(kind.decode("utf-8", "replace"))
                    continue
                stats.lines += noise + 1
                stats.skipped_type += noise
                noise = 0
                yield line, pos + start
            if start < len(chunk):
                pending_len += len(chunk) - start
                if pending_len > MAX_LINE_BYTES:
                    # Stop holding it: only its end (the next newline) matters now.
                    oversized, pending = True, []
                elif not oversized:
                    pending.append(chunk[start:])
            if start and reader is not None:
                reader.read_to = pos + start  # past the chunk's last whole line
            pos += len(chunk)
    stats.lines += noise
    stats.skipped_type += noise


class TranscriptReader:
    """Iterate records from a byte offset; `offset` and `stats` are updated as it goes.

    `fast`: parse with orjson (None: when the read is FAST_READ_BYTES or more). Either way
    the records are the ones the stdlib parser makes (see _decode).
    """

    def __init__(self, path: Path | str, offset: int = 0, fast: bool | None = None) -> None:
        self.path = Path(path)
        self.offset = offset
        self.stats = ReadStats()
        self.fast = fast
        self.read_to = offset  # the offset after the last line read (see _lines)

    def __iter__(self) -> Iterator[Record]:
        stats = self.stats
        fast = self.fast
        if fast is None:
            try:
                fast = self.path.stat().st_size - self.offset >= FAST_READ_BYTES
            except OSError:
                fast = False  # the read raises it
        loads = _fast_loads() if fast else None
        self.read_to = self.offset
        for line, end in _lines(self.path, self.offset, stats, self):
            self.offset = end
            record = _parse(line, stats, loads)
            if record is not None:
                stats.records += 1
                yield record
        self.offset = self.read_to
        stats.partial_tail = self._has_partial_tail()

    def _has_partial_tail(self) -> bool:
        try:
            return self.path.stat().st_size > self.offset
        except OSError:
            return False


def _fast_loads() -> Callable[[bytes], Any] | None:
    """orjson.loads, or None when orjson is not installed (a plugin checkout run by a bare
    python3: the stdlib parser then reads everything).

    Imported here, never at module level: the PostToolUse gate imports this module, and
    orjson's import (~40 ms from a bare interpreter: it loads dataclasses, uuid, enum) is
    more than a whole gate call. Only a read of FAST_READ_BYTES or more pays it — the first
    fold of a big transcript (PreCompact or a cold check with no saved state), where it
    parses the kept lines ~2.7x faster than `json` (docs/performance.md).
    """
    from ..interrupts import held

    try:
        with held():  # orjson's init does not survive the guard's SIGTERM exception
            from orjson import loads
    except ImportError:
        return None
    return loads


def _skipped_on_bytes(line: bytes) -> bool:
    """A record type the model never reads, told by the line's first bytes (see _NOISE_PREFIX)."""
    return line.startswith(_NOISE_PREFIX) and _noise_kind(line) is not None


def _noise_kind(line: bytes) -> bytes | None:
    """The type of `line`, which starts with _NOISE_PREFIX, when the model never reads that
    type; else None."""
    quote = line.find(b'"', 9)  # 9 = len(_NOISE_PREFIX)
    if quote < 0:
        return None
    kind = line[9:quote]
    return None if kind in _PARSED_TYPE_BYTES or b"\\" in kind else kind


def _decode(line: bytes | None, stats: ReadStats, fast: Callable[[bytes], Any] | None = None) -> Record | None:
    kind = _noise_kind(line) if line is not None and line.startswith(_NOISE_PREFIX) else None
    if kind is not None:
        stats.skipped_type += 1
        if kind not in _KNOWN_TYPE_BYTES:
            stats.count_unknown(kind.decode("utf-8", "replace"))
        return None
    return _parse(line, stats, fast)


def _parse(line: bytes | None, stats: ReadStats, fast: Callable[[bytes], Any] | None = None) -> Record | None:
    """_decode of a line already known not to be skipped on its bytes."""
    if line is None:
        stats.malformed += 1
        return None
    if not line or line.isspace():  # (bytes.strip's whitespace, without copying the line)
        stats.blank += 1
        return None
    if fast is not None:
        try:
            obj = fast(line)
        except ValueError:
            obj = _BROKEN  # rejected (lone surrogate, NaN, 1e400, invalid UTF-8...): the stdlib decides
        # A line shorter than twice the bound cannot hold that many openers and their closers;
        # a longer one is told by what orjson made of it (_shape), not by counting its bytes:
        # it is mostly a few containers around long strings (file contents, outputs). The same
        # walk tells whether it holds a float anywhere: without one, the record is exact.
        if obj is not _BROKEN:
            deep, floats = _shape(obj, _DEEP_BRACKETS) if len(line) >= 2 * _DEEP_BRACKETS else (False, True)
            if not deep:
                record = _record(obj, stats)
                if record is None:
                    return None
                if record is not _BROKEN and (not floats or _exact(obj, record)):
                    return record
            # else the stdlib parser decides
    try:
        obj = jsonio.loads(line.decode("utf-8"))
    except (ValueError, RecursionError):  # not JSON, invalid UTF-8, nested too deep
        stats.malformed += 1
        return None
    record = _record(obj, stats)
    if record is _BROKEN:
        stats.malformed += 1
        return None
    return record


def _shape(obj: Any, depth: int) -> tuple[bool, bool]:
    """Of `obj` (a parsed line): whether it holds containers `depth` deep, counting itself
    (the nesting of the line's brackets, visited container by container: strings, the bulk
    of a long line, are not looked into), and whether it holds a float anywhere (when not,
    no float reached a field `_exact` looks at: the record is exact)."""
    if type(obj) is not dict and type(obj) is not list:
        return False, type(obj) is float
    floats = False
    stack = [(obj, 1)]
    pop, push = stack.pop, stack.append
    while stack:
        container, level = pop()
        if level >= depth:
            return True, floats
        for value in container.values() if type(container) is dict else container:
            kind = type(value)
            if kind is dict or kind is list:
                push((value, level + 1))
            elif kind is float:
                floats = True
    return False, floats


def _record(obj: Any, stats: ReadStats) -> Record | None:
    """The record of a parsed line; None (counted) for a line that is not an object or of a
    type the model does not use; _BROKEN when parse_record failed on it."""
    if not isinstance(obj, dict):
        stats.non_object += 1
        return None
    try:
        record = parse_record(obj)
    except (TypeError, ValueError, AttributeError, RecursionError):
        return _BROKEN
    if record is None:
        stats.skipped_type += 1
        kind = obj.get("type")
        if not isinstance(kind, str) or kind not in KNOWN_TYPES:  # any JSON value, lists too
            stats.count_unknown(kind)
    return record


_BROKEN: Any = object()
_USAGE_KEYS = ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")


def _exact(obj: dict[str, Any], record: Record) -> bool:
    """Whether `json` would have made this record from the line orjson parsed into `obj`.

    Where both accept a line they give equal values (tests/transcript/test_transcript.py), with two
    exceptions: orjson reads an integer beyond 64 bits as a float (`json`: the exact int),
    and it accepts nesting that `json` refuses (such lines never get here: _nests).
    So the record is exact when no float reached a field the model reads as a number or
    keeps as data: the token counts, a tool call's input, the tool result's data. Floats are
    rare there; such a line is parsed again by `json`.
    """
    if type(record) is QueuedCommand:
        return True  # text only: no number to read
    if type(record) is CompactBoundary:
        meta = obj.get("compactMetadata")
        return not isinstance(meta, dict) or jsonio.plain([meta.get("preTokens"), meta.get("postTokens")])
    usage = obj["message"].get("usage")
    if type(usage) is dict:
        for key in _USAGE_KEYS:
            if type(usage.get(key)) is float:
                return False
    assert isinstance(record, Message)
    for block in record.blocks:
        if type(block) is ToolUse and not jsonio.plain(block.input):
            return False
    data = record.tool_use_result
    return data is None or type(data) is str or jsonio.plain(data)


def decode_line(line: bytes) -> Record | None:
    """One line to a record (None for junk and types the model does not use)."""
    return _decode(line, ReadStats())


def read_records(path: Path | str, offset: int = 0) -> tuple[list[Record], int, ReadStats]:
    """Convenience for small files and tests: all records, the resume offset, the stats."""
    reader = TranscriptReader(path, offset)
    records = list(reader)
    return records, reader.offset, reader.stats
