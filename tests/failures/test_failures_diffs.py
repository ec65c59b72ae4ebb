"""Lines a message goes on with: a diff under an assertion without values, an exception told over several lines."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.diffs import changed_lines


def test_a_diff_under_a_message_without_values_gives_its_changed_lines() -> None:
    lines = ["/tmp/a.yml", "--- ", "+++ ", "@@ -1,3 +1,3 @@", "-currency: EUR", "+currency: USD", "items: 2"]
    assert changed_lines("AssertionError: FILES DIFFER:", lines) == ["-currency: EUR", "+currency: USD"]


def test_a_diff_whose_values_the_message_shows_adds_nothing() -> None:
    lines = ["- 2 item", "+ 2 items", "?       +"]
    assert changed_lines("AssertionError: '2 item' != '2 items'", lines) == []


def test_pytest_where_explanations_are_not_changed_lines() -> None:
    assert changed_lines("assert 7 == 8", ["+  where 7 = sum([3, 4])"]) == []


def test_context_and_guides_stay_out() -> None:
    lines = ["dict({", "-   'total': 8.4,", "+   'total': 8.75,", "'items': 2,", "})"]
    assert changed_lines("assert [+ received] == [- snapshot]", lines) == ["-   'total': 8.4,", "+   'total': 8.75,"]


TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/p/load.py", line 3, in <module>\n'
    "    Order(**data)\n"
    "app.ValidationError: 2 validation errors for Order\n"
    "id\n"
    "  Input should be a valid integer [type=int_parsing]\n"
    "    For further information visit https://example.org/int_parsing\n"
    "qty\n"
    "  Field required [type=missing]\n"
)


def test_an_exception_told_over_several_structured_lines_takes_them_without_the_pointer() -> None:
    found = failure_messages(TRACEBACK, "python load.py")
    assert list(found.messages) == [
        "app.ValidationError: 2 validation errors for Order; id; Input should be a valid integer "
        "[type=int_parsing]; qty; Field required [type=missing]"
    ]


def test_lines_at_the_margin_that_say_something_of_their_own_are_not_the_exceptions() -> None:
    text = TRACEBACK.split("id\n")[0] + "make: *** [Makefile:2: load] Error 1\n  detail\n"
    assert list(failure_messages(text, "make load").messages)[0].startswith(
        "app.ValidationError: 2 validation errors for Order"
    )
    assert "make" not in list(failure_messages(text, "make load").messages)[0]


PARSER = (
    "Traceback (most recent call last):\n"
    '  File "/p/load.py", line 3, in <module>\n'
    "    yaml.safe_load(fh)\n"
    "yaml.parser.ParserError: while parsing a block mapping\n"
    '  in "config.yml", line 1, column 1\n'
    "expected <block end>, but found '<block sequence start>'\n"
    '  in "config.yml", line 4, column 2\n'
)


def test_an_exception_whose_next_line_is_indented_takes_its_places_and_sentences() -> None:
    assert list(failure_messages(PARSER, "python load.py").messages) == [
        'yaml.parser.ParserError: while parsing a block mapping; in "config.yml", line 1, column 1; '
        "expected <block end>, but found '<block sequence start>'; in \"config.yml\", line 4, column 2"
    ]


def test_a_value_quoted_in_a_sentence_is_no_label_but_a_label_at_the_margin_is() -> None:
    quoted = PARSER.replace("expected <block end>", 'found key "image" (original value: "a")')
    assert "original value" in list(failure_messages(quoted, "python load.py").messages)[0]
    labelled = PARSER.replace("expected <block end>", "make: *** [Makefile:2] Error 1")
    assert list(failure_messages(labelled, "python load.py").messages) == [
        "yaml.parser.ParserError: while parsing a block mapping"
    ]


def test_a_log_line_under_its_time_stamp_ends_the_message_it_follows() -> None:
    for log in ("[2026-11-28 10:00:00] INFO: shutting down\n", "2026-11-28 10:00:00,123 INFO [main] shutting down\n"):
        assert list(failure_messages(PARSER + log, "python load.py").messages) == [
            'yaml.parser.ParserError: while parsing a block mapping; in "config.yml", line 1, column 1; '
            "expected <block end>, but found '<block sequence start>'; in \"config.yml\", line 4, column 2"
        ]


def test_a_message_ending_in_a_colon_never_takes_more_lines_than_it_opens() -> None:
    lines = "".join(f" - reason {n}\n" for n in range(6))
    text = PARSER.split("yaml.parser")[0] + "app.SchemaError: validation failed:\n" + lines
    assert list(failure_messages(text, "python load.py").messages) == ["app.SchemaError: validation failed:"]
