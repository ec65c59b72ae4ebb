"""failures on a message whose lines go on at the margin of its first: they go on with it when
they close a paragraph of their own with it, and not when the paragraph runs into other
output or a line under it reads as something else (a field, progress, advice, a banner, a
place, an item, code). Each output is written for its rule in the shape such tools print; the
recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_margin_lines_that_close_the_message_s_paragraph_go_on_with_it() -> None:
    output = "Error: Parse error at line 4\nUnexpected token ')' after the select list.\n\nrest of the report here"
    assert messages(output)[0] == "Error: Parse error at line 4; Unexpected token ')' after the select list."
    # At the end of the output too.
    output = "error: could not pick the binary to run\navailable binaries: migrate, server"
    assert messages(output) == ["error: could not pick the binary to run; available binaries: migrate, server"]


def test_a_paragraph_that_runs_into_other_output_is_a_report_not_one_message() -> None:
    output = "ERROR: bad read in worker\nREAD of size 4 at 0x6020 thread T0\n    #0 0x4011 in main a.c:3"
    assert messages(output)[0] == "ERROR: bad read in worker"


def test_a_line_under_the_message_that_reads_as_other_output_ends_it() -> None:
    cases = [
        'Candidate bindings: "name"',  # a field of the report
        "Reading tracefile coverage.info",  # progress
        "For help, use /usr/bin/prog -h",  # advice
        "----- Native stack trace -----",  # a banner
        "in procedure 'total' called at file \"a.tcl\", line 7",  # a place
        "+ {'port': 8080, 'debug': False}",  # a diff's line
        "prog (2514): exiting, failed to read config file",  # a program's own lead
    ]
    for line in cases:
        assert messages(f"Error: the configuration is invalid\n{line}\n")[0] == "Error: the configuration is invalid"


def test_a_last_line_that_introduces_what_is_under_it_is_not_joined() -> None:
    output = "SyntaxError: Named export 'x' not found\nIt can be imported this way, for example:\n\nimport pkg from './a.cjs';\n"
    assert messages(output)[0] == "SyntaxError: Named export 'x' not found"
    # Nor is a sentence cut at the terminal's width joined as a part.
    output = "error: The destination is not a full refname (i.e.,\nstarting with refs/). We tried:\n"
    assert "; starting" not in messages(output)[0]
