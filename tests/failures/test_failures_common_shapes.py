"""Rules of the general method read off the everyday tools' other shapes (a usage error, a
config error, a closing line that the command failed, a header over a list): each output is
written in the shape a real tool prints, with other words than the recordings in
fixtures/toolchains."""

from __future__ import annotations

from context_keeper.failures import failure_messages


def messages(output: str) -> list[str]:
    return list(failure_messages("Exit code 1\n" + output, "tool").messages)


def test_a_closing_line_of_hyphenated_words_that_the_step_failed_is_a_wrap_up() -> None:
    output = "error: branch 'topic' has no upstream configured\nfatal: auto-merge failed"
    assert messages(output) == ["error: branch 'topic' has no upstream configured"]


def test_a_usage_synopsis_after_a_level_is_no_failure_of_its_own() -> None:
    output = "ERROR: usage: shipit [options] target [...]\nshipit: error: argument --retries: invalid int value: 'many'"
    assert messages(output) == ["shipit: error: argument --retries: invalid int value: 'many'"]


def test_a_header_over_its_text_and_the_words_listed_under_it_is_one_message() -> None:
    output = "CONFIG: provided profiles not found in settings file:\nstaging\nqa"
    assert messages(output) == ["CONFIG: provided profiles not found in settings file: staging; qa"]


def test_a_header_over_its_sentence_and_the_bullets_under_it_is_one_message() -> None:
    output = (
        "A fatal problem stopped the run of Linty:\n"
        "required extensions were not found!\n"
        "- present: linty, core\n"
        "- missing: linty-docs"
    )
    assert messages(output) == [
        "A fatal problem stopped the run of Linty: required extensions were not found!; - present: linty, core;"
        " - missing: linty-docs"
    ]


def test_lines_that_go_on_past_the_items_are_no_list_of_the_header() -> None:
    output = "CONFIG: provided profiles not found in settings file:\nstaging\nqa\nthe run stopped before it began"
    assert "staging; qa" not in " ".join(messages(output))


def test_a_closing_failed_to_line_naming_only_its_quoted_target_is_a_wrap_up() -> None:
    output = "pre-upload: 3 checks failing in src/; upload aborted\nerror: failed to upload some files to 'backup'"
    assert messages(output) == ["pre-upload: 3 checks failing in src/; upload aborted"]


def test_a_failed_to_line_with_its_reason_is_a_message() -> None:
    output = "pre-upload: checks done\nerror: failed to upload 'backup': permission denied"
    assert messages(output) == ["error: failed to upload 'backup': permission denied"]


def test_an_exclamation_that_something_went_wrong_is_not_carried_beside_what_did() -> None:
    output = "\nOops! Something went wrong! :(\n\nLinty: 4.2.0\n\nLinty couldn't find a linty.config.* file.\n"
    assert messages(output) == ["Linty couldn't find a linty.config.* file."]


def test_a_finding_in_a_tool_s_dotfile_is_one_of_the_run_s_findings() -> None:
    output = (
        "************* Module .lintyrc\n"
        ".lintyrc:3:0: E0015: Unrecognized option found: max-lenght (unrecognized-option)\n"
        "************* Module app.main\n"
        "app/main.py:9:4: E0602: Undefined variable 'fee' (undefined-variable)\n"
    )
    assert messages(output) == [
        ".lintyrc:3:0: E0015: Unrecognized option found: max-lenght (unrecognized-option)",
        "app/main.py:9:4: E0602: Undefined variable 'fee' (undefined-variable)",
    ]


def test_a_caret_under_an_excerpt_opens_no_failure_of_a_counted_run() -> None:
    output = (
        "⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯\n\n"
        "Runner caught 2 unhandled errors during the run.\n\n"
        "⎯⎯⎯⎯ Unhandled Rejection ⎯⎯⎯⎯\n"
        "Error: write to stock.json failed: EPERM\n"
        " ❯ store test/store.test.js:4:18\n"
        "      3| function store(stock) {\n"
        "      4|   Promise.reject(new Error('write'));\n"
        "       |                  ^\n"
        "      5|   return stock;\n"
        " ❯ test/store.test.js:9:10\n\n"
        "⎯⎯⎯⎯ Uncaught Exception ⎯⎯⎯⎯\n"
        "RangeError: quantity out of range\n"
        " ❯ Timeout._onTimeout test/store.test.js:13:28\n"
        "     12| test('reads', async () => {\n"
        "     13|   setTimeout(() => { throw new RangeError('q') });\n"
        "       |                            ^\n"
        "     14|   await done;\n"
        " ❯ listOnTimeout node:internal/timers:581:17\n"
        "⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯\n\n"
        "   Test Files  1 passed (1)\n"
        "     Errors  2 errors\n"
        "   Duration  279ms (transform 44ms, setup 0ms)\n"
    )
    assert messages(output)[0] == "Error: write to stock.json failed: EPERM"
    assert not any(m.startswith("^") for m in messages(output))


def test_go_build_s_package_over_its_import_chain_is_one_message() -> None:
    output = "package example.com/app/orders\n\timports example.com/app/billing\n\timports example.com/app/orders: import cycle not allowed"
    assert list(failure_messages("Exit code 1\n" + output, "go build ./...").messages) == [
        "package example.com/app/orders; imports example.com/app/billing; imports example.com/app/orders:"
        " import cycle not allowed"
    ]


def test_go_mod_s_parse_errors_are_findings_of_their_own() -> None:
    output = (
        "go: errors parsing go.mod:\n/src/app/go.mod:4:2: unknown directive: requre\n/src/app/go.mod:9: usage: go 1.23"
    )
    assert list(failure_messages("Exit code 1\n" + output, "go build ./...").messages) == [
        "/src/app/go.mod:4:2: unknown directive: requre",
        "/src/app/go.mod:9: usage: go 1.23",
    ]


def test_a_build_script_s_panic_is_the_reason_cargo_s_error_reports() -> None:
    output = (
        "   Compiling app v0.2.0 (/src/app)\n"
        "error: failed to run custom build command for `app v0.2.0 (/src/app)`\n\n"
        "Caused by:\n"
        "  process didn't exit successfully: `/src/app/target/debug/build/app-1/build-script-build` (exit status: 101)\n"
        "  --- stderr\n\n"
        "  thread 'main' (411) panicked at build.rs:12:9:\n"
        "  protoc not found on PATH\n"
        "  note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )
    assert list(failure_messages("Exit code 101\n" + output, "cargo build").messages) == [
        "build.rs:12:9: protoc not found on PATH"
    ]


def test_mocha_s_diff_under_a_header_that_shows_no_values_joins_it() -> None:
    output = (
        "  1 passing (9ms)\n  1 failing\n\n"
        "  1) basket\n       merges lines:\n\n"
        "      AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n"
        "+ actual - expected\n\n  {\n    qty: [\n+     2\n-     3\n    ]\n  }\n"
        "      + expected - actual\n\n      -2\n      +3\n\n"
        "      at Context.<anonymous> (test/basket.test.js:8:12)\n"
    )
    assert list(failure_messages("Exit code 1\n" + output, "npx mocha").messages) == [
        "basket merges lines: AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal: + 2; - 3"
    ]


def test_make_s_missing_include_is_the_reason_it_has_no_rule_for_it() -> None:
    output = "build.mk:3: local.mk: No such file or directory\nmake: *** No rule to make target 'local.mk'.  Stop."
    assert list(failure_messages("Exit code 2\n" + output, "make").messages) == [
        "build.mk:3: local.mk: No such file or directory"
    ]
