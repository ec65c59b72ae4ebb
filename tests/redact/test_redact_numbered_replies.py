"""A flat numbered reply of fields and values (what `redis-cli` prints): the value after a
secret's field goes; other fields, a nested list and an empty value are kept."""

from __future__ import annotations

from context_keeper.redact import MARK, redact


def test_the_value_after_a_secrets_field() -> None:
    head = '127.0.0.1:26379> SENTINEL MASTER shop\n...\n39) "auth-pass"\n40) "'
    assert redact(head + 'Silver4097!"') == head + MARK + '"'


def test_other_fields_and_shapes_are_kept() -> None:
    for text in (
        '127.0.0.1:26379> SENTINEL MASTER shop\n1) "name"\n2) "shop"\n3) "ip"\n4) "10.0.0.5"',
        '127.0.0.1:6379> ACL GETUSER reports\n3) "passwords"\n4) 1) "5e884898da28047151d0e56f8dc6292773603d0d6aab"',
        '127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) ""',
        '2) "requirepass"\n3) "silver4097!"',  # (a field stands at an odd number)
    ):
        assert redact(text) == text
