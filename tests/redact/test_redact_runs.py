"""A long line that repeats a name and its sign (`password=password=…`): the names inside one
unquoted run share its end and what is known of it, so the characters the value readings read
grow with the line, not its square, and every result is the one each name read alone gave."""

from __future__ import annotations

import random
from typing import Any

import pytest

from context_keeper.redact import MARK, assignments, line_starts, nouns, redact, runs
from context_keeper.redact.assignments import redact_assignments


class _Counted:
    """A pattern that counts the characters its matches read."""

    def __init__(self, pattern: Any) -> None:
        self.pattern, self.read = pattern, 0

    def match(self, text: str, pos: int = 0, *rest: int) -> Any:
        m = self.pattern.match(text, pos, *rest)
        self.read += 0 if m is None else m.end() - pos
        return m


def _read(monkeypatch: pytest.MonkeyPatch, text: str) -> int:
    """The characters the value readings read in `redact(text)`: runs matched by the value
    patterns, and values judged."""
    names = ("_ASSIGN", "_ASSIGN_HEAD", "_FLAG", "_FLAG_HEAD", "_PLAIN", "_PLAIN_HEAD", "_TO_SPACE", "_VALUE_RUN")
    counted = [_Counted(nouns._BARE)] + [_Counted(getattr(assignments, name)) for name in names]
    monkeypatch.setattr(nouns, "_BARE", counted[0])
    for name, pattern in zip(names, counted[1:], strict=True):
        monkeypatch.setattr(assignments, name, pattern)
    judged_chars = [0]
    judged, decide = nouns.judged, assignments.decide

    def counted_judged(level: int, v: str) -> bool:
        judged_chars[0] += len(v)
        return judged(level, v)

    def counted_decide(level: int, v: str, *rest: Any) -> bool:
        judged_chars[0] += len(v)
        return decide(level, v, *rest)

    monkeypatch.setattr(nouns, "judged", counted_judged)
    monkeypatch.setattr(assignments, "decide", counted_decide)
    redact(text)
    monkeypatch.undo()
    return sum(c.read for c in counted) + judged_chars[0]


@pytest.mark.parametrize("unit", ["key=", "--key=", "key=\\\\", "KEY="])
def test_a_name_whose_values_are_kept_reads_each_value_up_to_its_name_again(
    monkeypatch: pytest.MonkeyPatch, unit: str
) -> None:
    """`key=key=…`: a bare `key`'s values are kept, so each name's value ran to the line's end,
    matched and judged whole (64 KB: 25 s; judged up to the name again, still matched whole: 1.9
    s); an environment's `KEY=` took its value to the space whatever it held (8 KB: 6 s). Each
    is matched and judged up to the name and sign again now."""
    small, large = _read(monkeypatch, unit * 500), _read(monkeypatch, unit * 2000)
    assert 0 < large < 5 * small


@pytest.mark.parametrize("unit", ["password=", "token=", "api_key=", "key: ", "secret_key="])
def test_the_characters_read_grow_with_the_line_not_its_square(monkeypatch: pytest.MonkeyPatch, unit: str) -> None:
    small, large = _read(monkeypatch, unit * 500), _read(monkeypatch, unit * 2000)
    assert small > 0
    assert large < 5 * small  # 4 for a linear cost; every name reading to the line's end gave 16


def _assignments_name_by_name(text: str) -> str:
    """`redact_assignments` as it read every name, none skipped for a run that ends at a mark."""
    out: list[str] = []
    pos = 0
    for start in assignments._starts(text):
        if start < pos:
            continue
        found = assignments._find(text, start)
        if found is None or found[0] < pos:
            continue
        out += [text[pos : found[0]], found[2]]
        pos = found[1]
    return "".join(out) + text[pos:]


_PIECES = [
    "password=",
    "token=",
    "api_key=",
    "-p",
    "--password=",
    "?key=",
    "&",
    "abc",
    "aB3xY9",
    "kQ7vR2mN9pL4",
    "x" * 40,
    ",",
    ")",
    ".",
    ":",
    "=",
    "\\",
    "\\n",
    "-",
    "'",
    '"',
    " ",
    "<",
    "[",
    ";",
    "!",
    "?",
    "#",
    "/",
    "@",
    MARK,
]


def _lines(seed: int, n: int) -> list[str]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pool = rng.sample(_PIECES, rng.randint(2, 7))
        out.append(rng.choice(pool) * rng.randint(0, 60) + "".join(rng.choice(pool) for _ in range(rng.randint(1, 80))))
    return out


def test_a_name_inside_a_run_that_ends_at_a_mark_is_skipped_as_reading_it_would_have() -> None:
    texts = _lines(seed=11, n=3000) + ["password=" * 300 + MARK, "token=" * 100 + MARK + " token=kQ7vR2mN9pL4"]
    assert sum(MARK in t for t in texts) > 300
    for text in texts:
        assert redact_assignments(text) == _assignments_name_by_name(text), text


def test_a_long_plain_value_is_refused_as_judging_it_would_have(monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _lines(seed=12, n=3000) + ["token=" * 400, "password=" * 300 + "," + "Zq8!" * 80]
    fast = [nouns.redact_after_nouns(t) for t in texts]
    monkeypatch.setattr(runs, "long_plain_value", lambda *args: False)
    monkeypatch.setattr(nouns, "run_end", lambda pattern, text, at: m.end() if (m := pattern.match(text, at)) else at)
    slow = [nouns.redact_after_nouns(t) for t in texts]
    assert sum(a != t for a, t in zip(slow, texts, strict=True)) > 100  # (the comparison covers redactions)
    assert fast == slow


def test_few_kinds_is_known_of_every_span_inside_one_counted() -> None:
    text = "token=" * 50 + "kQ7vR2mN9pL4"
    assert runs.few_kinds(text, 0, 300)
    assert runs.few_kinds(text, 6, 290)  # inside the span counted
    assert not runs.few_kinds(text, 0, len(text))  # the random tail holds more kinds
    assert not runs.few_kinds("abcdefgh", 0, 8)


def test_quotes_are_counted_back_to_the_line_start_as_str_count_does() -> None:
    text = "a 'b\n" + "x'y\"z`" * 300 + "\n'q' \"r\"" * 50
    for begin, end in [(0, 5), (0, len(text)), (5, 1500), (7, 1900), (100, 101), (1000, len(text) - 3)]:
        for quote in "\"'`":
            assert line_starts.count_in(text, quote, begin, end) == text.count(quote, begin, end)


def test_the_shortcuts_bounds_are_the_judges_own() -> None:
    """`runs` refuses a long value without reading it on what the judges ask: if a judge came to
    take a longer password or a key of fewer kinds, this fails, not a secret let through."""
    from context_keeper.redact.names import PASSWORD, STRONG, WEAK
    from context_keeper.redact.password_shapes import password_shaped

    rng = random.Random(1)
    alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%*"

    def random_value(n: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n))

    assert all(password_shaped(random_value(n)) for n in (40, runs.LONGEST_SHAPED))
    assert not any(password_shaped(random_value(n)) for n in (runs.LONGEST_SHAPED + 1, 500))
    assert nouns.judged(STRONG, random_value(500))  # a long random key is taken: by its kinds
    few = "aB3!xY7" * 100  # seven kinds, every length
    assert len(set(few)) == runs.KINDS_OF_A_KEY - 1
    for level in (WEAK, STRONG, PASSWORD):
        assert not any(nouns.judged(level, few[:n]) for n in (runs.LONGEST_SHAPED + 1, 700)), level


@pytest.mark.parametrize("unit", ["KEY=", "API_KEY=", "PASSWORD=", "token="])
def test_a_value_cut_at_its_name_again_is_empty_and_kept(unit: str) -> None:
    """`KEY=KEY=…` at a line's start or in an environment's style: each name's value runs to
    the space, cut where its name and sign stand again, so it is empty and no secret; the line
    is read on (not lost whole to a failed reading), and a secret after it still goes."""
    line = unit * 300
    assert redact(line).startswith(unit * 100)
    assert redact(f"{line} && {unit}AKIAx9Qz7Lm2Vb8Nc4Tr").endswith(f" && {unit}{MARK}")
    if unit == "KEY=":
        assert redact(line) == line  # (a bare key's values are kept, the last ones too)


def test_a_text_asked_about_between_others_keeps_its_newlines_found(monkeypatch: pytest.MonkeyPatch) -> None:
    # A long text asked about for each of its candidates, a short one between (a rule's own
    # piece): its newlines are found once, not again each time eight others came after it.
    found: list[int] = []
    find_all = line_starts._find_all
    monkeypatch.setattr(line_starts, "_find_all", lambda text, char: found.append(len(text)) or find_all(text, char))
    long_text = "x = 1\n" * 1000
    for n in range(40):
        assert line_starts.line_start(long_text, 6 * n + 3) == 6 * n
        line_starts.line_start(f"piece {n}\nof a line", 12)
    assert found.count(len(long_text)) == 1
