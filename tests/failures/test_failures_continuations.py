"""failures on a message printed over several lines that are not joined by indentation alone:
a header whose text goes on in labelled parts at its own indentation, a report drawn as a tree
with its lines wrapped under a branch, details printed with the header's own lead; and several
failures printed as blocks of one shape. Each output is written for its rule in the shape such
tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_label_alone_over_deeper_lines_goes_on_with_the_header_it_follows() -> None:
    output = "spec.cpp:15: FAILED:\n  REQUIRE( add(3, 4) == 8 )\nwith expansion:\n  7 == 8\n\n1 of 2 assertions failed"
    assert messages(output) == ["spec.cpp:15: FAILED: REQUIRE( add(3, 4) == 8 ); with expansion: 7 == 8"]
    # A header that opened nothing does not take the label after it.
    output = "spec.cpp:15: oops\nwith expansion:\n  7 == 8"
    assert messages(output)[0] == "spec.cpp:15: oops"


def test_a_drawn_tree_is_one_message_its_branches_parts_and_wrapped_lines_unwrapped() -> None:
    output = (
        "Error:   × resolving packages\n"
        '  ╰─▶ Failed to fetch left-pad-missing@^1.0.0 from the mirror at "/\n'
        "      var/cache/mirror/left-pad-\n"
        '      missing.json"'
    )
    assert messages(output) == [
        'Error: resolving packages; Failed to fetch left-pad-missing@^1.0.0 from the mirror at "/var/cache/mirror/left-pad-missing.json"'
    ]
    # Its root ending in `:` takes the branch as its text, at the root's own indentation too.
    output = (
        "  × No solution found when resolving dependencies:\n"
        "  ╰─▶ Because foo was not found, we can\n"
        "      conclude that the requirements are unsatisfiable."
    )
    assert messages(output) == [
        "No solution found when resolving dependencies: Because foo was not found, we can conclude that the "
        "requirements are unsatisfiable."
    ]


def test_details_with_the_headers_own_lead_go_on_with_it() -> None:
    output = (
        "Sending  a.txt\n"
        "vcs: E155011: Commit failed (details follow):\n"
        "vcs: E155011: File 'a.txt' is out of date\n"
        "vcs: E160028: File '/a.txt' is out of date"
    )
    assert messages(output) == [
        "vcs: E155011: Commit failed (details follow): vcs: E155011: File 'a.txt' is out of date; "
        "vcs: E160028: File '/a.txt' is out of date"
    ]


def test_blocks_of_one_shape_each_closed_by_where_the_diagnostic_is() -> None:
    # An underline of tildes under the excerpt is its caret; `at` a place closing the block,
    # under a diagnostic that states its level, is where.
    output = (
        "TS2322 [ERROR]: Type 'string' is not assignable to type 'number'.\n"
        'const a: number = "4";\n'
        "                  ~~~\n"
        "    at file:///p/main.ts:3:19\n"
        "\n"
        "TS2552 [ERROR]: Cannot find name 'totl'.\n"
        "console.log(totl(a));\n"
        "            ~~~~\n"
        "    at file:///p/main.ts:4:13\n"
        "\n"
        "error: Type checking failed."
    )
    assert messages(output) == [
        "file:///p/main.ts:3:19: TS2322 [ERROR]: Type 'string' is not assignable to type 'number'.",
        "file:///p/main.ts:4:13: TS2552 [ERROR]: Cannot find name 'totl'.",
    ]


def test_a_block_of_one_shape_keeps_the_line_other_findings_group_apart() -> None:
    # (`Runtime error near` and `Parse error near` agree in two of their first three words; the
    # excerpt and caret under the second, deeper than the block, do not end it.)
    output = (
        "Runtime error near line 7: UNIQUE constraint failed: users.email (19)\n"
        'Parse error near line 8: near "order": syntax error\n'
        "  ALTER TABLE order ADD COLUMN note TEXT;\n"
        "              ^--- error here\n"
        "Parse error near line 9: no such column: totl"
    )
    assert messages(output) == [
        "Runtime error near line 7: UNIQUE constraint failed: users.email (19)",
        'Parse error near line 8: near "order": syntax error',
        "Parse error near line 9: no such column: totl",
    ]


def test_two_assertions_failed_in_one_test_are_two_failures() -> None:
    output = (
        "-------------------------------------------------------------------------------\n"
        "label formats the total\n"
        "-------------------------------------------------------------------------------\n"
        "spec.cpp:18\n"
        "...............................................................................\n"
        "\n"
        "spec.cpp:19: FAILED:\n"
        '  CHECK( label(7) == "total: 7" )\n'
        "\n"
        "spec.cpp:20: FAILED:\n"
        '  CHECK( label(0) == "total: 0" )\n'
        "\n"
        "===============================================================================\n"
        "test cases: 1 | 1 failed"
    )
    assert messages(output) == [
        'label formats the total: spec.cpp:19: FAILED: CHECK( label(7) == "total: 7" )',
        'label formats the total: spec.cpp:20: FAILED: CHECK( label(0) == "total: 0" )',
    ]


def test_blocks_of_one_shape_under_a_failures_heading_are_one_failure_each() -> None:
    output = (
        "Failures (2):\n"
        "  Suite:CartTest:sums()\n"
        "    MethodSource [className = 'CartTest', methodName = 'sums']\n"
        "    => org.example.AssertionFailedError: expected: <7> but was: <8>\n"
        "       org.example.Assertions.assertEquals(Assertions.java:528)\n"
        "  Suite:CartTest:parses()\n"
        "    MethodSource [className = 'CartTest', methodName = 'parses']\n"
        '    => java.lang.NumberFormatException: For input string: "three"\n'
        "       java.lang.Integer.parseInt(Integer.java:668)\n"
    )
    assert messages(output) == [
        "Suite:CartTest:sums(): org.example.AssertionFailedError: expected: <7> but was: <8>",
        'Suite:CartTest:parses(): java.lang.NumberFormatException: For input string: "three"',
    ]


def test_a_header_ending_in_a_semicolon_goes_on_with_its_deeper_labelled_lines() -> None:
    output = (
        "a.scala:3: error: type mismatch;\n"
        ' found   : String("4")\n'
        " required: Int\n"
        '  val x: Int = "4"\n'
        "               ^\n"
        "1 error"
    )
    assert messages(output) == ['a.scala:3: error: type mismatch; found : String("4"); required: Int']


def test_a_wrappers_uncaught_error_over_located_findings_gives_the_findings() -> None:
    output = (
        "Exit code 1\n"
        "/p/node_modules/runner/index.ts:859\n"
        "    return new CompileError(text);\n"
        "           ^\n"
        "CompileError: Unable to compile TypeScript:\n"
        "src/a.ts(3,41): error TS2322: Type 'string' is not assignable to type 'number'.\n"
        "src/a.ts(5,30): error TS2552: Cannot find name 'totl'.\n"
        "\n"
        "    at createError (/p/node_modules/runner/index.ts:859:12)\n"
        "    at Module._compile (node:internal/modules/cjs/loader:1623:10)"
    )
    assert list(failure_messages(output, "npx runner src/a.ts").messages) == [
        "src/a.ts(3,41): error TS2322: Type 'string' is not assignable to type 'number'.",
        "src/a.ts(5,30): error TS2552: Cannot find name 'totl'.",
    ]


def test_an_exceptions_bracketed_field_goes_on_with_it_a_link_aside_does_not() -> None:
    output = (
        "Traceback (most recent call last):\n"
        '  File "/p/env.py", line 13, in <module>\n'
        "    run()\n"
        "db.exc.OperationalError: (sqlite3.OperationalError) no such table: orders\n"
        "[SQL: ALTER TABLE orders ADD COLUMN total INTEGER]\n"
        "(Background on this error at: https://example.org/e/21/e3q8)"
    )
    expected = [
        "db.exc.OperationalError: (sqlite3.OperationalError) no such table: orders; [SQL: ALTER TABLE orders ADD COLUMN total INTEGER]"
    ]
    assert list(failure_messages(output, "python3 env.py").messages) == expected
    # The general method reads it so too, no recogniser claiming the output.
    assert messages(output.replace("Traceback (most recent call last):\n", "")) == expected


def test_a_lists_bullet_before_a_message_is_no_part_of_it() -> None:
    output = (
        "Your requirements could not be resolved to an installable set of packages.\n"
        "\n"
        "  Problem 1\n"
        "    - Root manifest requires acme/money ^2.0, found acme/money[1.4.0] but it does not match.\n"
        "  Problem 2\n"
        "    - Root manifest requires acme/tax, it could not be found in any version.\n"
    )
    assert messages(output) == [
        "Root manifest requires acme/money ^2.0, found acme/money[1.4.0] but it does not match.",
        "Root manifest requires acme/tax, it could not be found in any version.",
    ]


def test_changed_values_under_a_diffs_legend_that_read_as_counts_are_values() -> None:
    output = (
        "label formats => ./t.ts:8:6\n"
        "error: AssertionError: Expected values to be strictly equal:\n"
        "+ actual - expected\n"
        "\n"
        "+ 'total:7'\n"
        "- 'total: 7'\n"
        "         ^\n"
        "\n"
        "  assert.equal(label(7), 'total: 7');\n"
        "         ^\n"
        "    at file:///p/t.ts:9:10\n"
    )
    assert messages(output) == [
        "label formats: error: AssertionError: Expected values to be strictly equal: + 'total:7'; - 'total: 7'"
    ]


def test_advice_for_a_case_is_no_failure_of_its_own() -> None:
    output = (
        "🦋  error Some packages have changed but no notes were found. Run `notes add` to resolve this error.\n"
        "🦋  error If this change doesn't need a release, run `notes add --empty`."
    )
    assert messages(output) == [
        "🦋 error Some packages have changed but no notes were found. Run `notes add` to resolve this error."
    ]


def test_deeper_labelled_values_are_parts_of_the_message_they_follow() -> None:
    output = (
        "a.scala:10: error: type mismatch;\n"
        " found   : Int\n"
        " required: String\n"
        "    val t: String = total(items)\n"
        "                         ^\n"
        "1 error"
    )
    assert messages(output) == ["a.scala:10: error: type mismatch; found : Int; required: String"]
    output = "error: Failed to parse: pyproject.toml\n  cause: TOML parse error at line 7, column 5"
    assert messages(output) == ["error: Failed to parse: pyproject.toml; cause: TOML parse error at line 7, column 5"]


def test_a_diagnostic_that_says_only_where_goes_on_with_its_block() -> None:
    output = (
        "[ RUN      ] Cart.Sums\n"
        "a_test.cc:17: Failure\n"
        "Expected equality of these values:\n"
        "  total({3, 4})\n"
        "    Which is: 8\n"
        "  7\n"
        "[  FAILED  ] Cart.Sums (0 ms)\n"
        "[ RUN      ] Cart.Empty\n"
        "a_test.cc:25: Failure\n"
        "Value of: total({}) == 0\n"
        "  Actual: false\n"
        "Expected: true\n"
        "[  FAILED  ] Cart.Empty (0 ms)\n"
        "[==========] 2 tests from 1 test suite ran. (0 ms total)\n"
        "[  FAILED  ] 2 tests, listed below:\n"
        "[  FAILED  ] Cart.Sums\n"
        "[  FAILED  ] Cart.Empty\n"
    )
    assert messages(output) == [
        "Cart.Sums: a_test.cc:17: Failure; Expected equality of these values: total({3, 4}); Which is: 8; 7",
        "Cart.Empty: a_test.cc:25: Failure; Value of: total({}) == 0; Actual: false; Expected: true",
    ]


def test_a_header_joined_to_the_code_it_quotes_is_scored_as_the_header() -> None:
    output = (
        "possible bashism in a.sh line 4 ('function' is useless):\n"
        "function log {\n"
        "possible bashism in a.sh line 5 (echo -e):\n"
        '    echo -e "$1"\n'
    )
    assert messages(output) == [
        "possible bashism in a.sh line 4 ('function' is useless): function log {",
        'possible bashism in a.sh line 5 (echo -e): echo -e "$1"',
    ]
