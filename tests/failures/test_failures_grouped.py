"""failures.grouped: findings printed each on a line of its own under a heading that names the
place they are in. The hand-written outputs are in the layout such tools print; pydocstyle's and
pydoclint's outputs were printed on this machine (pydocstyle 6.3.0, pydoclint 0.12.0, on a small module)
and read the same whether or not the rule is there: a heading ending in `:` over one finding,
and a bare path over numbered rows, were read before it."""

from __future__ import annotations

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


def test_a_place_and_its_scope_over_findings_is_the_place_of_each() -> None:
    output = (
        "src/cart.py:4 in total\n"
        "    R203: parameters missing (params-missing)\n"
        "    R305: description does not begin with a capital letter (not-capitalized)\n"
        "    hint: annotate the return type\n"
        "src/cart.py:13 in label\n"
        "    R403: spelling error found in documented parameter (spelling-error)\n"
        "    R305: description does not begin with a capital letter (not-capitalized)\n"
    )
    assert messages(output) == [
        "src/cart.py:4 in total: R203: parameters missing (params-missing)",
        "src/cart.py:4 in total: R305: description does not begin with a capital letter (not-capitalized);"
        " hint: annotate the return type",
        "src/cart.py:13 in label: R403: spelling error found in documented parameter (spelling-error)",
        "src/cart.py:13 in label: R305: description does not begin with a capital letter (not-capitalized)",
    ]


def test_a_heading_ending_in_the_file_it_names_heads_the_findings_under_it() -> None:
    output = (
        "2 issues found in ./package.json:\n"
        "\n"
        " x error The root package should be private. root-private\n"
        "  | {\n"
        '  +   "private": true\n'
        "  | }\n"
        "\n"
        " x error Dependencies should be sorted. unordered-dependencies\n"
        "\n"
        "1 issue found in ./packages/web/package.json:\n"
        "\n"
        " x error Dependencies should be sorted. unordered-dependencies\n"
    )
    assert messages(output) == [
        "./package.json: x error The root package should be private. root-private",
        "./package.json: x error Dependencies should be sorted. unordered-dependencies",
        "./packages/web/package.json: x error Dependencies should be sorted. unordered-dependencies",
    ]


def test_real_layouts_read_before_are_read_the_same() -> None:
    pydocstyle = (
        "src/cart.py:1 at module level:\n"
        "        D100: Missing docstring in public module\n"
        "src/cart.py:5 in public function `total`:\n"
        "        D403: First word of the first line should be properly capitalized ('Return', not 'return')\n"
        "src/cart.py:14 in public method `add`:\n"
        "        D102: Missing docstring in public method\n"
    )
    assert failure_messages("Exit code 1\n" + pydocstyle, "pydocstyle src/cart.py").messages == (
        "src/cart.py:1 at module level: D100: Missing docstring in public module",
        "src/cart.py:5 in public function `total`: D403: First word of the first line should be properly"
        " capitalized ('Return', not 'return')",
        "src/cart.py:14 in public method `add`: D102: Missing docstring in public method",
    )
    pydoclint = (
        "src/cart.py\n"
        "    4: DOC101: Function `total`: Docstring contains fewer arguments than in function signature.\n"
        "    4: DOC201: Function `total` does not have a return section in docstring\n"
    )
    assert failure_messages("Exit code 1\n" + pydoclint, "pydoclint src/cart.py").messages == (
        "src/cart.py:4: DOC101: Function `total`: Docstring contains fewer arguments than in function signature.",
        "src/cart.py:4: DOC201: Function `total` does not have a return section in docstring",
    )


def test_a_line_at_the_headings_margin_is_no_finding_of_its_place() -> None:
    # The findings end at the first line at the heading's margin: a build's verdict under
    # them is not a finding in the file the heading names.
    output = (
        "2 problems found in ./src/app.ts:\n"
        "    Unexpected any.\n"
        "    Missing return type on function.\n"
        "error: could not compile `demo`\n"
    )
    assert messages(output) == ["./src/app.ts: Unexpected any.", "./src/app.ts: Missing return type on function."]


def test_lines_of_code_under_a_heading_are_no_findings() -> None:
    # Source lines under a heading naming a file are an excerpt, not a list of findings: the
    # heading heads none, and the output reads as it does without the rule.
    imports = (
        "warning: unused imports in lib.rs:\n    use std::io;\n    use std::fs;\nerror: could not compile `demo`\n"
    )
    assert messages(imports) == ["error: could not compile `demo`"]
    syntax = "SyntaxError in config.py:\n    x = = 1\n      ^\n"
    assert not any("x = = 1" in m for m in messages(syntax))
    assert not any("x = = 1" in m for m in messages(syntax + "    invalid syntax\n"))
    scoped = "tests/test_a.py:12 in test_total\n    assert total(2) == 5\n    x = compute()\n"
    assert not any("total(2)" in m or "compute()" in m for m in messages(scoped))


def test_a_line_going_on_with_the_sentence_above_is_that_finding() -> None:
    output = (
        "2 problems found in ./src/app.ts:\n"
        "    Unexpected any. Specify a different type\n"
        "    instead of any at line 4.\n"
        "    Missing return type on function.\n"
    )
    assert messages(output) == [
        "./src/app.ts: Unexpected any. Specify a different type instead of any at line 4.",
        "./src/app.ts: Missing return type on function.",
    ]
    # (A hint, or a row led as the one above, is no continuation.)
    rows = (
        "2 problems found in ./src/app.ts:\n    w unused variable a\n    w unused variable b\n    hint: remove them\n"
    )
    assert messages(rows) == [
        "./src/app.ts: w unused variable a",
        "./src/app.ts: w unused variable b; hint: remove them",
    ]
