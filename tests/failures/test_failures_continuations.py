"""failures on a message printed over several lines that are not joined by indentation alone:
a header whose text goes on in labelled parts at its own indentation, a report drawn as a tree
with its lines wrapped under a branch, details printed with the header's own lead; and several
failures printed as blocks of one shape. Each output is written for its rule in the shape such
tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_label_alone_over_deeper_lines_goes_on_with_the_header_it_follows() -> None:
    output = "spec.cpp:15: FAILED:\n  REQUIRE( add(3, 4) == 8 )\nwith expansion:\n  7 == 8\n\n1 of 2 assertions failed"
    assert messages(output) == ["spec.cpp:15: FAILED: REQUIRE( add(3, 4) == 8 ); with expansion: 7 == 8"]
    # A header that opened nothing does not take the label after it.
    output = "spec.cpp:15: oops\nwith expansion:\n  7 == 8"
    assert messages(output)[0] == "spec.cpp:15: oops"


def test_a_drawn_tree_is_one_message_its_branches_parts_and_wrapped_lines_unwrapped() -> None:
    output = (
        "Error:   × resolving packages\n"
        '  ╰─▶ Failed to fetch left-pad-missing@^1.0.0 from the mirror at "/\n'
        "      var/cache/mirror/left-pad-\n"
        '      missing.json"'
    )
    assert messages(output) == [
        'Error: resolving packages; Failed to fetch left-pad-missing@^1.0.0 from the mirror at "/var/cache/mirror/left-pad-missing.json"'
    ]
    # Its root ending in `:` takes the branch as its text, at the root's own indentation too.
    output = (
        "  × No solution found when resolving dependencies:\n"
        "  ╰─▶ Because foo was not found, we can\n"
        "      conclude that the requirements are unsatisfiable."
    )
    assert messages(output) == [
        "No solution found when resolving dependencies: Because foo was not found, we can conclude that the "
        "requirements are unsatisfiable."
    ]


def test_details_with_the_headers_own_lead_go_on_with_it() -> None:
    output = (
        "Sending  a.txt\n"
        "vcs: E155011: Commit failed (details follow):\n"
        "vcs: E155011: File 'a.txt' is out of date\n"
        "vcs: E160028: File '/a.txt' is out of date"
    )
    assert messages(output) == [
        "vcs: E155011: Commit failed (details follow): vcs: E155011: File 'a.txt' is out of date; "
        "vcs: E160028: File '/a.txt' is out of date"
    ]
