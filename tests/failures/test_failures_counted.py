"""A runner's own count of its failures, and the output split into that many blocks."""

from __future__ import annotations

import pytest

from context_keeper.failures import counted, failure_messages, shapes


@pytest.mark.parametrize(
    ("closing", "count"),
    [
        ("4 failures! in 0.010s. 6 tests run.", 4),
        ("FAILED (failures=2, errors=1)", 3),
        ("Ran: 5  Errors: 1  Failures: 3  Skip: 0", 4),
        ("2 of 5 tests failed", 2),
        ("2 out of 2 assertions failed", 2),
        ("[  FAILED  ] 3 tests, listed below:", 3),
        ("# fail 2", 2),
        ("Found 6 errors (checked 1 module)", 6),
        ("2 errors generated.", 2),
        ("Tests: 2 failed, 3 passed, 5 total", 2),
        ("all 7 checks passed", 0),
        ("exit status 1", 0),
    ],
)
def test_reported_reads_a_runners_count(closing: str, count: int) -> None:
    assert counted.reported(["running", closing]) == count


def test_reported_counts_tap_not_ok_lines() -> None:
    assert counted.reported(["ok 1 a", "not ok 2 b", "  ---", "not ok 3 c", "1..3"]) == 2


def _split(text: str, count: int) -> list[str]:
    lines = [shapes.Line(s) for s in text.splitlines()]
    return counted.split(lines, [shapes.kind(line) for line in lines], count)


BLOCKS = """\
error: shop.Basket.add takes no argument "qty"
Declared: in file /srv/shop/basket.pyi:7
def (self, item: str, qty: int)
Actual: in file /srv/shop/basket.py:13
def (self, item)

error: shop.Basket.empty is not defined
Declared: in file /srv/shop/basket.pyi:9
def (self)
Actual:
ABSENT

2 errors found
"""


def test_split_takes_each_opener_with_its_paragraph() -> None:
    assert _split(BLOCKS, 2) == [
        'error: shop.Basket.add takes no argument "qty"; Declared: in file /srv/shop/basket.pyi:7; '
        "def (self, item: str, qty: int); Actual: in file /srv/shop/basket.py:13; def (self, item)",
        "error: shop.Basket.empty is not defined; Declared: in file /srv/shop/basket.pyi:9; def (self); Actual: ABSENT",
    ]


def test_split_needs_as_many_openers_as_the_count() -> None:
    assert _split(BLOCKS, 3) == []


def test_the_count_prefers_the_blocks_over_their_first_lines() -> None:
    # Without the closing count the openers alone are the messages; with it, each block.
    found = failure_messages("Exit code 1\n" + BLOCKS).messages
    assert found[1].endswith("Actual: ABSENT")
    uncounted = failure_messages("Exit code 1\n" + BLOCKS.replace("2 errors found\n", "")).messages
    assert uncounted == (
        'error: shop.Basket.add takes no argument "qty"',
        "error: shop.Basket.empty is not defined",
    )


TITLED = """\
=====
Failure: suite:0:sum.

Raised at Runner.check in file "runner.ml", line 9, characters 2-20

ValueError: sum was 8, wanted 7
-----
=====
Failure: suite:1:name.

Raised at Runner.check in file "runner.ml", line 9, characters 2-20

ValueError: name was empty
-----
Ran 3 tests. Failures: 2
"""


def test_a_title_opener_takes_its_blocks_best_line() -> None:
    assert _split(TITLED, 2) == [
        "suite:0:sum: ValueError: sum was 8, wanted 7",
        "suite:1:name: ValueError: name was empty",
    ]


def test_with_no_count_each_line_marked_failed_opens_a_block() -> None:
    output = (
        "Exit code 1\n"
        "+++ OK, passed 100 tests.\n"
        "*** FAILED! Counterexample found (after 3 tries):\n"
        '""\n'
        "*** FAILED! Counterexample found (after 9 tries):\n"
        "[-1, 4]\n"
        "sum was negative\n"
    )
    assert failure_messages(output).messages == (
        '*** FAILED! Counterexample found (after 3 tries): ""',
        "*** FAILED! Counterexample found (after 9 tries): [-1, 4]; sum was negative",
    )


def test_a_line_introducing_each_block_names_its_test() -> None:
    text = (
        "[ START ] basket_sum\n"
        "error: basket.sum was 8, wanted 7\n"
        "[ START ] basket_name\n"
        "error: basket.name was empty\n"
        "[ START ] basket_ok\n"
        "2 failed\n"
    )
    lines = [shapes.Line(s) for s in text.splitlines()]
    kinds = [shapes.kind(line) for line in lines]
    assert counted.split(lines, kinds, 2) == [
        "basket_sum: error: basket.sum was 8, wanted 7",
        "basket_name: error: basket.name was empty",
    ]


def test_a_runners_column_is_its_mark_and_its_lines_the_blocks_fields() -> None:
    text = (
        "[ START ] basket_sum\n"
        "[ WRONG ] --- 8 is not 7\n"
        "[ WHERE ] --- tests/basket.c:12: check failed\n"
        "[ DONE  ] basket_sum\n"
        "[ START ] basket_name\n"
        "[ WRONG ] --- name is empty\n"
        "[ WHERE ] --- tests/basket.c:19: check failed\n"
        "[ DONE  ] basket_name\n"
        "[ TOTAL ] 2 failed\n"
    )
    lines = [shapes.Line(s) for s in text.splitlines()]
    kinds = [shapes.kind(line) for line in lines]
    assert counted.split(lines, kinds, 2) == [
        "basket_sum: 8 is not 7; tests/basket.c:12: check failed",
        "basket_name: name is empty; tests/basket.c:19: check failed",
    ]


STATUS_LINES = """\
{1} app.tests.test_cart.CartTest.test_total [0.0123s] ... FAILED

Captured traceback:
    Traceback (most recent call last):
      File "/srv/app/tests/test_cart.py", line 9, in test_total
        self.assertEqual(total([1, 2]), 4)
    AssertionError: 3 != 4

{1} app.tests.test_cart.CartTest.test_label [0.0041s] ... FAILED

Captured traceback:
    Traceback (most recent call last):
      File "/srv/app/tests/test_cart.py", line 14, in test_label
        label(None)
    TypeError: label() needs a cart

Failed 2 tests - output below:

app.tests.test_cart.CartTest.test_total
    AssertionError: 3 != 4

app.tests.test_cart.CartTest.test_label
    TypeError: label() needs a cart
"""


def test_a_status_line_is_the_tests_title_over_its_exception() -> None:
    # (`name [time] ... FAILED` is the runner's line for the test: the name goes in front of
    # the exception under it, the time and the status do not; the recap at the end repeats
    # each exception, which makes it no line of the runner's.)
    assert _split(STATUS_LINES, 2) == [
        "app.tests.test_cart.CartTest.test_total: AssertionError: 3 != 4",
        "app.tests.test_cart.CartTest.test_label: TypeError: label() needs a cart",
    ]


STATUS_WORDS = """\
PASSED: emptyCart
FAILED: addsPrices
java.lang.AssertionError: expected [7] but found [8]
\tat shop.CartTest.addsPrices(CartTest.java:19)

FAILED: readsRates
java.lang.IllegalStateException: no rate for eu
\tat shop.CartTest.readsRates(CartTest.java:31)

Failures: 2
"""


def test_a_status_word_and_a_name_agree_whatever_the_name() -> None:
    assert _split(STATUS_WORDS, 2) == [
        "addsPrices: java.lang.AssertionError: expected [7] but found [8]",
        "readsRates: java.lang.IllegalStateException: no rate for eu",
    ]


MARKED_LIST = """\
cart
  ✖ adds prices (1.2ms)
  ✖ reads the rate (0.3ms)

  ❯ cart / adds prices

  Error: expected 8 to equal 7

  ❯ cart / reads the rate

  Error: rate missing for eu

2 failed
"""


def test_a_list_of_marked_names_before_the_blocks_is_no_block_and_no_title() -> None:
    # (The marked lines say only which tests failed; the blocks that say why are further
    # down, each under its test's full name.)
    assert _split(MARKED_LIST, 2) == [
        "cart / adds prices: Error: expected 8 to equal 7",
        "cart / reads the rate: Error: rate missing for eu",
    ]


LEADERS = """\
Checking db:pg:shop
  * customers .. ok
  * orders ..... relation "orders" does not exist
  # Check script "check/orders.sql" failed.
  * invoices ... column "total" does not exist
  # Check script "check/invoices.sql" failed.
Errors: 2
"""


def test_a_name_and_a_dot_leader_before_a_message_is_the_message_under_that_name() -> None:
    # (The leader's lines are one lead whatever the names; `ok` after one is no message.)
    assert _split(LEADERS, 2) == [
        'orders: relation "orders" does not exist',
        'invoices: column "total" does not exist',
    ]


DRAWN = """\
....!
Failed: After 7 test(s).
{3,-1}

Shrinking ..(2 time(s))
{0,-1}
..!
Failed: After 2 test(s).
[a]

Shrinking .(1 time(s))
[]
"""


def test_a_failed_block_over_values_and_no_message_is_its_lines_joined() -> None:
    # (A property's counterexample and its shrunk form say why it failed; nothing under the
    # opener reads as a message, and the `!` marks hold no value.)
    assert _split(DRAWN, 2) == [
        "Failed: After 7 test(s).; {3,-1}; Shrinking ..(2 time(s)); {0,-1}",
        "Failed: After 2 test(s).; [a]; Shrinking .(1 time(s)); []",
    ]


RULED = """\
tests.test_tax
  test_round ...                  [FAIL]
  test_zero ...                   [ERROR]

==================================================
[FAIL]
Traceback (most recent call last):
  File "/srv/app/tests/test_tax.py", line 8, in test_round
    self.assertEqual(rate(2), 0.2)
  File "/srv/app/app/checks.py", line 30, in assertEqual
    raise CheckFailed(f"{a} != {b}")
app.checks.CheckFailed: 0.25 != 0.2

tests.test_tax.TaxTests.test_round
==================================================
[ERROR]
Traceback (most recent call last):
  File "/srv/app/tests/test_tax.py", line 12, in test_zero
    rate(0)
builtins.ZeroDivisionError: division by zero

tests.test_tax.TaxTests.test_zero
--------------------------------------------------
FAILED (failures=1, errors=1)
"""


def test_blocks_under_a_rule_take_the_id_printed_after_their_message() -> None:
    # (The rule is the only line each block opens with; the status under it is no message,
    # and dotted ids that share a form are not the runner's lines.)
    assert _split(RULED, 2) == [
        "tests.test_tax.TaxTests.test_round: app.checks.CheckFailed: 0.25 != 0.2",
        "tests.test_tax.TaxTests.test_zero: builtins.ZeroDivisionError: division by zero",
    ]


MARKED_MESSAGES = """\
cart
  ✖ expected value 3 to be 4
  ✖ expected value 'a' to be 'b'
2 failed
"""


def test_a_marked_line_that_reads_as_a_message_is_that_message() -> None:
    # (The mark says it failed; what follows it says why: no test's title.)
    assert _split(MARKED_MESSAGES, 2) == ["expected value 3 to be 4", "expected value 'a' to be 'b'"]
