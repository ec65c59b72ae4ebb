"""The changed lines of a diff joined to an assertion that does not show its values."""

from __future__ import annotations

from context_keeper.failures.diffs import changed_lines


def test_a_diff_under_a_message_without_values_gives_its_changed_lines() -> None:
    lines = ["/tmp/a.yml", "--- ", "+++ ", "@@ -1,3 +1,3 @@", "-currency: EUR", "+currency: USD", "items: 2"]
    assert changed_lines("AssertionError: FILES DIFFER:", lines) == ["-currency: EUR", "+currency: USD"]


def test_a_diff_whose_values_the_message_shows_adds_nothing() -> None:
    lines = ["- 2 item", "+ 2 items", "?       +"]
    assert changed_lines("AssertionError: '2 item' != '2 items'", lines) == []


def test_pytest_where_explanations_are_not_changed_lines() -> None:
    assert changed_lines("assert 7 == 8", ["+  where 7 = sum([3, 4])"]) == []


def test_context_and_guides_stay_out() -> None:
    lines = ["dict({", "-   'total': 8.4,", "+   'total': 8.75,", "'items': 2,", "})"]
    assert changed_lines("assert [+ received] == [- snapshot]", lines) == ["-   'total': 8.4,", "+   'total': 8.75,"]
