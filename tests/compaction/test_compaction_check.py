"""survival.check and survival.refill: which block items a compaction summary kept, and the
refill of the rest."""

from __future__ import annotations

from context_keeper.compaction.check import check_summary, missing_from, normalise, summary_part
from context_keeper.preserve.item import Item, items_from_json
from context_keeper.compaction.refill import HEADER, render_refill
from context_keeper.records import jsonio

TASK = Item("task", "#2 [in_progress] Add parser with error recovery — Parse token lists", "Add parser with error recovery")
ERROR = Item("error", "`pytest tests/test_parser.py` → exit 1: E   assert parse('(1') == []", "E   assert parse('(1') == []")
FILE = Item("file", "calc/parser.py", "calc/parser.py")
DECISION = Item("decision", "Parse with a recursive-descent parser because it recovers easily.", "Parse with a recursive-descent parser because it recovers easily.")


def test_normalise_folds_case_space_and_markdown() -> None:
    assert normalise("  Run `PyTest  -q`\n **now** ") == "run pytest -q now"


def test_only_the_summary_part_counts() -> None:
    reply = "<analysis>calc/parser.py was edited</analysis>\n<summary>Nothing about files.</summary>"
    assert summary_part(reply) == "Nothing about files."
    assert check_summary((FILE,), reply).lost == (FILE,)
    assert summary_part("no tags at all") == "no tags at all"


def test_kept_and_lost_per_family() -> None:
    summary = "<summary>Pending Tasks:\n- Task #2 **Add parser with  error recovery** (in progress)\n" \
              "Errors: parse('(1') fails\nFiles: parser.py changed</summary>"
    check = check_summary((TASK, ERROR, FILE, DECISION), summary)
    assert check.kept == (TASK, FILE)  # the file by its name; the error only paraphrased
    assert check.lost == (ERROR, DECISION)
    # Whitespace and the code formatting a summariser adds do not matter.
    assert check_summary((ERROR,), "<summary>`E assert parse('(1') == []`</summary>").kept == (ERROR,)
    assert check.counts() == {
        "decision": {"carried": 1, "kept": 0, "lost": 1},
        "error": {"carried": 1, "kept": 0, "lost": 1},
        "file": {"carried": 1, "kept": 1, "lost": 0},
        "task": {"carried": 1, "kept": 1, "lost": 0},
    }


def test_a_file_name_must_be_a_whole_word() -> None:
    assert check_summary((FILE,), "<summary>see myparser.pyc and parser.pyi</summary>").lost == (FILE,)
    assert check_summary((FILE,), "<summary>(parser.py)</summary>").kept == (FILE,)


def test_missing_from_a_context() -> None:
    echo = "<local-command-stdout>... - #2 [in_progress] Add parser with error recovery ...</local-command-stdout>"
    assert missing_from((TASK, DECISION), echo) == (DECISION,)


def test_refill_groups_by_family_most_needed_first_within_budget() -> None:
    text, shown = render_refill((DECISION, FILE, ERROR, TASK), 10_000)
    assert text.startswith(HEADER)
    assert text.index("Active tasks:") < text.index("Unresolved errors") < text.index("Files modified") < text.index("Decisions:")
    assert shown == (TASK, ERROR, FILE, DECISION)
    assert render_refill((), 10_000) == ("", ())
    small, shown_small = render_refill((DECISION, FILE, ERROR, TASK), 300)
    assert len(small) <= 300 and TASK.text in small and DECISION.text not in small
    assert TASK in shown_small and DECISION not in shown_small


def test_items_round_trip_through_json_and_junk_is_dropped() -> None:
    raw = jsonio.loads(jsonio.dumps([TASK, FILE]))
    assert items_from_json(raw) == (TASK, FILE)
    assert items_from_json([{"family": "task"}, "x", None, {"family": 1, "text": "a", "key": "b"}]) == ()
    assert items_from_json({"not": "a list"}) == ()


def test_a_grouped_file_line_stands_for_each_path() -> None:
    a = Item("file", "src/app/models.py", "src/app/models.py")
    b = Item("file", "src/app/views.py", "src/app/views.py")
    assert check_summary((a, b), "<summary>- src/app/: models.py, views.py</summary>").kept == (a, b)


def test_a_file_name_counts_only_when_no_other_item_shares_it() -> None:
    one = Item("file", "api/models.py", "api/models.py")
    two = Item("file", "web/models.py", "web/models.py")
    alone = Item("file", "web/routes.py", "web/routes.py")
    check = check_summary((one, two, alone), "<summary>Edited models.py and routes.py.</summary>")
    assert check.kept == (alone,) and check.lost == (one, two)


def test_our_own_texts_are_known_by_their_items() -> None:
    from context_keeper.compaction.check import not_among

    note = (Item("file", "api/models.py", "api/models.py"), TASK)
    assert not_among((FILE, TASK, DECISION), note) == (FILE, DECISION)
    # A file of the same name elsewhere in the note is another fact.
    assert not_among((Item("file", "web/models.py", "web/models.py"),), note) != ()
