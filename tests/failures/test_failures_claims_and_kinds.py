"""Recognisers claim only output in their own toolchain's shape, and the general method's rules
by kind of miss (failures/ranking, failures/after, failures/shapes). Each output is written in
the shape a real tool prints; fixtures/toolchains holds the real recordings."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def first(output: str, command: str) -> list[str]:
    return list(failure_messages("Exit code 1\n" + output, command).messages)


# ---------------------------------------------------------------- recognisers keep to their own shape


def test_eslint_claims_rows_under_a_file_header_only_beside_its_own_count() -> None:
    # remark prints eslint's layout, position ranges included, without `✖ N problems`.
    remark = (
        "README.md\n  1:1-1:8  warning  Heading too long  maximum-heading-length  remark-lint\n"
        "  3:1      warning  Missing final newline  final-newline  remark-lint\n\n⚠ 2 warnings"
    )
    assert first(remark, "npx remark --frail README.md") == [
        "README.md:1:1-1:8: warning Heading too long maximum-heading-length remark-lint",
        "README.md:3:1: warning Missing final newline final-newline remark-lint",
    ]
    eslint = "src/a.js\n  1:7  error  'x' is unused  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)"
    assert first(eslint, "npx eslint src") == ["src/a.js:1:7: error 'x' is unused no-unused-vars"]


def test_the_compiler_recogniser_leaves_gcc_format_of_non_c_files_to_the_general_method() -> None:
    # shellcheck -f gcc: the general method reads it (its findings, each a message).
    output = "deploy.sh:3:8: warning: Quote this. [SC2086]\ndeploy.sh:5:10: warning: Iterating over ls. [SC2045]"
    assert first(output, "shellcheck -f gcc deploy.sh") == [
        "deploy.sh:3:8: warning: Quote this. [SC2086]",
        "deploy.sh:5:10: warning: Iterating over ls. [SC2045]",
    ]
    c = "main.c:3:8: warning: unused variable 'x' [-Wunused-variable]\nmain.c:5:10: error: expected ';' before '}' token"
    assert first(c, "gcc -c main.c") == ["main.c:5:10: error: expected ';' before '}' token"]


def test_the_compiler_recogniser_needs_gccs_column() -> None:
    # A documentation tool prints `file.h:line: error:` without a column, its message going on
    # below: not gcc's shape, so the general method joins the continuation.
    output = (
        "src/cart.h:10: error: The following parameter of tax(int cents) is not documented:\n  parameter 'cents'\n"
        "src/cart.h:4: error: The following parameter of total(int n) is not documented:\n  parameter 'n'"
    )
    assert first(output, "doxygen Doxyfile") == [
        "src/cart.h:10: error: The following parameter of tax(int cents) is not documented: parameter 'cents'",
        "src/cart.h:4: error: The following parameter of total(int n) is not documented: parameter 'n'",
    ]
    gcc = "main.c:5:10: error: expected ';' before '}' token"
    assert first(gcc, "doxygen Doxyfile") == [gcc]


def test_ruff_claims_concise_lines_only_beside_its_own_count() -> None:
    deptry = (
        "pyproject.toml: DEP002 'left-pad' defined as a dependency but not used\n"
        "shop/a.py:2:8: DEP003 'yaml' imported but transitive\nFound 2 dependency issues."
    )
    assert first(deptry, "ruff check .")[0].startswith("pyproject.toml: DEP002")
    ruff = "src/a.py:1:8: F401 [*] `os` imported but unused\nFound 1 error.\n[*] 1 fixable with the `--fix` option."
    assert first(ruff, "ruff check .") == ["src/a.py:1:8: F401 [*] `os` imported but unused"]


def test_maven_needs_its_own_lines_not_just_an_error_tag() -> None:
    output = "[ERROR] `project.version` must be string\nInvalid file: pyproject.toml"
    assert first(output, "mvn -q test") == ["[ERROR] `project.version` must be string"]


def test_several_separate_python_tracebacks_are_a_runners_report() -> None:
    block = 'Traceback (most recent call last):\n  File "t.py", line {n}, in test_{n}\n    check()\n{exc}\n'
    output = (
        "Error in t.T.test_a\n"
        + block.format(n=1, exc="KeyError: 'port'")
        + "\nFailure in t.T.test_b\n"
        + block.format(n=2, exc="AssertionError: 25 != 30")
    )
    assert first(output, "green t") == ["t.T.test_a: KeyError: 'port'", "t.T.test_b: AssertionError: 25 != 30"]


def test_a_tools_logged_report_of_the_exception_is_its_message() -> None:
    output = (
        "[ERROR] `project.version` must be string\nTraceback (most recent call last):\n"
        '  File "cli.py", line 3, in run\n    validate()\n'
        "pkg.errors.ValidationError: `project.version` must be string"
    )
    assert first(output, "python -m pkg") == ["[ERROR] `project.version` must be string"]


# ---------------------------------------------------------------- the general method, by kind


def test_a_frames_quoted_statement_is_not_the_message() -> None:
    output = (
        "ERROR: test_body (t.ParserTest.test_body)\n----------------------------------------------------------------------\n"
        'Traceback (most recent call last):\n  File "t.py", line 9, in test_body\n'
        "    self.assertIn('name', body['user'])\n                          ~~~~^^^^^^^^\nKeyError: 'user'"
    )
    assert messages(output) == ["t.ParserTest.test_body: KeyError: 'user'"]


def test_a_name_before_its_qualified_class_is_one_test_id() -> None:
    output = (
        "ERROR: setUpClass (t.DbTest)\n------\nOSError: database file is locked\n\n"
        "FAIL: test_even (t.EvenTest.test_even) (n=3)\n------\nAssertionError: 1 != 0"
    )
    assert messages(output) == [
        "t.DbTest.setUpClass: OSError: database file is locked",
        "t.EvenTest.test_even (n=3): AssertionError: 1 != 0",
    ]


def test_an_assertion_hint_heads_the_sides_under_it() -> None:
    output = (
        "  ● math › adds\n\n    expect(received).toBe(expected) // Object.is equality\n\n"
        "    Expected: 0.3\n    Received: 0.30000000000000004\n\n      at Object.toBe (t.js:5:27)"
    )
    assert messages(output) == [
        "math › adds: expect(received).toBe(expected) // Object.is equality; Expected: 0.3; Received: 0.30000000000000004"
    ]


def test_a_diffs_legend_is_not_the_message() -> None:
    output = "  1) cart sums:\n\n      actual expected\n\n      2530\n\n      Expected 25 to equal specified value: 30\n\n      at t.js:9:34"
    assert messages(output) == ["cart sums: Expected 25 to equal specified value: 30"]


def test_a_diffs_changed_lines_follow_the_header_past_the_legend() -> None:
    output = (
        "Expected values to be strictly equal:\n+ actual - expected\n\n+ 'a,b'\n- 'a-b'\n        ^\n    at t.js:3:9"
    )
    assert messages(output) == ["Expected values to be strictly equal: + 'a,b'; - 'a-b'"]


def test_a_programs_count_of_fatal_errors_is_a_summary() -> None:
    assert messages("fr.po:10: end-of-line within string\nmsgfmt: found 1 fatal error") == [
        "fr.po:10: end-of-line within string"
    ]


def test_a_header_ending_in_a_location_joins_the_message_under_its_caret() -> None:
    output = "Parse error at src/app.js:5,0\n}\n^\nERROR: Unexpected token: punc «}»\n    at js_error (x.js:1:1)"
    assert messages(output) == ["Parse error at src/app.js:5,0; ERROR: Unexpected token: punc «}»"]


def test_rows_of_line_and_code_under_a_file_header() -> None:
    output = "src/app.py\n    1: DOC101: Too few arguments.\n    7: DOC201: No return section."
    assert messages(output) == ["src/app.py:1: DOC101: Too few arguments.", "src/app.py:7: DOC201: No return section."]


def test_a_runtimes_thread_prefix_is_a_decoration() -> None:
    panic = "thread 'main' (27807) panicked at src/main.rs:4:49:\ncalled `Result::unwrap()` on an `Err` value: NotFound"
    assert messages(panic) == ["src/main.rs:4:49: called `Result::unwrap()` on an `Err` value: NotFound"]
    java = 'Exception in thread "main" java.lang.IllegalStateException: no config\n\tat App.main(App.java:3)'
    assert messages(java) == ["java.lang.IllegalStateException: no config"]


def test_a_shells_prefix_and_a_signals_process_id_are_decorations() -> None:
    assert messages("/bin/bash: line 1: cd: web: No such file or directory") == ["cd: web: No such file or directory"]
    assert messages("/bin/bash: line 1: 3027 Segmentation fault python crash.py") == [
        "Segmentation fault python crash.py"
    ]


def test_a_syntax_error_takes_its_location_from_above_the_excerpt() -> None:
    output = "  File \"/p/server.py\", line 2\n    if x == 'GET'\n                 ^\nSyntaxError: expected ':'"
    assert messages(output) == ["/p/server.py:2: SyntaxError: expected ':'"]


def test_the_error_field_of_a_yaml_diagnostic_gives_its_value() -> None:
    output = "not ok 2 - applies codes\n  ---\n  duration_ms: 0.5\n  error: 'code.trim is not a function'\n  code: 'ERR_TEST_FAILURE'\n  ..."
    assert messages(output) == ["applies codes: code.trim is not a function"]


def test_rows_flagged_with_a_failure_mark_under_a_file_header_keep_the_mark() -> None:
    output = (
        "./package.json\n✖ name-format - node: name - no capitals\n✖ require-license - license is required\n2 errors"
    )
    assert messages(output) == [
        "./package.json: ✖ name-format - node: name - no capitals",
        "./package.json: ✖ require-license - license is required",
    ]


def test_an_output_that_is_only_a_unified_diff_names_the_files_to_reformat() -> None:
    output = "--- a.sh.orig\n+++ a.sh\n@@ -1,2 +1,2 @@\n if x; then\n-    y\n+  y\n--- b.sh.orig\n+++ b.sh\n@@ -1 +1 @@\n-z  \n+z"
    assert messages(output) == ["+++ a.sh", "+++ b.sh"]
    # A diff beside a message of its own is not a formatter's whole report.
    assert "+++ a.sh" not in messages(
        "ERROR: a.sh Imports are incorrectly sorted.\n--- a.sh\n+++ a.sh\n@@ -1 +1 @@\n-b\n+a"
    )


def test_a_bare_title_takes_its_file_when_the_runner_names_tests_file_colon_colon_name() -> None:
    section = (
        "____ test_sq[{n}] ____\n\n>       assert n * n == n + n\nE       AssertionError: square of {n}\n\n"
        "tests/t.py:6: AssertionError\n"
    )
    # The report cut by Claude Code's truncation (the lines at the cut are partial and
    # dropped): the summary with its ids is in the other piece.
    cut = "tests/t.py:6: Asser\n\n... [20000 characters truncated] ...\n\nuare of 8\n"
    summary = "FAILED tests/t.py::test_sq[9] - AssertionError: square of 9\n7 failed in 0.1s"
    found = rank(pieces("Exit code 1\n" + section.format(n=1) + section.format(n=3) + cut + summary))
    assert found is not None
    assert found.messages[:2] == [
        "tests/t.py::test_sq[1]: AssertionError: square of 1",
        "tests/t.py::test_sq[3]: AssertionError: square of 3",
    ]
    assert found.total == 7  # the runner's own count of failures


def test_how_an_asserted_value_was_computed_is_not_part_of_the_message() -> None:
    output = (
        "____ test_total ____\n\nE       AssertionError: assert 6 == 7\nE        +  where 6 = sum([1, 2, 3])\n\n"
        "t.py:4: AssertionError"
    )
    assert messages(output) == ["test_total: AssertionError: assert 6 == 7"]


def test_a_title_that_names_no_test_takes_the_file_the_runner_reported_failing() -> None:
    output = "FAIL test/api.test.js\n  ● Test suite failed to run\n\n    Cannot find module '../src/api'\n\n      at x (y.js:1:2)"
    assert messages(output) == ["test/api.test.js: Cannot find module '../src/api'"]
    repeated = "FAIL  test/api.test.js [ test/api.test.js ]\nError: Cannot find module '../src/api.js'\n ❯ test/api.test.js:2:1"
    assert messages(repeated) == ["test/api.test.js: Error: Cannot find module '../src/api.js'"]


def test_numbered_lines_without_a_gutter_are_an_excerpt_the_header_introduced() -> None:
    output = "NameError: variable @x is undefined in a.less on line 3, column 10:\n2 .nav {\n3   color: @x;\n4 }"
    assert messages(output) == ["NameError: variable @x is undefined in a.less on line 3, column 10"]


def test_numbered_lines_past_a_caret_and_an_empty_numbered_line_are_the_excerpt() -> None:
    output = (
        "Error: invalid syntax at line 1 col 27:\n\n1  main -> number {% a + b\n                ^\n"
        "2  number -> [0-9]:+\n3\nUnexpected input. Instead, I was expecting one of the following:\n\n"
        "A comment token based on:\n    ws → ws ● %comment _"
    )
    assert messages(output) == [
        "Error: invalid syntax at line 1 col 27: Unexpected input. Instead, I was expecting one of the following:"
    ]


def test_a_remark_in_parentheses_after_a_level_explains_the_finding_above() -> None:
    output = "a.asm:5: error: instruction expected\na.asm:6: error: undefined symbol `x'\na.asm:6: error:  (Each undefined symbol is reported only once.)"
    assert messages(output) == ["a.asm:5: error: instruction expected", "a.asm:6: error: undefined symbol `x'"]


def test_make_reads_a_failed_recipes_output_with_the_general_method() -> None:
    output = (
        "  1) cart sums:\n\n      Expected 25 to equal 30\n\n      at t.js:9:34\n\n  2) cart names:\n\n"
        "      Expected [ 'a' ] to include 'b'\n\n      at t.js:12:3\n\n2 of 2 tests failed\n"
        "make: *** [Makefile:2: test] Error 1"
    )
    assert first(output, "make test") == [
        "cart sums: Expected 25 to equal 30",
        "cart names: Expected [ 'a' ] to include 'b'",
    ]


def test_a_traceback_under_a_runners_summary_is_the_runners_report() -> None:
    output = (
        'Traceback (most recent call last):\n  File "t.py", line 7, in test_load\n    load()\n'
        "ValueError: bad json\nFAILED tests/t.py::test_load - ValueError: bad json"
    )
    assert first(output, "python -m pytest --tb=native") == ["tests/t.py::test_load: ValueError: bad json"]


def test_the_general_method_prefers_a_tools_logged_line_to_the_exceptions_class_path() -> None:
    output = (
        "[ERROR] `project.version` must be string\nTraceback (most recent call last):\n"
        '  File "cli.py", line 3, in run\n    validate()\n'
        "pkg.errors.ValidationError: `project.version` must be string\nInvalid file: pyproject.toml"
    )
    assert messages(output) == ["[ERROR] `project.version` must be string"]


def test_a_finding_named_in_capitals_with_its_kind_is_the_message() -> None:
    output = "Auto-merging config.txt\nCONFLICT (content): Merge conflict in config.txt\nThe stash entry is kept in case you need it again."
    assert messages(output) == ["CONFLICT (content): Merge conflict in config.txt"]
