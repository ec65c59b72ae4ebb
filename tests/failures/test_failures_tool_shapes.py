"""Shapes mainstream tools print that the general method and the recognisers read wrong
before (failures/lines, joins, pychecks, node, tools, python): each output is written in the
shape the tool prints, with other words than the recordings in fixtures/toolchains."""

from __future__ import annotations

from context_keeper.failures import failure_messages


def messages(output: str, command: str = "tool") -> list[str]:
    return list(failure_messages("Exit code 1\n" + output, command).messages)


def test_a_ci_annotation_is_read_as_the_line_it_carries() -> None:
    output = (
        "::error title=lint (Q101),file=/src/a.sh,line=4,col=2,endLine=4,endColumn=9::a.sh:4:2: Q101 Unquoted"
        " variable `name`%0A  help: Quote it\n"
        "::error title=lint (Q204),file=/src/a.sh,line=9,col=1::a.sh:9:1: Q204 Unreachable command"
    )
    assert messages(output) == ["a.sh:4:2: Q101 Unquoted variable `name`", "a.sh:9:1: Q204 Unreachable command"]


def test_a_help_line_under_a_finding_is_no_part_of_it() -> None:
    output = "a.sh:4:2: Q101 Compare with `x` should be `x is y`\n  help: Replace with `x is y`"
    assert messages(output) == ["a.sh:4:2: Q101 Compare with `x` should be `x is y`"]


def test_a_type_error_wrapped_at_the_margin_goes_on_to_its_error_code() -> None:
    output = (
        'app/cart.py:8: error: Argument 1 to "total" has incompatible type "list[str]";\n'
        'expected "list[int]"  [arg-type]\n'
        "        total(names)\n"
        "              ^~~~~\n"
        "app/cart.py:9: error: Name \"tax\" is not defined \n"
        "[name-defined]\n"
        "Found 2 errors in 1 file (checked 1 source file)"
    )
    assert messages(output, "mypy --pretty app") == [
        'app/cart.py:8: error: Argument 1 to "total" has incompatible type "list[str]"; expected "list[int]" [arg-type]',
        'app/cart.py:9: error: Name "tax" is not defined [name-defined]',
    ]


def test_a_type_error_without_its_code_under_it_takes_no_line_after_it() -> None:
    output = 'app/cart.py:9: error: Name "tax" is not defined\nmake: *** [Makefile:3: types] Error 1'
    assert messages(output, "mypy app") == ['app/cart.py:9: error: Name "tax" is not defined']


_THROWN = (
    "TypeError: request failed\n"
    "    at node:internal/deps/client:120:13\n"
    "    at async main (/app/sync.js:2:15) {{\n"
    "  [cause]: Error: {cause}\n"
    "      at Socket.connect (node:net:1611:16) {{\n"
    "    code: 'EX'\n"
    "  }}\n"
    "}}\n"
    "\n"
    "Node.js v22.1.0"
)


def test_the_cause_a_thrown_error_carries_in_its_properties_goes_with_it() -> None:
    output = _THROWN.format(cause="host not found: db.local")
    assert messages(output, "node sync.js") == ["TypeError: request failed; [cause]: Error: host not found: db.local"]


def test_a_cause_saying_the_errors_message_again_is_left_out() -> None:
    output = _THROWN.format(cause="request failed")
    assert messages(output, "node sync.js") == ["TypeError: request failed"]


def test_what_to_do_said_under_a_level_is_no_failure_of_its_own() -> None:
    output = "error: cannot switch branches: You have local changes.\nerror: please commit or stash them."
    assert messages(output) == ["error: cannot switch branches: You have local changes."]


def test_gits_closing_word_under_the_fatal_line_that_says_what_is_no_failure_of_its_own() -> None:
    output = (
        "hint: see the remote's settings\nfatal: 'mirror' does not appear to be a git repository\n"
        "fatal: Could not read from remote repository."
    )
    assert messages(output, "git fetch mirror") == ["fatal: 'mirror' does not appear to be a git repository"]


def test_a_traceback_drawn_in_a_panel_gives_the_exception_under_it() -> None:
    output = (
        "╭────────── Traceback (most recent call last) ──────────╮\n"
        "│ /app/run.py:9 in <module>                              │\n"
        "│                                                        │\n"
        "│    8 │   rates = {'eur': 1.0}                          │\n"
        "│ ❱  9 │   print(rates['usd'])                           │\n"
        "╰────────────────────────────────────────────────────────╯\n"
        "KeyError: 'usd'"
    )
    assert messages(output, "python run.py") == ["KeyError: 'usd'"]


def test_the_same_complaint_about_different_things_named_first_is_several_failures() -> None:
    output = "assets: Permission denied (os error 13)\nvendor: Permission denied (os error 13)\nsrc/a.py:3:x = 1"
    assert messages(output) == ["assets: Permission denied (os error 13)", "vendor: Permission denied (os error 13)"]


def test_the_same_message_said_in_two_forms_is_one() -> None:
    output = "[ERROR] config key 'port' is missing\nconfig.Error: config key 'port' is missing"
    assert len(messages(output)) == 1


def test_lines_each_led_by_a_place_in_a_document_are_several_failures_whatever_their_words() -> None:
    output = (
        "cart/lines: Expected required property\ncart/coupon: Unexpected property\n"
        "cart/total: Expected number\ncart/currency: Expected string"
    )
    assert messages(output) == output.split("\n")


def test_a_cmake_sentence_goes_on_after_the_value_it_sets_off_up_to_its_end() -> None:
    output = (
        "CMake Error at CMakeLists.txt:5 (find_program):\n"
        "  The tool named:\n\n    protoc-gen\n\n"
        "  could not be run from the build directory.  Check that it is installed\n"
        "  and on the PATH.\n\n"
        "-- Configuring incomplete, errors occurred!"
    )
    assert messages(output, "cmake -B build") == [
        "CMake Error at CMakeLists.txt:5 (find_program): The tool named: protoc-gen"
        " could not be run from the build directory."
    ]


def test_an_errors_cause_labelled_under_it_goes_with_it_beside_a_hint() -> None:
    output = (
        "error: Failed to build the environment\n"
        "  cause: Because pkg-x was not found in the index, the requirements are unsatisfiable.\n\n"
        "hint: Packages were unavailable because the network was disabled."
    )
    assert messages(output, "tool sync") == [
        "error: Failed to build the environment; cause: Because pkg-x was not found in the index,"
        " the requirements are unsatisfiable."
    ]


def test_a_formatters_diff_with_no_file_line_gives_its_count() -> None:
    output = (
        "--- pkg/a.py\n+++ pkg/a.py\n@@ -1,2 +1 @@\n-X = {'a':1,\n-    'b':2}\n+X = {\"a\": 1, \"b\": 2}\n\n"
        "1 file would be reformatted, 3 files already formatted"
    )
    assert messages(output, "ruff format --diff pkg") == ["1 file would be reformatted, 3 files already formatted"]


def test_a_report_printed_as_json_gives_each_diagnostic_under_its_file() -> None:
    output = (
        '{"version": "2", "files": [{"path": "src/a.py", "results": ['
        '{"severity": "error", "message": "Name \\"q\\" is unbound\\n  bound only in a branch", "line": 4, "column": 2},'
        '{"severity": "warning", "message": "Import is unused", "line": 1, "column": 1}]},'
        '{"path": "src/b.py", "results": [{"severity": "error", "message": "Argument missing",'
        ' "range": {"start": {"line": 8, "character": 0}}}]}]}'
    )
    assert messages(output) == [
        'src/a.py:4:2: Name "q" is unbound; bound only in a branch',
        "src/b.py: Argument missing",
    ]

