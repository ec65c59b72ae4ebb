"""The items the block and the restore note show: one per fact, in display order, each with
the family and key each item carries (preserve.item); framing lines are not items."""

from __future__ import annotations

import os
from pathlib import Path

from context_keeper.preserve import Section, pack, render_block, render_restore
from context_keeper.session import CommandRun, ErrorEvent, FileChange, Note, SessionModel
from context_keeper.preserve.item import Item, by_family
from preserve_support import busy_model, section, summary

ROOT = Path("/home/dev/project")
DIFF = " src/a.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)"
LONG_REQUEST = "Please make the parser recover after unbalanced parentheses " * 8
BLOCK_SECTION_FAMILY = {
    "tasks": "task", "errors": "error", "files": "file", "tests": "test", "decisions": "decision",
    "prompts": "prompt", "diff": "diff", "summaries": "summary", "completed": "completed", "resolved": "resolved",
}


def every_family_model() -> SessionModel:
    model = SessionModel(session_id="s-2", turns=40)
    model.tasks.ensure("1", 1, "Fix tax rounding")
    model.tasks.set_fields("1", 1, description="Fix tax rounding. Keep the existing behaviour covered by tests.")
    model.tasks.ensure("2", 2, "Add parser")
    model.tasks.set_status("2", "in_progress", 3)
    model.tasks.ensure("3", 2, "Write tokenizer")
    model.tasks.set_status("3", "completed", 4)
    model.errors += [
        ErrorEvent("Bash", "pytest -q tests/test_tok.py", ("E   NameError: name 'x' is not defined",), 3, 1, resolved_turn=4, resolved_by="ok"),
        ErrorEvent("Bash", "pytest -q tests/test_parser.py", ("E   assert parse('(1') == []",), 5, 1),
        ErrorEvent("Bash", "make lint", (), 6, 2),
        ErrorEvent("Edit", "/home/dev/project/src/a.py", ("String to replace not found in file.",), 7),
        ErrorEvent("Write", "/home/dev/project/src/b.py", (), 8),
    ]
    for i in range(20):  # more than the block's 15 full lines: the rest are grouped by directory
        path = f"/home/dev/project/pkg/module_{i}.py"
        model.files[path] = FileChange(path, "Edit", i, i)
    model.tests["pytest -q"] = CommandRun("pytest -q", 9, False, 1, ("E assert 1 == 2",), True)
    model.tests["ruff check"] = CommandRun("ruff check", 10, True, 0, (), True)
    model.decisions.append(Note(11, "We parse with recursive descent because it recovers easily."))
    model.prompts.append(Note(12, LONG_REQUEST))
    return model


def keys(items: tuple[Item, ...], family: str) -> list[str]:
    return [i.key for i in items if i.family == family]


def test_block_items_family_and_key_per_section() -> None:
    rendered = render_block(every_family_model(), trigger="auto", max_chars=10_000, repo_root=ROOT,
                            summaries=[summary("7", 1, 2)], diff_stat=DIFF, archive_path="/a/x.jsonl")
    items = rendered.items
    families = list(dict.fromkeys(i.family for i in items))
    assert families == ["task", "error", "file", "test", "decision", "prompt", "diff", "summary", "completed", "resolved"]
    assert keys(items, "task") == ["Add parser", "Fix tax rounding"]  # in progress first, as shown
    assert keys(items, "error") == [  # newest first
        "src/b.py",  # no output: the file
        "String to replace not found in file.",  # the message line
        "make lint",  # no output: the command
        "E   assert parse('(1') == []",
    ]
    assert keys(items, "file") == [f"pkg/module_{i}.py" for i in range(19, -1, -1)]  # one per path, grouped or not
    assert keys(items, "test") == ["ruff check", "pytest -q"]
    assert keys(items, "decision") == ["We parse with recursive descent because it recovers easily."]
    (prompt,) = [i for i in items if i.family == "prompt"]
    assert prompt.key == prompt.text and prompt.key.endswith("…") and len(prompt.key) == 300  # as printed: clipped
    assert keys(items, "diff") == ["1 file changed, 1 insertion(+), 1 deletion(-)", "src/a.py"]
    assert keys(items, "summary") == ["Subject 7"]
    assert keys(items, "completed") == ["Write tokenizer"]
    assert keys(items, "resolved") == ["E   NameError: name 'x' is not defined"]
    # Every item is shown by the text; the header, rules and archive line are not items.
    assert len(items) == sum(rendered.shown.values())
    for item in items:
        if item.family == "file":
            assert item.text == item.key and os.path.basename(item.key) in rendered.text
        else:
            assert item.text in rendered.text and item.key in item.text
    assert "- pkg/: module_4.py, module_3.py, module_2.py, module_1.py, module_0.py" in rendered.text
    assert not any("RULES" in i.text or "archived at" in i.text or "[context-keeper]" in i.text for i in items)


def test_items_are_exactly_what_a_tight_block_shows() -> None:
    model = busy_model(tasks=20, files=200, errors=15, decisions=20, tests=8)
    for max_chars in (600, 2_000, 5_000):
        rendered = render_block(model, trigger="auto", max_chars=max_chars, repo_root=ROOT)
        shown = {BLOCK_SECTION_FAMILY[k]: n for k, n in rendered.shown.items() if n}
        assert by_family(rendered.items) == shown
        # the first n of each family, whole
        tasks = [i.text for i in rendered.items if i.family == "task"]
        assert section(rendered.text, "ACTIVE TASKS").splitlines()[1:] == [f"- {t}" for t in tasks]


def test_item_texts_and_keys_are_redacted() -> None:
    model = SessionModel()
    secret = "sk-ant-api03-" + "B" * 40
    model.decisions.append(Note(1, f"We decided to use the key {secret} because it works."))
    model.tests["API_TOKEN=hunter2hunter2 pytest -q"] = CommandRun("API_TOKEN=hunter2hunter2 pytest -q", 1, True, 0, (), True)
    for rendered in (render_block(model, trigger="auto", max_chars=10_000), render_restore(model, max_chars=9_500)):
        assert {i.family for i in rendered.items} == {"decision", "test"}
        for item in rendered.items:
            assert secret not in item.text + item.key and "hunter2hunter2" not in item.text + item.key
            assert "[REDACTED]" in item.key


def test_note_items_family_and_key_per_section() -> None:
    rendered = render_restore(every_family_model(), max_chars=9_500, repo_root=ROOT, trigger="auto",
                              archive_path="/a/x.jsonl", summaries=[summary("7", 1, 2)], summaries_dir="/s", summary_count=1)
    families = list(dict.fromkeys(i.family for i in rendered.items))
    assert families == ["task", "error", "prompt", "file", "test", "decision", "summary", "completed", "resolved"]
    assert keys(rendered.items, "task") == ["Add parser", "Fix tax rounding"]
    assert keys(rendered.items, "file") == [f"pkg/module_{i}.py" for i in range(19, -1, -1)]
    assert keys(rendered.items, "summary") == ["Subject 7"]
    assert keys(rendered.items, "completed") == ["Write tokenizer"]
    assert keys(rendered.items, "resolved") == ["E   NameError: name 'x' is not defined"]
    assert len(rendered.items) == sum(rendered.shown.values())
    assert not any("/a/x.jsonl" in i.text or "restored state" in i.text for i in rendered.items)  # where, header


def test_pack_reports_the_facts_it_shows_in_display_order() -> None:
    facts = tuple(Item("file", f"f{i}.py", f"f{i}.py") for i in range(4))
    # Packed in the order 3, 1, 0, 2; shown in display order.
    files = Section("files", "files", "FILES:", tuple(f.text for f in facts), facts=facts, order=(3, 1, 0, 2))
    rendered = pack([files], [("files", 2)], 10_000)
    assert rendered.text == "FILES:\n- f1.py\n- f3.py\n\n[context-keeper] Left out for space: 2 files."
    assert rendered.items == (facts[1], facts[3]) and rendered.left_out == {"files": 2}
    everything = pack([files], [("files", 2), "files"], 10_000)
    assert everything.items == facts and everything.text == "FILES:\n- f0.py\n- f1.py\n- f2.py\n- f3.py"
    # A budget for two lines: the two packed first, not the first two listed.
    assert pack([files], ["files"], len("FILES:\n- f1.py\n- f3.py")).items == (facts[1], facts[3])


# -- a run's several failures -----------------------------------------------------------


def runs_model() -> SessionModel:
    """Three unresolved runs, the newest with three failures and 393 more; a fixed run with two."""
    model = SessionModel(session_id="s-3", turns=20)
    model.errors += [
        ErrorEvent("Bash", "npx tsc -p .", ("src/a.ts(3,1): error TS2304: Cannot find name 'x'.", "src/b.ts(9,5): error TS2322: Type 'string' is not assignable to type 'number'."), 2, 2),
        ErrorEvent("Bash", "ruff check .", ("src/c.py:1:8: F401 [*] `os` imported but unused",), 3, 1),
        ErrorEvent("Bash", "cargo test", ("tests::a: assertion failed: x", "tests::b: assertion failed: y"), 4, 101, resolved_turn=6, resolved_by="ok"),
        ErrorEvent("Bash", "python -m pytest -q tests/test_bulk.py",
                   ("tests/test_bulk.py::test_square[1]: AssertionError: square of 1", "tests/test_bulk.py::test_square[2]: AssertionError: square of 2",
                    "tests/test_bulk.py::test_square[3]: AssertionError: square of 3"), 5, 1, more=393),
    ]
    model.tests["python -m pytest -q tests/test_bulk.py"] = CommandRun(
        "python -m pytest -q tests/test_bulk.py", 5, False, 1, model.errors[-1].messages, True, more=393)
    return model


def test_every_failure_of_a_run_is_an_item_keyed_by_its_message_and_shown_under_its_command() -> None:
    model = runs_model()
    bulk = model.errors[-1].messages
    for rendered in (render_block(model, trigger="auto", max_chars=10_000), render_restore(model, max_chars=9_500)):
        errors = [i for i in rendered.items if i.family == "error"]
        assert [i.key for i in errors] == [*bulk, model.errors[1].messages[0], *model.errors[0].messages]
        head = "`python -m pytest -q tests/test_bulk.py` → exit 1 (+393 more failures)"
        assert [i.text for i in errors[:3]] == [f"{head}: {m}" for m in bulk]  # each whole on its own (the refill)
        assert errors[3].text == "`ruff check .` → exit 1: src/c.py:1:8: F401 [*] `os` imported but unused"
        # Printed: the command once, its messages under it; a run with one message on one line.
        assert f"- {head}:\n" + "".join(f"  - {m}\n" for m in bulk) + f"- {errors[3].text}\n- `npx tsc -p .` → exit 2:\n" in rendered.text
        resolved = [i for i in rendered.items if i.family == "resolved"]
        assert [(i.text, i.key) for i in resolved] == [(f"`cargo test`: {m}", m) for m in model.errors[2].messages]
        assert "- `cargo test`:\n  - tests::a: assertion failed: x\n  - tests::b: assertion failed: y" in rendered.text
        (test,) = [i for i in rendered.items if i.family == "test"]
        assert test.text == f"`python -m pytest -q tests/test_bulk.py` → FAILED (exit 1): {bulk[0]} (+395 more failures)"


def test_a_tight_budget_shows_the_newest_run_whole_then_every_other_run_first() -> None:
    model = runs_model()
    model.errors.insert(0, ErrorEvent("Bash", "go vet ./...", ("a.go:1: x", "a.go:2: y"), 1, 1))
    full = [i for i in render_block(model, trigger="auto", max_chars=10_000).items if i.family == "error"]
    # Shown: pytest's 3, ruff, tsc's 2, go vet's 2. Packed: the newest run whole, then each older
    # run's first message, then their second ones.
    assert [i.key for i in full] == [*model.errors[-1].messages, model.errors[2].messages[0], *model.errors[1].messages, "a.go:1: x", "a.go:2: y"]
    order = [0, 1, 2, 3, 4, 6, 5, 7]
    seen = set()
    for max_chars in range(300, 3_000, 10):
        shown = [i for i in render_block(model, trigger="auto", max_chars=max_chars).items if i.family == "error"]
        assert shown == [full[i] for i in sorted(order[: len(shown)])], max_chars
        seen.add(len(shown))
    assert {6, 7, 8} <= seen


def test_a_decision_restated_is_one_item_in_its_newest_words() -> None:
    # States folded by older versions may hold restatements: the items still list each once.
    model = SessionModel(turns=9)
    model.decisions += [
        Note(1, "We chose keyset pagination because offsets skip rows."),
        Note(2, "We'll store amounts as integer cents instead of floats."),
        Note(3, "**We chose keyset pagination, because offsets skip rows.**"),
        Note(4, "We'll store refunds as integer cents instead of floats."),  # another decision: another noun
    ]
    for rendered in (render_block(model, trigger="auto", max_chars=10_000), render_restore(model, max_chars=9_500)):
        assert keys(rendered.items, "decision") == [
            "We'll store refunds as integer cents instead of floats.",
            "**We chose keyset pagination, because offsets skip rows.**",
            "We'll store amounts as integer cents instead of floats.",
        ]


def test_a_failed_test_line_reminds_of_its_first_message_which_the_errors_show_whole() -> None:
    model = SessionModel(turns=3)
    long = "tests/test_report.py::test_totals: AssertionError: " + "totals differ for every region " * 8
    model.errors.append(ErrorEvent("Bash", "pytest -q tests/test_report.py", (long,), 2, 1))
    model.tests["pytest -q tests/test_report.py"] = CommandRun("pytest -q tests/test_report.py", 2, False, 1, (long,), True)
    rendered = render_block(model, trigger="auto", max_chars=10_000)
    (test,) = [i for i in rendered.items if i.family == "test"]
    assert test.text == f"`pytest -q tests/test_report.py` → FAILED (exit 1): {long[:99]}…"
    assert keys(rendered.items, "error") == [long.strip()]


def test_a_message_after_a_test_named_like_a_secret_is_shown_whole_and_secrets_are_not() -> None:
    model = SessionModel(turns=4)
    go = "TestAuthBuild: types_test.go:40: expected cursor 434, got 579"
    secret = "sk-ant-api03-" + "C" * 40
    model.errors += [
        ErrorEvent("Bash", "go test ./cli/internal/auth/...", (go,), 1, 1),
        ErrorEvent("Bash", "TOKEN=hunter2hunter2 ./deploy.sh", (f"deploy: push rejected for {secret}",), 2, 1),
    ]
    model.tests["go test ./cli/internal/auth/..."] = CommandRun("go test ./cli/internal/auth/...", 1, False, 1, (go,), True)
    for rendered in (render_block(model, trigger="auto", max_chars=10_000), render_restore(model, max_chars=9_500)):
        errors = [i for i in rendered.items if i.family == "error"]
        assert errors[1].text == f"`go test ./cli/internal/auth/...` → exit 1: {go}" and errors[1].key == go
        assert errors[0].text == "`TOKEN=[REDACTED] ./deploy.sh` → exit 1: deploy: push rejected for sk-ant-[REDACTED]"
        (test,) = [i for i in rendered.items if i.family == "test"]
        assert test.text == f"`go test ./cli/internal/auth/...` → FAILED (exit 1): {go}"
        assert secret not in rendered.text and "hunter2hunter2" not in rendered.text


def test_a_section_whose_builder_fails_is_left_out_and_the_others_shown() -> None:
    from context_keeper.preserve.items import Source, task_items
    from context_keeper.preserve.packing import pack
    from context_keeper.preserve.specs import SectionSpec, build

    def broken(src: Source, cap: int | None) -> tuple:
        raise AttributeError("'NoneType' object has no attribute 'messages'")

    model = SessionModel(turns=2)
    model.tasks.apply_call("TaskCreate", {"subject": "Ship it", "description": "d"}, "Task #1 created successfully: Ship it", {"task": {"id": "1", "subject": "Ship it"}}, False, 1)
    specs = [SectionSpec("tasks", "active tasks", "TASKS:", task_items), SectionSpec("errors", "unresolved errors", "ERRORS:", broken)]
    sections = build(specs, Source(model), {})
    text = pack(sections, [s.key for s in sections], 2_000).text
    assert "TASKS:\n- #1 [pending] Ship it — d" in text
    assert "(unresolved errors: not shown, context-keeper failed on them: AttributeError)" in text
