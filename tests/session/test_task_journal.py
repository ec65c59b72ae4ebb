"""tasks.TaskIndex read from the task book's journal (TaskBook._changed): the same index as
comparing every task, after any changes, and a whole comparison when the journal cannot say."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.session.task_index import TaskIndex
from context_keeper.session.tasks import TaskBook
from task_ops import apply

SUBJECTS = [
    "Fix parser",
    "fix PARSER",
    "Add docs",
    "a",
    "x y",
    "Write the tests",
    "tests",
    "the parser of alpha part 1",
]
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("ensure"), st.sampled_from("123456"), st.sampled_from(SUBJECTS)),
        st.tuples(
            st.just("status"),
            st.sampled_from("123456"),
            st.sampled_from(["pending", "in_progress", "completed", "deleted"]),
        ),
        st.tuples(st.just("subject"), st.sampled_from("123456"), st.sampled_from(SUBJECTS)),
        st.tuples(st.just("touch"), st.sampled_from("123456"), st.integers(0, 50)),
        st.tuples(st.just("todos"), st.just(""), st.lists(st.sampled_from(SUBJECTS), max_size=3)),
        st.tuples(st.just("sync"), st.just(""), st.just("")),
    ),
    max_size=50,
)
TEXTS = ["", "fix parser now", "we add docs and write the tests", "a", "x y z", "the parser of alpha part 1 is done"]


@settings(max_examples=300)
@given(ops=OPS)
def test_journal_sync_equals_a_whole_comparison(ops: list[tuple[str, str, object]]) -> None:
    book, journaled, whole = TaskBook(), TaskIndex(), TaskIndex()
    for turn, (op, task_id, arg) in enumerate(ops):
        if op == "sync":
            journaled.sync(book.tasks, book._changed)
            whole.sync(book.tasks)
            assert journaled.working == whole.working == book.working_ids()
        else:
            apply(book, op, task_id, arg, turn)
    journaled.sync(book.tasks, book._changed)
    whole.sync(book.tasks)
    assert journaled.working == whole.working == book.working_ids()
    for text in TEXTS:
        assert journaled.mentioned(text) == whole.mentioned(text)


def test_the_journal_names_every_change() -> None:
    book = TaskBook()
    book.ensure("1", 0, "Fix parser")
    book.set_status("1", "in_progress", 1)
    book.touch("1", 2)
    book.touch("1", 2)  # nothing moved: no entry
    book.set_fields("1", 3, subject="Fix the parser")
    assert book._changed == ["1", "1", "1", "1"]


def test_a_change_behind_the_journal_is_still_found() -> None:
    # A task put into the dict directly (not through the book) is not in the journal: the
    # index sees the count disagree and compares the whole book.
    book, index = TaskBook(), TaskIndex()
    book.ensure("1", 0, "Fix parser")
    index.sync(book.tasks, book._changed)
    other = TaskBook()
    other.ensure("2", 0, "Add docs")
    other.set_status("2", "completed", 1)
    book.tasks["2"] = other.tasks["2"]
    index.sync(book.tasks, book._changed)
    assert index.mentioned("add docs") == ["2"] and index.working == ["1"]


def test_a_saved_book_loads_with_an_empty_journal() -> None:
    from context_keeper.records import jsonio
    from context_keeper.records.loader import from_dict

    book = TaskBook()
    book.ensure("1", 0, "Fix parser")
    book.set_status("1", "completed", 1)
    loaded = from_dict(TaskBook, jsonio.loads(jsonio.dumps(book)))
    assert "_changed" not in jsonio.loads(jsonio.dumps(book)) and loaded._changed == []
    index = TaskIndex()
    index.sync(loaded.tasks, loaded._changed)
    assert index.mentioned("fix parser") == ["1"]
