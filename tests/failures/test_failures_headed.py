"""failures.headed through the general method: several failures each printed as a header over
blocks of its own (where it happened, an excerpt, a paragraph saying why). The outputs are made
up in the shape such tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_each_header_takes_its_place_and_the_paragraph_saying_why() -> None:
    output = (
        "\nError: Unknown block type\n\n"
        '  on site.hcl line 4, in job "web":\n'
        "   4:   grup {\n\n"
        "Blocks of type grup are not expected here. Did you\n"
        "mean group?\n\n\n"
        "Error: Missing required argument\n\n"
        "  on site.hcl line 9:\n"
        "   9: task {\n\n"
        'The argument "driver" is required.'
    )
    assert messages(output) == [
        "site.hcl line 4: Error: Unknown block type; Blocks of type grup are not expected here. Did you mean group?",
        'site.hcl line 9: Error: Missing required argument; The argument "driver" is required.',
    ]


def test_a_count_after_the_last_section_is_not_its_paragraph() -> None:
    output = "Error: Bad port\n\n  on a.hcl line 2:\n\nError: Bad host\n\n  on a.hcl line 5:\n\n2 errors found"
    assert messages(output) == ["a.hcl line 2: Error: Bad port", "a.hcl line 5: Error: Bad host"]
