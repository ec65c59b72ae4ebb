"""failures.after on a place set off from its message: printed alone under the message, past a
blank line, over the numbered excerpt it points into. The outputs are graphql-core's (Python),
printed on this machine by `print(error)` for each error `graphql.validate` or `graphql.parse`
reported; the rule reads their layout, not their words."""

from __future__ import annotations

from context_keeper.failures.lines import pieces
from context_keeper.failures.ranking import rank


def messages(output: str) -> list[str]:
    found = rank(pieces("Exit code 1\n" + output))
    return found.messages if found else []


UNKNOWN_FIELD = (
    "Cannot query field 'totl' on type 'Cart'. Did you mean 'total'?\n"
    "\n"
    "GraphQL request:1:19\n"
    '1 | { cart(id: "1") { totl items { sku } } }\n'
    "  |                   ^\n"
)


def test_a_place_alone_past_a_blank_line_over_its_excerpt_goes_in_front() -> None:
    assert messages(UNKNOWN_FIELD) == [
        "GraphQL request:1:19: Cannot query field 'totl' on type 'Cart'. Did you mean 'total'?"
    ]
    syntax = 'Syntax Error: Expected Name, found <EOF>.\n\nGraphQL request:1:25\n1 | { cart(id: "1") { total \n  |                         ^\n'
    assert messages(syntax) == ["GraphQL request:1:25: Syntax Error: Expected Name, found <EOF>."]


def test_each_message_of_the_repeated_layout_takes_its_own_place() -> None:
    output = (
        "Unknown argument 'cartId' on field 'Query.cart'.\n"
        "\n"
        "GraphQL request:2:8\n"
        "1 | query Q($id: ID!) {\n"
        "2 |   cart(cartId: $id) { total }\n"
        "  |        ^\n"
        "3 | }\n"
        "\n" + UNKNOWN_FIELD
    )
    assert messages(output) == [
        "GraphQL request:2:8: Unknown argument 'cartId' on field 'Query.cart'.",
        "GraphQL request:1:19: Cannot query field 'totl' on type 'Cart'. Did you mean 'total'?",
    ]


def test_a_place_over_an_excerpt_the_next_message_follows_is_that_messages() -> None:
    # A place, its excerpt, then a message with no place of its own under it: the place is
    # where that message happened (a runtime's `file:line` / excerpt / error), not the line's above.
    for above in ("Unknown option 'colour' ignored", "error: unknown option 'colour'"):
        output = (
            f"{above}\n\nsrc/app.js:3:5\n3 |   total(items\n  |     ^\nSyntaxError: missing ) after argument list\n"
        )
        assert messages(output) == ["src/app.js:3:5: SyntaxError: missing ) after argument list"]
