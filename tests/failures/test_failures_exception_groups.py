"""Python's exception groups: one leaf is the group's cause, several leaves several failures each
with the notes printed under it. The outputs are written in the shape Python 3.11 prints them."""

from __future__ import annotations

from context_keeper.failures import failure_messages

TOP = (
    "  + Exception Group Traceback (most recent call last):\n"
    '  |   File "/p/orders.py", line 28, in <module>\n'
    "  | app.ClassValidationError: While structuring Order (2 sub-exceptions)\n"
)
LEAF = (
    "  +-+---------------- {n} ----------------\n"
    "    | Traceback (most recent call last):\n"
    '    |   File "/p/orders.py", line 5, in structure_Order\n'
    "    | ValueError: bad {what}\n"
    "    | Structuring class Order @ attribute {what}\n"
    "    +------------------------------------\n"
)


def test_several_leaves_are_the_group_and_each_leaf_with_its_note() -> None:
    output = TOP + LEAF.format(n=1, what="id") + LEAF.format(n=2, what="price")
    assert list(failure_messages(output, "python orders.py").messages) == [
        "app.ClassValidationError: While structuring Order (2 sub-exceptions)",
        "ValueError: bad id; Structuring class Order @ attribute id",
        "ValueError: bad price; Structuring class Order @ attribute price",
    ]


def test_one_leaf_is_the_groups_cause_written_with_it() -> None:
    output = TOP.replace("(2 sub-exceptions)", "(1 sub-exception)") + LEAF.format(n=1, what="id")
    assert list(failure_messages(output, "python orders.py").messages) == [
        "app.ClassValidationError: While structuring Order (1 sub-exception); ValueError: bad id"
    ]


def test_a_leaf_that_caused_the_exception_after_it_is_no_failure_of_its_own() -> None:
    chained = (
        "  +-+---------------- 1 ----------------\n"
        "    | Traceback (most recent call last):\n"
        '    |   File "/p/orders.py", line 3, in f\n'
        "    | KeyError: 'a'\n"
        "    | \n"
        "    | During handling of the above exception, another exception occurred:\n"
        "    | \n"
        "    | Traceback (most recent call last):\n"
        '    |   File "/p/orders.py", line 5, in f\n'
        "    | ValueError: no a\n"
    )
    output = TOP + chained + LEAF.format(n=2, what="price").replace("  +-+", "    +", 1)
    assert list(failure_messages(output, "python orders.py").messages) == [
        "app.ClassValidationError: While structuring Order (2 sub-exceptions)",
        "ValueError: no a",
        "ValueError: bad price; Structuring class Order @ attribute price",
    ]


def test_a_leaf_takes_no_line_of_the_exception_printed_next_as_its_note() -> None:
    # (Leaves printed one under the other, no box line between: each its own, read once.)
    output = TOP + "".join(f"    | ValueError: bad field{k}\n" for k in range(300))
    messages = failure_messages(output, "python orders.py", cap=3).messages
    assert messages[1:] == ("ValueError: bad field0", "ValueError: bad field1")


def test_a_group_s_header_alone_gives_no_group_and_does_not_raise() -> None:
    from context_keeper.failures import python
    from context_keeper.failures.lines import pieces

    # (The output cut right after the header: no exception under it to read.)
    assert python.traceback(pieces("Exit code 1\n  + Exception Group Traceback (most recent call last):")) is None
