"""failures.ranking on a run's closing words and a logger's fields: a wrap-up that says the run
failed, in a few plain words, after a line that says what failed is no failure of its own; a
log line's time of day, a glog header and a process id in brackets are the logger's, not the
message's; a message its program names goes on over the lines right under it. Each output is
written for its rule in the shape such tools print."""

from __future__ import annotations

import pytest

from context_keeper.failures import wording
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_wrap_up_after_the_message_is_not_a_second_failure() -> None:
    output = "Error: tree.dts:7.5-6 syntax error\nFATAL ERROR: Unable to parse input tree"
    assert messages(output) == ["Error: tree.dts:7.5-6 syntax error"]


def test_a_wrap_up_that_reads_stronger_than_the_message_gives_way_to_it() -> None:
    # (`can't` reads as strongly as the place does: the earlier line said what failed.)
    output = '"jobs.tab":4: bad minute\nerrors in jobs file, can\'t install.'
    assert messages(output) == ['"jobs.tab":4: bad minute']


def test_wrap_ups_logged_after_an_alert_leave_the_alert() -> None:
    output = (
        "[03-Mar-2026 10:46:50] ALERT: [pool web] pm.max_children(0) must be a positive value\n"
        "[03-Mar-2026 10:46:50] ERROR: failed to post process the configuration\n"
        "[03-Mar-2026 10:46:50] ERROR: server initialization failed"
    )
    assert messages(output) == ["ALERT: [pool web] pm.max_children(0) must be a positive value"]


def test_a_wrap_up_alone_is_still_what_the_run_said() -> None:
    assert messages("ERROR: server initialization failed") == ["ERROR: server initialization failed"]


@pytest.mark.parametrize(
    "text",
    [
        "FATAL ERROR: Unable to parse input tree",
        "errors in crontab file, can't install.",
        "ERROR: failed to post process the configuration",
        "daemon [4242]: ERROR ERROR: test configuration failed",
    ],
)
def test_a_few_plain_words_of_failure_are_a_wrap_up(text: str) -> None:
    assert wording.is_wrapup(text)


@pytest.mark.parametrize(
    "text",
    [
        # An exception with its message is what was raised.
        "RuntimeError: could not load database settings",
        "Error: Could not parse grammar",
        # A name, a quote, a number or a path says which.
        "error: recipe `lint` failed on line 6",
        "Errors were found in backup.conf",
        "Failed during configuration: Have not found any log file for the web jail at all",
        "bad hour",
    ],
)
def test_a_line_that_names_what_failed_is_no_wrap_up(text: str) -> None:
    assert not wording.is_wrapup(text)


def test_a_process_id_in_brackets_is_no_rule_of_a_linter() -> None:
    # Warnings and an error of one logger, each with its process id: the error failed the run.
    output = (
        "app.config   [812]: WARNING 'ipv6' not defined in 'Definition'. Using default one: 'auto'\n"
        "app.config   [812]: WARNING Wrong value for 'retries' in 'web'. Using default one: 'None'\n"
        "app          [812]: ERROR   Failed during configuration: no log file found for the web jail\n"
        "app          [812]: ERROR   ERROR: test configuration failed"
    )
    assert messages(output) == ["app [812]: ERROR Failed during configuration: no log file found for the web jail"]


@pytest.mark.parametrize(
    "line",
    [
        '[20:31:17] Error: package.json version "1.4" is not semver',
        '[03-Mar-2026 20:31:17] Error: package.json version "1.4" is not semver',
        'E1127 17:51:59.257998   18898 run.go:72] Error: package.json version "1.4" is not semver',
    ],
)
def test_a_time_of_day_and_a_glog_header_are_the_loggers(line: str) -> None:
    assert messages(line) == ['Error: package.json version "1.4" is not semver']


def test_a_message_its_program_names_goes_on_over_the_lines_under_it() -> None:
    output = (
        'qry: cannot parse the expression.\nParse error on token "]" at line 1 column 12.\nExpected one of:\n  ( [ name'
    )
    assert messages(output) == ['qry: cannot parse the expression.; Parse error on token "]" at line 1 column 12.']


def test_a_paragraph_takes_a_line_with_its_place_under_it_but_not_the_data_it_quotes() -> None:
    output = (
        'ledg: "/p/books.journal" (lines 5-7)\n'
        "could not balance this transaction:\n"
        "the postings' sum should be 0 but is: 5.00 EUR\n"
        "2024-03-02 Hardware store\n"
        "    expenses:tools        30.00 EUR\n"
        "    assets:checking      -25.00 EUR"
    )
    assert messages(output) == [
        'ledg: "/p/books.journal" (lines 5-7); could not balance this transaction: '
        "the postings' sum should be 0 but is: 5.00 EUR"
    ]
    output = (
        "conv: Error reading: ParserError: while parsing a block mapping\n"
        '  in "compose.yaml", line 3, column 5\n'
        "did not find expected key\n"
        '  in "compose.yaml", line 6, column 6.'
    )
    assert messages(output) == [
        'conv: Error reading: ParserError: while parsing a block mapping in "compose.yaml", line 3, column 5; '
        'did not find expected key in "compose.yaml", line 6, column 6.'
    ]


def test_a_paragraph_stops_at_a_file_a_value_or_a_line_of_its_own_program() -> None:
    # A file's name is no program's: `a.timer: ...` is a finding, the line under it another.
    output = (
        "/p/a.timer:5: Failed to parse calendar specification, ignoring: daily\n"
        "/p/a.timer:6: Unknown key 'Persist' in section [Timer], ignoring.\n"
        "a.timer: Timer unit lacks value setting. Refusing.\n"
        "Unit a.timer has a bad unit file setting."
    )
    assert messages(output)[-1] == "a.timer: Timer unit lacks value setting. Refusing."
    # The value the program printed after its error is no part of it.
    assert messages('jq: error (at <stdin>:1): Cannot index number with string "id"\n1') == [
        'jq: error (at <stdin>:1): Cannot index number with string "id"'
    ]
