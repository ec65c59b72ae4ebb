"""Go: each failing entry of a test's log, a stack dump left out, an import chain as one line."""

from __future__ import annotations

from context_keeper.failures import failure_messages


def test_each_entry_of_a_failed_tests_log_that_reads_as_a_failure_is_a_message() -> None:
    output = (
        "--- FAIL: TestAdd (0.00s)\n"
        "    add_test.go:5: adding two\n"
        "    add_test.go:9: sum = 3, want 4\n"
        "    testing.go:1319: race detected during execution of test\n"
        "FAIL\n"
    )
    assert list(failure_messages(output, "go test ./...").messages) == [
        "TestAdd: add_test.go:9: sum = 3, want 4",
        "TestAdd: testing.go:1319: race detected during execution of test",
    ]


def test_a_stack_dump_under_a_log_line_is_not_its_continuation() -> None:
    output = (
        "--- FAIL: FuzzX (0.00s)\n"
        "    testing.go:1356: panic: index out of range\n"
        "        goroutine 7 [running]:\n"
        "        runtime/debug.Stack()\n"
        "FAIL\n"
    )
    assert list(failure_messages(output, "go test -fuzz=FuzzX").messages) == [
        "FuzzX: testing.go:1356: panic: index out of range"
    ]


def test_an_import_chain_is_one_message() -> None:
    output = "go: finding module for package b.io/c\na.io/app imports\n\tb.io/c: cannot find module providing package\n"
    assert list(failure_messages(output, "go mod tidy").messages) == [
        "a.io/app imports b.io/c: cannot find module providing package"
    ]
