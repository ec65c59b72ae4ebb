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
