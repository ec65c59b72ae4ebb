"""A secret one rule took out of a text is taken out wherever else it appears in that text;
short or word-like values, and texts whose marks cannot be aligned, are left as they are."""

from __future__ import annotations

from context_keeper.redact import MARK, redact
from context_keeper.redact.repeats import redact_repeats, removed_values

SECRET = "Heron.4412Cedar"


def test_the_same_password_under_a_name_no_rule_reads_goes() -> None:
    text = f'relay {{\n  password = "{SECRET}";\n  disable_password = "{SECRET}";\n}}'
    out = redact(text)
    assert SECRET not in out and out.count(MARK) == 2


def test_a_secret_passed_on_later_goes() -> None:
    out = redact(f"export RELAY_PASSWORD='{SECRET}'\nrelayctl join eu-west {SECRET} --retries 3")
    assert SECRET not in out


def test_a_short_value_is_not_carried() -> None:
    # `-p7s`: a short value taken after `-p` may be a word elsewhere
    text = "mysql -u root -pabc123\nls abc123"
    out = redact(text)
    assert out.endswith("ls abc123")


def test_removed_values_align_each_mark_with_its_value() -> None:
    assert removed_values(f'a = "{SECRET}"; b = 1', f'a = "{MARK}"; b = 1') == [SECRET]
    assert removed_values(f"x {SECRET}", f"x {MARK}") == [SECRET]
    assert removed_values("x ab cd", f"x {MARK}{MARK}") is None  # where the first ends is unknown
    assert removed_values("other text", f"x {MARK}") is None


def test_the_values_carried_past_the_limit_are_the_first_found_whatever_the_hash() -> None:
    values = [f"Xk9mP2qR{i:02d}wZ" for i in range(20)]  # (one length: only their order tells them apart)
    original = "\n".join(f"password={v}" for v in values) + "\n" + " ".join(values)
    redacted = "\n".join(f"password={MARK}" for _ in values) + "\n" + " ".join(values)
    last_line = redact_repeats(original, redacted).split("\n")[-1].split(" ")
    assert last_line == [MARK] * 16 + values[16:]
