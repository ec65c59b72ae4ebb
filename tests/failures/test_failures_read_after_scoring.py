"""The general method's rules read off a sealed batch after it was scored (failures/joins,
after, shapes, blocks, layout, findings): each output is written in the shape a real tool
prints, with other words than the recordings in fixtures/toolchains."""

from __future__ import annotations

from context_keeper.failures import failure_messages, jsonlist, shapes


def messages(output: str) -> list[str]:
    return list(failure_messages("Exit code 1\n" + output, "tool").messages)


def test_what_the_program_was_doing_after_its_message_is_no_part_of_it() -> None:
    output = "covtool: ERROR: no records found in data.info\nLoading data.info"
    assert messages(output) == ["covtool: ERROR: no records found in data.info"]


def test_the_sides_of_a_pair_printed_without_colons_are_parts_of_their_own() -> None:
    output = (
        "t/a_test.cpp:3: error: Failure in TEST(Sum, Adds)\n\tCHECK(sum() == 3) failed\n\texpected <3>\n\tbut was  <4>"
    )
    assert messages(output) == [
        "t/a_test.cpp:3: error: Failure in TEST(Sum, Adds); CHECK(sum() == 3) failed; expected <3>; but was <4>"
    ]


def test_the_other_side_at_the_margin_goes_with_a_first_side_that_closes_the_line() -> None:
    output = 'spec/a.lua:9: expected: "a-b"\nactual: "a b"\nstack traceback:\n\tspec/a.lua:9: in main chunk'
    assert messages(output) == ['spec/a.lua:9: expected: "a-b"; actual: "a b"']


def test_a_side_of_a_pair_the_caret_points_into_is_no_excerpt() -> None:
    output = 'Error: names differ\n  Expected: "ab"\n  But was:  "a"\n  ------------^'
    assert messages(output) == ['Error: names differ; Expected: "ab"; But was: "a"']


def test_a_day_first_date_and_time_before_a_colon_is_a_timestamp() -> None:
    output = "27.11.2026 10:02:03.004:ERROR [server]: Cannot start: Error: listen EADDRINUSE 0.0.0.0:80"
    assert messages(output) == ["ERROR [server]: Cannot start: Error: listen EADDRINUSE 0.0.0.0:80"]


def test_a_block_of_findings_holds_absolute_and_relative_paths_alike() -> None:
    output = "error(7): src/a.g4:3:1: rule x undefined\nerror(9): /w/proj/src/b.g4:4:2: label y undefined"
    assert messages(output) == [
        "error(7): src/a.g4:3:1: rule x undefined",
        "error(9): /w/proj/src/b.g4:4:2: label y undefined",
    ]


def test_a_list_item_over_deeper_items_is_their_heading() -> None:
    output = (
        "Problems found:\n* web==1.0\n  - lib [required: >=2, installed: 1.0]\n  - log [required: <3, installed: 3.1]\n"
        "* api==2.0\n  - orm [required: >=4, installed: ?]"
    )
    assert messages(output) == [
        "web==1.0: lib [required: >=2, installed: 1.0]",
        "web==1.0: log [required: <3, installed: 3.1]",
        "api==2.0: orm [required: >=4, installed: ?]",
    ]


def test_a_one_letter_level_after_the_file_and_line_is_the_findings_level() -> None:
    output = "a.spec: W: no-license-tag\na.spec:3: E: bad-path in /usr/lib\na.spec:9: W: macro-in-comment %x"
    assert messages(output) == [
        "a.spec: W: no-license-tag",
        "a.spec:3: E: bad-path in /usr/lib",
        "a.spec:9: W: macro-in-comment %x",
    ]


def test_a_place_written_with_an_at_sign_starts_a_finding() -> None:
    output = "src/a.py@3:4 NoGlobals: Do not assign to a global name here.\nsrc/a.py@9:1 NoPrint: Calls to print are not allowed."
    assert messages(output) == [
        "src/a.py@3:4 NoGlobals: Do not assign to a global name here.",
        "src/a.py@9:1 NoPrint: Calls to print are not allowed.",
    ]


def test_the_runners_kind_of_failure_after_a_titles_number_is_no_part_of_the_name() -> None:
    output = (
        "Tests run: 2, Errors: 1, Failures: 1\n\nErrors and Failures:\n"
        "1) Test Failure : App.Tests.MathTests.Adds\n     Expected: 3\n  But was:  4\n\n"
        "2) Test Error : App.Tests.MathTests.Reads\n   System.IO.IOException : disk gone\n"
    )
    assert messages(output) == [
        "App.Tests.MathTests.Adds: Expected: 3; But was: 4",
        "App.Tests.MathTests.Reads: System.IO.IOException : disk gone",
    ]


def test_a_json_list_of_error_records_is_one_message_per_record_with_its_place() -> None:
    output = (
        'validating data.json\n[\n  {\n    "keyword": "type",\n    "params": [\n      "number"\n    ],\n'
        '    "message": "must be number",\n    "instancePath": "/price"\n  },\n  {\n'
        '    "message": "must have required property \'sku\'",\n    "instancePath": ""\n  }\n]\ndata.json invalid'
    )
    assert messages(output) == ["/price: must be number", "must have required property 'sku'"]


def test_a_json_list_whose_items_hold_no_message_is_read_as_lines() -> None:
    output = 'Error: 2 items rejected\n[\n  {"sku": "a1", "qty": 3},\n  {"sku": "b2", "qty": 0}\n]'
    assert jsonlist.records([shapes.Line(raw) for raw in output.splitlines()]) == []
    assert messages(output) == ["Error: 2 items rejected"]


def test_rows_stating_their_level_before_their_position_take_the_file_named_above() -> None:
    output = "lib/a.ts:2:7\nERROR: 2:7  no-eval  eval is not allowed.\nERROR: 9:1  max-len  Line is longer than 80."
    assert messages(output) == [
        "lib/a.ts:2:7: ERROR: no-eval eval is not allowed.",
        "lib/a.ts:9:1: ERROR: max-len Line is longer than 80.",
    ]


def test_each_npm_script_that_failed_under_a_task_runner_is_a_step_of_its_own() -> None:
    output = (
        "> run web:test\n\nTypeError: price.toFixed is not a function\n    at total (/w/web/a.js:3:9)\n"
        "npm error Lifecycle script `test` failed with error:\nnpm error code 1\n\n"
        "> run api:test\n\nError: Cannot find module './db'\n    at load (/w/api/b.js:1:1)\n"
        "npm error Lifecycle script `test` failed with error:\nnpm error code 1\n\nFailed tasks: web:test, api:test"
    )
    assert messages(output) == ["TypeError: price.toFixed is not a function", "Error: Cannot find module './db'"]


def test_a_file_named_alone_over_its_hunks_is_the_file_a_formatter_would_change() -> None:
    output = "lib/Shop.hs\n@@ -1,3 +1,3 @@\n  module Shop where\n- x  =  1\n+ x = 1\nlib/Tax.hs\n@@ -2,2 +2,2 @@\n- y=2\n+ y = 2"
    assert messages(output) == ["lib/Shop.hs", "lib/Tax.hs"]


def test_of_two_labels_drawn_under_an_excerpt_the_one_at_the_places_column_is_said() -> None:
    # (The place's column 13 is the `;`: the second span, drawn from under it.)
    output = (
        "[SYNTAX] Unterminated call\n   ╭─[ src/b.js:2:13 ]\n   │\n 2 │ f(g(1, 2), 3;\n"
        "   │  ┬          ┬\n   │  ╰──────────── Opened here\n   │             │\n   │             ╰── ) expected\n───╯"
    )
    assert messages(output) == ["src/b.js:2:13: [SYNTAX] Unterminated call: ) expected"]


def test_a_message_under_a_tap_title_that_ends_in_a_colon_is_no_part_of_the_title() -> None:
    output = (
        "1..2\nnot ok 1\tSuite.testList\n#   spec/a.lua:4: Lists differ:\n#   Expected: {1, 2}\n#   Actual: {1, 3}\n"
        "not ok 2\tSuite.testSum\n#   spec/a.lua:9: expected: 3, actual: 4"
    )
    assert messages(output) == [
        "Suite.testList: spec/a.lua:4: Lists differ: Expected: {1, 2}; Actual: {1, 3}",
        "Suite.testSum: spec/a.lua:9: expected: 3, actual: 4",
    ]


def test_a_json_list_nested_deeper_than_the_parser_goes_is_read_as_lines() -> None:
    output = "Error: 2 items rejected\n[\n" + "[" * 100_000 + "]" * 100_000 + "\n]"
    assert jsonlist.records([shapes.Line(raw) for raw in output.splitlines()]) == []


def test_a_json_records_escaped_control_characters_stay_as_printed() -> None:
    # (Decoded, `\u001b[31m` would be a terminal's escape where the tool printed plain text.)
    output = '[\n  {"message": "bad \\u001b[31mred\\u001b[0m value\\u0000", "path": "#/a"}\n]'
    assert messages(output) == ["#/a: bad \\u001b[31mred\\u001b[0m value\\u0000"]


def test_a_programs_file_diagnostics_with_no_failure_word_are_each_a_failure() -> None:
    output = "lzip: out/a.lz: Bad magic number\nlzip: out/b.lz: Truncated header in multimember file"
    assert messages(output) == [
        "lzip: out/a.lz: Bad magic number",
        "lzip: out/b.lz: Truncated header in multimember file",
    ]


def test_a_program_name_leading_several_lines_takes_no_listing_as_continuation() -> None:
    output = (
        "stat: cannot statx 'b.txt': No such file or directory\n"
        "stat: cannot statx 'c.txt': No such file or directory\n"
        "a.txt 4096 2026-11-28"
    )
    assert messages(output) == [
        "stat: cannot statx 'b.txt': No such file or directory",
        "stat: cannot statx 'c.txt': No such file or directory",
    ]


def test_advice_said_to_the_reader_is_not_the_message() -> None:
    output = (
        "tmpl: unexpected token in views/a.tmpl while compiling\n"
        "If the message above is unclear, you might want to run tmpl-lint on the file."
    )
    assert messages(output) == ["tmpl: unexpected token in views/a.tmpl while compiling"]


def test_an_exception_message_ending_in_a_colon_takes_the_lines_it_opens() -> None:
    output = (
        "Traceback (most recent call last):\n"
        '  File "/x/cli.py", line 3, in main\n'
        "    check()\n"
        "tool.errors.DirtyTree: Uncommitted files:\n"
        "M a.py\n"
        "?? b.py"
    )
    assert messages(output) == ["tool.errors.DirtyTree: Uncommitted files: M a.py; ?? b.py"]


def test_a_message_repeated_with_the_place_it_was_logged_from_is_one() -> None:
    frames = 'Traceback (most recent call last):\n  File "/x/loader.py", line 38, in load\n    run()\n'
    output = (
        "Warn: could not load pkg:\n" + frames + "ValueError: bad settings in pkg\n"
        " (/x/loader.py:40)\n"
        "Traceback (most recent call last):\n"
        '  File "/x/loader.py", line 38, in load\n'
        "    run()\n"
        "ValueError: bad settings in pkg"
    )
    assert messages(output) == ["ValueError: bad settings in pkg"]


def test_a_program_naming_itself_on_its_failures_names_its_others_before_them_too() -> None:
    output = (
        "modload: conf/a.conf(3): unknown directive, skipping...\n"
        "loaded x = 1\n"
        "modload: cannot open /lib/mods/foo.ko: No such file or directory\n"
        "modload: cannot open /lib/mods/bar.ko: No such file or directory"
    )
    assert messages(output) == [
        "modload: conf/a.conf(3): unknown directive, skipping...",
        "modload: cannot open /lib/mods/foo.ko: No such file or directory",
        "modload: cannot open /lib/mods/bar.ko: No such file or directory",
    ]


def test_what_a_program_printed_right_before_it_aborted_is_its_reason() -> None:
    abort = "/bin/bash: line 1:  812 Aborted                 ./app"
    assert messages("malloc(): corrupted top size\n" + abort) == ["malloc(): corrupted top size"]
    assert messages("*** stack smashing detected ***: terminated\n" + abort) == [
        "*** stack smashing detected ***: terminated"
    ]
    assert messages("pure virtual method called\n" + abort) == ["pure virtual method called"]
    thrown = "terminate called after throwing an instance of 'std::logic_error'\n  what():  no port\n"
    assert messages(thrown + abort.replace("Aborted ", "Aborted (core dumped)")) == [
        "terminate called after throwing an instance of 'std::logic_error'; what(): no port"
    ]


def test_an_abort_with_no_reason_right_above_it_stays_the_shells_report() -> None:
    abort = "/bin/bash: line 1:  812 Aborted                 ./app"
    # A blank line, a compiler's caret, a warning: no reason the program wrote.
    assert messages("loading\n\n" + abort) == ["Aborted ./app"]
    assert messages("a.c:3:5: note: here\n    |     ^~~\n" + abort) == ["Aborted ./app"]
    assert messages("1 warning generated.\n" + abort) == ["Aborted ./app"]
    # A progress line the program flushed before it aborted says nothing went wrong.
    assert messages("Loaded 10 items\n" + abort) == ["Aborted ./app"]
    assert messages("processing file 3 of 10: data.csv\n" + abort) == ["Aborted ./app"]
    assert messages("Done.\n" + abort) == ["Aborted ./app"]
    # Another signal is sent to the program, not raised by it: the line above is no reason.
    assert messages("loading\n/bin/bash: line 1:  812 Segmentation fault      ./app") == ["Segmentation fault ./app"]


def test_a_place_echoing_its_line_of_code_over_a_labelled_caret_is_the_place_and_the_label() -> None:
    output = "lib/cart.c:12:   if (qty > 0 {\n                             ^ expected ')'"
    assert messages(output) == ["lib/cart.c:12: expected ')'"]
    # A place followed by words, not code, keeps its words (the caret's label is a detail).
    worded = "lib/cart.c:12: error: missing semicolon\n    ^ expected ';'"
    assert messages(worded)[0].startswith("lib/cart.c:12: error: missing semicolon")
