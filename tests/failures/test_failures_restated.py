"""A message the program printed in full before its runtime restated it (failures/restated)."""

from __future__ import annotations

import pytest

from context_keeper.failures import failure_messages, restated
from context_keeper.failures.restated import fuller


def test_the_programs_own_line_replaces_the_exception_restating_it() -> None:
    output = (
        "Exit code 1\n"
        "could not load the schema: Error: connect ECONNREFUSED 127.0.0.1:5432\n"
        "Error: connect ECONNREFUSED 127.0.0.1:5432\n"
        "    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)\n"
    )
    assert failure_messages(output, "node migrate.js").messages == (
        "could not load the schema: Error: connect ECONNREFUSED 127.0.0.1:5432",
    )


def test_a_bare_error_label_is_dropped_for_the_line_that_says_more() -> None:
    lines = ["gen error GX - 7: No root type found", "", "Error: No root type found", "    at gen (gen.js:1:1)"]
    assert fuller(["Error: No root type found"], lines) == ["gen error GX - 7: No root type found"]


def test_a_level_word_alone_is_a_lead_that_says_something() -> None:
    lines = ["Error: UNBOUND-VARIABLE :NAME TOTAL", "Signalled by TOP-LEVEL.", "UNBOUND-VARIABLE :NAME TOTAL"]
    assert fuller(["UNBOUND-VARIABLE :NAME TOTAL"], lines) == ["Error: UNBOUND-VARIABLE :NAME TOTAL"]


def test_a_one_word_or_marked_lead_is_decoration_not_a_fuller_line() -> None:
    caught = [
        "Caught: java.lang.IllegalStateException: port is not set",
        "java.lang.IllegalStateException: port is not set",
    ]
    assert fuller([caught[1]], caught) == [caught[1]]
    marked = [
        "[!] Error: Could not resolve './a.js' from src/main.js",
        "Error: Could not resolve './a.js' from src/main.js",
    ]
    assert fuller([marked[1]], marked) == [marked[1]]


def test_a_named_exception_is_kept_over_a_line_that_drops_its_name() -> None:
    lines = ["request failed: port is not set here", "TypeError: port is not set here"]
    assert fuller(["TypeError: port is not set here"], lines) == ["TypeError: port is not set here"]


def test_an_indented_line_or_a_later_one_is_not_what_the_program_said_first() -> None:
    indented = ["    while loading: Error: the file is missing", "Error: the file is missing"]
    assert fuller([indented[1]], indented) == [indented[1]]
    later = ["Error: the file is missing", "could not load it: Error: the file is missing"]
    assert fuller([later[0]], later) == [later[0]]


def test_a_warning_of_the_same_words_is_not_the_failure() -> None:
    lines = [
        "warning: attempt 1 failed: Error: connect ECONNREFUSED 127.0.0.1:5432",
        "Error: connect ECONNREFUSED 127.0.0.1:5432",
    ]
    assert fuller([lines[1]], lines) == [lines[1]]


def test_many_messages_each_read_only_the_lines_that_end_in_their_words(monkeypatch: pytest.MonkeyPatch) -> None:
    # Each message's earlier lines are those ending in its words after a `: `, found once for
    # all: a line that cannot restate it is not read again for every message.
    read = []

    class _Counting:
        def search(self, text: str) -> None:
            read.append(text)

    monkeypatch.setattr(restated, "WARNING_RE", _Counting())
    lines = [f"Error: the step number {i} failed" for i in range(400)]
    lines.append("could not run it: Error: the step number 7 failed")
    lines.append("Error: the step number 7 failed again")
    assert fuller(lines[:400], lines) == lines[:400]
    assert len(read) <= len(lines)


def test_the_fuller_line_is_the_nearest_above_as_it_was_read_line_by_line() -> None:
    lines = [
        "first try: Error: connect ECONNREFUSED 127.0.0.1:5432",
        "could not load the schema: Error: connect ECONNREFUSED 127.0.0.1:5432",
        "Error: connect ECONNREFUSED 127.0.0.1:5432",
        "later: Error: connect ECONNREFUSED 127.0.0.1:5432",
    ]
    assert fuller([lines[2]], lines) == [lines[1]]
