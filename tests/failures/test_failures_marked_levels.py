"""failures.ranking on evidence the earlier rules misread: rule characters that mark a level
(`*** ERROR:`) rather than draw a banner, a line number in a sentence read as a count. Each
output is written for its rule in the shape such tools print; the recordings measure the
whole."""

from __future__ import annotations

from context_keeper.failures import shapes, wording
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_rule_characters_before_a_level_mark_a_message_not_a_banner() -> None:
    assert shapes.kind(shapes.Line("*** ERROR: no closing tag for <item> at line 4 in doc.txt")) == "text"
    assert shapes.kind(shapes.Line("---Warning: unused label in a.bas")) == "text"
    # Ruled off at both ends it is still a banner.
    assert shapes.kind(shapes.Line("=== ERROR: 2 of 3 ===")) != "text"
    assert shapes.kind(shapes.Line("*** Summary ***")) == "noise"


def test_a_number_after_line_is_a_place_not_a_count() -> None:
    assert not wording.is_verdict("ERROR: unknown tag =itme at line 20 in file doc.pod")
    assert wording.is_verdict("check failed: 3 errors in 2 files")


def test_level_marked_lines_are_one_finding_each_and_the_count_goes() -> None:
    output = (
        "*** WARNING: empty link at line 3 in file doc.pod\n"
        "*** ERROR: unknown tag =itme at line 20 in file doc.pod\n"
        "*** ERROR: unterminated I<...> at line 22 in file doc.pod\n"
        "doc.pod has 2 syntax errors."
    )
    assert messages(output) == [
        "*** ERROR: unknown tag =itme at line 20 in file doc.pod",
        "*** ERROR: unterminated I<...> at line 22 in file doc.pod",
    ]
