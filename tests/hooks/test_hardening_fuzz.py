"""Fuzzing the reader, the session model and the rendering with random records and orderings.

Records are drawn from small pools of ids so that tool_use/tool_result pairs arrive out of
order, results come without calls, ids repeat, compaction boundaries fall anywhere and task
ids come in every JSON type. The transcript is appended to in random slices with the model
saved and resumed between them, as the hooks do. Invariants: nothing raises, turn numbers
never go down, every task status is one of the allowed ones, a resumed model equals the
one-pass model, and the preservation block and the restore note stay within their caps.
"""

from __future__ import annotations

import json
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from context_keeper.cold.summaries import build_summary, cold_units
from context_keeper.preserve import render_block, render_restore
from context_keeper.session import SessionModel, build_model, load_or_build
from context_keeper.transcript.reader import read_records

# Spelled out, not imported: the set Claude Code's TaskUpdate accepts (measured: docs/how-it-works.md).
STATUSES = ("pending", "in_progress", "completed", "deleted")
SETTINGS = settings(
    max_examples=120,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)

WORDS = ["fix", "the", "parser", "tests", "src/app.py", "README.md", "because", "we decided", "pytest -q",
         "Task #1", "instead of", "error", "Add login", "deploy", "sk-ant-api03-" + "a" * 30, "\u00e9t\u00e9",
         "\n", "Exit code 1", "FAILED tests/test_x.py::t - AssertionError", "<command-name>", "/compact"]
TOOL_IDS = [f"toolu_{i}" for i in range(6)]
MESSAGE_IDS = [f"msg_{i}" for i in range(8)] + [None]
ANY_ID = st.one_of(
    st.sampled_from(["1", "2", "3", "", " ", "todo-1", "../x", "a" * 300]),
    st.integers(-3, 5),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.sampled_from(["id", "x"]), st.integers(0, 3), max_size=2),
)
STATUS = st.one_of(st.sampled_from([*STATUSES, "done", "", "COMPLETED", "in-progress"]), st.integers(0, 2), st.none())
TEXT = st.lists(st.sampled_from(WORDS), max_size=12).map(" ".join)
JSONISH = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2, 2**40), st.floats(allow_nan=False), TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["a", "id", "status"]), inner, max_size=3)),
    max_leaves=6,
)


def usage() -> st.SearchStrategy[Any]:
    number = st.one_of(st.integers(-5, 2_000_000), st.none(), st.floats(allow_nan=False), st.text(max_size=3))
    return st.one_of(
        st.none(),
        st.fixed_dictionaries({"input_tokens": number, "cache_read_input_tokens": number, "output_tokens": number}),
        JSONISH,
    )


@st.composite
def tool_input(draw: st.DrawFn, name: str) -> Any:
    if name == "Bash":
        return {"command": draw(st.one_of(TEXT, st.sampled_from(["pytest -q", "npm test", "make check"]), JSONISH))}
    if name in ("Write", "Edit", "MultiEdit"):
        return {"file_path": draw(st.one_of(st.sampled_from(["/p/src/app.py", "/p/README.md", "rel.txt", ""]), JSONISH))}
    if name == "NotebookEdit":
        return {"notebook_path": draw(st.one_of(st.just("/p/n.ipynb"), JSONISH))}
    if name == "TaskCreate":
        return {"subject": draw(st.one_of(TEXT, JSONISH)), "description": draw(st.one_of(TEXT, JSONISH))}
    if name in ("TaskUpdate", "TaskGet"):
        return {"taskId": draw(ANY_ID), "status": draw(STATUS), "subject": draw(st.one_of(st.none(), TEXT))}
    if name == "TodoWrite":
        todo = st.fixed_dictionaries({"content": st.one_of(TEXT, JSONISH), "status": STATUS})
        return {"todos": draw(st.one_of(st.lists(st.one_of(todo, JSONISH), max_size=4), JSONISH))}
    return draw(st.one_of(JSONISH, st.just({"file_path": "/p/x.py", "pattern": "foo"})))


@st.composite
def tool_result_payload(draw: st.DrawFn) -> Any:
    task = st.fixed_dictionaries({"id": ANY_ID, "subject": st.one_of(TEXT, JSONISH), "status": STATUS})
    return draw(st.one_of(
        st.none(),
        st.fixed_dictionaries({"task": task}),
        st.fixed_dictionaries({"success": st.one_of(st.booleans(), JSONISH), "taskId": ANY_ID,
                               "statusChange": st.one_of(st.fixed_dictionaries({"from": STATUS, "to": STATUS}), JSONISH)}),
        st.fixed_dictionaries({"tasks": st.one_of(st.lists(st.one_of(task, JSONISH), max_size=3), JSONISH)}),
        st.fixed_dictionaries({"newTodos": st.one_of(st.lists(st.fixed_dictionaries({"content": TEXT, "status": STATUS}),
                                                              max_size=3), JSONISH)}),
        JSONISH,
    ))


@st.composite
def record(draw: st.DrawFn) -> bytes:
    kind = draw(st.sampled_from(["prompt", "text", "tool_use", "tool_result", "boundary", "summary", "noise", "garbage",
                                 "sidechain"]))
    common = {"uuid": draw(st.sampled_from(["u1", "u2", "u3", None])), "timestamp": draw(
        st.sampled_from(["2026-01-01T00:00:00.000Z", "2026-01-02T00:00:00.000Z", None, 5])),
        "sessionId": draw(st.sampled_from(["s", None, 3])), "cwd": draw(st.sampled_from(["/p", None, []]))}
    if kind == "prompt":
        content = draw(st.one_of(TEXT, st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": TEXT}), max_size=2),
                                 JSONISH))
        obj = {"type": "user", "message": {"role": "user", "content": content}}
    elif kind in ("text", "tool_use"):
        if kind == "text":
            block: Any = {"type": "text", "text": draw(st.one_of(TEXT, JSONISH))}
        else:
            name = draw(st.sampled_from(["Bash", "Write", "Edit", "MultiEdit", "NotebookEdit", "TaskCreate", "TaskUpdate",
                                         "TaskList", "TaskGet", "TodoWrite", "Read", "Grep", "Weird"]))
            block = {"type": "tool_use", "id": draw(st.one_of(st.sampled_from(TOOL_IDS), JSONISH)), "name": name,
                     "input": draw(tool_input(name))}
        obj = {"type": "assistant", "message": {
            "id": draw(st.sampled_from(MESSAGE_IDS)), "role": "assistant",
            "model": draw(st.sampled_from(["claude-opus-5-5", "claude-sonnet-4-5", "<synthetic>", None, 7])),
            "content": draw(st.one_of(st.just([block]), st.just(block), JSONISH)), "usage": draw(usage())}}
    elif kind == "tool_result":
        block = {"type": "tool_result", "tool_use_id": draw(st.one_of(st.sampled_from(TOOL_IDS), JSONISH)),
                 "content": draw(st.one_of(TEXT, st.just("Exit code 2\nerror: boom"),
                                           st.just("Task #1 created successfully: Add login"), JSONISH)),
                 "is_error": draw(st.one_of(st.booleans(), JSONISH))}
        obj = {"type": "user", "message": {"role": "user", "content": [block]}, "toolUseResult": draw(tool_result_payload())}
    elif kind == "boundary":
        obj = {"type": "system", "subtype": "compact_boundary", "logicalParentUuid": draw(st.sampled_from(["u1", None])),
               "compactMetadata": draw(st.one_of(st.fixed_dictionaries({
                   "trigger": st.sampled_from(["manual", "auto", None, 1]),
                   "preTokens": st.one_of(st.integers(-1, 10**6), st.none(), st.text(max_size=2)),
                   "postTokens": st.one_of(st.integers(-1, 10**5), st.none(), st.booleans())}), JSONISH))}
    elif kind == "summary":
        obj = {"type": "user", "isCompactSummary": True, "message": {"role": "user", "content": draw(TEXT)}}
    elif kind == "noise":
        obj = {"type": draw(st.sampled_from(["attachment", "summary", "queue-operation", "system", "x"])), "data": draw(JSONISH)}
    elif kind == "sidechain":
        obj = {"type": "assistant", "isSidechain": True, "isMeta": draw(st.booleans()),
               "message": {"id": "side", "content": [{"type": "text", "text": draw(TEXT)}]}}
    else:
        return draw(st.sampled_from([b"{", b"not json", b"[1]", b"\xff\xfe", b"", b"{" * 2000 + b"}" * 2000, b"null"]))
    obj.update({k: v for k, v in common.items() if v is not None})
    return json.dumps(obj).encode()


@st.composite
def call_and_result(draw: st.DrawFn) -> list[bytes]:
    """A tool call and its result sharing one id: in order, reversed, or the result twice."""
    name = draw(st.sampled_from(["Bash", "Write", "Edit", "TaskCreate", "TaskUpdate", "TaskList", "TaskGet", "TodoWrite"]))
    tool_id = draw(st.sampled_from(TOOL_IDS))
    use = {"type": "assistant", "message": {"id": draw(st.sampled_from(MESSAGE_IDS)), "role": "assistant",
           "model": "claude-opus-5-5", "content": [{"type": "tool_use", "id": tool_id, "name": name,
                                                    "input": draw(tool_input(name))}], "usage": draw(usage())}}
    content = draw(st.one_of(TEXT, st.just("Exit code 2\nerror: boom"), st.just("Task #1 created successfully: x"),
                             st.just("Updated task #2 status"), st.just("#1 [completed] Add login\n#2 [pending] deploy")))
    result = {"type": "user", "message": {"role": "user", "content": [
        {"type": "tool_result", "tool_use_id": tool_id, "content": content, "is_error": draw(st.booleans())}]},
        "toolUseResult": draw(tool_result_payload())}
    lines = [json.dumps(use).encode(), json.dumps(result).encode()]
    order = draw(st.sampled_from(["in order", "reversed", "result twice", "no result"]))
    if order == "reversed":
        return lines[::-1]
    if order == "result twice":
        return lines + [lines[1]]
    return lines[:1] if order == "no result" else lines


TRANSCRIPT = st.lists(st.one_of(record().map(lambda line: [line]), call_and_result()), min_size=1, max_size=30).map(
    lambda groups: [line for group in groups for line in group]
)


def check_model(model: SessionModel) -> None:
    for task_id, task in model.tasks.tasks.items():
        assert isinstance(task_id, str) and task.id == task_id
        assert task.status in STATUSES, task
        assert all(change.status in STATUSES for change in task.history)
        assert task.history and task.history[-1].status == task.status
    turns = [c.turn for c in model.compactions]
    assert turns == sorted(turns) and all(0 <= t <= model.turns for t in turns)
    assert [e.n for e in model.episodes] == sorted({e.n for e in model.episodes})
    for episode in model.episodes:
        assert 1 <= episode.start_turn <= model.turns + 1 and episode.end_turn <= model.turns + 1
    assert all(0 <= c.turn <= model.turns for c in model.commands)


def render_all(model: SessionModel, tmp: Path) -> None:
    units = cold_units(model, 2)
    summaries = []
    from context_keeper.cold.summaries import ColdSummary

    for unit in units:
        data = build_summary(unit, model.facts.get(unit.key), "s", tmp / "t.jsonl", datetime(2026, 1, 1, tzinfo=timezone.utc))
        json.dumps(data, allow_nan=False)
        summaries.append(ColdSummary.from_dict(json.loads(json.dumps(data))))
    for cap in (10_000, 3_000, 600):
        block = render_block(model, trigger="auto", max_chars=cap, repo_root=Path("/p"), summaries=summaries,
                             diff_stat=" src/app.py | 2 +-\n 1 file changed", archive_path=tmp / "a.jsonl")
        assert len(block.text) <= cap, (cap, len(block.text))
    for cap in (4_000, 1_000):
        note = render_restore(model, max_chars=cap, repo_root=Path("/p"), trigger="auto", archive_path=tmp / "a.jsonl",
                              summaries_dir=tmp, summary_count=len(summaries), preserved_path=tmp / "p.txt")
        assert len(note.text) <= cap, (cap, len(note.text))


@SETTINGS
@given(lines=TRANSCRIPT, cuts=st.lists(st.integers(0, 40), max_size=6))
def test_resumed_folding_keeps_the_invariants(tmp_path_factory: Any, lines: list[bytes], cuts: list[int]) -> None:
    tmp = tmp_path_factory.mktemp("fuzz")
    path = tmp / "t.jsonl"
    path.write_bytes(b"")
    saved: bytes | None = None
    last_turns = 0
    bounds = sorted({min(c, len(lines)) for c in cuts} | {len(lines)})
    start = 0
    for end in bounds:
        with open(path, "ab") as handle:
            handle.write(b"".join(line + b"\n" for line in lines[start:end]))
        start = end
        model = load_or_build(path, saved)
        assert model.turns >= last_turns, "turn numbers went down"
        assert model.offset == path.stat().st_size
        last_turns = model.turns
        check_model(model)
        saved = model.to_bytes()
    one_pass = build_model(path)
    assert one_pass.to_bytes() == SessionModel.from_bytes(saved).to_bytes(), "resuming changed the model"
    render_all(one_pass, tmp)


@SETTINGS
@given(lines=TRANSCRIPT, tail=st.binary(max_size=200))
def test_reader_counts_every_line_and_never_passes_a_partial_one(tmp_path_factory: Any, lines: list[bytes],
                                                               tail: bytes) -> None:
    tmp = tmp_path_factory.mktemp("reader")
    path = tmp / "t.jsonl"
    body = b"".join(line + b"\n" for line in lines)
    tail = tail.replace(b"\n", b"")
    path.write_bytes(body + tail)
    records, offset, stats = read_records(path)
    assert offset == len(body)
    assert stats.lines == len(lines)
    assert stats.lines == stats.records + stats.blank + stats.malformed + stats.non_object + stats.skipped_type
    assert stats.partial_tail == bool(tail)
    assert len(records) == stats.records


def test_statuses_outside_the_allowed_set_are_ignored(tmp_path: Path) -> None:
    # The fuzzer's status invariant, made certain for each odd value at least once.
    from hardening_support import Script

    s = Script()
    s.call("TaskCreate", {"subject": "A"}, "Task #1 created successfully: A", tool_use_result={"task": {"id": "1"}})
    odd = ["done", "", "COMPLETED", "in-progress", 3, None, ["completed"], {"to": "completed"}]
    for status in odd:
        s.call("TaskUpdate", {"taskId": "1", "status": status}, "Updated task #1 status",
               tool_use_result={"success": True, "taskId": "1", "statusChange": {"from": "pending", "to": status}})
        s.call("TaskList", {}, "#1 [finished] A", tool_use_result={"tasks": [{"id": "1", "status": status}]})
    s.call("TodoWrite", {"todos": [{"content": "B", "status": status} for status in odd]}, "ok",
           tool_use_result={"newTodos": [{"content": f"B{i}", "status": status} for i, status in enumerate(odd)]})
    path = tmp_path / "t.jsonl"
    path.write_bytes(s.data())
    model = build_model(path)
    assert model.tasks.tasks["1"].status == "pending"
    check_model(model)
