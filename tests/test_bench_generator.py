"""Quick checks of the benchmark data: the transcript generator, its truth files, the scorer."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
sys.path.insert(0, str(BENCH))

import gen_transcript as gen  # noqa: E402
import score as sc  # noqa: E402

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def _fixture_kinds() -> set[str]:
    kinds = set()
    for path in FIXTURES.glob("*.jsonl"):
        kinds |= {gen._kind_of(r).split(":")[0] for r in _records(path)}
    return kinds


@pytest.fixture(scope="module")
def sessions(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[list[dict[str, Any]], dict[str, Any], int]]:
    out = tmp_path_factory.mktemp("bench")
    specs = [
        gen.SessionSpec("tasks", 600_000, seed=3),
        gen.SessionSpec("compact", 900_000, seed=4, compactions=2, episodes=6),
        gen.SessionSpec("todo", 300_000, seed=5, task_mode="todowrite"),
        gen.SessionSpec("none", 250_000, seed=6, task_mode="none"),
    ]
    result = {}
    for spec in specs:
        jsonl, truth = gen.generate(spec, out)
        result[spec.name] = (_records(jsonl), json.loads(truth.read_text()), jsonl.stat().st_size)
    return result


def test_lines_are_json_with_fixture_record_types(sessions) -> None:
    allowed = _fixture_kinds()
    for records, _, _ in sessions.values():
        kinds = {gen._kind_of(r).split(":")[0] for r in records}
        assert kinds <= allowed
        assert {"user", "assistant", "attachment", "api-request-blob", "api-request", "system"} <= kinds


def test_parent_chain_is_consistent(sessions) -> None:
    for name, (records, truth, _) in sessions.items():
        seen: set[str] = set()
        roots = 0
        for r in records:
            if "uuid" not in r:
                continue
            assert r["uuid"] not in seen
            if r["parentUuid"] is None:
                roots += 1
                assert not seen or r.get("subtype") == "compact_boundary", name
            else:
                assert r["parentUuid"] in seen, name
            seen.add(r["uuid"])
            assert r["sessionId"] == truth["session_id"]
        assert roots == 1 + truth["compactions"]


def test_messages_and_usage_look_real(sessions) -> None:
    records, _, _ = sessions["tasks"]
    by_msg: dict[str, list[dict[str, Any]]] = {}
    contexts = []
    for r in records:
        if r["type"] == "assistant":
            by_msg.setdefault(r["message"]["id"], []).append(r)
    assert any(len(v) > 1 for v in by_msg.values())  # several blocks share one message.id
    for blocks in by_msg.values():
        assert [b["apiBlockIndex"] for b in blocks] == list(range(len(blocks)))
        assert len({b["requestId"] for b in blocks}) == 1
        u = blocks[0]["message"]["usage"]
        contexts.append(u["input_tokens"] + u["cache_creation_input_tokens"] + u["cache_read_input_tokens"] + u["output_tokens"])
    assert contexts[-1] > contexts[0] * 3  # climbing


def test_compaction_records(sessions) -> None:
    records, truth, _ = sessions["compact"]
    uuids = {r["uuid"]: i for i, r in enumerate(records) if "uuid" in r}
    boundaries = [i for i, r in enumerate(records) if r.get("subtype") == "compact_boundary"]
    assert len(boundaries) == truth["compactions"] == 2
    for i in boundaries:
        seg = records[i]["compactMetadata"]["preservedSegment"]
        assert uuids[seg["headUuid"]] < i and uuids[seg["tailUuid"]] < i  # preserved records stay before
        summary = records[uuids[seg["anchorUuid"]]]
        assert summary["isCompactSummary"] and uuids[seg["anchorUuid"]] > i



@pytest.mark.parametrize("name", ["tasks", "compact", "todo", "none"])
def test_size_hits_target(sessions, name: str) -> None:
    _, truth, size = sessions[name]
    assert size == truth["bytes"]
    assert abs(size - truth["target_bytes"]) <= 0.02 * truth["target_bytes"]


def test_deterministic_per_seed(tmp_path: Path) -> None:
    spec = gen.SessionSpec("det", 200_000, seed=9)
    a = gen.generate(spec, tmp_path / "a")
    b = gen.generate(spec, tmp_path / "b")
    c = gen.generate(gen.SessionSpec("det", 200_000, seed=10), tmp_path / "c")
    assert a[0].read_bytes() == b[0].read_bytes() and a[1].read_bytes() == b[1].read_bytes()
    assert a[0].read_bytes() != c[0].read_bytes()


def _tool_calls(records: list[dict[str, Any]]) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, Any]]]:
    uses, results = {}, {}
    for r in records:
        content = r.get("message", {}).get("content") if r["type"] in ("user", "assistant") else None
        for block in content if isinstance(content, list) else ():
            if block.get("type") == "tool_use":
                uses[block["id"]] = block
            elif block.get("type") == "tool_result":
                results[block["tool_use_id"]] = block
    return uses, results


def test_truth_consistent_with_records(sessions) -> None:
    for name, (records, truth, _) in sessions.items():
        uses, results = _tool_calls(records)
        written = [u["input"]["file_path"] for i, u in uses.items()
                   if u["name"] in ("Write", "Edit", "MultiEdit") and not results[i].get("is_error")]
        assert truth["files_modified"], name
        assert set(truth["files_modified"]) == set(written), name
        # order of last modification
        last = {p: k for k, p in enumerate(written)}
        assert truth["files_modified"] == sorted(last, key=last.get)
        failed_cmds = {u["input"]["command"]: results[i]["content"] for i, u in uses.items()
                       if u["name"] == "Bash" and results[i].get("is_error")}
        for err in truth["unresolved_errors"]:
            assert err["command"] in failed_cmds, name
            out = failed_cmds[err["command"]]
            assert err["error_line"] in out and out.startswith(f"Exit code {err['exit_code']}\n")
            # the useful line comes after the progress lines, never first
            assert out.splitlines()[1] != err["error_line"] or "pytest" not in err["command"]
        ok_after = {}
        for i, u in uses.items():
            if u["name"] == "Bash":
                ok_after[u["input"]["command"]] = not results[i].get("is_error")
        for err in truth["unresolved_errors"]:
            assert ok_after[err["command"]] is False
        for err in truth["resolved_errors"]:
            if err["tool"] == "Bash":
                assert ok_after[err["command"]] is True
        for t in truth["test_commands"]:
            assert ok_after[t["command"]] == (t["result"] == "pass")
        texts = " ".join(b["text"] for r in records if r["type"] == "assistant"
                         for b in r["message"]["content"] if b["type"] == "text")
        assert all(d in texts for d in truth["decisions"])
        prompts = [r["message"]["content"] for r in records if r["type"] == "user"
                   and isinstance(r["message"]["content"], str) and r.get("promptSource")]
        assert truth["last_user_prompt"] == prompts[-1]


def test_task_truth(sessions) -> None:
    records, truth, _ = sessions["tasks"]
    uses, results = _tool_calls(records)
    created = {r["toolUseResult"]["task"]["id"]: r["toolUseResult"]["task"]["subject"] for r in records
               if r["type"] == "user" and isinstance(r.get("toolUseResult"), dict) and "task" in r["toolUseResult"]
               and "Task #" in str(r["message"]["content"])}
    status = {tid: "pending" for tid in created}
    for i, u in uses.items():
        if u["name"] == "TaskUpdate" and u["input"]["taskId"] in status and results[i]["content"] != "Task not found":
            status[u["input"]["taskId"]] = u["input"]["status"]
    active = {t["id"]: t["status"] for t in truth["active_tasks"]}
    assert active and active == {k: v for k, v in status.items() if v in ("pending", "in_progress")}
    assert {t["id"] for t in truth["completed_tasks"]} == {k for k, v in status.items() if v == "completed"}
    todo_records, todo_truth, _ = sessions["todo"]
    last = [r["toolUseResult"]["newTodos"] for r in todo_records if isinstance(r.get("toolUseResult"), dict)
            and "newTodos" in r["toolUseResult"]][-1]
    assert [t["subject"] for t in todo_truth["active_tasks"]] == [t["content"] for t in last if t["status"] != "completed"]
    _, none_truth, _ = sessions["none"]
    assert none_truth["active_tasks"] == [] and none_truth["completed_tasks"] == []


# -- scorer --------------------------------------------------------------------------

TRUTH = {
    "cwd": "/home/dev/project",
    "last_user_prompt": "Please fix the orders pagination and keep the tests green, including the cursor edge cases.",
    "active_tasks": [{"id": "4", "subject": "Fix orders cursor", "status": "in_progress"}],
    "completed_tasks": [{"id": "1", "subject": "Write tests", "status": "completed"}],
    "files_modified": ["/home/dev/project/app/orders.py", "/home/dev/project/web/src/List.tsx"],
    "unresolved_errors": [{"tool": "Bash", "command": "pytest tests/test_orders.py -q",
                           "error_line": "AssertionError: assert 1 == 2", "exit_code": 1}],
    "resolved_errors": [],
    "decisions": ["I decided to keep a keyset cursor rather than use OFFSET pagination, because offsets skip rows when new orders arrive."],
    "test_commands": [{"command": "pytest tests/test_orders.py -q", "result": "fail"}],
}
FULL = (
    "Tasks: [in_progress] Fix orders cursor; done: Write tests\n"
    "Files: app/orders.py, /home/dev/project/web/src/List.tsx\n"
    "Failing: pytest tests/test_orders.py -q -> AssertionError: assert 1 == 2\n"
    "Decision: I decided to keep a keyset cursor rather than use OFFSET pagination, because\n"
    "Last prompt: Please fix the orders pagination and keep the tests green, including the cursor edge cases.\n"
)


def test_score_full_recall() -> None:
    s = sc.score(TRUTH, FULL)
    assert s.overall == 1.0, s.to_json()
    assert s.chars == len(FULL.strip()) + 0


@pytest.mark.parametrize(("drop", "category"), [
    ("[in_progress] ", "active_tasks"),  # subject without its status
    ("Write tests", "completed_tasks"),
    ("app/orders.py, ", "files_modified"),
    ("AssertionError: assert 1 == 2", "unresolved_errors"),  # command alone is not enough
    ("I decided to keep a keyset", "decisions"),
    ("pytest tests/test_orders.py -q -> ", "test_commands"),
])
def test_missing_fact_drops_recall(drop: str, category: str) -> None:
    s = sc.score(TRUTH, FULL.replace(drop, ""))
    assert s.categories[category].found < s.categories[category].total
    assert s.overall < 1.0


def test_score_rules() -> None:
    assert not sc.has_path("see xapp/orders.pyc", "/home/dev/project/app/orders.py", "/home/dev/project")
    assert sc.has_path("edited app/orders.py.", "/home/dev/project/app/orders.py", "/home/dev/project")
    far = "Fix orders cursor" + " " * 300 + "in_progress"
    assert not sc.has_status_near(far, "Fix orders cursor", "in_progress")
    assert sc.has_status_near("Fix orders cursor (in progress)", "Fix orders cursor", "in_progress")
    # only the first 10,000 characters of PreCompact stdout count; the restore note counts too
    late = "x" * 10_000 + FULL
    assert sc.score(TRUTH, late).overall == 0.0
    assert sc.score(TRUTH, late, restore_note=FULL).overall == 1.0
