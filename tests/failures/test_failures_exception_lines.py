"""An exception's message told over the lines under its first line."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.continuation import continued


def test_a_header_takes_the_value_under_it_and_advice_stays_out() -> None:
    lines = ["Omitting 2 identical items, use -vv to show", "Differing attributes:", "['qty']", "Emitted: []."]
    assert continued(lines) == ["Differing attributes: ['qty']", "Emitted: []."]


def test_a_diff_and_its_context_lines_are_not_the_message() -> None:
    assert continued(["- Hello World", "?       ^", "+ Hello world", "See you soon."]) == []


def test_pytest_gives_an_assertion_helper_report_under_a_bare_exception() -> None:
    out = "\n".join(
        [
            "F                                                                        [100%]",
            "=================================== FAILURES ===================================",
            "___________________________________ test_qty ___________________________________",
            "",
            ">       check(qty)",
            "E       AssertionError: ",
            'E       Attribute "dtype" are different',
            "E       [left]:  int64",
            "E       [right]: float64",
            "",
            "tests/test_a.py:9: AssertionError",
            "=========================== short test summary info ============================",
            "FAILED tests/test_a.py::test_qty - AssertionError: ",
            "1 failed in 0.01s",
        ]
    )
    assert failure_messages(out, "pytest").messages == (
        'tests/test_a.py::test_qty: AssertionError: Attribute "dtype" are different; [left]: int64; [right]: float64',
    )


def test_a_node_error_goes_on_at_the_margin_above_its_stack() -> None:
    out = "\n".join(
        [
            'Error: Unknown type "Prodct".',
            "",
            'Unknown type "Order".',
            "    at assertValidSDL (/p/node_modules/graphql/validation/validate.js:215:11)",
            "    at file:///p/server.mjs:8:16",
            "",
            "Node.js v20.20.2",
        ]
    )
    assert failure_messages(out, "node server.mjs").messages == (
        'Error: Unknown type "Prodct".; Unknown type "Order".',
    )


def test_a_listing_between_a_node_error_and_its_stack_is_not_its_message() -> None:
    out = "\n".join(
        [
            "Error: Cannot find module './cart'",
            "Require stack:",
            "- /p/server.js",
            "    at Module._resolveFilename (node:internal/modules/cjs/loader:1140:15)",
            "",
            "Node.js v20.20.2",
        ]
    )
    assert failure_messages(out, "node server.js").messages[0] == "Error: Cannot find module './cart'"


def test_advice_under_the_last_thing_said_is_not_the_message() -> None:
    out = '\nOops! Something went wrong! :(\n\nNo files matching the pattern "src" were found.\nPlease check for typing mistakes in the pattern.'
    assert failure_messages(out, "lint src").messages == ('No files matching the pattern "src" were found.',)


def test_a_go_example_gives_its_output_against_the_wanted_and_no_summary() -> None:
    out = "--- FAIL: ExampleLabel (0.00s)\ngot:\n2 item\nwant:\n2 items\nFAIL\nFAIL\texample.com/shop\t0.002s\nFAIL"
    assert failure_messages(out, "go test ./...").messages == ("ExampleLabel: got: 2 item; want: 2 items",)


def test_a_log_lines_source_column_is_not_its_message() -> None:
    out = "[07:07:47] CRITICAL ValueError: Could not find the theme         __init__.py:683\n                    themes/shop"
    assert failure_messages(out, "site build").messages == (
        "CRITICAL ValueError: Could not find the theme themes/shop",
    )


def test_reports_each_over_its_own_stack_are_several_failures() -> None:
    out = (
        "==6074== Conditional jump or move depends on uninitialised value(s)\n"
        "==6074==    at 0x109173: main (app.c:7)\n==6074== \n"
        "==6074== Invalid free() / delete / delete[] / realloc()\n"
        "==6074==    at 0x484417B: free (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)\n"
        "==6074==    by 0x10919B: main (app.c:10)"
    )
    assert failure_messages(out, "./app").messages == (
        "Conditional jump or move depends on uninitialised value(s)",
        "Invalid free() / delete / delete[] / realloc()",
    )
