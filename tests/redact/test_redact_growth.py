"""Rules whose cost grew faster than a long line (a name or a URL repeated thousands of times)
no longer redo per candidate what one pass can do (search back to the line's start, retry a
run from each URL, test a value per character in Python), and find what they found before:
the same values, the same spans, the same redacted text."""

from __future__ import annotations

import random
import re

import pytest

from context_keeper.redact import MARK, assignments, line_starts, positions, redact, values
from context_keeper.redact.assignments import redact_assignments
from context_keeper.redact.nouns import redact_nouns

# The forms these rules had, each of which retried a run from every candidate: the results
# must stay theirs.
_OLD_BARE = r"""&?(?:[^\s"'`,;&()\[\]{}<>|\\]|\\(?![nrt"']))+"""
_OLD_URL_THEN_LOGIN = r"://\S+[ \t]+(?P<u>[^\s\"'-][^\s\"']*)[ \t]+(?P<s>[^\s\"'-][^\s\"']*)[ \t]*$"


def _strings(pieces: list[str], n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(pieces) for _ in range(rng.randint(0, 10))) for _ in range(n)]


def _url_rule() -> tuple[str, object]:
    return next((rx, sub) for triggers, rx, sub in positions.RULES if triggers == ("://",))


def test_a_url_then_a_login_is_tried_from_the_last_url_of_a_run() -> None:
    rx, _ = _url_rule()
    text = "https://u:p@" * 500 + " admin Xk9#mQ2zT"
    m = re.compile(rx, re.ASCII).search(text)
    assert m is not None and m.start() == text.rindex("://")
    assert redact("ftp://h.example.com://x admin Xk9#mQ2zT") == f"ftp://h.example.com://x admin {MARK}"


def test_a_url_then_a_login_redacts_as_the_rule_tried_from_every_url_did() -> None:
    rx, sub = _url_rule()
    new, old = re.compile(rx, re.ASCII), re.compile(_OLD_URL_THEN_LOGIN, re.ASCII)
    pieces = ["://", ":", "/", "a", " ", "\t", "-", '"', "x1Y9!", "admin", "Passw0rd!", "\n", "@"]
    texts = _strings(pieces, 10000, seed=3) + ["h://" + t for t in _strings(pieces, 10000, seed=6)]
    assert sum(old.search(t) is not None for t in texts) > 150  # (the comparison covers matches)
    for text in texts:
        assert new.sub(sub, text) == old.sub(sub, text), text  # type: ignore[arg-type]


def test_an_unquoted_value_ends_where_a_value_of_single_characters_did() -> None:
    bare = assignments._VAL.split("`[^`\\n]*`|", 1)[1][:-1]  # the unquoted alternative
    tails = ["", r"[ \t]*[;,]?[ \t]*(?=$|\n|#)", "#", "x"]  # after it in the rules that use it
    pieces = ["a", "b", "\\", "n", '"', "'", " ", ",", ";", "&", "#", "=", "x", "\t"]
    texts = _strings(pieces, 20000, seed=4)
    for tail in tails:
        new, old = re.compile(f"({bare}){tail}", re.ASCII), re.compile(f"({_OLD_BARE}){tail}", re.ASCII)
        for text in texts:
            for pos in range(len(text) + 1):
                a, b = new.match(text, pos), old.match(text, pos)
                assert (a and a.span(1)) == (b and b.span(1)), (text, pos, tail)


def test_line_start_and_blank_before_read_as_the_slices_did() -> None:
    for text in _strings(["\n", " ", "\t", "a", "\r", "\u00a0", "=", "\n\n"], 500, seed=5):
        for at in range(len(text) + 1):
            assert line_starts.line_start(text, at) == text.rfind("\n", 0, at) + 1
            for begin in range(at + 1):
                assert line_starts.blank_before(text, at, begin) == (not text[begin:at].strip())


def test_a_long_lines_newlines_are_found_once_for_all_its_names(monkeypatch: pytest.MonkeyPatch) -> None:
    unit = "password password=Xk9mQ2zT7\r"  # 3,000 times on one line: `\r` ends none
    assert redact_assignments(unit) == f"password password={MARK}\r"
    searched: list[str] = []
    find_all = line_starts._find_all
    monkeypatch.setattr(line_starts, "_find_all", lambda text, char: searched.append(char) or find_all(text, char))
    assert redact_assignments(unit * 3000) == f"password password={MARK}\r" * 3000
    assert searched == ["\n"]  # every name asked, the line searched once


class _CountingText(str):
    compared = 0

    def __eq__(self, other: object) -> bool:
        _CountingText.compared += 1
        return str.__eq__(self, other)

    __hash__ = str.__hash__


def test_an_equal_text_is_never_compared_with_a_kept_one() -> None:
    # Kept offsets are looked up by the text itself, not its value: a text equal to a kept one
    # but another object would otherwise be compared character by character on every question.
    kept = _CountingText("a\nb\n" * 50_000)
    copy = _CountingText(str(kept))
    assert line_starts.line_start(kept, 7) == 6
    _CountingText.compared = 0
    for at in range(0, 200, 7):
        assert line_starts.line_start(copy, at) == copy.rfind("\n", 0, at) + 1
    assert _CountingText.compared == 0


def test_long_lines_of_names_redact_as_their_short_copies_do() -> None:
    for unit in ("password=abc\r", "password password ", "password= ", "https://u:p@ "):
        one = redact(unit)
        assert redact(unit * 2000) == one * 2000, unit
    text = "token: Xk9#mQ2zT7, " * 1500
    assert redact_nouns(text) == redact_nouns("token: Xk9#mQ2zT7, ") * 1500


def _strongly_mixed_per_character(v: str) -> bool:
    if len(v) < 8:
        return False
    core = values._URL_ESCAPE.sub(":", v).strip("*_.,:;-~")
    lower = any(c.islower() for c in core)
    upper = any(c.isupper() for c in core)
    digit = any(c.isdigit() for c in core)
    symbol = any(c in values._PASSWORD_SYMBOLS for c in core[1:-1])
    return len(core) >= 8 and lower + upper + digit + symbol >= 3 and not values.is_wordy(core)


def test_character_classes_read_in_c_agree_with_a_test_per_character() -> None:
    pieces = ["a", "Q", "7", "!", "_", "-", "%3A", "é", "Ä", "٣", "x9Kz", "pass", "word", "/", "=", " "]
    short = _strings(pieces, 10000, seed=7)
    texts = short + [v * 12 for v in short]  # (over 64 characters: read in C when ASCII)
    assert sum(values.strongly_mixed(v) for v in texts if len(v) > 64 and v.isascii()) > 500
    for v in texts:
        assert values.strongly_mixed(v) == _strongly_mixed_per_character(v), v
        alnum = sum(c.isalnum() for c in v)
        slow = not (len(v) < 16 or len(set(v)) < 8 or " " in v.strip() or alnum < 0.6 * len(v)) and not values.is_wordy(
            v
        )
        assert values.looks_random(v) == slow, v
