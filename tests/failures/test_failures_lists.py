"""failures on a sentence ending in `:` over the flat list it introduces: the list is what the
sentence says is wrong, so the message is the sentence and its items, at any margin, and ends
where the list ends. Each output is written for its rule in the shape such tools print."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_sentence_over_a_list_at_its_own_margin_takes_every_item() -> None:
    output = (
        "pkgaudit found problems.\n\n"
        "These modules are imported but not declared:\n"
        "- 'numpy'\n"
        "- 'scipy'\n\n"
        "Run with --verbose for the details."
    )
    assert messages(output) == ["These modules are imported but not declared: - 'numpy'; - 'scipy'"]


def test_two_sentences_over_lists_are_two_messages_and_the_advice_after_them_none() -> None:
    output = (
        "These modules are imported but not declared:\n"
        "* numpy\n"
        "* scipy\n\n"
        "These packages are declared but never imported:\n"
        "* requests\n\n"
        "Run with --verbose for the details."
    )
    assert messages(output) == [
        "These modules are imported but not declared: * numpy; * scipy",
        "These packages are declared but never imported: * requests",
    ]


def test_a_list_under_a_heading_that_counts_failures_is_one_failure_an_item() -> None:
    # A heading counting its failures is no sentence about one list: its items stay apart.
    output = "Found 2 problems:\n- a.cfg is missing\n- b.cfg is empty"
    assert all("a.cfg" not in m or "b.cfg" not in m for m in messages(output))


def test_a_list_of_lists_keeps_the_items_under_each_item() -> None:
    # An item over items of its own is their heading (`shop==1.4` over `- pydantic ...`).
    output = "Warning: dependency problems found:\n* shop==1.4\n  - pydantic [required: <2, installed: 2.7.1]"
    assert messages(output) == ["shop==1.4: pydantic [required: <2, installed: 2.7.1]"]


def test_a_message_over_a_sentence_listing_names_takes_them_as_its_detail() -> None:
    output = (
        "the archive and the checkout differ!\n"
        "missing from the archive:\n"
        "  NOTES.md\n"
        "  tests/test_tax.py\n"
        "run `pack --fix` to add them"
    )
    assert messages(output)[0] == (
        "the archive and the checkout differ!; missing from the archive: NOTES.md; tests/test_tax.py"
    )


def test_a_message_over_advice_with_code_under_it_does_not_take_the_advice() -> None:
    # Lines of words or code under the sentence are no list of names: advice and its snippet.
    output = (
        "The build needs the compiler API, which this release does not export.\n"
        "Keep this release for your project and give the build the older one. With npm, add:\n"
        '  "overrides": { "builder": { "compiler": "6" } }'
    )
    assert messages(output) == ["The build needs the compiler API, which this release does not export."]


def test_a_label_under_a_label_its_value_aligned_is_the_next_part() -> None:
    output = (
        "shop.ml:4.5-4.37 Error: operator and operand don't agree\n"
        "  operator domain: int * int\n"
        "  operand:         int * string\n"
    )
    assert messages(output) == [
        "shop.ml:4.5-4.37 Error: operator and operand don't agree; operator domain: int * int; operand: int * string"
    ]


def test_a_bracket_opened_mid_sentence_goes_on_with_it_and_an_aside_stands_apart() -> None:
    output = (
        "shop.erl:9:17: The call shop:add\n"
        "         (N :: any(),\n"
        '          "total") will never return since it differs from the success typing: \n'
        "         (number(),\n"
        "          number())\n"
    )
    assert messages(output) == [
        'shop.erl:9:17: The call shop:add (N :: any(), "total") will never return since it differs from the'
        " success typing: (number(), number())"
    ]
    # A line wholly in brackets is a note of its own.
    output = 'Scalar found where operator expected at lib/Cart.pm line 7, near "$sum"\n\t(Missing semicolon on previous line?)'
    assert messages(output) == [
        'Scalar found where operator expected at lib/Cart.pm line 7, near "$sum"; (Missing semicolon on previous line?)'
    ]


def test_an_exception_counting_the_items_bulleted_under_it_gives_each_item() -> None:
    output = (
        "ValidationError: 3 errors occurred\n"
        "  - name is a required field\n"
        "  - price must be a positive number\n"
        "  - tags field must have at least 1 items\n"
    )
    assert messages(output) == [
        "name is a required field",
        "price must be a positive number",
        "tags field must have at least 1 items",
    ]


def test_an_exception_whose_count_is_not_the_number_of_items_is_no_such_list() -> None:
    output = "ValidationError: 3 errors occurred\n  - name is a required field\n  - price must be positive\n"
    assert "name is a required field" not in messages(output)


def test_a_word_that_ends_the_run_under_a_headers_items_is_no_item() -> None:
    for said in ("Aborted", "Done."):
        output = f"error: missing tools:\nprotoc\n{said}\n"
        assert list(failure_messages(output, "./build.sh").messages) == ["error: missing tools: protoc"]
    listed = "ERROR: environments not found in configuration file:\nlint\ntype\n"
    assert list(failure_messages(listed, "tox -e lint,type").messages) == [
        "ERROR: environments not found in configuration file: lint; type"
    ]
