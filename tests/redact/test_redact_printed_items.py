"""What a store's verb that shows one item prints alone is removed when it is a generated
secret; an id, a digest, a name, a URL or a blob after the same verbs is kept."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact


@pytest.mark.parametrize(
    "command",
    ["$ rbw get shop-prod-db", "$ gopass show shop/db", "$ chamber read shop db"],
)
@pytest.mark.parametrize("value", ["APfgbRHhvRKEt3-79nI0jh8KHLAVdfrJ", "nmVxCP2Pb*vDt0yCq7"])
def test_a_generated_secret_a_store_shows_is_removed(command: str, value: str) -> None:
    assert redact(f"{command}\n{value}") == f"{command}\n{MARK}"


@pytest.mark.parametrize(
    "text",
    [
        "$ kubectl get pod web -o jsonpath={.metadata.uid}\n550e8400-e29b-41d4-a716-446655440000",
        "$ git show -s --format=%H\n3f786850e387550fdab836ed7e6dc881de23001b",
        "$ aws sts get-caller-identity --query UserId --output text\nAIDAJQABLZS4A3QDU576Q",
        "$ kubectl get pod web -o name\npod/web-7d4b9c8f5-x2kqz",
        "$ npm config get registry\nhttps://registry.npmjs.org/",
        "$ kubectl get configmap logo -o jsonpath={.binaryData.png}\n"
        + "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
        "$ gcloud config get-value project\nshop-prod-2041",
        "$ wg show wg0 public-key\nxTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=",  # a public key
    ],
)
def test_what_else_such_a_verb_prints_is_kept(text: str) -> None:
    assert redact(text) == text


def test_only_the_first_line_after_the_verb_is_the_item() -> None:
    out = redact("$ rbw get shop-prod-db\nAPfgbRHhvRKEt3-79nI0jh8KHLAVdfrJ\nKx8vQ2mN7pL4rT9wY3zB6c")
    assert out == f"$ rbw get shop-prod-db\n{MARK}\nKx8vQ2mN7pL4rT9wY3zB6c"
