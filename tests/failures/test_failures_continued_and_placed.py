"""failures on a message's last part set in under it and on the place a report gives above
its failures. Each output is written for its rule in the shape such tools print; the
recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_question_set_in_under_the_message_is_its_last_part() -> None:
    output = (
        'tool: error: connection to server at "127.0.0.1", port 5499 failed: Connection refused\n'
        "\tIs the server running on that host and accepting TCP/IP connections?\n"
    )
    assert messages(output) == [
        'tool: error: connection to server at "127.0.0.1", port 5499 failed: Connection refused;'
        " Is the server running on that host and accepting TCP/IP connections?"
    ]

    # Past a blank line it is the tool's advice of its own; so is a labelled hint set in under
    # the message (`Hint: Did you mean ...?`).
    said = output.splitlines()[0]
    assert messages(f"{said}\n\n\t{output.splitlines()[1].strip()}\n") == [said]
    assert messages(f"{said}\n\tHint: Did you mean port 5432?\n") == [said]


def test_each_failure_under_a_name_its_report_prints_over_it_takes_that_name() -> None:
    output = (
        "### Failure in: 0:total\n"
        "test/Tests.hs:13\n"
        "expected: 7\n"
        " but got: 8\n"
        "### Failure in: 1:label\n"
        "test/Tests.hs:14\n"
        'expected: "total: 7"\n'
        ' but got: "total:7"\n'
        "Cases: 2  Tried: 2  Errors: 0  Failures: 2\n"
    )
    assert messages(output) == [
        "0:total: test/Tests.hs:13: expected: 7; but got: 8",
        '1:label: test/Tests.hs:14: expected: "total: 7"; but got: "total:7"',
    ]
    # Both failures under the last of the label's lines: progress, not a part each is in.
    progress = "-- Toolchain: C++ 17\n-- Toolchain: gnu extensions\n"
    failures = "src/a.c:5:3: error: expected ';'\nsrc/a.c:9:1: error: 'x' undeclared\n"
    assert messages(progress + failures) == ["src/a.c:5:3: error: expected ';'", "src/a.c:9:1: error: 'x' undeclared"]
    # The label under the first failure: a field of each message, not a header over the next.
    fields = "error: a.f is not present\nStub: in file a.pyi:2\n\nerror: a.g is not present\nStub: in file a.pyi:5\n"
    assert not any(m.startswith("in file") for m in messages(fields))
