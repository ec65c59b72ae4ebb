"""failures.wording's score on the words that say what failed: a line whose only sign of a
failure is a negation the score knows reads as a message beside another that does."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_negation_by_its_prefix_or_what_was_expected_reads_as_what_failed() -> None:
    # `unsupported`, `unresolved`, `undeclared` say what is wrong as `invalid` does: the line
    # is a runner-up beside an `invalid` line, no longer a line of plain words.
    output = "The config is invalid because: retries must be a number\nUnsupported config option for web: 'enviroment'"
    assert messages(output) == [
        "The config is invalid because: retries must be a number; Unsupported config option for web: 'enviroment'"
    ]
    # Two findings of one shape under the run's abort are the failures, not the abort.
    output = (
        "abort due to conflicts; use --force to override\nunresolved conflict in ./a.py\nunresolved conflict in ./b.py"
    )
    assert messages(output) == ["unresolved conflict in ./a.py", "unresolved conflict in ./b.py"]

    # `expecting` says what the input lacks as `expected` does.
    output = "I was expecting a `,' or a `}'---line 9 of file refs.bib\n(Error may have been on previous line)"
    assert messages(output) == [
        "I was expecting a `,' or a `}'---line 9 of file refs.bib; (Error may have been on previous line)"
    ]


def test_a_tables_row_of_counts_is_no_message() -> None:
    # A summary table's row (a word, then counts in columns) says how many, not what: the
    # failure above it is the message, though its only failure word is `FAILED`.
    output = (
        "Suite: cart\n  Test: total ...FAILED\n    1. tests/cart.c:19  - total(prices, 2) == 7\n\n"
        "Run Summary:    Type  Total    Ran Passed Failed Inactive\n"
        "              suites      1      1    n/a      0        0\n"
        "             asserts      5      5      4      1      n/a\n"
    )
    assert messages(output) == ["Suite: cart; Test: total ...FAILED 1. tests/cart.c:19 - total(prices, 2) == 7"]


def test_a_heading_that_reads_as_a_message_still_says_what_its_items_are() -> None:
    # The heading scores (`missing`); its whole list is still the report, not the heading
    # with its first item alone.
    output = (
        "\nThese imports are missing from the manifest:\n- 'attrs'\n- 'yaml'\n\n"
        "For a more verbose report re-run with the `--detailed` option."
    )
    assert messages(output) == ["These imports are missing from the manifest: - 'attrs'; - 'yaml'"]
