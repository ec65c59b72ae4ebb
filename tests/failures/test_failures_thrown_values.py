"""An error node reports uncaught: without a stack, printed in brackets over its properties under
the throw's place, code and caret; or with a message that is a JSON list of issues; and an error the
program reported before it threw. The outputs are written in the shape node prints them."""

from __future__ import annotations

from context_keeper.failures import failure_messages

THROWN = (
    "/p/validate.js:11\n"
    "if (error) throw error;\n"
    "           ^\n"
    "\n"
    '[Error [ValidationError]: "name" is required. "age" must be a number] {\n'
    "  _original: { age: 'twelve' },\n"
    "  details: [ { message: '\"name\" is required', path: [ 'name' ] } ]\n"
    "}\n"
    "\n"
    "Node.js v20.20.2\n"
)


def test_a_bracketed_error_under_the_throw_is_the_message_without_its_brackets() -> None:
    assert list(failure_messages(THROWN, "node validate.js").messages) == [
        'Error [ValidationError]: "name" is required. "age" must be a number'
    ]


def test_a_bracketed_line_with_no_throw_above_it_is_not_taken_for_one() -> None:
    text = THROWN.replace("           ^\n", "")
    assert list(failure_messages(text, "node validate.js").messages) != [
        'Error [ValidationError]: "name" is required. "age" must be a number'
    ]


def test_an_exception_whose_message_is_a_json_list_of_issues_gives_one_message_each() -> None:
    output = (
        "/p/order.mjs:6\nconst order = Order.parse({\n                    ^\n\nZodError: [\n"
        '  {\n    "code": "invalid_format",\n    "path": [\n      "id"\n    ],\n    "message": "Invalid UUID"\n  },\n'
        '  {\n    "code": "too_small",\n    "path": [],\n    "message": "Too small: expected number to be >0"\n  }\n'
        "]\n    at file:///p/order.mjs:6:21\n\nNode.js v20.20.2\n"
    )
    assert list(failure_messages(output, "node order.mjs").messages) == [
        "Invalid UUID",
        "Too small: expected number to be >0",
    ]


def test_an_error_the_program_reported_before_it_threw_is_a_failure_too() -> None:
    output = (
        "cart { items: [] }\n"
        "[MSW] Error: intercepted a request without a matching request handler:\n\n"
        "  • GET https://api.shop.test/prices\n\n"
        "/p/node_modules/msw/lib/frame.mjs:40\n"
        "        new InternalError(\n"
        "        ^\n\n"
        "InternalError: [MSW] Cannot bypass a request\n"
        "    at applyStrategy (file:///p/node_modules/msw/lib/frame.mjs:40:9)\n\n"
        "Node.js v20.20.2\n"
    )
    assert list(failure_messages(output, "node client.mjs").messages) == [
        "[MSW] Error: intercepted a request without a matching request handler: • GET https://api.shop.test/prices",
        "InternalError: [MSW] Cannot bypass a request",
    ]


def test_lines_before_the_throw_that_report_no_error_are_not_failures() -> None:
    output = (
        "cart { items: [] }\n/p/a.mjs:4\nthrow new TypeError('x is 1');\n^\n\n"
        "TypeError: x is 1\n    at file:///p/a.mjs:4:7\n\nNode.js v20.20.2\n"
    )
    assert list(failure_messages(output, "node a.mjs").messages) == ["TypeError: x is 1"]


def test_an_error_reported_before_output_that_went_on_is_not_a_failure() -> None:
    output = (
        "Error: cache warm-up failed, retrying\n"
        "cache warmed in 2 tries\n"
        "/p/a.mjs:4\nthrow new TypeError('x is 1');\n^\n\n"
        "TypeError: x is 1\n    at file:///p/a.mjs:4:7\n\nNode.js v20.20.2\n"
    )
    assert list(failure_messages(output, "node a.mjs").messages) == ["TypeError: x is 1"]
