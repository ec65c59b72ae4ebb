"""failures on evidence the earlier rules misread or did not read: rule characters that mark a
level (`*** ERROR:`) rather than draw a banner, a line number in a sentence read as a count,
the exit status that closes each step of a run of several. Each
output is written for its rule in the shape such tools print; the recordings measure the
whole."""

from __future__ import annotations

from context_keeper.failures import failure_messages, shapes, wording
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank
from context_keeper.failures.steps import steps


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


def test_each_failed_step_of_a_run_gives_its_own_message() -> None:
    output = (
        "Exit code 1\n"
        "unit: commands[0]> python -m unittest\n"
        "Traceback (most recent call last):\n"
        '  File "/p/tests/test_a.py", line 4, in test_sum\n'
        "    self.assertEqual(1, 2)\n"
        "AssertionError: 1 != 2\n"
        "unit: exit 1 (0.10 seconds) /p> python -m unittest\n"
        "docs: commands[0]> python build_docs.py\n"
        "built 3 pages\n"
        "docs: exit 0 (0.20 seconds) /p> python build_docs.py\n"
        "style: commands[0]> python check_style.py\n"
        "KeyError: 'indent'\n"
        "style: exit 1 (0.05 seconds) /p> python check_style.py\n"
        "  evaluation failed :("
    )
    assert failure_messages(output).messages == ("AssertionError: 1 != 2", "KeyError: 'indent'")


def test_a_runner_name_before_every_line_of_a_step_is_no_part_of_it() -> None:
    output = (
        "Exit code 1\n"
        "[api] Error: listen EADDRINUSE: address already in use :::3000\n"
        "[api] npm run api exited with code 1\n"
        "[web] \n"
        "[web] SyntaxError: Unexpected token '}'\n"
        "[web] npm run web exited with code 1\n"
    )
    parts = steps(pieces(output))
    assert parts == [
        [["Error: listen EADDRINUSE: address already in use :::3000"]],
        [["", "SyntaxError: Unexpected token '}'"]],
    ]


def test_tasks_relayed_under_their_names_are_read_apart() -> None:
    output = (
        "Exit code 1\n"
        "shop-api:check: > tsc --noEmit\n"
        "shop-api:check: \n"
        "shop-api:check: TypeError: Cannot read properties of undefined (reading 'port')\n"
        "shop-api:check:     at load (/srv/api/config.js:4:20)\n"
        "shop-web:check: > node check.js\n"
        "shop-web:check: RangeError: Invalid time value\n"
        "shop-web:check:     at format (/srv/web/date.js:9:3)\n"
        "shop-web:check: done\n"
        " Tasks: 0 successful, 2 total\n"
    )
    assert failure_messages(output).messages == (
        "TypeError: Cannot read properties of undefined (reading 'port')",
        "RangeError: Invalid time value",
    )


def test_places_before_lines_are_no_task_names() -> None:
    output = "Exit code 1\na.py:3: unused import\na.py:3: x\na.py:3: y\nb.py:4: z\nb.py:4: w\nb.py:4: v\n"
    assert steps(pieces(output)) == []


def test_a_place_inside_a_named_part_is_no_task_name() -> None:
    """`notebook.ipynb:cell_1:` before a line and column names a place in a notebook's cell,
    not a task a runner relays: the place stays in each finding."""
    output = "Exit code 1\n" + "".join(
        f"nb.ipynb:cell_{cell}:{line}:1: F401 'm{cell}{line}' imported but unused\n"
        for cell in (1, 2)
        for line in (1, 2, 3)
    )
    assert steps(pieces(output)) == []
    assert failure_messages(output).messages[0] == "nb.ipynb:cell_1:1:1: F401 'm11' imported but unused"


def test_one_failed_step_is_read_as_one_run() -> None:
    output = "Exit code 1\nbuilt\nweb exited with code 0\nError: no config\napi exited with code 2"
    assert steps(pieces(output)) == []


def test_a_level_tag_before_the_place_leaves_each_line_a_finding() -> None:
    output = (
        "Starting check...\n"
        "[WARN] src/a/Shop.kt:2: Unused import. [UnusedImport]\n"
        "[WARN] src/a/Shop.kt:5:9: Name 'Total' must be camel case. [FunctionName]\n"
        "[WARN] src/a/Shop.kt:8:3: Missing a doc comment. [DocComment]\n"
        "[WARN] src/a/Shop.kt:9:3: Missing a doc comment. [DocComment]\n"
        "Check done."
    )
    assert messages(output) == [
        "[WARN] src/a/Shop.kt:2: Unused import. [UnusedImport]",
        "[WARN] src/a/Shop.kt:5:9: Name 'Total' must be camel case. [FunctionName]",
        "[WARN] src/a/Shop.kt:8:3: Missing a doc comment. [DocComment]",
        "[WARN] src/a/Shop.kt:9:3: Missing a doc comment. [DocComment]",
    ]


def test_a_label_with_nothing_after_it_gives_way_to_the_line_under_it() -> None:
    output = "\nerror:\n  schema/shop.idl:4: 7: error: expecting: ; instead got: }\n"
    assert messages(output) == ["schema/shop.idl:4: 7: error: expecting: ; instead got: }"]


def test_a_place_set_off_by_a_column_of_spaces_is_written_place_colon_message() -> None:
    output = (
        "lib/Shop.rb:4    LongMethod     Method total has 40 lines, the limit is 20.\n"
        "lib/Shop.rb:19   UnusedArg      Argument debug is never used.\n"
    )
    assert messages(output) == [
        "lib/Shop.rb:4: LongMethod Method total has 40 lines, the limit is 20.",
        "lib/Shop.rb:19: UnusedArg Argument debug is never used.",
    ]
    # A level in the column after the place is the tool's own form, kept as printed.
    assert messages(
        "src/a.js:4:7  error  'x' is not defined  no-undef\nsrc/a.js:9:1  error  Missing semicolon  semi"
    ) == [
        "src/a.js:4:7 error 'x' is not defined no-undef",
        "src/a.js:9:1 error Missing semicolon semi",
    ]


def test_an_assertion_with_its_own_message_keeps_the_values_compared_under_it() -> None:
    output = (
        "Exit code 1\n"
        "node:assert:90\n"
        "  throw new AssertionError(obj);\n"
        "  ^\n"
        "\n"
        "AssertionError [ERR_ASSERTION]: discount applied twice\n"
        "\n"
        "90 !== 81\n"
        "\n"
        "    at Object.<anonymous> (/p/test.js:4:8)\n"
        "    at Module._compile (node:internal/modules/cjs/loader:1521:14)\n"
    )
    assert failure_messages(output, "node test.js").messages == (
        "AssertionError [ERR_ASSERTION]: discount applied twice; 90 !== 81",
    )


def test_a_sentence_closing_the_block_under_the_caret_goes_on_with_the_message() -> None:
    output = (
        "ERROR at //lib/BUILD:7:9: Expecting a boolean.\n"
        '  enabled = "yes"\n'
        "            ^----\n"
        'Instead I see a string = "yes"\n'
    )
    assert messages(output) == ['ERROR at //lib/BUILD:7:9: Expecting a boolean.; Instead I see a string = "yes"']
    # A count of the errors under the last caret is the run's, no part of the message.
    counted = "a.c:9:12: error: use of undeclared identifier 'n'\n    return n;\n           ^\n1 error generated."
    assert messages(counted) == ["a.c:9:12: error: use of undeclared identifier 'n'"]


def test_error_in_test_name_qualified_is_a_title() -> None:
    assert shapes.title("Failure in test test_sum (shop.tests.SumTests.test_sum)") == "shop.tests.SumTests.test_sum"
    assert shapes.title("Error in test_load") == "test_load"


def test_a_step_that_only_says_it_failed_takes_the_reason_under_it() -> None:
    output = "config check: failed!\nplease name a section for every key.\nkey: 'port'"
    assert messages(output) == ["config check: failed!; please name a section for every key."]
