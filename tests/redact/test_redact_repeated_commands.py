"""One long line that repeats a command's piece (`<<<="…`, `put-parameter=…`, `-w X -u x …`):
the command, the rest of the command or a removed value is read once for all the pieces that
share it, so the work grows with the line, not its square, and each result is the one the
pieces read alone gave."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from context_keeper.redact import MARK, commands, redact, repeats, stdin
from context_keeper.redact.patterns import LazyRule


class _Searched:
    """A pattern that counts the characters of the texts searched with it."""

    def __init__(self, pattern: Any) -> None:
        self.pattern, self.read = pattern, 0

    def search(self, text: str, *rest: int) -> Any:
        self.read += len(text)
        return self.pattern.search(text, *rest)


def _here_string_rule() -> Any:
    return next(rule for triggers, rule in stdin.compile_rules() if triggers == ("<<<",))


def _command_chars(monkeypatch: pytest.MonkeyPatch, text: str) -> int:
    """The characters of the commands the here-strings of `text` were judged for (each command
    is searched for a secret store's verb and a sign-in)."""
    searched = [_Searched(stdin._STORES_A_SECRET), _Searched(stdin._SIGNS_IN)]
    monkeypatch.setattr(stdin, "_STORES_A_SECRET", searched[0])
    monkeypatch.setattr(stdin, "_SIGNS_IN", searched[1])
    _here_string_rule()(text)
    monkeypatch.undo()
    return sum(s.read for s in searched)


def test_the_here_strings_of_one_command_read_the_command_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """`pass insert x <<<="<<<="…`: each here-string's command was read back to the line's
    start and judged whole, a longer prefix each time (16 KB: 2.2 s)."""
    small = _command_chars(monkeypatch, "pass insert x " + '<<<="' * 500)
    large = _command_chars(monkeypatch, "pass insert x " + '<<<="' * 2000)
    assert 0 < large < 5 * small  # the square of the line gave 16 times


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("pass insert db <<< 'Xk9#mPq2vL'", f"pass insert db <<< '{MARK}'"),
        # a later here-string of the command is judged for the command before the first
        ("pass insert db <<< 'a' <<< 'Xk9#mPq2vL'", f"pass insert db <<< 'a' <<< '{MARK}'"),
        # each command after a separator is read afresh
        ("cat <<< 'Xk9#mPq2vL'; pass insert db <<< 'Yh7$nRt4wQ'", f"cat <<< 'Xk9#mPq2vL'; pass insert db <<< '{MARK}'"),
        (
            "pass insert db <<< 'Xk9#mPq2vL' | cat <<< 'Yh7$nRt4wQ'",
            f"pass insert db <<< '{MARK}' | cat <<< 'Yh7$nRt4wQ'",
        ),
        (
            "pass insert db <<< 'Xk9#mPq2vL'\nls; cat <<< 'Yh7$nRt4wQ'",
            f"pass insert db <<< '{MARK}'\nls; cat <<< 'Yh7$nRt4wQ'",
        ),
        ("ls; <<< 'Xk9#mPq2vL' <<< 'Yh7$nRt4wQ'", "ls; <<< 'Xk9#mPq2vL' <<< 'Yh7$nRt4wQ'"),  # no command
    ],
)
def test_a_here_string_is_judged_for_its_command(text: str, expected: str) -> None:
    assert _here_string_rule()(text) == expected


class _Tried:
    """A compiled pattern that counts the matches tried with it (it has no `sub`: a rule that
    lets `re` try the pattern from every position fails here)."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern, self.tried = pattern, 0

    def match(self, *args: Any) -> Any:
        self.tried += 1
        return self.pattern.match(*args)


def _ssm_rule() -> Any:
    return next(rule for triggers, rule in commands.compile_rules() if triggers == ("put-parameter",))


def test_a_command_without_its_value_is_tried_from_its_first_put_parameter_only() -> None:
    """`put-parameter=put-parameter=…`: each one read the rest of the command looking for its
    `--value` and failed where the first did (16 KB: 0.3 s, 64 KB: 4.9 s)."""
    rule = _ssm_rule()
    tried = _Tried(re.compile(commands._SSM, re.ASCII))
    rule._pattern = tried
    text = "put-parameter=" * 2000
    assert rule(text) == text
    assert tried.tried == 1


_PIECES = [
    "put-parameter", "aws ssm ", " --value ", " --value=", "--type SecureString ", " --name db_password ",
    "\\", "\\\n", "\n", ";", "|", "&", " ", "x", "=", "-", '"Se crT9!x"', "'Xk9#mPq2vL'", "Yh7$nRt4wQ",
]  # fmt: skip


def test_the_put_parameter_rule_finds_what_sub_finds() -> None:
    rule, plain = _ssm_rule(), LazyRule(commands._SSM, commands._ssm_value)
    rng = random.Random(6)
    changed = 0
    for _ in range(5000):
        text = "".join(rng.choice(_PIECES) for _ in range(rng.randint(1, 14)))
        assert rule(text) == plain(text), text
        changed += plain(text) != text
    assert changed > 20  # (the texts hold values the rule takes)


class _Counting(str):
    """A text that counts the characters its `count` reads."""

    read = 0

    def count(self, *args: Any) -> int:
        type(self).read += len(self)
        return super().count(*args)


def _counted(text: str) -> int:
    _Counting.read = 0
    repeats.redact_repeats(_Counting(text), redact(text))
    return _Counting.read


def test_a_value_removed_many_times_is_counted_once() -> None:
    """` -w a1B2c3D4 -u x` repeated: each removed value was counted across the whole text again,
    the same value once per flag (64 KB: 0.34 s, 8 times 16 KB's)."""
    small, large = _counted(" -w a1B2c3D4 -u x" * 250), _counted(" -w a1B2c3D4 -u x" * 1000)
    assert 0 < large < 5 * small


def test_a_value_found_again_is_still_carried() -> None:
    text = "mysql -u bob -pXk9#mPq2vL db\necho Xk9#mPq2vL"
    assert redact(text) == f"mysql -u bob -p{MARK} db\necho {MARK}"
