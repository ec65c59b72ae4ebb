"""failures: chained exceptions, Claude Code's truncation marker, ANSI codes, the cap and `more`,
command hints, the generic fallback, the one-line composition and the hook-path imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.failures import Failures, failure_messages, useful_error_line
from context_keeper.failures.lines import LINE_CAP, LINE_SCAN, SCAN_CHARS, compose, pieces

FIXTURES = Path(__file__).parents[1] / "fixtures" / "toolchains"
# Lines of real recordings (and the structural lines recognisers key on), for the mixing test.
_FRAGMENTS = sorted(
    {
        line
        for path in sorted(FIXTURES.glob("*.json"))
        for line in json.loads(path.read_text(encoding="utf-8"))["tool_result"].split("\n")[1:40]
    }
    | {"---- x stdout ----", "--- FAIL: TestX (0.00s)", "  ● t", " FAIL  a.js > t", "  1 failing", "not ok 1 - t", "E   ", "Traceback (most recent call last):", "error:", "[ERROR] Failures: ", "CMake Error at x:1 (y):", "  + Exception Group Traceback (most recent call last):", "[end of output]", "Diff in x:"}
)


def recording(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def claude_code_cut(output: str) -> str:
    """Claude Code's storage of an output over 30,000 characters (measured: docs/how-it-works.md)."""
    return f"{output[:5000]}\n\n... [{len(output) - 10000} characters truncated] ...\n\n{output[-5000:]}"


# ---------------------------------------------------------------- chained exceptions


def test_python_chain_keeps_the_exception_raised_last() -> None:
    for name, final, inner in [
        ("python-chained-from", "RuntimeError: could not load database settings", "KeyError"),
        ("python-during-handling", "NameError: name 'defaults' is not defined", "FileNotFoundError"),
    ]:
        found = failure_messages(recording(name)["tool_result"])
        assert found.messages == (final,)
        assert inner in recording(name)["tool_result"]  # the inner one was there and lost on purpose


def test_pytest_chain_inside_a_test_keeps_the_final_exception() -> None:
    found = failure_messages(recording("pytest-three-failing")["tool_result"])
    assert "tests/test_calc.py::test_parse_config: ValueError: config is not valid JSON" in found.messages
    assert not any("JSONDecodeError" in m for m in found.messages)


def test_java_chain_keeps_the_top_exception_and_the_innermost_cause() -> None:
    found = failure_messages(recording("java-two-causes")["tool_result"])
    assert found.messages == ('java.lang.RuntimeException: server failed to start; Caused by: java.lang.NumberFormatException: For input string: "80a"',)


def test_several_java_traces_are_several_failures_each_under_its_test() -> None:
    # (One uncaught exception is the run's message; a runner's traces, one per failed test,
    # are as many failures, each named by the line over it.)
    trace = "\tat shop.Runner.invoke(Runner.java:40)\n\tat shop.Runner.main(Runner.java:12)\n"
    output = (
        "Exit code 1\nRUN: shop.CartTest\nFAILED: addsPrices\njava.lang.AssertionError: expected [7] but found [8]\n"
        + trace
        + "\nFAILED: readsRates\njava.lang.IllegalStateException: no rate for eu\n"
        + trace
        + "\nTotal tests run: 3, Passes: 1, Failures: 2, Skips: 0\n"
    )
    assert failure_messages(output, "java -cp out shop.Runner").messages == (
        "addsPrices: java.lang.AssertionError: expected [7] but found [8]",
        "readsRates: java.lang.IllegalStateException: no rate for eu",
    )


# ---------------------------------------------------------------- batch 5's rules (multi-line messages)


def test_pytest_approx_keeps_its_comparison_report() -> None:
    output = (
        "Exit code 1\n=================================== FAILURES ===================================\n"
        "__________________________________ test_rate ___________________________________\n\n"
        ">       assert rate() == pytest.approx(0.5)\nE       assert 0.4 == 0.5 ± 5.0e-07\nE         \n"
        "E         comparison failed\nE         Obtained: 0.4\nE         Expected: 0.5 ± 5.0e-07\n\n"
        "tests/test_r.py:4: AssertionError\n=========================== short test summary info ============================\n"
        "FAILED tests/test_r.py::test_rate - assert 0.4 == 0.5 ± 5.0e-07\n1 failed in 0.01s\n"
    )
    assert failure_messages(output).messages == (
        "tests/test_r.py::test_rate: assert 0.4 == 0.5 ± 5.0e-07; comparison failed; Obtained: 0.4; Expected: 0.5 ± 5.0e-07",
    )


def test_black_parse_error_alone_gives_the_file_and_the_parser_error() -> None:
    output = (
        "Exit code 123\nerror: cannot parse: /app/src/x.py:3:10\n    def f(:\n          ^\nParseError: bad input\n\n"
        "Oh no! 💥 💔 💥\n1 file would fail to reformat."
    )
    assert failure_messages(output, "black --check src").messages == ("error: cannot parse: /app/src/x.py:3:10; ParseError: bad input",)
    assert useful_error_line(output) == "error: cannot parse: /app/src/x.py:3:10; ParseError: bad input"


def test_node_uncaught_assert_keeps_the_values_printed_before_the_stack() -> None:
    stack = "    at Object.<anonymous> (/app/check.js:3:8)\n    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n"
    strict = "Exit code 1\nnode:assert:126\n  throw new AssertionError(obj);\n  ^\n\nAssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n\n2 !== 3\n\n" + stack
    assert useful_error_line(strict) == "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal: 2 !== 3"
    deep = (
        "Exit code 1\nAssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal:\n+ actual - expected\n\n"
        "  [\n    1,\n+   2\n-   3\n  ]\n" + stack
    )
    assert useful_error_line(deep) == "AssertionError [ERR_ASSERTION]: Expected values to be strictly deep-equal: + 2; - 3"
    loose = "Exit code 1\nAssertionError [ERR_ASSERTION]: Expected values to be loosely deep-equal:\n\n[\n  1\n]\n\nshould loosely deep-equal\n\n[\n  2\n]\n" + stack
    assert useful_error_line(loose) == "AssertionError [ERR_ASSERTION]: Expected values to be loosely deep-equal:"
    plain = "Exit code 1\nTypeError: x.map is not a function\n" + stack
    assert useful_error_line(plain) == "TypeError: x.map is not a function"


def test_cargo_should_panic_with_another_message_gives_the_verdict_and_both_strings() -> None:
    output = (
        "Exit code 101\nrunning 1 test\ntest tests::rejects ... FAILED\n\nfailures:\n\n---- tests::rejects stdout ----\n\n"
        "thread 'tests::rejects' panicked at src/lib.rs:9:5:\nindex out of bounds: the len is 0 but the index is 0\n"
        "note: panic did not contain expected string\n      panic message: \"index out of bounds: the len is 0 but the index is 0\"\n"
        " expected substring: \"empty input\"\n\nfailures:\n    tests::rejects\n\n"
        "test result: FAILED. 0 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s\n"
    )
    assert failure_messages(output, "cargo test").messages == (
        'tests::rejects: panic did not contain expected string; panic message: "index out of bounds: the len is 0 but the index is 0"; expected substring: "empty input"',
    )


def test_go_test_skips_log_lines_before_the_failure() -> None:
    logged = "Exit code 1\n--- FAIL: TestSync (0.00s)\n    sync_test.go:12: starting sync of 3 items\n    sync_test.go:15: got 2 items, want 3\nFAIL\n"
    assert useful_error_line(logged) == "TestSync: sync_test.go:15: got 2 items, want 3"
    # Nothing reads like a failure: the first line is still the message.
    bare = "Exit code 1\n--- FAIL: TestSync (0.00s)\n    sync_test.go:12: 2 items\n    sync_test.go:15: 3 items\nFAIL\n"
    assert useful_error_line(bare) == "TestSync: sync_test.go:12: 2 items"


# ---------------------------------------------------------------- truncation


def test_head_and_tail_are_separate_pieces_and_the_lines_at_the_cut_are_dropped() -> None:
    head = "Exit code 1\n" + "".join(f"step {i} ok\n" for i in range(800)) + "E       AssertionError: expected 12"
    tail = "34 but got 5\n" + "".join(f"cleanup {i}\n" for i in range(800)) + "error: upload failed: bucket is read-only"
    chunks = pieces(claude_code_cut(head + tail))
    assert len(chunks) == 2
    assert not any("expected 12" in line or "34 but got" in line for chunk in chunks for line in chunk)
    assert failure_messages(claude_code_cut(head + tail)).messages == ("error: upload failed: bucket is read-only",)


def test_a_message_is_never_glued_across_the_cut() -> None:
    # A traceback header in the head, the tail starting with unrelated log lines: no exception
    # line may be made up from the two.
    head = "Exit code 1\n" + "x\n" * 6000 + "Traceback (most recent call last):\n  File \"/app/run.py\", line 3, in <module>\n"
    tail = "INFO: retrying\n" * 4000 + "INFO: giving up after 3 attempts, see /var/log/app.log"
    found = failure_messages(claude_code_cut(head + tail))
    assert found.messages == ("INFO: giving up after 3 attempts, see /var/log/app.log",)


def test_truncated_pytest_run_takes_sections_from_the_head_and_the_count_from_the_tail() -> None:
    case = recording("pytest-many-truncated")
    assert "characters truncated" in case["tool_result"]
    found = failure_messages(case["tool_result"], cap=100)
    assert found.messages[0] == "tests/test_bulk.py::test_square[1]: AssertionError: square of 1; assert (1 * 1) == (1 + 1)"
    assert found.messages[-1] == "tests/test_bulk.py::test_square[399]: AssertionError: square of 399"
    assert len(found.messages) + found.more == 398  # "398 failed" in the tail


def test_a_summary_line_cut_at_80_columns_takes_the_whole_message_from_its_e_line() -> None:
    # Claude Code's Bash has no tty: pytest cuts `FAILED id - message` at 80 columns.
    output = (
        "Exit code 1\n....F\nE   ValueError: the tokenizer rejects empty input\n"
        "FAILED tests/test_tok.py::test_empty - ValueErro...\nFAILED tests/test_tok.py::test_other - KeyErr..."
    )
    assert failure_messages(output).messages == (
        "tests/test_tok.py::test_empty: ValueError: the tokenizer rejects empty input",
        "tests/test_tok.py::test_other: KeyErr...",  # no E line says it whole: as printed
    )


def test_the_marker_itself_is_never_a_message() -> None:
    output = claude_code_cut("Exit code 1\n" + "building...\n" * 5000)
    assert "truncated" not in useful_error_line(output)


def test_megabytes_are_scanned_only_at_both_ends() -> None:
    middle_error = "error: this one is in the middle of a huge log\n"
    output = "Exit code 2\nerror: the first complaint\n" + "noise\n" * 400_000 + middle_error + "noise\n" * 400_000 + "done"
    chunks = pieces(output)
    assert sum(len(line) + 1 for chunk in chunks for line in chunk) <= 2 * SCAN_CHARS
    assert useful_error_line(output) == "error: the first complaint"


# ---------------------------------------------------------------- ANSI


def test_coloured_runs_give_the_same_messages_as_plain_runs() -> None:
    for coloured, plain in [
        ("pytest-color", "pytest-three-failing"),
        ("jest-color", "jest-two-failing"),
        ("vitest-color", "vitest-three-failing"),
        ("mocha-color", "mocha-failing"),
        ("eslint-color", "eslint-errors"),
        ("cargo-build-color", "cargo-build-errors"),
        ("gcc-color", "gcc-errors"),
        ("clang-color", "clang-errors"),
    ]:
        assert "\x1b[" in recording(coloured)["tool_result"]
        assert failure_messages(recording(coloured)["tool_result"]) == failure_messages(recording(plain)["tool_result"]), coloured


def test_terminfo_resets_and_hyperlinks_are_stripped() -> None:
    # mypy's colours end in tput's sgr0 (ESC ( B ESC [ m); gcc and ls can wrap text in OSC 8 links.
    mypy = recording("mypy-strict-color")["tool_result"]
    assert "\x1b(B" in mypy
    assert all("\x1b" not in m and "(B" not in m for m in failure_messages(mypy).messages)
    link = "Exit code 1\nmain.c:3:5: error: implicit declaration of function \x1b]8;;https://gcc.gnu.org/x\x1b\\‘foo’\x1b]8;;\x1b\\"
    assert useful_error_line(link) == "main.c:3:5: error: implicit declaration of function ‘foo’"


# ---------------------------------------------------------------- cap and more


def test_cap_keeps_the_first_failures_and_counts_the_rest() -> None:
    ruff = recording("ruff-check")["tool_result"]  # "Found 7 errors."
    assert failure_messages(ruff).more == 2
    two = failure_messages(ruff, cap=2)
    assert two.messages == failure_messages(ruff).messages[:2] and two.more == 5
    assert failure_messages(ruff, cap=0) == Failures((), 7)
    assert failure_messages(ruff, cap=50).more == 0


def test_more_counts_failures_the_tool_reports_but_the_output_does_not_show() -> None:
    # mypy reports 6 errors; 6 lines are shown: cap 5 leaves 1.
    assert failure_messages(recording("mypy-strict-color")["tool_result"]).more == 1
    # cargo test: "3 failed", 3 sections.
    assert failure_messages(recording("cargo-test-panics")["tool_result"], cap=1).more == 2


# ---------------------------------------------------------------- command hints


def test_the_command_puts_its_tool_first_when_two_tools_speak() -> None:
    # `make lint` running ruff then mypy: both outputs in one result.
    ruff = recording("ruff-check")["tool_result"].split("\n", 1)[1]
    mypy = recording("mypy-errors")["tool_result"].split("\n", 1)[1]
    both = f"Exit code 2\n{ruff}\n{mypy}"
    assert failure_messages(both, "mypy src && ruff check .").messages[0].startswith("src/users.py:11: error:")
    assert failure_messages(both, "ruff check .").messages[0] == "app/cli.py:1:8: F401 [*] `os` imported but unused"
    assert failure_messages(both).messages[0].startswith("src/users.py:11: error:")  # no hint: the list order


def test_wrappers_do_not_jump_ahead_of_the_tools_they_run() -> None:
    # `make test` running pytest: the test failure, not make's "*** [Makefile:2: test] Error 1".
    case = recording("pytest-via-make")
    assert failure_messages(case["tool_result"], "make test").messages == tuple(case["expected"])


# ---------------------------------------------------------------- the generic fallback


def test_unknown_tool_first_announced_error() -> None:
    output = "Exit code 1\nsyncing 3 buckets\nERROR bucket logs-eu: AccessDenied (403)\nsynced 2 of 3 buckets\nbye"
    assert failure_messages(output, "s3sync --all").messages == ("ERROR bucket logs-eu: AccessDenied (403)",)


def test_unknown_tool_last_failure_word_then_last_line() -> None:
    assert useful_error_line("Exit code 3\nstep 1 ok\nstep 2 failed: lock held by pid 4242\nrolled back") == "step 2 failed: lock held by pid 4242"
    assert useful_error_line("Exit code 7\nplain\nlast words") == "last words"


def test_unknown_tool_header_takes_its_next_line_and_timestamps_go() -> None:
    output = "Exit code 2\n2024-05-01T10:00:00Z fatal: the following keys are missing:\n  DATABASE_URL\n"
    assert useful_error_line(output) == "fatal: the following keys are missing: DATABASE_URL"


def test_no_output_means_no_message() -> None:
    assert failure_messages("Exit code 1") == Failures((), 0)
    assert failure_messages("") == Failures((), 0)
    assert useful_error_line(recording("shell-silent-grep")["tool_result"]) == ""


def test_claude_code_wrappers_are_not_messages() -> None:
    assert useful_error_line("<tool_use_error>String to replace not found in file.\nString: NOT-THERE</tool_use_error>") == "String to replace not found in file."
    assert useful_error_line("Error: Exit code 1\ncp: cannot stat 'a.txt': No such file or directory") == "cp: cannot stat 'a.txt': No such file or directory"


# ---------------------------------------------------------------- one line


def test_compose_keeps_where_and_details_within_the_cap() -> None:
    long_repr = "assert {" + ", ".join(f"'key{i}': {i}" for i in range(200)) + "} == {}"
    line = compose("tests/test_big.py::test_config", [long_repr, "Differing items:", "{'key7': 7} != {'key7': 8}"])
    assert len(line) <= LINE_CAP
    assert line.startswith("tests/test_big.py::test_config: assert {'key0': 0")
    assert line.endswith("Differing items: {'key7': 7} != {'key7': 8}")
    deep = "/very/deep/" * 30 + "src/module/file.py::TestThing::test_case"
    assert compose(deep, ["boom"]).endswith("src/module/file.py::TestThing::test_case: boom")
    assert len(compose("x", ["y" * 1000])) == LINE_CAP


def test_every_message_is_one_line_without_escapes() -> None:
    for path in sorted(FIXTURES.glob("*.json")):
        for message in failure_messages(json.loads(path.read_text(encoding="utf-8"))["tool_result"], cap=100).messages:
            assert "\n" not in message and "\r" not in message and "\x1b" not in message, path.name
            assert 0 < len(message) <= LINE_CAP, path.name


def test_an_escape_the_output_was_cut_inside_of_is_no_message() -> None:
    # Claude Code cuts a long output anywhere, a colour sequence included.
    output = "Exit code 101\n  Downloaded ctor v0.8.0\n\x1b["
    assert failure_messages(output).messages == ("Downloaded ctor v0.8.0",)


# ---------------------------------------------------------------- the hook path


def test_the_package_imports_only_the_standard_library_it_needs() -> None:
    code = (
        "import sys\n"
        "import context_keeper.failures\n"
        "heavy = {'dataclasses', 'inspect', 'typing', 'orjson', 'logging', 'subprocess', 'json'} & set(sys.modules)\n"
        "assert not heavy, heavy\n"
        # A family's module (and its compiled regexes) loads only for output that may be its own.
        "assert 'context_keeper.failures.python' not in sys.modules\n"
        "context_keeper.failures.failure_messages('Exit code 2\\nsrc/a.c:3:1: error: expected x')\n"
        "assert 'context_keeper.failures.c' in sys.modules and 'context_keeper.failures.python' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_huge_lines_are_read_only_at_their_start() -> None:
    minified = "Exit code 1\n" + "a.b" * 30_000 + "\nTypeError: x is not a function\n    at main (/app/bundle.min.js:1:99)"
    chunks = pieces(minified)
    assert max(len(line) for chunk in chunks for line in chunk) <= LINE_SCAN
    assert useful_error_line(minified) == "TypeError: x is not a function"


def test_gradle_test_failures_and_what_went_wrong() -> None:
    # Gradle could not be installed here (no services.gradle.org; Debian's gradle 4.4 does not
    # run on Java 17), so this is written in Gradle's documented console format instead of
    # recorded: a test failure with the default exception format, one with the full format,
    # then a build that failed before any test ran.
    tests = (
        "Exit code 1\n\n> Task :test FAILED\n\nCartTest > totalIncludesTax() FAILED\n    java.lang.AssertionError at CartTest.java:21\n\n"
        "CartTest > emptyCart() > [1] 0 FAILED\n    org.opentest4j.AssertionFailedError: expected: <0> but was: <1>\n"
        "        at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)\n\n"
        "2 tests completed, 2 failed\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
        "Execution failed for task ':test'.\n> There were failing tests. See the report at: file:///home/dev/proj/build/reports/tests/test/index.html\n\n"
        "* Try:\n> Run with --scan to get full insights.\n\nBUILD FAILED in 3s"
    )
    assert failure_messages(tests, "./gradlew test").messages == (
        "CartTest > totalIncludesTax(): java.lang.AssertionError at CartTest.java:21",
        "CartTest > emptyCart() > [1] 0: org.opentest4j.AssertionFailedError: expected: <0> but was: <1>",
    )
    setup = (
        "Exit code 1\n\nFAILURE: Build failed with an exception.\n\n* What went wrong:\n"
        "Could not resolve all files for configuration ':compileClasspath'.\n> Could not find com.example:billing-core:2.1.0.\n\n"
        "* Try:\n> Run with --info option to get more log output.\n\nBUILD FAILED in 1s"
    )
    assert useful_error_line(setup) == "Could not resolve all files for configuration ':compileClasspath'.; Could not find com.example:billing-core:2.1.0."



@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_FRAGMENTS) | st.text(max_size=40), max_size=40), st.sampled_from(["", "pytest", "cargo test", "npm test", "go test ./...", "make"]))
def test_any_mix_of_tool_lines_gives_one_line_messages_and_never_raises(parts: list[str], command: str) -> None:
    # Every recogniser fed pieces of every other tool's output, shuffled with noise: the API
    # must return (a recogniser that raised would be skipped silently in production, so this
    # test calls them directly too).
    output = "Exit code 1\n" + "\n".join(parts)
    from context_keeper.failures import RECOGNISERS, _function

    chunks = pieces(output)
    for _name, _pattern, _needles, target in RECOGNISERS:
        _function(target)(chunks)
    found = failure_messages(output, command)
    assert all("\n" not in m and len(m) <= LINE_CAP for m in found.messages)
    assert found.more >= 0


def test_a_recogniser_that_raises_is_skipped(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from context_keeper import failures

    def broken(chunks: list[list[str]]) -> None:
        raise IndexError("a format it was not written for")

    first = failures.RECOGNISERS[0]
    monkeypatch.setattr(failures, "RECOGNISERS", ((first[0], first[1], first[2], broken),) + failures.RECOGNISERS[1:])
    case = recording("pytest-three-failing")
    # pytest's recogniser is gone: the output still yields a message (here the generic one).
    assert failure_messages(case["tool_result"], case["command"]).messages


def test_a_long_header_taken_for_a_file_name_still_gives_a_message_within_the_cap() -> None:
    # Found by the mix test above: eslint's recogniser joins a result line to the line before
    # it (its file name); a 290-character line there made a 370-character message.
    header = ">       available fixtures: " + ", ".join(f"fixture_{n}" for n in range(30))
    output = f"Exit code 1\n{header}\n  \x1b[2m1:7\x1b[22m   \x1b[31merror\x1b[39m  'fs' is assigned a value but never used  no-unused-vars"
    found = failure_messages(output, "")
    assert found.messages and all("\n" not in m and len(m) <= LINE_CAP for m in found.messages)
