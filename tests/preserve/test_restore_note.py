"""The restore note: its sections most needed first, plain statements of fact, the whole
channel used, and, given the block's items, the facts the block left out before the ones
it showed (so block ∪ note carries the most)."""

from __future__ import annotations

from pathlib import Path

from context_keeper.config import Settings
from context_keeper.preserve import render_block, render_restore
from context_keeper.session import ErrorEvent, Note, SessionModel
from context_keeper.preserve.item import Item
from preserve_support import busy_model, section, summary

ROOT = Path("/home/dev/project")


def full_model() -> SessionModel:
    model = busy_model(tasks=6, files=12, errors=2, decisions=3, tests=2)
    model.errors.append(ErrorEvent("Bash", "ruff check", ("E501 line too long",), 3, 1, resolved_turn=4, resolved_by="ok"))
    model.prompts.append(Note(2, "Now add the archive command."))
    return model


def facts(items: tuple[Item, ...], family: str | None = None) -> set[tuple[str, str]]:
    return {(i.family, i.key) for i in items if family is None or i.family == family}


def test_sections_most_needed_first_as_plain_facts() -> None:
    note = render_restore(full_model(), max_chars=9_500, repo_root=ROOT, trigger="auto", archive_path="/runs/a.jsonl",
                          summaries=[summary("9", 1, 5)], summaries_dir="/runs/summaries", summary_count=1).text
    titles = [part.splitlines()[0].split(" (")[0] for part in note.split("\n\n")[1:]]
    assert titles == [
        "Active tasks:",
        "Unresolved errors:",
        "The user's latest requests",
        "Files modified",
        "Tests",
        "Decisions",
        "Finished work, summarised when it went cold",
        "Completed tasks",
        "Errors hit and fixed",
        "Where:",
    ]
    assert section(note, "The user's latest requests").splitlines()[1:] == ["- Now add the archive command.", "- Please build the archiver."]
    assert "- #3 [in_progress] Task number 3 — Do the work of task 3 carefully" in note  # status and description
    assert "- `make build-1` → exit 2: error: target 1 failed" in note  # the message line
    assert "- `ruff check`: E501 line too long" in section(note, "Errors hit and fixed")
    assert "- #5 Task number 5; #2 Task number 2" in section(note, "Completed tasks")
    assert 'task #9 "Subject 9" [completed]' in section(note, "Finished work")
    # Statements of fact, not commands (Claude Code warns hook text like that may be taken
    # for prompt injection).
    assert "RULES" not in note and "must" not in note.lower() and "do not" not in note.lower()


def test_the_note_uses_its_channel() -> None:
    assert Settings(home=Path("/x")).restore_max_chars == 9_500
    model = busy_model(tasks=30, files=500, errors=30, decisions=30, tests=20)
    rendered = render_restore(model, max_chars=9_500, repo_root=ROOT, archive_path="/runs/a.jsonl")
    assert 9_000 < len(rendered.text) <= 9_500
    assert rendered.left_out["files"] > 0
    # The core is whole: every active task, every unresolved error, the latest request.
    assert (rendered.shown["tasks"], rendered.shown["errors"], rendered.shown["prompts"]) == (20, 30, 1)


def test_without_block_items_the_note_stands_alone() -> None:
    model = busy_model(tasks=10, files=300, errors=5, decisions=10, tests=5)
    for max_chars in (1_500, 4_000, 9_500):
        alone = render_restore(model, max_chars=max_chars, repo_root=ROOT)
        # The most recent files, as listed.
        shown = [i.key for i in alone.items if i.family == "file"]
        assert shown == [i.key for i in render_restore(model, max_chars=10_000, repo_root=ROOT).items if i.family == "file"][: len(shown)]
        # A block that showed nothing changes nothing.
        assert render_restore(model, max_chars=max_chars, repo_root=ROOT, block_items=()) == alone


def test_core_first_whatever_the_block_showed() -> None:
    model = busy_model(tasks=8, files=300, errors=6, decisions=10, tests=5)
    block = render_block(model, trigger="auto", max_chars=10_000, repo_root=ROOT)
    assert facts(block.items, "task") and facts(block.items, "error") and facts(block.items, "prompt")
    for max_chars in (1_500, 9_500):
        note = render_restore(model, max_chars=max_chars, repo_root=ROOT, block_items=block.items)
        for family in ("task", "error", "prompt"):
            assert facts(note.items, family) == facts(block.items, family), (max_chars, family)


def test_the_note_carries_what_the_block_left_out_first() -> None:
    model = busy_model(tasks=3, files=600, errors=2, decisions=3, tests=2)
    block = render_block(model, trigger="auto", max_chars=10_000, repo_root=ROOT)
    all_files = facts(render_restore(model, max_chars=10**6, repo_root=ROOT).items, "file")
    left_out = all_files - facts(block.items, "file")
    assert 0 < len(left_out) and block.left_out["files"] == len(left_out)
    alone = render_restore(model, max_chars=3_000, repo_root=ROOT)
    note = render_restore(model, max_chars=3_000, repo_root=ROOT, block_items=block.items)
    # Standalone, the note repeats the most recent files, which the block already showed;
    # given the block's items, it carries every file the block left out.
    assert not facts(alone.items, "file") & left_out
    assert left_out <= facts(note.items, "file")
    assert facts(block.items) | facts(note.items) >= all_files
    assert len(facts(block.items) | facts(note.items)) > len(facts(block.items) | facts(alone.items))
    # Still shown most recent first, grouped by directory after the first lines.
    shown = [int(i.key.rsplit("_", 1)[1].removesuffix(".py")) for i in note.items if i.family == "file"]
    assert shown == sorted(shown, reverse=True)
    assert len(note.text) <= 3_000


def test_unshown_facts_of_later_sections_before_the_blocks() -> None:
    model = busy_model(tasks=6, files=40, errors=2, decisions=10, tests=2)
    # A block that showed every file (and nothing else).
    files_only = tuple(i for i in render_block(model, trigger="auto", max_chars=10_000, repo_root=ROOT).items if i.family == "file")
    assert len(files_only) == 40
    alone = render_restore(model, max_chars=2_000, repo_root=ROOT)
    note = render_restore(model, max_chars=2_000, repo_root=ROOT, block_items=files_only)
    assert alone.shown["files"] == 38 and alone.left_out["decisions"] == 6  # standalone: files first
    # Given the block's items: every decision, test and completed task (none of which the
    # block showed) before the files it showed; files only in what is left.
    assert (note.shown["decisions"], note.shown["tests"], note.shown["completed"]) == (10, 2, 2)
    assert 0 < note.shown["files"] < alone.shown["files"]
    assert len(note.text) <= 2_000


def test_a_long_list_of_errors_the_block_showed_yields_to_what_it_left_out() -> None:
    # The newest errors are core (first, whatever the summary kept); the older ones the block
    # showed reach the model through the summary or the refill, so they wait until the facts
    # the block left out are packed.
    from context_keeper.preserve.items import Source
    from context_keeper.preserve.restore_note import CORE_ITEMS, SECTIONS, prefer_unshown
    from context_keeper.preserve.specs import build

    model = busy_model(tasks=2, files=40, errors=30, decisions=2, tests=2)
    sections = build(SECTIONS, Source(model, ROOT, ()), {"files": 40, "running_subagents": 0})
    errors = next(s for s in sections if s.key == "errors")
    files = next(s for s in sections if s.key == "files")
    shown = errors.facts + files.facts[:10]  # the block showed every error, 10 of the files
    out, priority, then = prefer_unshown(sections, shown)
    limit = CORE_ITEMS["errors"]
    assert ("errors", limit) in priority and "errors" in then
    assert priority.index(("errors", limit)) < priority.index(("files", 30))
    ordered = next(s for s in out if s.key == "errors").order
    assert list(ordered[:limit]) == list((errors.order or range(len(errors.facts)))[:limit])
    assert list(next(s for s in out if s.key == "files").order[:30]) == list(range(10, 40))
