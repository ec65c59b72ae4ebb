"""A runner's failure as a unit: the test's title and the message under it, one per test."""

from __future__ import annotations

from context_keeper.failures import failure_messages, titles

# Titles listed before the reports (marked, with their times), then each report under its
# title again: the list says which tests failed, the reports why.
LISTED_THEN_REPORTED = """\
Exit code 1

orders (tests/orders.spec.js)
  ✖ parses dates (1.20ms)
  ✖ rounds totals (0.41ms)
 ERRORS

  ❯ orders / parses dates

  Assertion Error: expected 2 to equal 3

   at Object.executor tests/orders.spec.js:8
[1/2]─

  ❯ orders / rounds totals

  TypeError: Cannot read properties of undefined (reading 'eu')

   at Object.executor tests/orders.spec.js:12
[2/2]─

Tests  2 failed (2)
"""

# A runner's header for each failure, the test's title on the next line, the message under it.
TITLE_UNDER_HEADER = """\
Exit code 1
0 successes / 2 failures / 0 errors / 0 pending : 0.01 seconds

Failure -> spec/orders_spec.lua @ 4
orders sums totals
spec/orders_spec.lua:5: Expected objects to be equal.

Failure -> spec/orders_spec.lua @ 9
orders keeps names
spec/orders_spec.lua:10: Expected objects to be the same.
"""

# The same blocks with no title between header and message: nothing to put in front.
NO_TITLE = """\
Exit code 1
0 successes / 2 failures / 0 errors / 0 pending : 0.01 seconds

Failure -> spec/orders_spec.lua @ 4
spec/orders_spec.lua:5: Expected objects to be equal.

Failure -> spec/orders_spec.lua @ 9
spec/orders_spec.lua:10: Expected objects to be the same.
"""


def test_listed_titles_give_way_to_each_title_with_its_message() -> None:
    assert list(failure_messages(LISTED_THEN_REPORTED).messages) == [
        "orders / parses dates: Assertion Error: expected 2 to equal 3",
        "orders / rounds totals: TypeError: Cannot read properties of undefined (reading 'eu')",
    ]


def test_a_title_under_the_runners_header_goes_in_front_of_the_message() -> None:
    assert list(failure_messages(TITLE_UNDER_HEADER).messages) == [
        "orders sums totals: spec/orders_spec.lua:5: Expected objects to be equal.",
        "orders keeps names: spec/orders_spec.lua:10: Expected objects to be the same.",
    ]


def test_blocks_without_titles_keep_their_messages_alone() -> None:
    assert list(failure_messages(NO_TITLE).messages) == [
        "spec/orders_spec.lua:5: Expected objects to be equal.",
        "spec/orders_spec.lua:10: Expected objects to be the same.",
    ]


def test_titles_only_tells_names_from_messages() -> None:
    assert titles.titles_only(["parses dates (1.20ms)", "rounds totals (0.41ms)"])
    assert not titles.titles_only(["parses dates", "Assertion Error: expected 2 to equal 3"])


# Each failure a title that says the test failed, its place in brackets and its name, over
# the message.
FAILED_TITLES = """\
Exit code 1
Failure ('test-orders.R:4'): orders sum totals
orders_total(c(1, 2)) not equal to 4.
1/1 mismatches

Failure ('test-orders.R:9'): orders keep names
names(o) not identical to "a".

Error: Test failures
"""


def test_a_title_that_says_the_test_failed_gives_its_name_over_the_message() -> None:
    assert list(failure_messages(FAILED_TITLES).messages) == [
        "orders sum totals: orders_total(c(1, 2)) not equal to 4.; 1/1 mismatches",
        'orders keep names: names(o) not identical to "a".',
    ]


def test_named_reads_a_runners_title_not_a_level() -> None:
    assert titles.named("Failure ('test-orders.R:4'): orders sum totals") == "orders sum totals"
    assert titles.named("FAIL: test_total") == "test_total"
    assert titles.named('error: shop.add takes no argument "qty"') == ""
    assert titles.named("Failure: expected 3 to equal 4") == ""


# Each failure opened by the runner's mark, whatever the test's name, its sentence wrapped
# under a hanging indent, an excerpt under it; the closing count marked too.
MARKED_BLOCKS = """\
Exit code 1
━━━ Orders ━━━
  ✗ prop_totalsAdd failed at Spec.hs:12:5
    after 7 tests and 2 shrinks.

       ┏━━ Spec.hs ━━━
    12 ┃   total xs === sum xs
       ┃   ^^^^^^^^^^^^^^^^^^^

  ✗ prop_namesKept failed at Spec.hs:20:3
    after 3 tests.

       ┏━━ Spec.hs ━━━
    20 ┃   assert (names o /= [])
       ┃   ^^^^^^^^^^^^^^^^^^^^^^

  ✗ 2 failed.
"""


def test_a_runners_mark_opens_each_block_whatever_the_names() -> None:
    assert list(failure_messages(MARKED_BLOCKS).messages) == [
        "prop_totalsAdd failed at Spec.hs:12:5 after 7 tests and 2 shrinks.",
        "prop_namesKept failed at Spec.hs:20:3 after 3 tests.",
    ]


# Each failure a test's name ending in a colon over the values it failed on (a blank line
# among them), its frame under them; the count said `N out of M`.
NAMES_OVER_VALUES = """\
Exit code 1

orders > sums totals:
25
  should equal
30
    at /home/dev/proj/tests/orders.js:5:22


orders > keeps names:
names contain plum

false
  should equal
true
    at /home/dev/proj/tests/orders.js:8:43

––––––
2 out of 2 assertions failed
"""


def test_a_name_ending_in_a_colon_goes_over_the_values_under_it() -> None:
    assert list(failure_messages(NAMES_OVER_VALUES).messages) == [
        "orders > sums totals: 25; should equal; 30",
        "orders > keeps names: names contain plum; false; should equal; true",
    ]


# Numbered titles that name each test by its id among the runner's words, the message's
# lines under each, bulleted.
NUMBERED_IDS = """\
Exit code 1
.F.E


!!!FAILURES!!!
Test Results:
Run:  2   Failures: 1   Errors: 1


1) test: OrderTest::testSum (F) line: 12 order_test.cpp
equality assertion failed
- Expected: 3
- Actual  : 4


2) test: OrderTest::testParse (E)
uncaught exception of type std::exception (or derived).
- bad number
"""


def test_a_numbered_title_names_its_test_by_the_id_in_it() -> None:
    assert list(failure_messages(NUMBERED_IDS).messages) == [
        "OrderTest::testSum: equality assertion failed; Expected: 3; Actual : 4",
        "OrderTest::testParse: uncaught exception of type std::exception (or derived).; bad number",
    ]


def test_numbered_finds_one_id_among_words() -> None:
    assert titles.numbered("1) test: OrderTest::testSum (F) line: 12 order_test.cpp") == "OrderTest::testSum"
    assert titles.numbered("2) Cart keeps names") == ""
    assert titles.numbered("3) shop.cart.test_total") == ""  # (the id alone: the title is its name)


# Each property's name alone on the line over the runner's `*** Failed!` opener, a passing one
# between (its name over `+++ OK`).
NAMES_OVER_OPENERS = """\
Exit code 1
prop_sumsCommute
+++ OK, passed 100 tests.
prop_sortKeepsLength
*** Failed! Falsified (after 3 tests):
[1,0]
prop_reverseTwice
*** Failed! Falsified (after 1 test):
[]
1 /= 0
"""


def test_a_tests_id_over_its_blocks_opener_is_its_title() -> None:
    assert list(failure_messages(NAMES_OVER_OPENERS).messages) == [
        "prop_sortKeepsLength: *** Failed! Falsified (after 3 tests): [1,0]",
        "prop_reverseTwice: *** Failed! Falsified (after 1 test): []; 1 /= 0",
    ]


# Each test's status line after its report, in a column of the runner's marks; the first test's
# status over no report; nothing said after the last.
STATUS_AFTER_REPORTS = """\
Exit code 1
[FAIL] orders::exits: (0.00s)
[----] tests/test_orders.c:23: Assertion Failed
[----]
[----]   total of 1 and 2 should be 3
[----]
[FAIL] orders::total: (0.00s)
[----] tests/test_orders.c:30: Unexpected signal caught below this line!
[FAIL] orders::null: CRASH!
[====] Synthesis: Tested: 4 | Passing: 1 | Failing: 3 | Crashing: 1
"""


def test_a_status_line_closes_the_report_above_it() -> None:
    assert list(failure_messages(STATUS_AFTER_REPORTS).messages) == [
        "[FAIL] orders::exits: (0.00s)",
        "orders::total: tests/test_orders.c:23: Assertion Failed; total of 1 and 2 should be 3",
        "orders::null: tests/test_orders.c:30: Unexpected signal caught below this line!",
    ]
