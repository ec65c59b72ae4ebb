"""failures.ranking, the general method for output no recogniser knows: which line is the
message, what joins it, how many failures an output holds. The outputs here are written for
each rule (in the shapes real tools print); the recordings under fixtures/toolchains measure
the whole on real runs."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


# ---------------------------------------------------------------- the wrong line


def test_an_interpreters_wrap_up_line_is_not_the_message() -> None:
    output = 'Error in load("app.yml") : config file not found: app.yml\nCalls: main -> load\nExecution halted'
    assert messages(output) == ['Error in load("app.yml") : config file not found: app.yml']


def test_a_verdict_beside_its_cause_is_not_the_message() -> None:
    # The failure word marks the verdict when the line has a stronger sign; a count of the
    # files or tests that failed says how many, not what.
    output = "CN = a\nerror 18 at 0 depth lookup: self-signed certificate\nerror cert.pem: verification failed"
    assert messages(output) == ["error 18 at 0 depth lookup: self-signed certificate"]
    output = "ERROR: Lint failed for 1 file\n\nconf.yml\nERROR: bad indentation of a mapping entry (3:8)"
    assert messages(output) == ["ERROR: bad indentation of a mapping entry (3:8)"]


def test_a_level_badge_is_a_decoration_of_the_message() -> None:
    output = " ERROR  YAML Lint failed for 1 file\n\nconf.yml\n\n ERROR  bad indentation of a mapping entry (3:8)"
    assert messages(output) == ["bad indentation of a mapping entry (3:8)"]


def test_a_list_under_a_summary_heading_is_the_report_when_nothing_above_reported_it() -> None:
    output = "CheckError: check identified some issues:\n\nERRORS:\nshop.Product.price: (E130) must define 'places'.\n"
    assert messages(output) == ["shop.Product.price: (E130) must define 'places'."]


def test_the_items_of_a_list_under_a_heading_are_one_message_each() -> None:
    # A phrase heading names what its items are; a `key: value` heading does not.
    output = "Unused dependencies\n* left-pad\nMissing dependencies\n* chalk: ./index.js"
    assert messages(output) == ["Unused dependencies: left-pad", "Missing dependencies: chalk: ./index.js"]
    output = 'File: "src/app.py"\n - No module docstring\n - No docstring for `a`\n Needed: 3; Found: 1; Missing: 2'
    assert messages(output) == ["No module docstring", "No docstring for `a`"]


def test_a_count_only_summary_is_not_the_message() -> None:
    output = "checking 12 files\nsum.c: 3 blocks are definitely lost\n\n3 tests, 1 passed, 2 failed\nResult: FAIL"
    assert messages(output) == ["sum.c: 3 blocks are definitely lost"]


def test_the_exception_above_its_stack_frames_is_the_message() -> None:
    output = "app.rb:2:in `+': nil can't be coerced into Integer (TypeError)\n\tfrom app.rb:2:in `total'\n\tfrom app.rb:5:in `<main>'"
    assert messages(output) == ["app.rb:2:in `+': nil can't be coerced into Integer (TypeError)"]


def test_a_thrown_in_line_under_the_exception_is_not_the_message() -> None:
    output = (
        "PHP Fatal error:  Uncaught RangeException: amount too big in /srv/pay.php:4\nStack trace:\n"
        "#0 /srv/pay.php(9): charge()\n#1 {main}\n  thrown in /srv/pay.php on line 4"
    )
    assert messages(output) == ["PHP Fatal error: Uncaught RangeException: amount too big in /srv/pay.php:4"]


def test_a_source_excerpt_and_its_caret_are_skipped_between_a_header_and_its_text() -> None:
    output = 'File "shapes.ml", line 3, characters 13-20:\n3 | let area r = pi *. r * r\n                 ^^^^^^^\nError: Unbound value pi'
    assert messages(output) == ['File "shapes.ml", line 3, characters 13-20: Error: Unbound value pi']


def test_an_excerpt_is_known_by_the_caret_under_it() -> None:
    output = "Error: Parse error on line 3:\n...port: 8080,}\n-------------^\nExpecting 'STRING', got '}'"
    assert messages(output) == ["Error: Parse error on line 3: Expecting 'STRING', got '}'"]


def test_a_line_of_code_echoed_by_a_runner_loses_to_the_message() -> None:
    output = (
        "  1) Cart lists names\n     Failure/Error: expect(cart.names).to include('plum')\n"
        '       expected ["apple"] to include "plum"\n     # ./spec/cart_spec.rb:10'
    )
    assert messages(output) == ['Cart lists names: expected ["apple"] to include "plum"']


def test_a_measurement_is_not_a_message() -> None:
    output = (
        "not ok 1 - totals\n  ---\n  duration_ms: 0.45\n  ...\nnot ok 2 - parses\n  ---\n  error: 'bad input'\n  ..."
    )
    assert messages(output) == ["parses: bad input"]


def test_with_nothing_that_reads_as_a_message_the_last_line_is_kept() -> None:
    assert messages("starting\nwaiting for lock on db/app.sqlite") == ["waiting for lock on db/app.sqlite"]


def test_a_tally_of_outcomes_is_the_verdict_not_the_message() -> None:
    output = (
        "Test Failed at /p/test.jl:3\n  Expression: add(1, 2) == 4\n   Evaluated: 3 == 4\n\n"
        "ERROR: LoadError: Some tests did not pass: 1 passed, 1 failed, 0 errored, 0 broken."
    )
    # The fields under the header are parts of their own, not a wrapped sentence.
    assert messages(output) == ["Test Failed at /p/test.jl:3; Expression: add(1, 2) == 4; Evaluated: 3 == 4"]


def test_an_expected_value_that_holds_a_number_is_no_count() -> None:
    output = "FAIL in (total-test) (core_test.clj:6)\nexpected: (= 30 (total [[5 2] [3 5]]))\n  actual: (not (= 30 25))"
    assert messages(output) == [
        "FAIL in (total-test) (core_test.clj:6): expected: (= 30 (total [[5 2] [3 5]])); actual: (not (= 30 25))"
    ]


def test_a_debuggers_frame_is_not_the_message() -> None:
    output = (
        "Program received signal SIGSEGV, Segmentation fault.\n0x0000555555555131 in main () at a.c:4\n4\t  return *p;"
    )
    assert messages(output) == ["Program received signal SIGSEGV, Segmentation fault."]


def test_expected_and_but_got_are_a_pair() -> None:
    output = "  test/Spec.hs:8:5:\n  1) Calc.add adds two numbers\n       expected: 4\n        but got: 3\n\n1 example, 1 failure"
    # (The place alone over the test's title is where it failed: between title and message.)
    assert messages(output) == ["Calc.add adds two numbers: test/Spec.hs:8:5: expected: 4; but got: 3"]


def test_a_place_over_a_title_goes_between_it_and_the_message() -> None:
    # Only a place alone at the title's margin; a frame line of the test before is none.
    output = "  1) orders sums totals\n       expected: 4\n        but got: 3\n\n1 example, 1 failure"
    assert messages(output) == ["orders sums totals: expected: 4; but got: 3"]
    deeper = "      test/Spec.hs:8:5:\n  1) orders sums totals\n       expected: 4\n        but got: 3\n\n1 example, 1 failure"
    assert messages(deeper) == ["orders sums totals: expected: 4; but got: 3"]


def test_a_caret_label_at_the_end_of_a_span_drawn_down_the_margin() -> None:
    output = (
        "warning[artipacked]: credential persistence\n  --> ci.yml:8:9\n   |\n 8 |  - uses: actions/checkout@v4\n"
        "   |  _________^\n 9 | |   with:\n   | |________^ does not set persist-credentials: false\n   |"
    )
    assert messages(output) == [
        "ci.yml:8:9: warning[artipacked]: credential persistence: does not set persist-credentials: false"
    ]


def test_a_location_on_the_line_under_a_message_is_where_it_happened() -> None:
    # Drawn as an arrow (`╭▸`, `,-[...]`, `--> ...:`), each message a finding of its own.
    output = (
        "error: `recieve` should be `receive`\n  ╭▸ src/app.py:1:5\n  │\n1 │ def recieve(msg):\n"
        "error: `teh` should be `the`\n   ,-[src/app.py:2:7]\n2 │ # teh\n"
    )
    assert messages(output) == [
        "src/app.py:1:5: error: `recieve` should be `receive`",
        "src/app.py:2:7: error: `teh` should be `the`",
    ]
    # Closing the excerpt under the message, or alone at the end of the message's block.
    output = "ERROR TS2304: Cannot find name 'dobule'.\n   :\n 7 │ return dobule(x);\n   │        ~~~~~~\n   └─ in a.ts(7,10)"
    assert messages(output) == ["a.ts(7,10): ERROR TS2304: Cannot find name 'dobule'."]
    output = "Error: Undefined variable.\n  ╷\n3 │   color: $brnad;\n  │          ^^^^^^\n  ╵\n  styles/site.scss 3:10  root stylesheet"
    assert messages(output) == ["styles/site.scss 3:10: Error: Undefined variable."]
    output = "E3012 'ten' is not of type 'integer'\ntemplate.yaml:10:7\n\nE6101 'Queu' is not one of ['Bucket']\ntemplate.yaml:13:5"
    assert messages(output) == [
        "template.yaml:10:7: E3012 'ten' is not of type 'integer'",
        "template.yaml:13:5: E6101 'Queu' is not one of ['Bucket']",
    ]


def test_an_error_whose_message_is_a_location_says_what_under_the_excerpt() -> None:
    output = (
        "ParseError: css/site.styl:7:1\n    6|     padding: (10px\n    7| .footer\n------^\n    8|   margin 0\n\n"
        'expected ")", got "outdent"\n\n    at Parser.error (/p/parser.js:252:11)'
    )
    assert messages(output) == ['css/site.styl:7:1: ParseError: expected ")", got "outdent"']


def test_a_location_above_the_excerpt_over_a_message_is_where_it_happened() -> None:
    output = "Showing last frame.\n\nIn src/app.cr:5:12\n\n 5 | puts greet(42)\n                ^\nError: expected String, not Int32"
    assert messages(output) == ["src/app.cr:5:12: Error: expected String, not Int32"]


def test_a_line_column_range_with_dots_is_a_location_and_a_parenthesised_remark_a_note() -> None:
    output = (
        "src/app.vala:8.12-8.12: error: Cannot convert from `int' to `string?'\n"
        "src/app.vala:9.20-9.23: error: The name `totl' does not exist\nCompilation failed: 2 error(s), 0 warning(s)"
    )
    assert messages(output) == [
        "src/app.vala:8.12-8.12: error: Cannot convert from `int' to `string?'",
        "src/app.vala:9.20-9.23: error: The name `totl' does not exist",
    ]
    output = "c.vhd:5:45: missing \";\" at end of port clause\nc.vhd:10:9: ';' expected at end of assignment\nc.vhd:10:9: (found: 'end')"
    assert messages(output) == [
        'c.vhd:5:45: missing ";" at end of port clause',
        "c.vhd:10:9: ';' expected at end of assignment",
    ]


def test_a_box_drawn_arrow_gives_the_location() -> None:
    output = "error[E0001]: something is wrong\n  ┌─ Cargo.lock:10:1\n  │\n10 │ foo 0.1.0\n  │ ^^^ unsound"
    assert messages(output) == ["Cargo.lock:10:1: error[E0001]: something is wrong: unsound"]


def test_a_compilers_warnings_are_not_the_failure_a_program_reports_after_them() -> None:
    output = (
        'main.adb:8:11: warning: value not in range of type "Percent"\nmain.adb:8:11: warning: Constraint_Error will be raised\n'
        "start\n\nraised CONSTRAINT_ERROR : main.adb:8 range check failed"
    )
    assert messages(output) == ["raised CONSTRAINT_ERROR : main.adb:8 range check failed"]


def test_an_interpreters_frames_naming_what_they_were_in_are_not_findings() -> None:
    output = "RUNTIME ERROR: replicas must be positive, got 0\n\tdeploy.jsonnet:1:39-82\tfunction <check>\n\tdeploy.jsonnet:3:13-21\tobject <anonymous>"
    assert messages(output) == ["RUNTIME ERROR: replicas must be positive, got 0"]


def test_where_a_failure_stands_does_not_continue_its_message() -> None:
    output = "main.rkt:3:12: aera: unbound identifier\n  in: aera\n  compilation context...:\n   /p/main.rkt\n  location...:\n   main.rkt:3:12"
    assert messages(output) == ["main.rkt:3:12: aera: unbound identifier"]


def test_a_builds_end_and_an_exit_status_are_verdicts() -> None:
    output = (
        "ERROR: /p/cart/BUILD:3:10: no such target '//lib:utilz': target 'utilz' not declared in package 'lib'\n"
        "ERROR: Analysis of target '//cart:cart' failed; build aborted: Analysis failed\n"
        "FAILED: Build did NOT complete successfully (1 packages loaded, 0 targets configured)"
    )
    assert messages(output) == [
        "ERROR: /p/cart/BUILD:3:10: no such target '//lib:utilz': target 'utilz' not declared in package 'lib'"
    ]
    output = "0.901 E: Unable to locate package nosuchpkg\nERROR: failed to solve: process did not complete successfully: exit code: 100"
    assert messages(output) == ["0.901 E: Unable to locate package nosuchpkg"]


def test_a_verdict_in_summary_words_alone_is_not_the_message() -> None:
    # (A test and where it is, pointed at, is its title, named by its name.)
    output = "sums prices => ./cart_test.ts:3:6\nerror: AssertionError: Values are not equal.\n\nerror: Test failed"
    assert messages(output) == ["sums prices: error: AssertionError: Values are not equal."]
    output = "total(xs) (`actual`) not equal to 30 (`expected`).\n\n[ FAIL 1 | WARN 0 ]\nError: Test failures\nExecution halted"
    assert messages(output) == ["total(xs) (`actual`) not equal to 30 (`expected`)."]


# ---------------------------------------------------------------- headers and what continues them


def test_an_expected_actual_pair_joins_its_header() -> None:
    output = (
        "  1) Failure:\nTestCart#test_total [test/test_cart.rb:7]:\nExpected: 30\n  Actual: 25\n\n1 runs, 1 failures"
    )
    assert messages(output) == ["TestCart#test_total [test/test_cart.rb:7]: Expected: 30; Actual: 25"]


def test_left_right_pairs_follow_the_assertion_at_the_same_indentation() -> None:
    output = (
        "  1) test sums (CartTest)\n     cart_test.exs:6\n     Assertion with == failed\n     code:  assert 1 + 1 == 3\n"
        "     left:  2\n     right: 3\n     stacktrace:\n       cart_test.exs:7: (test)"
    )
    assert messages(output) == [
        "test sums (CartTest): Assertion with == failed; code: assert 1 + 1 == 3; left: 2; right: 3"
    ]


def test_a_wrapped_paragraph_is_unwrapped() -> None:
    output = (
        "CMake Error at CMakeLists.txt:4 (find_package):\n  Could not find a package configuration file provided\n"
        "  by SDL2.\n\n-- Configuring incomplete"
    )
    assert messages(output) == [
        "CMake Error at CMakeLists.txt:4 (find_package): Could not find a package configuration file provided by SDL2."
    ]


def test_a_hanging_indent_continues_the_line_above() -> None:
    output = "Error: This expression has type float but an expression was expected of type\n         int"
    assert messages(output) == ["Error: This expression has type float but an expression was expected of type int"]


def test_tap_diagnostic_lines_continue_the_failed_test() -> None:
    output = "\n#   Failed test 'adds'\n#   at t/calc.t line 7.\n#          got: '6'\n#     expected: '5'\n# Looks like you failed 1 test of 1."
    assert messages(output) == ["Failed test 'adds'; at t/calc.t line 7.; got: '6'; expected: '5'"]


def test_an_arrow_location_and_the_caret_label_complete_the_message() -> None:
    output = (
        "error[E0308]: mismatched types\n --> src/main.rs:2:5\n  |\n2 |     s\n  |     ^ expected `i32`, found `&str`\n\n"
        "error: could not compile `ledger`"
    )
    assert messages(output)[0] == "src/main.rs:2:5: error[E0308]: mismatched types: expected `i32`, found `&str`"


def test_fields_under_the_excerpt_a_message_points_into_continue_it() -> None:
    output = (
        "src/Inv.java:11: error: cannot find symbol\n        return itemz.size();\n               ^\n"
        "  symbol:   variable itemz\n  location: class Inv\n"
        "src/Inv.java:15: error: incompatible types: String cannot be converted to int\n        int n = s;\n"
        "                ^\n2 errors"
    )
    # What it is about joins the message; where it is does not.
    assert messages(output) == [
        "src/Inv.java:11: error: cannot find symbol; symbol: variable itemz",
        "src/Inv.java:15: error: incompatible types: String cannot be converted to int",
    ]


def test_a_build_tasks_tag_is_a_decoration_and_its_pointer_to_the_report_a_verdict() -> None:
    output = (
        "compile:\n    [javac] Compiling 1 source file to /p/build\n    [javac] /p/src/A.java:3: error: cannot find symbol\n"
        "    [javac]         foo();\n    [javac]         ^\n    [javac]   symbol:   method foo()\n    [javac] 1 error\n\n"
        "BUILD FAILED\n/p/build.xml:8: Compile failed; see the compiler error output for details."
    )
    assert messages(output) == ["/p/src/A.java:3: error: cannot find symbol; symbol: method foo()"]


def test_a_margins_block_goes_on_past_an_empty_margin_line_and_how_to_see_more() -> None:
    output = (
        "___ test_settings ___\n\n>       assert got == expected\nE       AssertionError: assert {'a': 1} == {'a': 2}\nE         \n"
        "E         Omitting 2 identical items, use -vv to show\nE         Differing items:\nE         {'a': 1} != {'a': 2}\n"
        "E         Use -v to get more diff\n\ntests/test_calc.py:17: AssertionError"
    )
    assert messages(output) == [
        "test_settings: AssertionError: assert {'a': 1} == {'a': 2}; Differing items: {'a': 1} != {'a': 2}"
    ]


def test_a_line_saying_an_error_happened_and_where_takes_the_message_under_it() -> None:
    output = (
        "starting\nExecution error (NumberFormatException) at java.lang.Integer/parseInt (Integer.java:67).\n"
        'For input string: "80a"\n\nFull report at:\n/tmp/clojure-712.edn'
    )
    assert messages(output) == [
        'Execution error (NumberFormatException) at java.lang.Integer/parseInt (Integer.java:67).; For input string: "80a"'
    ]


def test_a_file_and_its_verdict_head_the_error_field_of_the_object_printed_under_it() -> None:
    output = "config.json invalid\n[\n  {\n    keyword: 'required',\n    message: \"must have required property 'port'\"\n  }\n]"
    assert messages(output) == ["config.json invalid: must have required property 'port'"]
    output = 'fatal: [web1]: FAILED! =>\n  {\n    "changed": false,\n    "msg": "No package matching \'nginxx\' is available"\n  }'
    assert messages(output) == ["No package matching 'nginxx' is available"]


def test_a_quotation_the_message_opened_goes_on_to_the_line_that_closes_it() -> None:
    output = '  ● loads quickly\n\n    thrown: "Exceeded timeout of 100 ms for a test.\n    Add a timeout value to this test."\n\n      at f (x.js:1:2)'
    assert messages(output) == [
        'loads quickly: thrown: "Exceeded timeout of 100 ms for a test.; Add a timeout value to this test."'
    ]


def test_the_exception_a_traceback_ends_in_outranks_the_line_logged_before_it() -> None:
    output = (
        "ImportError: Failed to import test module: test_nope\nTraceback (most recent call last):\n"
        '  File "/p/loader.py", line 162, in load\n    module = __import__(name)\n'
        "ModuleNotFoundError: No module named 'tests.test_nope'"
    )
    assert messages(output) == ["ModuleNotFoundError: No module named 'tests.test_nope'"]


def test_obtained_is_a_side_of_a_comparison() -> None:
    output = "E       assert 0.23 == 0.25 ± 2.5e-07\nE         \nE         comparison failed\nE         Obtained: 0.23\nE         Expected: 0.25"
    assert messages(output) == ["assert 0.23 == 0.25 ± 2.5e-07; comparison failed; Obtained: 0.23; Expected: 0.25"]


def test_messages_at_the_margin_alike_in_their_first_words_with_sides_are_one_failure_each() -> None:
    # (`left-pad@1.3.0` is a package's version, not a decorator; `https:` a value, not a header.)
    output = (
        "detected invalid host(s) for package: left-pad@1.3.0\n    expected: registry.npmjs.org\n    actual: evil.example.com\n\n"
        "detected invalid protocol for package: left-pad@1.3.0\n    expected: https:\n    actual: http:\n\n"
        " ✖ Error: security issues detected!"
    )
    assert messages(output) == [
        "detected invalid host(s) for package: left-pad@1.3.0; expected: registry.npmjs.org; actual: evil.example.com",
        "detected invalid protocol for package: left-pad@1.3.0; expected: https:; actual: http:",
    ]


def test_a_wrappers_aside_and_the_runs_verdict_are_not_the_message() -> None:
    output = 'npm warn exec The package was not found and will be installed: x@25.0.1\nFound license defined by --failOn: "MIT". Exiting.'
    assert messages(output) == ['Found license defined by --failOn: "MIT". Exiting.']
    output = "INFO    -  Building documentation\nWARNING -  Doc file 'index.md' links 'missing.md', not found.\n\nAborted with 1 warnings in strict mode!"
    assert messages(output) == ["WARNING - Doc file 'index.md' links 'missing.md', not found."]


def test_a_line_of_code_ending_in_a_colon_introduces_nothing() -> None:
    output = (
        "___ test_rejects ___\n\n    def test_rejects():\n>       with pytest.raises(ValueError):\n"
        "E       Failed: DID NOT RAISE ValueError\n\ntests/test_v.py:10: Failed"
    )
    assert messages(output) == ["test_rejects: Failed: DID NOT RAISE ValueError"]


def test_a_header_over_a_diff_legend_takes_the_values_changed_lines() -> None:
    output = (
        "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n+ actual - expected\n\n"
        "  {\n    ports: [\n      80,\n+     443\n-     8443\n    ],\n  }\n    at Object.<anonymous> (/p/check.js:4:8)"
    )
    assert messages(output) == [
        "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal: + 443; - 8443"
    ]


# ---------------------------------------------------------------- several failures


def test_each_test_title_gives_one_message() -> None:
    output = (
        "FF.\n----\nFAIL: Suite.Cart Total\n25 != 30\n----\nFAIL: Suite.Cart Names\n'apple pear' does not contain 'plum'\n"
        "====\n3 tests, 1 passed, 2 failed"
    )
    assert messages(output) == ["Suite.Cart Total: 25 != 30", "Suite.Cart Names: 'apple pear' does not contain 'plum'"]


def test_a_qualified_test_name_in_parentheses_is_the_where() -> None:
    output = "FAIL: test_total (tests.test_cart.CartTest.test_total)\n----\nAssertionError: 25 != 30\n"
    assert messages(output) == ["tests.test_cart.CartTest.test_total: AssertionError: 25 != 30"]


def test_a_file_header_over_position_lines_gives_one_message_per_finding() -> None:
    output = "conf.yml\n  3:5       warning  wrong indentation  (indentation)\n  7:1       warning  too many blank lines  (empty-lines)"
    assert messages(output) == [
        "conf.yml:3:5: warning wrong indentation (indentation)",
        "conf.yml:7:1: warning too many blank lines (empty-lines)",
    ]


def test_beside_errors_the_warnings_are_not_why_the_run_failed() -> None:
    output = "conf.yml\n  3:5       error    wrong indentation  (indentation)\n  7:1       warning  too many blank lines  (empty-lines)"
    assert messages(output) == ["conf.yml:3:5: error wrong indentation (indentation)"]
    output = "main.rs:2:9: warning: unused variable: `x`\nmain.rs:5:5: error[E0502]: cannot borrow `v`\nmain.rs:4:1: help: add a bound"
    assert messages(output) == ["main.rs:5:5: error[E0502]: cannot borrow `v`"]


def test_a_linter_that_names_the_rule_of_every_finding_fails_on_each() -> None:
    output = "deploy.sh:3:8: warning: Quote this. [SC2086]\ndeploy.sh:5:10: error: Iterating over ls. [SC2045]"
    assert messages(output) == [
        "deploy.sh:3:8: warning: Quote this. [SC2086]",
        "deploy.sh:5:10: error: Iterating over ls. [SC2045]",
    ]
    output = "ci.yml:8:9: warning[artipacked]: persisted credentials\nci.yml:3:3: error[dangerous-triggers]: insecure trigger"
    assert messages(output) == [
        "ci.yml:8:9: warning[artipacked]: persisted credentials",
        "ci.yml:3:3: error[dangerous-triggers]: insecure trigger",
    ]
    # The check named in parentheses at the end, on an error and warnings alike.
    output = "ERROR: app not in module layout on line 1 (check: autoloader_layout)\nWARNING: unquoted mode on line 4 (check: file_mode)"
    assert messages(output) == [
        "ERROR: app not in module layout on line 1 (check: autoloader_layout)",
        "WARNING: unquoted mode on line 4 (check: file_mode)",
    ]


def test_with_nothing_that_reads_as_a_message_the_line_naming_what_beats_a_count() -> None:
    output = "would have reindented templates/cart.html\n1 template would have been reindented."
    assert messages(output) == ["would have reindented templates/cart.html"]
    # A progress tag in brackets on every line, and progress after the program's name.
    output = "[+] Fixer: Checking files\n[+] Would fix config.yml\n[+] Checked 1 files: 0 fixed, 1 left unchanged"
    assert messages(output) == ["Would fix config.yml"]


def test_a_message_printed_again_without_a_leading_word_is_the_message() -> None:
    output = "starting\nCaught: java.lang.IllegalStateException: port is not set\njava.lang.IllegalStateException: port is not set"
    assert messages(output) == ["java.lang.IllegalStateException: port is not set"]


def test_values_under_an_expressions_bars_are_a_part_of_their_own() -> None:
    output = "Assertion failed: \n\nassert total(a) == 30\n       |        |\n       25       false"
    assert messages(output) == ["Assertion failed: assert total(a) == 30; 25 false"]


def test_a_fields_label_alone_starts_a_part_of_its_own() -> None:
    output = "a.sml:2: error: Types differ.\n   Expression: total [1, 2] : int\n   Reason:\n      Can't unify int with string"
    assert messages(output) == [
        "a.sml:2: error: Types differ.; Expression: total [1, 2] : int; Reason: Can't unify int with string"
    ]


def test_what_a_frame_was_in_then_where_is_a_frame() -> None:
    output = "starting\nport is not set\n  in sub port at app.raku line 2\n  in block <unit> at app.raku line 6"
    assert messages(output) == ["port is not set"]


def test_a_files_verdict_alone_ranks_below_the_reason() -> None:
    output = "order.xml is not valid\nfailed decoding 'zero' with positiveInteger:\n\nReason: invalid literal for int(): 'zero'"
    assert messages(output) == [
        "failed decoding 'zero' with positiveInteger: Reason: invalid literal for int(): 'zero'"
    ]


def test_a_file_named_alone_over_a_deeper_message_is_where_it_happened() -> None:
    output = "1 file had errors while formatting.\nmodels/orders.sql\n    encountered an error: Closing bracket ')' found at 24"
    assert messages(output) == ["models/orders.sql: encountered an error: Closing bracket ')' found at 24"]


def test_a_location_after_a_percent_level_and_an_aside_under_it() -> None:
    output = (
        "%Warning-WIDTH: counter.v:4:12: Operator ADD expects 8 bits.\n"
        "                              : ... In instance counter\n"
        "%Warning-WIDTH: counter.v:4:7: Operator ASSIGNDLY expects 4 bits.\n"
        "%Error: Exiting due to 2 warning(s)"
    )
    assert messages(output) == [
        "%Warning-WIDTH: counter.v:4:12: Operator ADD expects 8 bits.",
        "%Warning-WIDTH: counter.v:4:7: Operator ASSIGNDLY expects 4 bits.",
    ]


def test_a_message_that_quotes_its_test_by_name_is_not_prefixed_with_it() -> None:
    output = (
        "not ok 1 - sums prices\n# Failed test 'sums prices'\n# at t/cart.t line 5\n# expected: '30'\n#      got: '25'\n"
        "not ok 2 - keeps names\n# Failed test 'keeps names'\n# at t/cart.t line 6\n1..2"
    )
    assert messages(output) == [
        "Failed test 'sums prices'; at t/cart.t line 5; expected: '30'; got: '25'",
        "Failed test 'keeps names'; at t/cart.t line 6",
    ]


def test_a_location_with_a_space_before_its_line_is_a_finding_of_its_own() -> None:
    output = "x.CompilationErrorsException: startup failed:\n/p/app.groovy: 3: unexpected token: } @ line 3.\n   }\n   ^\n\n1 error"
    assert messages(output) == ["/p/app.groovy: 3: unexpected token: } @ line 3."]


def test_a_list_under_a_heading_naming_its_items_errors_is_one_failure_each() -> None:
    output = (
        "Linting...\nErrors:\n1. pkg.main is ./dist/index.js but the file does not exist.\n"
        "2. pkg.types should come first.\nSuggestions:\n1. The package does not specify the type field."
    )
    assert messages(output) == [
        "pkg.main is ./dist/index.js but the file does not exist.",
        "pkg.types should come first.",
    ]


def test_lines_alike_in_their_first_words_are_one_failure_each() -> None:
    output = "src/Bad_Name.js failed for `.js` rules: kebabcase\nsrc/CartTotal.js failed for `.js` rules: kebabcase"
    assert messages(output) == [
        "src/Bad_Name.js failed for `.js` rules: kebabcase",
        "src/CartTotal.js failed for `.js` rules: kebabcase",
    ]
    output = '(error "line 3 column 11: unknown constant y")\nsat\n(error "line 6 column 16: Sorts Int and String are incompatible")'
    assert messages(output) == [
        '(error "line 3 column 11: unknown constant y")',
        '(error "line 6 column 16: Sorts Int and String are incompatible")',
    ]
    # The same line printed twice is one thing said again, not two failures.
    output = (
        "./a.js\nModule not found: Can't resolve 'x' in 'lib'\n\n./a.js\nModule not found: Can't resolve 'x' in 'lib'\n\n"
        "Failed to compile.\n\n./src/page.tsx:63:53\nType error: BigInt literals are not available here."
    )
    assert messages(output) == ["./src/page.tsx:63:53: Type error: BigInt literals are not available here."]
    # Warnings alike beside an error are not failures of their own.
    output = "line 5 column 9 - Warning: missing </b>\nline 7 column 1 - Error: <foo> is not recognized!\nline 7 column 7 - Warning: discarding </foo>"
    assert messages(output) == ["line 7 column 1 - Error: <foo> is not recognized!"]


def test_lines_that_start_with_an_error_level_are_one_message_each() -> None:
    output = "ERROR: 'shop:Child' defines slots but superclass does not.\nERROR: 'shop:Point' defines overlapping slots.\nOh no!"
    assert messages(output) == [
        "ERROR: 'shop:Child' defines slots but superclass does not.",
        "ERROR: 'shop:Point' defines overlapping slots.",
    ]
    # After a program's name and a location; a warning beside them is not a failure.
    output = "man: a.1:7:2: ERROR: unknown macro: .Bl\nman: a.1:8:2: ERROR: unknown macro: .It\nman: a.1:1:2: WARNING: no date"
    assert messages(output) == ["man: a.1:7:2: ERROR: unknown macro: .Bl", "man: a.1:8:2: ERROR: unknown macro: .It"]


def test_an_error_line_that_counts_errors_is_the_verdict_not_a_finding() -> None:
    output = "error: cannot find value `x` in this scope\nerror: aborting due to 1 previous error"
    assert messages(output) == ["error: cannot find value `x` in this scope"]


def test_caret_labels_under_a_location_header_are_findings() -> None:
    output = "In deploy.sh line 3:\nrm -rf $DIR/*\n       ^--^ SC2086 (info): Double quote to prevent globbing."
    assert messages(output) == ["In deploy.sh line 3: SC2086 (info): Double quote to prevent globbing."]


def test_lines_that_start_with_their_own_location_are_one_message_each() -> None:
    output = "src/app.py:1:1: F401 'os' imported but unused\nsrc/app.py:6:5: F841 local variable 'x' is never used"
    assert messages(output) == [
        "src/app.py:1:1: F401 'os' imported but unused",
        "src/app.py:6:5: F841 local variable 'x' is never used",
    ]


def test_a_note_explaining_the_finding_above_is_not_a_finding() -> None:
    output = (
        "src/buf.c:4:12: error: Array 'buf[10]' accessed at index 10 [arrayIndexOutOfBounds]\n"
        "src/buf.c:3:23: note: Assuming that condition 'i<=10' is not redundant\n"
        "src/buf.c:9:5: error: Memory leak: p [memleak]"
    )
    assert messages(output) == [
        "src/buf.c:4:12: error: Array 'buf[10]' accessed at index 10 [arrayIndexOutOfBounds]",
        "src/buf.c:9:5: error: Memory leak: p [memleak]",
    ]


def test_a_summary_line_pairing_a_test_with_its_message_is_completed_from_the_report() -> None:
    output = (
        "E       AssertionError: cart total of the order with taxes\nE       assert 7 == 8\n\n"
        "tests/test_cart.py:9: AssertionError\n=== short test summary info ===\n"
        "FAILED tests/test_cart.py::test_total - AssertionError: cart total of the ord...\n1 failed in 0.1s"
    )
    assert messages(output) == [
        "tests/test_cart.py::test_total: AssertionError: cart total of the order with taxes; assert 7 == 8"
    ]


def test_a_list_of_files_said_the_same_way_is_a_list_of_findings() -> None:
    output = "would reformat src/a.py\nwould reformat src/b.py\n\nOh no!\n2 files would be reformatted."
    assert messages(output) == ["would reformat src/a.py", "would reformat src/b.py"]


def test_a_file_named_by_convention_is_a_location() -> None:
    output = "Dockerfile:2 DL3008 warning: Pin versions in apt get install.\nDockerfile:3 DL3025 warning: Use JSON notation for CMD"
    assert messages(output) == [
        "Dockerfile:2 DL3008 warning: Pin versions in apt get install.",
        "Dockerfile:3 DL3025 warning: Use JSON notation for CMD",
    ]


def test_a_verdict_before_a_qualified_test_id_is_its_title() -> None:
    output = (
        "  Failed Shop.CartTests.SumsPrices [12 ms]\n  Error Message:\n   Assert.Equal() Failure: Values differ\n"
        "  Stack Trace:\n     at Shop.CartTests.SumsPrices() in /p/CartTests.cs:line 9\n\n"
        "  Failed Shop.CartTests.KeepsNames [1 ms]\n  Error Message:\n   Assert.Contains() Failure: Item not found\n"
    )
    assert messages(output) == [
        "Shop.CartTests.SumsPrices: Assert.Equal() Failure: Values differ",
        "Shop.CartTests.KeepsNames: Assert.Contains() Failure: Item not found",
    ]


def test_a_verdict_after_a_name_over_an_indented_report_is_a_title() -> None:
    output = (
        "CartTest > sums() FAILED\n    java.lang.AssertionError: expected: <30> but was: <25>\n"
        "        at CartTest.sums(CartTest.kt:9)\n\nCartTest > names() FAILED\n    java.lang.AssertionError: lost plum\n"
    )
    assert messages(output) == [
        "CartTest > sums(): java.lang.AssertionError: expected: <30> but was: <25>",
        "CartTest > names(): java.lang.AssertionError: lost plum",
    ]
    # A progress list's verdicts have no report under them.
    output = "test a ... FAILED\ntest b ... FAILED\n\nerror: the total is off by 5"
    assert messages(output) == ["error: the total is off by 5"]


def test_rows_that_start_with_a_line_number_and_a_rule_code_are_findings() -> None:
    output = '1: T3 Title has trailing punctuation (.): "WIP: fix."\n1: T5 Title contains the word WIP\n3: B6 Body message is missing'
    assert messages(output) == [
        '1: T3 Title has trailing punctuation (.): "WIP: fix."',
        "1: T5 Title contains the word WIP",
        "3: B6 Body message is missing",
    ]


def test_a_windows_path_locates_its_line() -> None:
    output = (
        "C:\\p\\src\\a.ts:3:5 - error TS2304: Cannot find name 'x'.\nC:\\p\\src\\b.ts:7:1 - error TS1005: ';' expected."
    )
    assert messages(output) == [
        "C:\\p\\src\\a.ts:3:5 - error TS2304: Cannot find name 'x'.",
        "C:\\p\\src\\b.ts:7:1 - error TS1005: ';' expected.",
    ]


def test_a_location_written_as_a_file_uri_locates_its_line() -> None:
    output = "e: file:///p/A.kt:3:5 Unresolved reference: foo\ne: file:///p/A.kt:4:13 Type mismatch: String but Int was expected"
    assert messages(output) == [
        "e: file:///p/A.kt:3:5 Unresolved reference: foo",
        "e: file:///p/A.kt:4:13 Type mismatch: String but Int was expected",
    ]


def test_a_bundlers_module_header_names_the_report_under_it() -> None:
    output = (
        "asset main.js 1.2 KiB [emitted] (name: main)\n\nERROR in ./src/index.js 1:0-24\n"
        "Module not found: Error: Can't resolve './missing' in '/p/src'\n\nwebpack 5.89.0 compiled with 1 error in 85 ms"
    )
    assert messages(output) == ["./src/index.js 1:0-24: Module not found: Error: Can't resolve './missing' in '/p/src'"]


def test_a_name_and_its_verdict_set_off_by_dots_or_stars_is_a_title() -> None:
    output = (
        "trim trailing whitespace.........................Failed\n- hook id: trailing-whitespace\n- exit code: 1\n"
        "- files were modified by this hook\n\ncheck yaml.......................................Passed"
    )
    # Its metadata (`- exit code: 1`) is not what it says went wrong.
    assert messages(output) == ["trim trailing whitespace: - files were modified by this hook"]
    output = "CartSpec:\n- should sum prices *** FAILED ***\n  25 did not equal 30 (CartSpec.scala:5)\nTests: succeeded 0, failed 1, canceled 0, ignored 0"
    assert messages(output) == ["should sum prices: 25 did not equal 30 (CartSpec.scala:5)"]


def test_a_severity_mark_in_plain_letters_flags_a_finding() -> None:
    output = (
        "  ! eslint(no-debugger): `debugger` statement is not allowed\n   ,-[src/app.js:4:3]\n 4 |   debugger;\n   `----\n\n"
        "  x Unexpected token\n   ,-[src/app.js:5:1]\n 5 | }\n   `----\n"
    )
    assert messages(output) == [
        "src/app.js:4:3: eslint(no-debugger): `debugger` statement is not allowed",
        "src/app.js:5:1: Unexpected token",
    ]


def test_titles_flagged_with_an_errors_mark_beside_a_warnings_are_the_failures() -> None:
    output = (
        "src/a.js:1:7 lint/noUnusedVariables  FIXABLE  ━━━━━━━━━━━━━━━━━━━━\n\n  ! This variable unused is unused.\n\n"
        "src/a.js:4:3 lint/noDebugger  FIXABLE  ━━━━━━━━━━━━━━━━━━━━\n\n  × This is an unexpected use of the debugger statement.\n\n"
        "check ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n  × Some errors were emitted while running checks.\n"
    )
    # (The closing section's verdict is no failure of its own.)
    assert messages(output) == ["src/a.js:4:3 lint/noDebugger: This is an unexpected use of the debugger statement."]


def test_a_kind_of_problem_ruled_across_to_its_file_is_a_title() -> None:
    output = "-- TYPE MISMATCH ------------------------------------ src/Main.elm\n\nThe argument to `add` is not what I expect."
    assert messages(output) == ["src/Main.elm: TYPE MISMATCH: The argument to `add` is not what I expect."]


def test_a_header_ruled_off_to_the_right_is_a_title() -> None:
    output = (
        "src/app.js format ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━\n\n  × Formatter would have printed the following content:\n\n"
        "    1   │ - export const add=(a,b)=>a+b\n      1 │ + export const add = (a, b) => a + b;\n    2 2 │   \n"
    )
    assert messages(output) == ["src/app.js format: Formatter would have printed the following content:"]


def test_blocks_between_rules_each_a_name_over_fields_are_one_failure_each() -> None:
    output = (
        'raco test: "cart-test.rkt"\n--------------------\nsums\nFAILURE\nname:       check-equal?\nactual:     25\n'
        "expected:   30\n--------------------\n--------------------\nkeeps names\nFAILURE\nname:       check-not-false\n"
        'message:    "plum"\n--------------------\n2/3 test failures'
    )
    assert messages(output) == [
        "sums: FAILURE; name: check-equal?; actual: 25; expected: 30",
        'keeps names: FAILURE; name: check-not-false; message: "plum"',
    ]


def test_a_line_of_code_under_a_message_does_not_continue_it() -> None:
    output = (
        "ERROR: UndefinedMethod - src/Cart.php:18:16 - Method Cart::sumz does not exist\n        return $this->sumz();\n\n\n"
        "ERROR: InvalidReturnType - src/Cart.php:10:22 - The declared return type 'int' is incorrect\n"
        "    public function total(): int\n\n\n------------------------------\n2 errors found"
    )
    assert messages(output) == [
        "ERROR: UndefinedMethod - src/Cart.php:18:16 - Method Cart::sumz does not exist",
        "ERROR: InvalidReturnType - src/Cart.php:10:22 - The declared return type 'int' is incorrect",
    ]


def test_a_level_ruled_across_to_a_location_heads_the_message_under_it() -> None:
    output = (
        "Error ------------------------------------------------------- src/cart.js:5:10\n\n"
        "Cannot return `total` because string [1] is incompatible with number [2]. [incompatible-return]\n\n"
        "   src/cart.js:5:10\n   5|   return total;\n\nFound 1 error"
    )
    assert messages(output) == [
        "src/cart.js:5:10: Cannot return `total` because string [1] is incompatible with number [2]. [incompatible-return]"
    ]


def test_a_tools_suggestion_and_its_timing_do_not_continue_a_message() -> None:
    output = "a.erl:5:1: Function total/1 has no local return\na.erl:6:5: The call will never return\n done in 0m0.42s"
    assert messages(output) == [
        "a.erl:5:1: Function total/1 has no local return",
        "a.erl:6:5: The call will never return",
    ]
    output = "Main.hs:5:15: error:\n    Variable not in scope: lenght :: [a0] -> Int\n    Suggested fix: Perhaps use `length'"
    assert messages(output) == ["Main.hs:5:15: error: Variable not in scope: lenght :: [a0] -> Int"]


def test_an_output_of_paths_only_lists_the_files_a_check_found() -> None:
    assert messages("main.go\nutil/strings.go") == ["main.go", "util/strings.go"]


def test_a_name_alone_between_two_rules_is_a_title() -> None:
    output = (
        "-------------------------------------------\ncart sums prices\n-------------------------------------------\n"
        "/p/test/cart.cpp:5\n...........................................\n\n/p/test/cart.cpp:7: FAILED:\n  REQUIRE( total(items) == 30 )\n"
        "===========================================\ntest cases: 2 | 1 passed | 1 failed"
    )
    assert messages(output) == ["cart sums prices: /p/test/cart.cpp:7: FAILED: REQUIRE( total(items) == 30 )"]
    # A count between two rules is the report's heading.
    output = "FILE: /p/Cart.php\n------------------\nFOUND 1 ERROR AFFECTING 1 LINE\n------------------\n 3 | ERROR | [x] Brace on a new line"
    assert messages(output) == ["/p/Cart.php: 3 | ERROR | [x] Brace on a new line"]


# ---------------------------------------------------------------- decorations and the public entry


def test_a_memory_checkers_pid_prefix_is_a_decoration() -> None:
    output = "==4211== Invalid read of size 4\n==4211==    at 0x1091A3: main (app.c:7)\n==4211== \n0"
    assert messages(output) == ["Invalid read of size 4"]


def test_more_than_the_cap_are_counted_as_more() -> None:
    output = "\n".join(f"src/m{n}.py:{n}:1: E501 line too long" for n in range(1, 8))
    found = failure_messages("Exit code 1\n" + output, "lintr src")
    assert found.messages[-1] == "src/m5.py:5:1: E501 line too long"
    assert (len(found.messages), found.more) == (5, 2)


def test_output_no_recogniser_claims_goes_through_the_method() -> None:
    output = "Exit code 1\n  1) CartTest::testTotal\nFailed asserting that 25 is identical to 30.\n\n/srv/tests/CartTest.php:8"
    assert failure_messages(output, "vendor/bin/phpunit").messages == (
        "CartTest::testTotal: Failed asserting that 25 is identical to 30.",
    )


def test_nothing_to_rank_gives_nothing() -> None:
    assert rank([[]]) is None
    assert rank([["", "   "]]) is None


# ---------------------------------------------------------------- never in the way


LINE = st.one_of(
    st.sampled_from(
        [
            "",
            "  ",
            "FAIL: x",
            "1) a",
            "  1:2  error  bad",
            "src/a.py",
            "Error:",
            "  |",
            "    ^",
            "--> a.rs:1:2",
            "expected: 1",
            "  got: 2",
            "# x",
            "E   y",
            "== a.py ==",
            "stack: |-",
            "FAILED a::b - c...",
            "Caused by: d",
            "At line 3 of file f.f90",
            "=" * 20,
        ]
    ),
    st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(LINE, max_size=40))
def test_any_output_gives_one_line_messages_and_never_raises(lines: list[str]) -> None:
    found = rank(pieces("Exit code 1\n" + "\n".join(lines)))
    for message in found.messages if found else []:
        assert message and "\n" not in message
