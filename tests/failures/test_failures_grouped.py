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
