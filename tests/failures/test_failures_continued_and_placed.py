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
