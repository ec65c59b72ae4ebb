"""failures.blocks through the general method: several failures printed as a block of lines of
one shape, each a message, and what keeps a block from being read as several failures. The
outputs are made up in the shapes such tools print; the recordings measure the whole."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_lines_with_one_lead_and_different_words_are_one_failure_each() -> None:
    output = (
        "Checking the manifest.\n"
        "  $.store must have required property 'name'\n"
        "  $.items[0] must NOT have additional properties\n"
        "  $.items[0] must match exactly one schema in oneOf"
    )
    assert messages(output) == [
        "$.store must have required property 'name'",
        "$.items[0] must NOT have additional properties",
        "$.items[0] must match exactly one schema in oneOf",
    ]


def test_a_level_tag_before_each_finding_makes_a_block_after_the_tools_progress() -> None:
    output = (
        "INFO    -  Reading the site\n"
        "WARNING -  Page 'a.md' links to 'b.md', which does not exist.\n"
        "WARNING -  The nav names 'c.md', which is not found in the pages.\n"
        "\n"
        "Stopped with 2 warnings."
    )
    assert messages(output) == [
        "WARNING - Page 'a.md' links to 'b.md', which does not exist.",
        "WARNING - The nav names 'c.md', which is not found in the pages.",
    ]


def test_rule_codes_make_a_block_of_findings_whose_words_say_little() -> None:
    output = "shop.py:pay:4: DOC101: - amount\nshop.py:pay:4: DOC201: - return\nshop.py:refund:9: DOC102: + reason"
    assert messages(output) == [
        "shop.py:pay:4: DOC101: - amount",
        "shop.py:pay:4: DOC201: - return",
        "shop.py:refund:9: DOC102: + reason",
    ]


def test_the_same_message_said_twice_in_two_forms_is_one_failure() -> None:
    output = "[ERROR] `tool.name` must be string\nshop.errors.SchemaError: `tool.name` must be string"
    assert len(messages(output)) == 1


def test_a_wrap_up_of_the_same_shape_is_not_a_failure_of_its_own() -> None:
    output = "pack (child): dist.tgz: Cannot open: No such file or directory\npack (child): Error is not recoverable: exiting now"
    assert messages(output) == ["pack (child): dist.tgz: Cannot open: No such file or directory"]


def test_causes_of_one_exception_are_not_several_failures() -> None:
    output = (
        'Exception in thread "main" java.lang.RuntimeException: server failed to start\n'
        "\tat shop.Main.main(Main.java:3)\n"
        "Caused by: java.lang.IllegalArgumentException: bad port: 80a\n"
        "\tat shop.Main.port(Main.java:9)\n"
        "\t... 1 more\n"
        'Caused by: java.lang.NumberFormatException: For input string: "80a"\n'
        "\tat shop.Main.parse(Main.java:12)\n"
        "\t... 2 more"
    )
    assert len(messages(output)) == 1
