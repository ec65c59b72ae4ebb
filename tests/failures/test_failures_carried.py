"""failures/carried: where the ranking cannot tell the best line from the runner-up, the
failure's one line carries both, in printed order; never a line that only ends the run,
restates the best, or goes on with a sentence from the line above."""

from __future__ import annotations

from context_keeper.failures import failure_messages


def messages(output: str) -> list[str]:
    return list(failure_messages("Exit code 1\n" + output).messages)


def test_two_findings_the_ranking_cannot_tell_apart_are_one_line_in_printed_order() -> None:
    output = (
        "rendering guide.md\n"
        "[WARNING] Duplicate link reference '[spec]' at guide.md line 8 column 1\n"
        "[WARNING] Citeproc: citation smith2020 not found\n"
        "Failing because there were warnings."
    )
    assert messages(output) == [
        "[WARNING] Duplicate link reference '[spec]' at guide.md line 8 column 1; "
        "[WARNING] Citeproc: citation smith2020 not found"
    ]


def test_the_line_that_explains_the_best_comes_before_it_as_printed() -> None:
    output = (
        "Load smb config files from smb.conf\n"
        'Unknown parameter encountered: "log leve"\n'
        'Ignoring unknown parameter "log leve"\n'
        "Error loading services."
    )
    assert messages(output) == ['Unknown parameter encountered: "log leve"; Error loading services.']


def test_a_line_about_the_run_ending_is_not_carried() -> None:
    output = (
        "Error: (line 4) unterminated list, starting in line 3\n\n"
        "Error: shell command terminated with non-zero exit status 17920: '/usr/bin/chicken' 'cart.scm'"
    )
    assert messages(output) == ["Error: (line 4) unterminated list, starting in line 3"]


def test_a_sentence_wrapped_from_the_line_above_is_not_carried() -> None:
    output = (
        "error: Multiple top-level packages discovered in a flat-layout: ['cart', 'migrations'].\n\n"
        "If you are trying to create a single distribution with multiple packages\n"
        "on purpose, you should not rely on automatic discovery."
    )
    assert messages(output) == [
        "error: Multiple top-level packages discovered in a flat-layout: ['cart', 'migrations']."
    ]


def test_a_line_marked_as_done_or_a_warning_is_not_carried() -> None:
    output = (
        '[10:44:19 PM] [rel] › ✔  Loaded plugin "fail" from "@rel/github"\n'
        '[10:44:19 PM] [rel] › ⚠  Skip step "fail" of plugin "@rel/github" in dry-run mode\n'
        "[10:44:19 PM] [rel] › ✘  ENOURL The `url` option is required."
    )
    assert messages(output) == ["ENOURL The `url` option is required."]


def test_a_header_over_the_object_printed_under_it_is_not_carried() -> None:
    output = 'fatal: [web1]: FAILED! =>\n  {\n    "changed": false,\n    "msg": "No package matching \'nginxx\' is available"\n  }'
    assert messages(output) == ["No package matching 'nginxx' is available"]


def test_a_clear_winner_stays_alone() -> None:
    output = 'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\nValueError: bad price\nsee the log for details'
    assert messages(output) == ["ValueError: bad price"]


def test_a_line_that_says_the_best_again_is_not_carried() -> None:
    output = (
        "INFO  [alembic.runtime.migration] Context impl SQLiteImpl.\n"
        "ERROR [alembic.util.messaging] Multiple head revisions are present for given argument 'head'\n"
        "FAILED: Multiple head revisions are present for given argument 'head'"
    )
    assert messages(output) == [
        "ERROR [alembic.util.messaging] Multiple head revisions are present for given argument 'head'"
    ]


def test_advice_is_not_carried() -> None:
    output = (
        "Package sdl3 was not found in the pkg-config search path.\n"
        "Perhaps you should add the directory containing `sdl3.pc'\n"
        "to the PKG_CONFIG_PATH environment variable"
    )
    assert messages(output) == ["Package sdl3 was not found in the pkg-config search path."]


def test_a_line_ending_in_advice_after_its_own_sentence_is_not_carried() -> None:
    output = (
        "Scanning the journal\n"
        "0x   1f: Expected a record header, got 3 bytes\n"
        "Journal data/j.log is not valid. Use the --repair option to try repairing it."
    )
    assert messages(output) == ["0x 1f: Expected a record header, got 3 bytes"]
