"""Concurrency: many hook processes of one session, and of many sessions, at once.

Claude Code runs the PostToolUse hooks of parallel tool calls at the same time, and a
PreCompact may start while they run. While they race, a watcher keeps reading what they
write: the saved state must always parse and its cursor never go back (the session lock
serialises read-fold-save), every summary file it sees must parse (atomic writes), and at
the end every PreCompact call's archive must exist and match the transcript prefix it
recorded (unique names taken with O_EXCL), with exactly one summary file per unit.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import threading
import time
from pathlib import Path

from hardening_support import SUMMARY_SETTINGS, Sandbox, check_output, scripted

from context_keeper.compaction.history import read_history
from context_keeper.compaction import file as compaction_file
from context_keeper.session import SessionModel, build_model
from context_keeper.store import RunsDir


class Watcher(threading.Thread):
    """Reads the state of `sessions` and every summary file, over and over, until stopped."""

    def __init__(self, runs: RunsDir, sessions: list[str]) -> None:
        super().__init__(daemon=True)
        self.runs, self.sessions = runs, sessions
        self.stop = threading.Event()
        self.offsets: dict[str, list[int]] = {s: [] for s in sessions}
        self.problems: list[str] = []
        self.reads = 0

    def run(self) -> None:
        while not self.stop.is_set():
            for session in self.sessions:
                try:
                    data = self.runs.state_path(session).read_bytes()
                except FileNotFoundError:
                    continue
                try:
                    model = SessionModel.from_bytes(data)
                except Exception as exc:  # noqa: BLE001
                    self.problems.append(f"state of {session} did not parse ({len(data)} bytes): {exc}")
                    continue
                self.offsets[session].append(model.offset)
                self.reads += 1
            try:
                names = os.listdir(self.runs.summaries)
            except FileNotFoundError:
                names = []
            for name in names:
                if name.startswith("."):
                    continue  # a temp file, not under a final name
                try:
                    json.loads((self.runs.summaries / name).read_bytes())
                except FileNotFoundError:
                    pass
                except ValueError as exc:
                    self.problems.append(f"summary {name} seen partial: {exc}")
            time.sleep(0.002)


def append_slowly(path: Path, data: bytes, pieces: int, pause: float) -> threading.Thread:
    """Append `data` in `pieces` cuts (not on line ends: a line may be half-written)."""

    def write() -> None:
        step = max(1, len(data) // pieces)
        for start in range(0, len(data), step):
            with open(path, "ab") as handle:
                handle.write(data[start : start + step])
            time.sleep(pause)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def logged_offsets(sb: Sandbox, session: str) -> list[int]:
    """The cursor each PostToolUse call of `session` reached, in log order. Under the lock a
    call logs before it saves and the next one starts from that save: never decreasing."""
    pids = {m.group(1) for m in re.finditer(rf"^\S+ (\d+) INFO PostToolUse session={re.escape(session)} ok", sb.logs(), re.M)}
    return [int(m.group(2)) for m in re.finditer(r"^\S+ (\d+) INFO PostToolUse \w+: turns=\d+ offset=(\d+)", sb.logs(), re.M)
            if m.group(1) in pids]


def check_archives(sb: Sandbox, session: str, transcript: bytes, precompacts: int) -> None:
    """PreCompact fires racing on one session (no boundary between them) are one compaction:
    a history line each, one compaction id, and one archive kept (the one its file names)."""
    records = [r for r in read_history(sb.runs, session) if r.source == "pre_compact"]
    assert len(records) == precompacts, "a PreCompact call left no history line"
    assert len({r.compaction_id for r in records}) == 1, "racing fires split into several compactions"
    assert None not in [r.archive_path for r in records], "a PreCompact call made no archive"
    [(_, saved)] = compaction_file.all_for(sb.runs, session)
    assert saved["fires"] == precompacts
    # One archive left (a name freed by a replaced archive may be taken again by a later one).
    mine = [p.name for p in sb.runs.archives.iterdir() if p.name.startswith(f"{session}_")]
    assert mine == [Path(saved["archive_path"]).name]
    [last] = [r for r in records if r.archive_path == saved["archive_path"]][-1:]
    data = Path(last.archive_path).read_bytes()
    assert len(data) == last.archive_size and hashlib.sha256(data).hexdigest() == last.archive_sha256
    assert transcript.startswith(data), "the archive is not a prefix of the transcript"


def check_summaries(sb: Sandbox, expected_units: dict[str, set[str]]) -> None:
    found: dict[str, list[str]] = {}
    for path in sb.runs.summaries.iterdir():
        assert not path.name.startswith("."), f"temp file left behind: {path.name}"
        data = json.loads(path.read_bytes())
        assert path == sb.runs.summary_path(data["session_id"], data["task_id"])
        found.setdefault(data["session_id"], []).append(data["task_id"])
    for session, units in expected_units.items():
        got = found.get(session, [])
        assert len(got) == len(set(got)) and set(got) == units, (session, sorted(got), sorted(units))


def expected_units(tmp: Path, session: str, data: bytes) -> set[str]:
    """The units one sequential call summarises on the whole transcript."""
    sb = Sandbox(tmp, env_extra=SUMMARY_SETTINGS)
    path = sb.claude / f"{session}.jsonl"
    path.write_bytes(data)
    check_output(sb.run("PostToolUse", sb.payload("PostToolUse", session, path)))
    return {json.loads(p.read_bytes())["task_id"] for p in sb.runs.summaries.iterdir()}


def test_32_parallel_post_tool_use_calls_and_precompacts_on_one_session(tmp_path: Path) -> None:
    sb = Sandbox(tmp_path / "race", env_extra=SUMMARY_SETTINGS)
    data = scripted("sess-1", tasks=12, filler=25).data()
    path = sb.claude / "sess-1.jsonl"
    path.write_bytes(data[: len(data) // 3])
    sb.runs.ensure()
    watcher = Watcher(sb.runs, ["sess-1"])
    watcher.start()
    # One fold before the race and one after it (the final call) whatever the machine's load:
    # on a busy machine the racing calls may all find the lock taken, and the order check
    # below must still compare folds from before, during and after the race.
    check_output(sb.run("PostToolUse", sb.payload("PostToolUse", "sess-1", path)))
    writer = append_slowly(path, data[len(data) // 3 :], pieces=60, pause=0.04)
    procs = []
    for wave in range(8):  # 8 waves of 4 while the transcript grows, the PreCompacts mid-way
        procs += [sb.start("PostToolUse", sb.payload("PostToolUse", "sess-1", path)) for _ in range(4)]
        if wave == 4:
            procs += [sb.start("PreCompact", sb.payload("PreCompact", "sess-1", path)) for _ in range(3)]
        time.sleep(0.2)
    results = [sb.finish(p, timeout=60) for p in procs]
    writer.join()
    final = sb.run("PostToolUse", sb.payload("PostToolUse", "sess-1", path))
    watcher.stop.set()
    watcher.join()

    for result in results + [final]:
        assert (result.rc, result.err) == (0, ""), result
        if result.event == "PostToolUse":
            assert result.out == ""
        else:
            assert result.out.startswith("[context-keeper] ") and len(result.out) <= 10_000
    assert watcher.problems == []
    assert watcher.reads > 0
    offsets = watcher.offsets["sess-1"]
    assert offsets == sorted(offsets), "the saved cursor went back: a save raced another"
    folded = logged_offsets(sb, "sess-1")
    assert len(folded) >= 2 and folded == sorted(folded), f"calls folded out of order: {folded}"
    state = SessionModel.from_bytes(sb.runs.state_path("sess-1").read_bytes())
    assert state.offset == path.stat().st_size == len(data)
    assert state.turns == build_model(path).turns
    check_archives(sb, "sess-1", data, precompacts=3)
    check_summaries(sb, {"sess-1": expected_units(tmp_path / "seq", "sess-1", data)})
    assert "Traceback" not in sb.logs()


def test_8_sessions_at_once_with_precompacts(tmp_path: Path) -> None:
    sb = Sandbox(tmp_path / "race", env_extra=SUMMARY_SETTINGS)
    sessions = [f"sess-{i}" for i in range(8)]
    data = {s: scripted(s, tasks=4 + i).data() for i, s in enumerate(sessions)}
    paths = {s: sb.claude / f"{s}.jsonl" for s in sessions}
    for s in sessions:
        paths[s].write_bytes(data[s][: len(data[s]) // 2])
    sb.runs.ensure()
    watcher = Watcher(sb.runs, sessions)
    watcher.start()
    writers = [append_slowly(paths[s], data[s][len(data[s]) // 2 :], pieces=8, pause=0.02) for s in sessions]
    procs = []
    for round_ in range(4):
        for s in sessions:
            procs.append(sb.start("PostToolUse", sb.payload("PostToolUse", s, paths[s])))
            if round_ == 2:
                procs.append(sb.start("PreCompact", sb.payload("PreCompact", s, paths[s])))
    results = [sb.finish(p, timeout=60) for p in procs]
    for w in writers:
        w.join()
    finals = [sb.run("PostToolUse", sb.payload("PostToolUse", s, paths[s])) for s in sessions]
    watcher.stop.set()
    watcher.join()

    for result in results + finals:
        assert (result.rc, result.err) == (0, ""), result
        if result.event == "PreCompact":
            assert result.out.startswith("[context-keeper] ") and len(result.out) <= 10_000
        else:
            assert result.out == ""
    assert watcher.problems == []
    for s in sessions:
        assert watcher.offsets[s] == sorted(watcher.offsets[s]), f"the saved cursor of {s} went back"
        folded = logged_offsets(sb, s)
        assert folded == sorted(folded), f"calls of {s} folded out of order: {folded}"
        state = SessionModel.from_bytes(sb.runs.state_path(s).read_bytes())
        assert state.offset == len(data[s]) and state.session_id == s
        check_archives(sb, s, data[s], precompacts=1)
    check_summaries(sb, {s: expected_units(tmp_path / f"seq-{s}", s, data[s]) for s in sessions})
    lines = sb.runs.compactions.read_bytes().splitlines()
    assert len(lines) == len(sessions) and all(json.loads(line) for line in lines), "torn history lines"
    assert "Traceback" not in sb.logs()
