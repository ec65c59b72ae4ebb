"""tasks.TaskIndex and tasks.Phrases: what the fold asks of the task book, kept up to date."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.session.task_index import TOKEN_RE, Phrases, TaskIndex, tokens_of
from context_keeper.session.tasks import TaskBook
from task_ops import apply

SUBJECTS = ["Fix parser", "fix PARSER", "Add docs", "a", "ab", "x y", "Write the tests", "tests"]
OPS = st.lists(
    st.one_of(
        st.tuples(st.just("ensure"), st.sampled_from("12345"), st.sampled_from(SUBJECTS)),
        st.tuples(st.just("status"), st.sampled_from("12345"), st.sampled_from(["pending", "in_progress", "completed", "deleted"])),
        st.tuples(st.just("subject"), st.sampled_from("12345"), st.sampled_from(SUBJECTS)),
        st.tuples(st.just("touch"), st.sampled_from("12345"), st.integers(0, 50)),
        st.tuples(st.just("sync"), st.just(""), st.just("")),
    ),
    max_size=40,
)
TEXTS = st.sampled_from(["", "fix parser now", "we add docs and write the tests", "a", "x y z", "nothing here", "ab" * 30])


def naive_mentioned(book: TaskBook, text: str) -> list[str]:
    return [key for key, task in book.tasks.items() if task.status == "completed" and task.subject.lower() in text]


@settings(max_examples=300)
@given(ops=OPS, texts=st.lists(TEXTS, min_size=1, max_size=4))
def test_index_equals_the_book_after_any_changes(ops: list[tuple[str, str, object]], texts: list[str]) -> None:
    book, index = TaskBook(), TaskIndex()
    for turn, (op, task_id, arg) in enumerate(ops):
        if op == "sync":
            index.sync(book.tasks)
            assert index.working == book.working_ids()
        else:
            apply(book, op, task_id, arg, turn)
    index.sync(book.tasks)
    assert index.working == book.working_ids()
    for text in texts:
        assert index.mentioned(text) == naive_mentioned(book, text)


def test_index_follows_another_book() -> None:
    first, second, index = TaskBook(), TaskBook(), TaskIndex()
    first.ensure("1", 0, "Fix parser")
    first.set_status("1", "completed", 1)
    index.sync(first.tasks)
    second.ensure("9", 0, "Other")
    index.sync(second.tasks)
    assert index.mentioned("fix parser") == [] and index.working == ["9"]


@settings(max_examples=300)
@given(
    phrases=st.lists(st.tuples(st.text(alphabet="abc d", max_size=7), st.integers(0, 5)), max_size=12),
    removed=st.lists(st.tuples(st.text(alphabet="abc d", max_size=7), st.integers(0, 5)), max_size=6),
    text=st.text(alphabet="abc d", max_size=60),
)
def test_phrases_find_exactly_the_phrases_in_a_text(phrases: list[tuple[str, int]], removed: list[tuple[str, int]], text: str) -> None:
    index = Phrases()
    kept: set[tuple[str, int]] = set()
    for phrase, key in phrases:
        index.add(phrase, key)
        kept.add((phrase, key))
    for phrase, key in removed:
        index.remove(phrase, key)
        kept.discard((phrase, key))
    assert sorted(index.found_in(text)) == sorted(key for phrase, key in kept if phrase in text)


# Every ASCII character (controls, blanks, punctuation: what splits tokens), a few beyond it.
_TOKEN_TEXTS = st.text(alphabet=st.characters(max_codepoint=127) | st.sampled_from("éß日\u00a0\u2028ſK"), max_size=60)


@settings(max_examples=500)
@given(_TOKEN_TEXTS)
def test_tokens_of_are_the_token_regex_s(text: str) -> None:
    assert tokens_of(text) == set(TOKEN_RE.findall(text))


def test_tokens_of_an_ascii_command() -> None:
    command = "cd /repo && pytest tests/test_x.py -k 'a or b'\t2>&1|tail"
    assert tokens_of(command) == {"cd", "repo", "pytest", "tests", "test_x.py", "-k", "a", "or", "b", "2", "1", "tail"}
