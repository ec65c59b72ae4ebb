"""mocha's failures whose error goes on past its first line: a message printed over several lines
(mocha indents only the first under the test's title), and a diff under a message that cuts the
values it compares. The outputs are written in the shape mocha prints them."""

from __future__ import annotations

from context_keeper.failures import failure_messages

HEAD = "  1 passing (6ms)\n  1 failing\n\n  1) cart\n       {title}:\n"
FRAMES = "      at Context.<anonymous> (file:///p/test/cart.test.mjs:6:68)\n"


def _messages(body: str, title: str = "labels an order") -> list[str]:
    return list(failure_messages(HEAD.format(title=title) + body + FRAMES, "npx mocha").messages)


def test_lines_left_at_the_margin_under_the_first_are_the_message() -> None:
    body = '     Error: No match for request {\n  "method": "GET",\n}\n'
    assert _messages(body) == ['cart labels an order: Error: No match for request {; "method": "GET",; }']


def test_the_frames_and_what_is_indented_like_them_stay_out() -> None:
    assert _messages("     AssertionError: expected 10 to equal 11\n") == [
        "cart labels an order: AssertionError: expected 10 to equal 11"
    ]


def test_a_diff_under_a_message_that_cuts_its_values_gives_its_changed_lines() -> None:
    body = (
        "\n      AssertionError: expected { id: 7, …(2) } to deeply equal { id: 7, …(2) }\n"
        '      + expected - actual\n\n       {\n      -  "tags": []\n      +  "tags": [1]\n       }\n'
    )
    assert _messages(body) == [
        "cart labels an order: AssertionError: expected { id: 7, …(2) } to deeply equal { id: 7, …(2) }; "
        '- "tags": []; + "tags": [1]'
    ]


def test_a_diff_whose_values_the_message_shows_stays_out() -> None:
    body = "\n      AssertionError: expected 10 to equal 11\n      + expected - actual\n\n      -10\n      +11\n\n"
    assert _messages(body) == ["cart labels an order: AssertionError: expected 10 to equal 11"]


def test_a_message_that_opens_a_diff_takes_the_first_diffs_lines_on_its_line() -> None:
    body = (
        "\n      AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n"
        "+ actual - expected\n\n  [\n+   'pear'\n-   'fig'\n  ]\n"
        '      + expected - actual\n\n      -  "pear"\n      +  "fig"\n\n'
    )
    assert _messages(body) == [
        "cart labels an order: AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal: "
        "+ 'pear'; - 'fig'"
    ]
