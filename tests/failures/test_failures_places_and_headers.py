"""failures.ranking on places written where the earlier rules did not look (a line number in
parentheses, a place closing the line, a place finishing a wrapped line) and on headers that
are the run's verdict over the message. Each output is written for its rule in the shape such
tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_line_in_parentheses_after_the_file_is_a_place() -> None:
    output = (
        "lib/io.c(3): Error: Undefined symbol: 'buf'\n"
        "lib/io.c(5): Warning: Converting integer to pointer without a cast\n"
        "lib/io.c(9): Error: ';' expected"
    )
    assert messages(output) == ["lib/io.c(3): Error: Undefined symbol: 'buf'", "lib/io.c(9): Error: ';' expected"]


def test_a_place_closing_the_line_after_a_dash_makes_each_line_a_finding() -> None:
    output = (
        "[R101] Do not shadow a builtin - app/x.py:3:1\n"
        "[R207] Avoid a bare except - app/x.py:9:5\n"
        "[R300] Consider an else block - app/x.py:12:8\n"
        "Checked 1 file"
    )
    assert messages(output) == [
        "[R101] Do not shadow a builtin - app/x.py:3:1",
        "[R207] Avoid a bare except - app/x.py:9:5",
        "[R300] Consider an else block - app/x.py:12:8",
    ]


def test_a_place_on_the_next_line_finishes_a_line_cut_after_a_dash() -> None:
    output = (
        "[R101] Do not shadow a builtin - app/x.py:3:1\n"
        "[R410] Prefer a named constant over a long literal -\n"
        "app/x.py:12:8\n"
        "[R207] Avoid a bare except - app/x.py:9:5"
    )
    assert messages(output)[1] == "[R410] Prefer a named constant over a long literal - app/x.py:12:8"


def test_a_one_word_verdict_over_the_message_is_no_part_of_it() -> None:
    output = 'Checking alerts.yml\n  FAILED:\nalerts.yml: not a valid duration string: "5 minutes"'
    assert messages(output) == ['alerts.yml: not a valid duration string: "5 minutes"']


def test_a_count_of_errors_over_the_message_is_no_part_of_it() -> None:
    output = "building for production...\nBuild failed with 1 error:\n\n[UNRESOLVED_IMPORT] Could not resolve './x' in src/a.js"
    assert messages(output) == ["[UNRESOLVED_IMPORT] Could not resolve './x' in src/a.js"]


def test_a_sentence_counting_the_errors_is_no_finding() -> None:
    # (Its line in parentheses makes it a located line like the findings.)
    output = (
        'cart.pas(5,12) Error: Identifier not found "totl"\n'
        "cart.pas(8) Fatal: There were 1 errors compiling module, stopping"
    )
    assert messages(output) == ['cart.pas(5,12) Error: Identifier not found "totl"']


def test_a_line_saying_only_where_goes_with_the_message_above_it() -> None:
    output = (
        "netcfg v2.1: unknown protocol `tcpp' specified\n"
        "Error occurred at line: 12\n"
        "Try `netcfg --help' for more information."
    )
    assert messages(output) == ["netcfg v2.1: unknown protocol `tcpp' specified; Error occurred at line: 12"]


def test_a_drawn_excerpts_place_and_label_go_with_the_message_not_the_frames() -> None:
    output = (
        "[MISSING_EXPORT] 'total' is not exported by src/cart.js\n"
        "   ╭─[ src/main.js:3:10 ]\n"
        "   │\n"
        " 3 │ import { total } from './cart.js';\n"
        "   │          ──┬──\n"
        "   │            ╰──── Missing export\n"
        "───╯\n"
        "\n"
        "    at aggregateErrors (file:///app/node_modules/b/dist/error.mjs:50:18)\n"
        "    at #build (file:///app/node_modules/b/dist/b.mjs:146:34)\n"
        "    at async build (file:///app/node_modules/v/dist/node.js:35208:19)"
    )
    assert messages(output) == [
        "src/main.js:3:10: [MISSING_EXPORT] 'total' is not exported by src/cart.js: Missing export"
    ]


def test_a_file_a_formatter_would_change_is_a_finding_beside_one_it_could_not_read() -> None:
    output = "docs/intro.md:12: code block parse error Cannot parse: 2:4: invalid syntax\nsrc/notes.rst: Rewriting..."
    assert messages(output) == [
        "docs/intro.md:12: code block parse error Cannot parse: 2:4: invalid syntax",
        "src/notes.rst: Rewriting...",
    ]
    output = "/src/CMakeLists.txt would be reformatted\n/src/cmake/deps.cmake: 4:2: unbalanced parentheses"
    assert messages(output) == [
        "/src/CMakeLists.txt would be reformatted",
        "/src/cmake/deps.cmake: 4:2: unbalanced parentheses",
    ]


def test_one_side_of_a_comparison_alone_shows_code_and_is_no_part_of_the_message() -> None:
    output = "src/Shop.hs:4:31-43: Warning: Use sum\nFound:\n  foldr (+) 0 xs\nPerhaps:\n  sum xs\n\n1 hint"
    assert messages(output) == ["src/Shop.hs:4:31-43: Warning: Use sum"]
    # Both sides under the message are what was compared.
    output = "src/shop.pl:9: test total: wrong answer\nExpected: 1\nFound: 0\n"
    assert messages(output) == ["src/shop.pl:9: test total: wrong answer; Expected: 1; Found: 0"]


def test_each_block_under_a_failed_heading_is_a_failure() -> None:
    output = (
        "Checking:  checks.yml\n"
        "  FAILED:\n"
        "    name: DiskFull, at: 5m,\n"
        "        want: severity=page\n"
        "        have: severity=warning\n"
        "\n"
        "    name: CpuHigh, at: 10m,\n"
        "        want: 1\n"
        "        have: 0"
    )
    assert messages(output) == [
        "name: DiskFull, at: 5m,; want: severity=page; have: severity=warning",
        "name: CpuHigh, at: 10m,; want: 1; have: 0",
    ]


def test_a_line_saying_the_error_was_found_at_a_files_place_puts_it_in_front() -> None:
    # (A daemon's Unix time before each line is no part of what it says.)
    output = "1795783860: Error: Unknown option max_conns.\n1795783860: Error found at broker.conf:4."
    assert messages(output) == ["broker.conf:4: Error: Unknown option max_conns."]


def test_a_place_after_a_one_word_label_under_the_message_is_where() -> None:
    output = (
        "[ERROR]: YAML parsing failed: did not find expected key.\n"
        "Origin: /srv/play/site.yml:8:3\n"
        "\n"
        " 8   - name: start\n"
        "     ^ column 3"
    )
    assert messages(output) == ["/srv/play/site.yml:8:3: [ERROR]: YAML parsing failed: did not find expected key."]


def test_a_file_and_its_line_in_parentheses_with_a_colon_is_a_place() -> None:
    output = "(router.conf: Line 2) unknown state 'MASTR'\n(router.conf: Line 5) number '300' outside range [1, 255]"
    assert messages(output) == [
        "(router.conf: Line 2) unknown state 'MASTR'",
        "(router.conf: Line 5) number '300' outside range [1, 255]",
    ]


def test_a_files_name_with_a_colon_over_position_rows_heads_them() -> None:
    output = (
        "validating api.yaml...\n"
        "api.yaml:\n"
        "  1:1    error    no-empty-servers   Servers must be present.\n"
        "  7:5    error    operation-summary  Operation object should contain `summary` field.\n"
        "\n"
        "Validation failed with 2 errors."
    )
    assert messages(output) == [
        "api.yaml:1:1: error no-empty-servers Servers must be present.",
        "api.yaml:7:5: error operation-summary Operation object should contain `summary` field.",
    ]


def test_a_repls_comment_marker_glued_to_its_words_is_no_part_of_them() -> None:
    output = ";Unbound variable: totl\n;To continue, call RESTART with an option number:\n; (RESTART 1) => Return to level 1.\n"
    assert messages(output)[0] == "Unbound variable: totl"


def test_an_address_ending_in_a_colon_is_the_place_of_the_message_under_it() -> None:
    output = "http://127.0.0.1:8000/app.tar.gz:\n2026-11-27 22:38:32 ERROR 404: File not found."
    assert messages(output) == ["http://127.0.0.1:8000/app.tar.gz: ERROR 404: File not found."]


def test_a_tag_naming_the_tool_on_every_line_hides_no_stack_frame() -> None:
    output = (
        "[9tool] Problem writing templates:\n"
        "[9tool]   Error: filter not found: money (via render error)\n"
        "[9tool]     at Environment.getFilter (/p/node_modules/env.js:172:13)\n"
        "[9tool]     at Template.render (/p/node_modules/env.js:454:10)\n"
        "[9tool] Wrote 0 files in 0.10 seconds"
    )
    assert messages(output) == ["Problem writing templates: Error: filter not found: money (via render error)"]


def test_a_count_marked_as_the_failure_gives_as_many_lines_under_it() -> None:
    output = "Processed 5 files (931ms)\n\n✖ Found 2 circular dependencies!\n\n1) a.js > b.js\n2) c.js > d.js > e.js"
    assert messages(output) == ["1) a.js > b.js", "2) c.js > d.js > e.js"]


def test_a_count_over_another_number_of_lines_gives_no_list() -> None:
    output = "ERROR: 3 dead links found!\n[✖] a.md → Status: 400\n[✖] b.md → Status: 404"
    assert messages(output) == ["ERROR: 3 dead links found!"]


def test_findings_led_by_a_one_letter_level_are_the_errors_and_warnings() -> None:
    output = (
        "running as root is not recommended!\n"
        "I: app: summary-has-dot-suffix\n"
        "E: app: no-copyright-file\n"
        "W: app: no-manual-page [usr/bin/app]\n"
        "E: app: description-too-short app"
    )
    assert messages(output) == [
        "E: app: no-copyright-file",
        "W: app: no-manual-page [usr/bin/app]",
        "E: app: description-too-short app",
    ]


def test_a_twelve_hour_time_and_a_loggers_separator_are_no_part_of_the_line() -> None:
    output = (
        '[10:44:19 PM] [rel] › ✔  Loaded plugin "fail" from "@rel/github"\n'
        '[10:44:19 PM] [rel] › ⚠  Skip step "fail" of plugin "@rel/github" in dry-run mode\n'
        "[10:44:19 PM] [rel] › ✘  ENOURL The `url` option is required."
    )
    assert messages(output) == ["ENOURL The `url` option is required."]


def test_findings_of_one_lead_each_over_their_items_are_several() -> None:
    output = (
        "dist/app.whl: W001: Wheel contains .pyc files:\n"
        "  app/__pycache__/a.pyc\n"
        "dist/app.whl: W009: Wheel contains multiple toplevel library entries:\n"
        "  app/\n"
        "  tests/\n"
        "  helpers.py"
    )
    assert messages(output) == [
        "dist/app.whl: W001: Wheel contains .pyc files: app/__pycache__/a.pyc",
        "dist/app.whl: W009: Wheel contains multiple toplevel library entries: app/; tests/; helpers.py",
    ]


def test_a_time_of_day_alone_before_the_line_is_no_part_of_it() -> None:
    output = "22:48:35  Running with tool=1.10\n22:48:40  Encountered an error:\nCompilation Error in model a (a.sql)"
    assert messages(output) == ["Encountered an error: Compilation Error in model a (a.sql)"]
