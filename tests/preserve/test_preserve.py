"""The preservation block and the restore note: content item by item, the cap, whole items."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from context_keeper.text import relative_path
from context_keeper.preserve import (
    Section,
    diff_items,
    pack,
    render_block,
    render_restore,
)
from context_keeper.session import CommandRun, ErrorEvent, FileChange, Note, SessionModel, build_model
from preserve_support import busy_model, section, summary

FIXTURES = Path(__file__).parents[1] / "fixtures"
ROOT = Path("/home/dev/project")
FIXTURE_NAMES = sorted(p.name for p in FIXTURES.glob("*.jsonl"))


def block_of(model: SessionModel, **kw: object) -> str:
    kw.setdefault("trigger", "auto")
    kw.setdefault("max_chars", 10_000)
    kw.setdefault("repo_root", ROOT)
    return render_block(model, **kw).text  # type: ignore[arg-type]


# -- the real transcripts -----------------------------------------------------------------------


@pytest.mark.parametrize("name", FIXTURE_NAMES)
def test_fixture_items_all_in_block(name: str) -> None:
    model = build_model(FIXTURES / name)
    text = block_of(model)
    assert len(text) <= 10_000
    assert text.startswith("[context-keeper] Session state recorded just before this auto compaction")
    assert f"session {model.session_id}" in text
    active = section(text, "ACTIVE TASKS")
    for task in model.tasks.open_tasks():
        assert f"[{task.status}] {task.subject}" in active
    completed = section(text, "COMPLETED TASKS")
    for task in model.tasks.tasks.values():
        if task.status == "completed":
            assert task.subject in completed
        if task.status == "deleted":
            assert task.subject not in text
    files = section(text, "FILES MODIFIED")
    for path in model.files:
        assert f"- {relative_path(path, ROOT)}\n" in files + "\n"
    errors = section(text, "UNRESOLVED ERRORS")
    for error in model.unresolved_errors():
        assert relative_path(error.target, ROOT) in errors and error.line in errors
    for command in model.tests:
        assert command in section(text, "TEST COMMANDS")
    for prompt in model.prompts:
        assert prompt.text in section(text, "USER'S RECENT REQUESTS")
    assert text.rstrip().endswith("the list of modified files complete.")  # no archive: no archive rule


def test_tools_and_tasks_block_exactly() -> None:
    text = block_of(build_model(FIXTURES / "tools_and_tasks.jsonl"), trigger="manual", archive_path="/a/x.jsonl")
    assert "Full pre-compaction transcript archived at: /a/x.jsonl" in text
    assert text.endswith("5. Mention that the full pre-compaction transcript is archived at the path given above.")
    assert "FILES MODIFIED THIS SESSION (1, most recent first):\n- notes.txt" in text
    assert "COMPLETED TASKS (newest first):\n- #1 Write tests" in text
    assert "ACTIVE TASKS" not in text  # nothing open: no empty section
    assert "Run linter" not in text  # deleted
    assert "Left out for space" not in text


def test_bash_failure_errors_verbatim() -> None:
    text = block_of(build_model(FIXTURES / "bash_failure.jsonl"))
    errors = section(text, "UNRESOLVED ERRORS")
    assert errors.splitlines()[1:] == [
        "- file README.md: String to replace not found in file.",
        "- `echo out; echo err >&2; exit 3` → exit 3: err",
    ]


def test_todowrite_tasks() -> None:
    text = block_of(build_model(FIXTURES / "todowrite_variant.jsonl"))
    # Completed tasks are names, several to a line.
    assert section(text, "COMPLETED TASKS").splitlines()[1:] in (["- Run linter; Write tests"], ["- Write tests; Run linter"])


# -- a scripted session -------------------------------------------------------------------------


def test_sections_in_priority_order() -> None:
    text = block_of(busy_model(), diff_stat=" a.py | 2 +-\n 1 file changed, 1 insertion(+), 1 deletion(-)")
    titles = [p.splitlines()[0].split(" (")[0] for p in text.split("\n\n")[1:]]
    assert titles == [
        "ACTIVE TASKS",
        "UNRESOLVED ERRORS",
        "FILES MODIFIED THIS SESSION",
        "TEST COMMANDS",
        "KEY DECISIONS",
        "USER'S RECENT REQUESTS",
        "UNCOMMITTED CHANGES",
        "COMPLETED TASKS",
        "RULES FOR THE SUMMARY",
    ]
    assert "- #1 [pending] Task number 1 — Do the work of task 1 carefully" in text
    assert section(text, "ACTIVE TASKS").splitlines()[1].startswith("- #3 [in_progress]")  # in progress first
    assert "- #2 Task number 2" in section(text, "COMPLETED TASKS")
    assert "- `pytest -q tests/test_1.py` → FAILED (exit 1): E assert 1 == 2" in text
    assert "- `pytest -q tests/test_0.py` → passed" in text
    assert "- `make build-2` → exit 2: error: target 2 failed" in text
    assert section(text, "UNCOMMITTED CHANGES").splitlines()[1:] == [
        "  1 file changed, 1 insertion(+), 1 deletion(-)",
        "  a.py | 2 +-",
    ]


def test_caps() -> None:
    text = block_of(busy_model(tasks=60, files=0, errors=30, decisions=40, tests=12))
    # Caps only stop runaway lists; here the budget has room, so each shows up to its cap.
    assert len(section(text, "ACTIVE TASKS").splitlines()) - 1 == 40  # all 40 open tasks: under TASKS_CAP
    assert len(section(text, "UNRESOLVED ERRORS").splitlines()) - 1 == 30
    assert len(section(text, "TEST COMMANDS").splitlines()) - 1 == 12
    assert len(section(text, "KEY DECISIONS").splitlines()) - 1 == 40
    assert "ACTIVE TASKS (40 open" in text
    # newest first
    assert section(text, "UNRESOLVED ERRORS").splitlines()[1] == "- `make build-29` → exit 2: error: target 29 failed"


def test_hundreds_of_files_packed_by_directory() -> None:
    model = busy_model(files=600)
    rendered = render_block(model, trigger="auto", max_chars=10_000, repo_root=ROOT)
    text = rendered.text
    assert len(text) <= 10_000
    files = section(text, "FILES MODIFIED")
    # the most recent ones get full paths, the rest are grouped, still most recent first
    assert files.splitlines()[1] == "- pkg4/sub/module_599.py"
    assert re.search(r"^- pkg\d/sub/: module_\d+\.py, module_\d+\.py", files, re.MULTILINE)
    assert rendered.shown["files"] >= 300, rendered.shown  # recall: most of them, not 20
    names = re.findall(r"module_\d+\.py", files)
    assert len(names) == rendered.shown["files"]
    # exactly the most recent ones, each once
    assert sorted(names) == sorted(f"module_{i}.py" for i in range(599, 599 - len(names), -1))
    # the sections after the files still got their share
    assert "KEY DECISIONS" in text and "RULES FOR THE SUMMARY" in text
    assert rendered.left_out["files"] == 600 - rendered.shown["files"]
    assert f"Left out for space: {600 - rendered.shown['files']} modified files" in text


def test_files_outside_the_repo_stay_absolute() -> None:
    model = SessionModel()
    for path in ("/etc/hosts", "/home/dev/project/src/a.py", "/home/dev/projectile/b.py", "rel/c.py"):
        model.files[path] = FileChange(path, "Write", 1, 1)
    files = section(block_of(model), "FILES MODIFIED").splitlines()[1:]
    assert files == ["- rel/c.py", "- /home/dev/projectile/b.py", "- src/a.py", "- /etc/hosts"]


def test_left_out_note_and_whole_items() -> None:
    model = busy_model(tasks=10, files=40, errors=8, decisions=15, tests=5)
    rendered = render_block(model, trigger="manual", max_chars=2_000, repo_root=ROOT)
    text = rendered.text
    assert len(text) <= 2_000
    assert "RULES FOR THE SUMMARY" in text  # packed right after the header
    note = next(line for line in text.splitlines() if line.startswith("[context-keeper] Left out for space:"))
    for key, count in rendered.left_out.items():
        assert count > 0
    expected = {
        "tasks": "active tasks",
        "errors": "unresolved errors",
        "files": "modified files",
        "tests": "test commands",
        "decisions": "decisions",
        "completed": "completed tasks",
    }
    for key, label in expected.items():
        if rendered.left_out.get(key):
            assert f"{rendered.left_out[key]} {label}" in note
    # tasks come before everything else of lower priority
    assert rendered.shown["tasks"] >= 1


def test_never_repeats_nor_contradicts_custom_instructions() -> None:
    text = block_of(busy_model())
    assert "in addition to any instructions above, which take precedence where they differ" in text
    assert "Additional Instructions" not in text


def test_secrets_are_redacted() -> None:
    model = busy_model()
    secret = "sk-ant-api03-" + "A" * 40
    model.decisions.append(Note(9, f"We decided to use the key {secret} because it works."))
    model.tests[f"API_TOKEN=hunter2hunter2 pytest -q"] = CommandRun("API_TOKEN=hunter2hunter2 pytest -q", 9, True, 0, (), True)
    text = block_of(model)
    assert secret not in text and "hunter2hunter2" not in text
    assert "[REDACTED]" in text


def test_long_and_multiline_texts_are_folded_and_clipped() -> None:
    model = SessionModel()
    command = "python - <<'EOF'\n" + "print('x')\n" * 200 + "EOF"
    model.errors.append(ErrorEvent("Bash", command, ("boom",), 1, 1))
    errors = section(block_of(model), "UNRESOLVED ERRORS").splitlines()
    assert len(errors) == 2
    assert errors[1].startswith("- `python - <<'EOF' print('x') print('x')")
    assert "…` → exit 1: boom" in errors[1]


def test_summaries_rendered_compactly_newest_first() -> None:
    items = [summary("3", 1, 10), summary("prompt-2", 11, 20, kind="episode", status="")]
    text = block_of(busy_model(), summaries=items)
    lines = section(text, "FINISHED WORK").splitlines()[1:]
    assert lines[0].startswith('- request prompt-2 "Subject prompt-2" (turns 11-20)')
    assert lines[1] == (
        '- task #3 "Subject 3" [completed] (turns 1-10); files: lib/a.py, tests/test_a.py; '
        "ran: `pytest -q tests/test_a.py`; outcomes: All 12 tests pass.; "
        "fixed: E assert 1 == 2 (pytest -q tests/test_a.py) fixed by fixing the off-by-one in a.py"
    )


def test_diff_items_put_the_totals_first() -> None:
    assert diff_items(None, 5) == ()
    assert diff_items("", 5) == ()
    assert diff_items(" a | 1 +\n b | 1 -\n 2 files changed", 2) == ("2 files changed", "a | 1 +")


def test_empty_model_block_is_header_and_rules() -> None:
    text = block_of(SessionModel(), trigger=None)
    assert text.startswith("[context-keeper] Session state recorded just before this unknown compaction")
    assert "RULES FOR THE SUMMARY" in text and len(text.split("\n\n")) == 2


# -- the cap, whatever the session ---------------------------------------------------------------

_text = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=0, max_size=500)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tasks=st.integers(0, 300),
    files=st.integers(0, 1000),
    errors=st.integers(0, 200),
    decisions=st.integers(0, 60),
    tests=st.integers(0, 30),
    max_chars=st.integers(1, 10_000),
    odd=_text,
)
def test_block_never_exceeds_the_cap(tasks: int, files: int, errors: int, decisions: int, tests: int, max_chars: int, odd: str) -> None:
    model = busy_model(tasks, files, errors, decisions, tests)
    # arbitrary text (newlines, unicode, huge) in every free-text field
    model.tasks.ensure("odd", 1, odd or "x")
    model.tasks.set_fields("odd", 1, description=odd * 3)
    model.errors.append(ErrorEvent("Bash", odd * 4 or "c", (odd,), 1, None))
    model.decisions.append(Note(1, odd))
    model.prompts.append(Note(1, odd))
    path = "/home/dev/project/" + (odd.replace("\0", "") or "f")
    model.files[path] = FileChange(path, "Write", 1, 1)
    rendered = render_block(model, trigger="auto", max_chars=max_chars, repo_root=ROOT, diff_stat=odd)
    assert len(rendered.text) <= max_chars
    if max_chars == 10_000:
        assert "RULES FOR THE SUMMARY" in rendered.text
    for key, count in rendered.left_out.items():
        assert count > 0 and rendered.shown[key] + count <= {"files": files + 1}.get(key, 10**6)
    note = render_restore(model, max_chars=min(max_chars, 4_000), repo_root=ROOT, archive_path="/x/a.jsonl")
    assert len(note.text) <= min(max_chars, 4_000)


@settings(max_examples=80, deadline=None)
@given(
    items=st.lists(st.lists(_text.filter(lambda s: "\n\n" not in s), max_size=30), min_size=1, max_size=6),
    max_chars=st.integers(1, 3_000),
)
def test_pack_never_cuts_an_item(items: list[list[str]], max_chars: int) -> None:
    sections = [
        Section(f"k{i}", f"things{i}", f"TITLE {i}:", tuple(f"<{i}.{j}:{s}>" for j, s in enumerate(its)), share=0.3)
        for i, its in enumerate(items)
    ]
    rendered = pack(sections, [s.key for s in sections], max_chars)
    assert len(rendered.text) <= max_chars
    for s in sections:
        n = rendered.shown[s.key]
        # exactly the first n items, each whole, and none of the rest
        for j, item in enumerate(s.items):
            assert (f"- {item}" in rendered.text) == (j < n)
        assert rendered.left_out.get(s.key, 0) == len(s.items) - n


# -- the restore note ---------------------------------------------------------------------------


def test_restore_note_content() -> None:
    model = busy_model(tasks=5, files=12, errors=2, tests=2)
    note = render_restore(
        model,
        max_chars=4_000,
        repo_root=ROOT,
        trigger="auto",
        archive_path="/runs/archives/s-1_20261122T100000Z_transcript.jsonl",
        summaries_dir="/runs/summaries",
        summary_count=3,
        preserved_path="/runs/preserved/s-1.txt",
    ).text
    assert len(note) <= 4_000
    assert note.startswith("[context-keeper restored state] As recorded just before the auto compaction (turn 500)")
    assert "- #3 [in_progress] Task number 3" in note
    assert "- #1 [pending] Task number 1" in note
    assert "Task number 2" not in section(note, "Active tasks:")  # completed
    assert "- pkg4/sub/module_11.py" in note
    assert "- `make build-1` → exit 2: error: target 1 failed" in note
    assert "- `pytest -q tests/test_1.py` → FAILED (exit 1): E assert 1 == 2" in note
    assert "- Full pre-compaction transcript: /runs/archives/s-1_20261122T100000Z_transcript.jsonl" in note
    assert "- Summaries of finished work (3, JSON): /runs/summaries" in note
    assert "- State block given to the summariser: /runs/preserved/s-1.txt" in note


def test_restore_note_keeps_locations_when_tight() -> None:
    model = busy_model(tasks=30, files=500, errors=30, tests=5)
    note = render_restore(model, max_chars=1_000, repo_root=ROOT, archive_path="/runs/a.jsonl").text
    assert len(note) <= 1_000
    assert "- Full pre-compaction transcript: /runs/a.jsonl" in note
    assert "[context-keeper] Left out for space:" in note


def test_relative() -> None:
    assert relative_path("/r/a/b.py", Path("/r")) == "a/b.py"
    assert relative_path("/r", Path("/r")) == "."  # the one rule (text.relative_path)
    assert relative_path("/rr/b.py", Path("/r")) == "/rr/b.py"
    assert relative_path("/r/../etc/x", Path("/r")) == "/r/../etc/x"
    assert relative_path("/r/a.py", None) == "/r/a.py"
    assert relative_path("/r/a.py", Path("/r/")) == "a.py"
    assert os.sep == "/"


def test_description_restating_the_subject_is_not_repeated() -> None:
    model = SessionModel()
    model.tasks.ensure("7", 1, "Fix tax rounding")
    model.tasks.set_fields("7", 1, description="Fix tax rounding. Keep the existing behaviour covered by tests.")
    model.tasks.ensure("8", 1, "Same")
    model.tasks.set_fields("8", 1, description="Same")
    active = section(block_of(model), "ACTIVE TASKS").splitlines()[1:]
    assert active == ["- #7 [pending] Fix tax rounding — Keep the existing behaviour covered by tests.", "- #8 [pending] Same"]


def test_restore_note_layout_when_tight() -> None:
    model = busy_model(tasks=30, files=500, errors=30, tests=5)
    rendered = render_restore(model, max_chars=2_000, repo_root=ROOT, archive_path="/runs/a.jsonl")
    titles = [part.splitlines()[0] for part in rendered.text.split("\n\n")[1:]]
    assert [t.split(" (")[0] for t in titles[:3]] == ["Active tasks:", "Unresolved errors:", "The user's latest requests"]
    # The core (tasks, errors, requests) comes first; what did not fit is counted, and where
    # the rest is comes last.
    assert titles[-2].startswith("[context-keeper] Left out for space: ")
    assert titles[-2].endswith("the archived transcript holds all of it.")
    assert f"{rendered.left_out['files']} modified files" in titles[-2]
    assert titles[-1] == "Where:"
    assert rendered.shown["prompts"] == 1 and rendered.left_out["files"] == 500 - rendered.shown["files"]
