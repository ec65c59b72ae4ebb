"""A random `code` in a URL's query (an authorization code, a function's key) is removed;
a product code, a number, a reference kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact

KEY = "9jplxuiwNNMk9mTivC9FA4LIy4WnB9cixmdKkAlOsXwrQ7tb"


@pytest.mark.parametrize(
    "text",
    [
        f"curl -X POST 'https://func-shop.azurewebsites.net/api/orders-sync?code={KEY}==' -d @batch.json",
        f"GET /oauth/callback?state=af0ifjsldkj&code={KEY} HTTP/1.1",
    ],
)
def test_a_random_code_in_a_query_is_removed(text: str) -> None:
    out = redact(text)
    assert KEY not in out and "code=" + MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "https://shop.example.com/lookup?code=SKU-2041-blue-large-cotton&lang=en",
        "https://example.com/verify?code=123456789012345678901234",
        'curl "https://func-shop.azurewebsites.net/api/orders-sync?code=$FUNCTION_KEY"',
        f"exit code={KEY[:6]} after 3 retries",
    ],
)
def test_what_else_a_query_or_a_line_calls_code_is_kept(text: str) -> None:
    assert redact(text) == text
