"""failures.ranking on forms of output the earlier rules missed: wrap-up lines that say errors
happened but not which, locations written inside the words, error names after a qualifying
word, a reason given as a field of its own, a log's timestamp and tags. Each output is written
for its rule in the shape such tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_wrap_up_that_errors_happened_is_not_the_message() -> None:
    output = 'mk: "/src/rules.mk" line 7: Unknown directive "frob"\nmk: Fatal errors encountered -- cannot continue'
    assert messages(output) == ['mk: "/src/rules.mk" line 7: Unknown directive "frob"']
    output = (
        "[ALERT] (7) : parsing [app.cfg:4] : unknown keyword 'bindd' out of section.\n"
        "[ALERT] (7) : Error(s) found in configuration file : app.cfg\n"
        "[ALERT] (7) : Fatal errors found in configuration."
    )
    assert messages(output) == ["[ALERT] (7) : parsing [app.cfg:4] : unknown keyword 'bindd' out of section."]


def test_a_steps_exit_and_a_compilation_verdict_are_not_the_message() -> None:
    # (A message with no sign words of its own still wins over the run's wrap-up.)
    output = "Symbol unresolved: 'ctx.frobber'\nRunning the compiler failed, exited with 2\nScript compilation failed"
    assert messages(output) == ["Symbol unresolved: 'ctx.frobber'"]


def test_errors_named_after_a_qualifying_word_are_one_failure_each() -> None:
    output = (
        'Binder Error: Referenced column "qty" not found in FROM clause!\n'
        "LINE 1: SELECT qty FROM orders;\n"
        "               ^\n"
        'Parser Error: syntax error at or near "SELEC"'
    )
    assert messages(output) == [
        'Binder Error: Referenced column "qty" not found in FROM clause!',
        'Parser Error: syntax error at or near "SELEC"',
    ]


def test_errors_under_locations_that_end_in_a_line_are_one_failure_each() -> None:
    output = (
        'File "lib/a.ml", line 2, characters 4-9:\n'
        "2 | let x = foo 1\n"
        "            ^^^\n"
        "Error: Unbound value foo\n"
        'File "lib/b.ml", line 5, characters 0-3:\n'
        "5 | lett y = 2\n"
        "    ^^^\n"
        "Error: Syntax error\n"
        "  Hint: Did you mean let?"
    )
    assert messages(output) == [
        'File "lib/a.ml", line 2, characters 4-9: Error: Unbound value foo',
        'File "lib/b.ml", line 5, characters 0-3: Error: Syntax error',
    ]


def test_a_reason_field_under_a_line_continues_it() -> None:
    output = "orders_SUITE:sum_case failed on line 12\nReason: {badmatch,3}\n- - - - -\nTEST COMPLETE, 0 ok, 1 failed"
    assert messages(output) == ["orders_SUITE:sum_case failed on line 12; Reason: {badmatch,3}"]


def test_a_logs_timestamp_and_level_tag_are_no_part_of_the_message() -> None:
    output = (
        '2025/01/02 03:04:05 [emerg] 1#1: unknown directive "frob" in /etc/app.conf:3\napp: configuration test failed'
    )
    assert messages(output) == ['[emerg] 1#1: unknown directive "frob" in /etc/app.conf:3']


def test_a_symbol_in_brackets_before_the_report_is_a_progress_tag() -> None:
    output = "src/index.js → dist/out.js...\n[!] Error: Could not load plugin 'frob'"
    assert messages(output) == ["Error: Could not load plugin 'frob'"]


def test_a_throw_after_a_report_drawn_with_carets_is_the_wrap_up() -> None:
    # A compiler's diagnostics with excerpts in a gutter, then its CLI throws a summary error:
    # the findings are the messages, not the throw.
    output = (
        "Unexpected token `}`\n"
        "   ,-[lib/a.ts:4:1]\n"
        " 4 | }\n"
        "   : ^\n"
        "   `----\n"
        "Expression expected\n"
        "   ,-[lib/b.ts:2:9]\n"
        " 2 | let x = ;\n"
        "   :         ^\n"
        "   `----\n"
        "Error: Failed to build: lib/a.ts\n"
        "    at run (/app/node_modules/cli/index.js:10:5)\n"
    )
    assert failure_messages(output, "npx builder lib").messages == (
        "lib/a.ts:4:1: Unexpected token `}`",
        "lib/b.ts:2:9: Expression expected",
    )


def test_a_heading_that_counts_its_lines_gives_one_message_each() -> None:
    output = "Missing peers (2)\nreact  package.json\nreact-dom  package.json\nStale files (1)\nsrc/legacy.ts:3:1\n"
    assert messages(output) == [
        "Missing peers (2): react package.json",
        "Missing peers (2): react-dom package.json",
        "Stale files (1): src/legacy.ts:3:1",
    ]
    # A count that is not the number of lines under it is no such heading.
    assert len(messages("Missing peers (3)\nreact  package.json\n\nnpm: lint failed")) < 3


def test_a_clause_saying_what_was_under_way_opens_its_report() -> None:
    # `while parsing ...` is words, not a line of code; the lines after it are its report.
    output = (
        "while parsing a flow mapping\n"
        '  in "deploy.yml", line 4, column 9\n'
        "expected ',' or '}', but got '<stream end>'\n"
        '  in "deploy.yml", line 6, column 1\n'
        "while parsing a block mapping\n"
        '  in "hosts.yml", line 1, column 1\n'
        "expected <block end>, but found '-'\n"
    )
    assert messages(output) == [
        "while parsing a flow mapping; in \"deploy.yml\", line 4, column 9; expected ',' or '}', but got '<stream end>';"
        ' in "deploy.yml", line 6, column 1',
        "while parsing a block mapping; in \"hosts.yml\", line 1, column 1; expected <block end>, but found '-'",
    ]


def test_a_note_under_a_finding_with_the_same_rule_explains_it() -> None:
    output = (
        "lib/a.js:9:1: error: cannot reassign a constant [E0101]\n"
        "lib/a.js:3:7: note: constant declared here [E0101]\n"
        "lib/b.js:2:4: note: prefer a template literal [E0230]\n"
    )
    assert messages(output) == [
        "lib/a.js:9:1: error: cannot reassign a constant [E0101]",
        "lib/b.js:2:4: note: prefer a template literal [E0230]",
    ]


def test_native_frames_with_return_addresses_are_not_the_message() -> None:
    output = (
        "core.exception.RangeError@src/shop.d(14): index out of bounds\n"
        "----------------\n"
        "??:? _d_arraybounds [0x7f1c0a366742]\n"
        "src/shop.d:14 [0x55d1e24273cc]\n"
        "/usr/include/d/core/internal/entrypoint.d:42 [0x55d1e2427511]\n"
        "1/1 modules FAILED unittests"
    )
    assert messages(output) == ["core.exception.RangeError@src/shop.d(14): index out of bounds"]


def test_a_place_over_rows_with_positions_names_the_rows_file() -> None:
    output = (
        "\n  src/shop.ts:4:19\n"
        "  ✖  4:19  Type string is not assignable to type number.\n"
        "  ✖  9:2   Expected an error, but found none.\n"
        "\n  2 errors"
    )
    assert messages(output) == [
        "src/shop.ts:4:19: Type string is not assignable to type number.",
        "src/shop.ts:9:2: Expected an error, but found none.",
    ]


def test_a_loggers_level_column_stays_on_the_message() -> None:
    output = "ERROR   -  Config value 'site': missing a name.\n\nAborted with a configuration error!"
    assert messages(output) == ["ERROR - Config value 'site': missing a name."]


def test_findings_that_state_their_level_under_each_files_name_are_in_that_file() -> None:
    output = (
        "shaders/sky.frag\n"
        "ERROR: 0:6: 'x' : undeclared identifier\n"
        "ERROR: 0:6: '' : compilation terminated\n"
        "ERROR: 2 compilation errors.  No code generated.\n"
        "\n\n"
        "shaders/sky.vert\n"
        "ERROR: 0:3: '' : syntax error, unexpected IDENTIFIER\n"
        "ERROR: 1 compilation errors.  No code generated."
    )
    assert messages(output) == [
        "shaders/sky.frag: ERROR: 0:6: 'x' : undeclared identifier",
        "shaders/sky.vert: ERROR: 0:3: '' : syntax error, unexpected IDENTIFIER",
    ]


def test_a_place_alone_under_a_message_says_where_it_happened() -> None:
    output = '1 | import { tax } from "./rates";\n                   ^\nerror: Could not resolve: "./rates"\n    at /src/app.ts:1:19'
    assert messages(output) == ['/src/app.ts:1:19: error: Could not resolve: "./rates"']
    output = (
        "Error: 'tax' is not exported by src/rates.js\n"
        "https://example.org/docs/errors#not-exported\n"
        "src/app.js (1:9)\n"
        "1: import { tax } from './rates.js';\n"
        "            ^"
    )
    assert messages(output) == ["src/app.js (1:9): Error: 'tax' is not exported by src/rates.js"]


def test_a_frame_under_a_message_with_a_stack_after_it_is_no_place() -> None:
    output = "Error: boom\n    at /src/app.js:3:9\n    at Array.forEach (<anonymous>)\n    at main (/src/app.js:2:5)"
    assert messages(output) == ["Error: boom"]


def test_a_coloured_diff_with_its_resets_on_lines_of_their_own_is_a_bare_diff() -> None:
    output = (
        "\x1b[31m--- setup.cfg\n\x1b[0m\n\x1b[32m+++ setup.cfg\n\x1b[0m\n@@ -1,2 +1,2 @@\n\n"
        " [metadata]\n\x1b[31m-name=shop\x1b[0m\n\x1b[32m+name = shop\x1b[0m"
    )
    assert messages(output) == ["+++ setup.cfg"]


def test_located_lines_that_state_no_level_beside_a_stated_error_are_progress() -> None:
    output = (
        "setup.in:3: installing './compile'\n"
        "setup.in:2: installing './missing'\n"
        "rules.in:4: error: library used but 'LIBTOOL' is undefined\n"
        "setup.in:2: installing './depcomp'"
    )
    assert messages(output) == ["rules.in:4: error: library used but 'LIBTOOL' is undefined"]


def test_a_column_range_before_the_words_is_no_count_of_errors() -> None:
    # `7.5-6 syntax error` is a place and a message, not a tally of six errors.
    output = "Error: board.dts:7.5-6 syntax error\nparse stopped"
    assert messages(output) == ["Error: board.dts:7.5-6 syntax error"]


def test_a_programs_aborted_line_is_its_wrap_up() -> None:
    output = (
        "ruby -e 'exit 3'\nbuildr aborted!\nCommand failed with status (3): [ruby -e 'exit 3'...]\nTasks: TOP => test"
    )
    assert messages(output) == ["Command failed with status (3): [ruby -e 'exit 3'...]"]


def test_a_file_named_with_no_line_among_located_findings_is_one_of_them() -> None:
    output = (
        "/srv/units/web.socket:4: Unknown key 'Listn' in section [Socket], ignoring.\n"
        "/srv/units/web.socket:7: Failed to parse boolean value, ignoring: maybe\n"
        "web.socket: Socket unit lacks a listening setting. Refusing.\n"
        "Unit web.socket has a bad unit file setting."
    )
    assert messages(output) == [
        "/srv/units/web.socket:4: Unknown key 'Listn' in section [Socket], ignoring.",
        "/srv/units/web.socket:7: Failed to parse boolean value, ignoring: maybe",
        "web.socket: Socket unit lacks a listening setting. Refusing.",
    ]


def test_a_message_with_no_signs_wrapped_over_lines_is_said_whole() -> None:
    output = 'Key link: "do" = "do", with key set "".\n2 input keys have identical hash values,\nuse option -D.'
    assert messages(output) == [
        'Key link: "do" = "do", with key set "".; 2 input keys have identical hash values, use option -D.'
    ]
    # Lines that stand apart are said apart: the last one is what the program said.
    assert messages("On branch main\nnothing to commit, working tree clean") == [
        "nothing to commit, working tree clean"
    ]


def test_a_location_in_words_alone_under_a_message_says_where_it_happened() -> None:
    output = 'config error: unknown key "prot"\nFile "app.toml", line 3'
    assert messages(output) == ['app.toml:3: config error: unknown key "prot"']
