#!/usr/bin/env python3
"""A prototype, not the product: the fold's redaction computed on the second core, ahead of
the fold, by a forked child reading the same bytes.

    python bench/second_core.py TRANSCRIPT [TRANSCRIPT ...] [--runs 3] [--root DIR]

A first PreCompact with no saved state folds every record in one process; redaction of the
texts the fold keeps (assistant texts, commands, task subjects and descriptions, prompts) is
a fifth of it. Redaction is a pure function of the text, so another process can compute it
ahead: the child parses each line (orjson), takes the strings the fold will redact in the
fold's own cuts, redacts them in file order and sends (text, result) pairs back in batches
over a pipe. The parent folds as always, with `redact` looking its text up among the
results received so far (read without blocking); a text not there yet, or one the child
does not take (failure messages, fold errors), is redacted in the parent as before. So
every result is what `redact` returns, whoever computed it: the model is the same; the
script checks it (the saved state's bytes, with and without the child).

Printed per transcript and mode: the parent's CPU, the child's CPU, wall, how many of the
parent's redactions the child had answered, and the load. Not a test: timings depend on
the machine and its load.
"""

from __future__ import annotations

import argparse
import marshal
import os
import resource
import select
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BATCH = 512  # results per message: fewer writes, and the parent's look-ups find them early enough
_MISSING = object()


def _candidates(
    record: dict[str, Any], scan: int, command_chars: int, first_line: Callable[[str, int], str]
) -> list[str]:
    """The strings the fold redacts for this record, cut as the fold cuts them."""
    message = record.get("message")
    if not isinstance(message, dict):
        return []
    content = message.get("content")
    out: list[str] = []
    if record.get("type") == "assistant" and isinstance(content, list):
        for block in content:
            if not isinstance(block, dict):
                continue
            kind = block.get("type")
            if kind == "text" and isinstance(block.get("text"), str) and block["text"].strip():
                out.append(block["text"][:scan])
            elif kind == "tool_use" and isinstance(block.get("input"), dict):
                given = block["input"]
                command = given.get("command")
                if isinstance(command, str):
                    out.append(command[:command_chars])
                for key in ("subject", "description"):
                    value = given.get(key)
                    if isinstance(value, str) and value.strip():
                        out.append(value)
    elif record.get("type") == "user" and isinstance(content, str):
        short, line = first_line(content, 100), first_line(content, 500)
        out.append(short)
        if line != short:
            out.append(line)
    return out


def child(path: Path, fd: int) -> None:
    """Redact the fold's strings of `path` in order; write marshalled batches to `fd`."""
    import orjson

    from context_keeper.redact import redact
    from context_keeper.session.tools import COMMAND_CHARS
    from context_keeper.text import SCAN_CHARS, first_line

    batch: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    with open(path, "rb") as handle:
        for line in handle:
            # Decided on the bytes: a tool's result (most of a session's bytes) holds nothing
            # the fold redacts here. A wrong guess costs time, never a result (see above).
            if b'"tool_use_id"' in line or (b'"assistant"' not in line and b'"user"' not in line):
                continue
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                continue
            if not isinstance(record, dict):
                continue
            for text in _candidates(record, SCAN_CHARS, COMMAND_CHARS + 256, first_line):
                if text in seen:
                    continue
                seen.add(text)
                done = redact(text)
                batch.append((text, None if done is text else done))
            if len(batch) >= BATCH:
                _send(fd, batch)
                batch = []
    if batch:
        _send(fd, batch)
    os.close(fd)


def _send(fd: int, batch: list[tuple[str, str | None]]) -> None:
    data = marshal.dumps(batch)
    view = memoryview(len(data).to_bytes(8, "little") + data)
    while view:
        view = view[os.write(fd, view) :]


class Answers:
    """The child's results as they arrive: read without blocking, looked up by text."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.buffer = bytearray()
        self.done: dict[str, str | None] = {}
        self.open = True
        self.hits = self.misses = 0
        os.set_blocking(fd, False)

    def drain(self) -> None:
        while self.open and select.select([self.fd], [], [], 0)[0]:
            try:
                chunk = os.read(self.fd, 1 << 20)
            except BlockingIOError:
                return
            if not chunk:
                self.open = False
                break
            self.buffer += chunk
        while len(self.buffer) >= 8:
            size = int.from_bytes(self.buffer[:8], "little")
            if len(self.buffer) < 8 + size:
                break
            self.done.update(marshal.loads(bytes(self.buffer[8 : 8 + size])))
            del self.buffer[: 8 + size]

    def read_all(self) -> None:
        """Every result, waiting for the child to end (tests: answers that do not depend on timing)."""
        os.set_blocking(self.fd, True)
        while self.open:
            chunk = os.read(self.fd, 1 << 20)
            self.open = bool(chunk)
            self.buffer += chunk
        self.drain()

    def lookup(self, text: str) -> Any:
        found = self.done.get(text, _MISSING)
        if found is _MISSING and self.open:
            self.drain()
            found = self.done.get(text, _MISSING)
        if found is _MISSING:
            self.misses += 1
        else:
            self.hits += 1
        return found


def fold(path: Path, with_child: bool, wait: bool = False) -> tuple[bytes, dict[str, float]]:
    """(the saved state's bytes, figures) of a first fold of `path`; with `wait`, the fold
    starts once the child has sent everything."""
    from context_keeper import redact as redact_module
    from context_keeper.session.cursor import build_model

    started, cpu0 = time.perf_counter(), time.process_time()
    children0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    original = redact_module._redact
    answers = None
    pid = 0
    if with_child:
        read_fd, write_fd = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_fd)
            try:
                child(path, write_fd)
            finally:
                os._exit(0)
        os.close(write_fd)
        answers = Answers(read_fd)
        if wait:
            answers.read_all()

        def looked_up(text: str) -> str:
            found = answers.lookup(text)
            if found is _MISSING:
                return original(text)
            return text if found is None else found

        redact_module._redact = looked_up
    try:
        model = build_model(path)
    finally:
        redact_module._redact = original
    wall = time.perf_counter() - started
    cpu = time.process_time() - cpu0
    figures = {"wall": wall, "parent_cpu": cpu, "child_cpu": 0.0, "hits": 0, "misses": 0}
    if answers is not None:
        os.kill(pid, 9)  # (it may still be reading: the fold is done)
        os.waitpid(pid, 0)
        os.close(answers.fd)
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        figures["child_cpu"] = used.ru_utime + used.ru_stime - children0.ru_utime - children0.ru_stime
        figures["hits"], figures["misses"] = answers.hits, answers.misses
    return model.to_bytes(), figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("transcripts", nargs="+", type=Path)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--warm", type=Path, default=Path("/tmp/ck-bench/dense-1MB-s1.jsonl"))
    args = parser.parse_args(argv)
    sys.path.insert(0, str(args.root / "lib"))
    from context_keeper.transcript import reader

    reader.FAST_READ_BYTES = 0  # the orjson reader, as a 100 MB first fold reads
    if args.warm.exists():
        fold(args.warm, False)  # imports and lazily compiled rules: what every process pays once
    for path in args.transcripts:
        states: dict[bool, bytes] = {}
        for run in range(args.runs):
            for with_child in (False, True):
                load = os.getloadavg()[0]
                state, f = fold(path, with_child)
                if states.setdefault(with_child, state) != state:
                    print("  the state differs between runs of one mode")
                mode = "child " if with_child else "alone "
                print(
                    f"{path.name} run {run + 1} {mode} wall {f['wall']:.3f} s  parent CPU {f['parent_cpu']:.3f} s  "
                    f"child CPU {f['child_cpu']:.3f} s  answered {f['hits']}/{f['hits'] + f['misses']}  load {load:.2f}",
                    flush=True,
                )
        print(f"{path.name}: saved state the same with and without the child: {states[False] == states[True]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
