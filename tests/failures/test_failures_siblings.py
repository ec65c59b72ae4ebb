"""failures.siblings through the general method: the message's siblings, lines of its skeleton
at its indentation, are failures of their own; what keeps lines from being siblings. The
outputs are made up in the shapes such tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank
from context_keeper.failures.siblings import skeleton


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_skeleton_abstracts_what_a_line_names_and_keeps_its_words() -> None:
    assert skeleton("Rewriting src/a.py") == skeleton("Rewriting lib/b/c.cfg")
    assert skeleton("color: ['unknown field']") == skeleton('sku: ["no match"]')
    assert skeleton("Rewriting src/a.py") != skeleton("Reading src/a.py")


def test_the_last_line_said_comes_with_its_siblings() -> None:
    # No line reads as a failure: the last one said, and each line of its form before it.
    assert messages("Rewriting src/shop/cart.py\nRewriting setup.cfg") == [
        "Rewriting src/shop/cart.py",
        "Rewriting setup.cfg",
    ]


def test_the_best_line_comes_with_its_siblings() -> None:
    output = "color: ['unknown field']\nqty: ['min value is 1']\nsku: [\"value does not match regex 'A'\"]"
    assert messages(output) == [
        "color: ['unknown field']",
        "qty: ['min value is 1']",
        "sku: [\"value does not match regex 'A'\"]",
    ]


def test_the_same_message_under_two_names_is_one_failure() -> None:
    # A wrapper's exception re-raising the driver's: one failure, not two siblings.
    output = (
        "Traceback (most recent call last):\n"
        '  File "app.py", line 3, in <module>\n'
        "    run()\n"
        "driver.OperationalError: no such table: user\n"
        "\n"
        "During handling of the above exception, another exception occurred:\n"
        "\n"
        "Traceback (most recent call last):\n"
        '  File "app.py", line 5, in <module>\n'
        "    run()\n"
        "orm.OperationalError: no such table: user"
    )
    assert len(messages(output)) == 1


def test_lines_of_another_level_are_no_siblings() -> None:
    assert messages("error: cannot read 'a.cfg'\nwarning: cannot read 'b.cfg'") == ["error: cannot read 'a.cfg'"]


def test_items_of_one_skeleton_that_end_the_output_stand_for_the_line_over_them() -> None:
    output = "Check failed\nChecking states.py  (changed)\nChecking README.md  (changed)"
    assert messages(output) == ["Checking states.py (changed)", "Checking README.md (changed)"]


def test_items_with_more_output_after_them_stay_where_they_are() -> None:
    output = "Check failed\nChecking states.py  (changed)\nChecking README.md  (changed)\nsee the log for more"
    assert "Checking states.py (changed)" not in messages(output)
