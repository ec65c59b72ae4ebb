"""A text of many lines is redacted as its lines are one by one; the secrets that span lines
(key blocks, continued commands) and the secrets of very long lines are still taken out."""

from __future__ import annotations

import random

from context_keeper.redact import MARK, redact
from context_keeper.redact.lines import LONG, logical_lines
from context_keeper.redact.printed import announces
from redact_corpus import leaked, ordinary_lines, secret_cases

SINGLE_LINE = [c for c in secret_cases(seed=5) if "\n" not in c.text and not c.text.endswith("\\")]


def _mixed(n: int, seed: int) -> list[str]:
    """Lines in a random order, none of them one that announces a printed secret on the next
    line (a prompt with a command about a secret, a heading): those are read across lines."""
    rng = random.Random(seed)
    pool = [line for line in ordinary_lines() if "\n" not in line] + [c.text for c in SINGLE_LINE]
    pool = [line for line in pool if not announces([line], 0)]
    return [rng.choice(pool) for _ in range(n)]


def test_a_text_comes_back_as_its_lines_do_one_by_one() -> None:
    lines = _mixed(3000, seed=1)
    text = "\n".join(lines)
    assert redact(text) == "\n".join(redact(line) for line in lines)


def test_every_secret_of_a_long_text_is_removed() -> None:
    text = "\n".join(ordinary_lines() + [c.text for c in SINGLE_LINE])
    out = redact(text)
    assert [c.secret for c in SINGLE_LINE if leaked(out, c.secret)] == []


def test_a_key_block_across_lines_goes_in_a_long_text() -> None:
    body = "MIIEpAIBAAKCAQEA7b3xQ9vT2mZ8kP0wYc4nL5sR1uH6jD3gF8aE2iO9qW7tB4"
    text = "\n".join(
        [
            *ordinary_lines()[:50],
            "-----BEGIN RSA PRIVATE KEY-----",
            body,
            body[::-1],
            "-----END RSA PRIVATE KEY-----",
            *ordinary_lines()[50:100],
        ]
    )
    out = redact(text)
    assert body[:20] not in out and body[::-1][:20] not in out
    assert "-----END RSA PRIVATE KEY-----" in out
    assert out.endswith("\n".join(ordinary_lines()[50:100]))


def test_a_continued_command_is_one_line() -> None:
    text = "cd /srv/app\nmysql -u root \\\n  -pQx7vLr2Pw9 app < dump.sql\nls"
    assert logical_lines(text) == ["cd /srv/app", "mysql -u root \\\n  -pQx7vLr2Pw9 app < dump.sql", "ls"]
    assert redact(text) == "cd /srv/app\nmysql -u root \\\n  -p[REDACTED] app < dump.sql\nls"


def test_a_very_long_line_is_cut_where_no_secret_is() -> None:
    # JSON records on one line, far longer than a piece: each secret goes, wherever it falls.
    secrets = SINGLE_LINE[:100]
    records = []
    for i, case in enumerate(secrets):
        escaped = case.text.replace("\\", "\\\\").replace('"', '\\"')
        records.append(f'{{"i": {i}, "text": "{escaped}"}}')
        records.append(f'{{"i": {i}, "note": "{"ordinary words here, " * 30}"}}')
    line = ", ".join(records)
    assert len(line) > 5 * LONG and "\n" not in line
    out = redact(line)
    assert [c.secret for c in secrets if leaked(out, c.secret)] == []
    assert out.count("ordinary words here, ") == line.count("ordinary words here, ")


def test_escaped_lines_of_a_long_json_string_are_lines() -> None:
    inner = "\\n".join([f"step {i} done" for i in range(400)] + ["DB_PASSWORD=Wq8rT2vLp9x"])
    out = redact('{"output": "' + inner + '"}')
    assert "Wq8rT2vLp9x" not in out and "DB_PASSWORD=" + MARK in out
    assert "step 399 done\\n" in out


def test_the_trigger_forest_finds_what_testing_every_trigger_finds() -> None:
    from context_keeper.redact import _compiled
    from context_keeper.redact.lines import block_found

    r = _compiled()
    rng = random.Random(3)
    pool = ordinary_lines() + [c.text for c in SINGLE_LINE]
    for _ in range(200):
        low = "\n".join(rng.choice(pool) for _ in range(rng.randint(1, 40))).lower()
        every = sorted(pair for lowered, pairs in r.block_triggers if lowered in low for pair in pairs)
        assert sorted(pair for _, pairs in block_found(r, low) for pair in pairs) == every


def test_the_first_character_scans_find_what_testing_every_trigger_finds() -> None:
    """A long text's blocks find their top triggers by one scan per first character
    (`FirstChars`): the same triggers, where they overlap or start one another too."""
    from context_keeper.redact import _compiled
    from context_keeper.redact.lines import FirstChars, block_found

    r = _compiled()
    scans = FirstChars(r.trigger_tree)
    rng = random.Random(4)
    pool = ordinary_lines() + [c.text for c in SINGLE_LINE]
    triggers = [lowered for lowered, _ in r.block_triggers]
    pieces = triggers + [t[: rng.randint(1, len(t))] for t in triggers] + [" ", "\n", "x", "-", "="]
    for k in range(2000):
        if k % 10:  # (triggers run together, cut short, overlapping)
            low = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        else:
            low = "\n".join(rng.choice(pool) for _ in range(rng.randint(1, 40))).lower()
        every = sorted(pair for lowered, pairs in r.block_triggers if lowered in low for pair in pairs)
        assert sorted(pair for _, pairs in block_found(r, low, scans) for pair in pairs) == every, low


def test_the_flag_scans_find_what_testing_every_flag_trigger_finds() -> None:
    """A long text's blocks find their flag triggers (exact case, after ` -`) by `FirstChars`
    too: the same (trigger, rule) pairs as each trigger's own test."""
    from context_keeper.redact import _compiled
    from context_keeper.redact.lines import FirstChars, block_hits

    r = _compiled()
    scans = FirstChars(r.flag_tree)
    rng = random.Random(5)
    flags = [t for t, _ in r.flag_triggers]
    pieces = flags + [t[: rng.randint(1, len(t))] for t in flags] + [t.upper() for t in flags] + [" -", " ", "\n", "x"]
    for _ in range(3000):
        block = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 12)))
        assert sorted(scans.hits(block)) == sorted(block_hits(r.flag_tree, block)), block


def test_the_triggers_under_a_one_character_trigger_are_scanned_as_tops() -> None:
    """`FirstChars` scans the triggers filed under a one-character top (`.`, `:`) as tops and
    tests the character alone: the same triggers as testing every one, where a trigger under
    the character starts with it, holds two such characters, or starts another."""
    from context_keeper.redact.lines import FirstChars, found_triggers, trigger_tree

    words = [".", ":", "/", ".ab", ".abc", "a.b", "ab.c", ":.", ".:", "x:y", "xy", "xyz:", "b/", "/b.", "ab", "b:"]
    forest = trigger_tree(tuple((w, (w,)) for w in words))
    scans = FirstChars(forest)
    rng = random.Random(7)
    pieces = [*words, "a", "b", "c", "x", "y", " "]
    for _ in range(5000):
        low = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        assert sorted(t for t, _ in scans.found(low)) == sorted(t for t, _ in found_triggers(forest, low)), low


def test_token_starts_found_from_the_character_before_them_are_the_patterns_matches() -> None:
    """A block's token starts, found from the character before each (`_token_starts`), are
    where `formats.STARTS` matches: at the block's start too, and where starts follow closely."""
    from context_keeper.redact import _compiled
    from context_keeper.redact.lines import _token_starts

    r = _compiled()
    rng = random.Random(9)
    pieces = ["a", "Z", "7", "_", "-", ".", "/", "~", "+", "=", ":", " ", "\n", "é", "ab" * 8, "x_" * 8, "-" * 16]
    for _ in range(5000):
        block = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 40)))
        expected = [(m.start(), m.group(1)) for m in r.token_starts.finditer(block)]
        assert _token_starts(r, block) == expected, block


def test_lines_holding_a_trigger_in_a_text_whose_lower_case_is_longer() -> None:
    from context_keeper.redact.pairs import lines_holding

    # 30 characters that lower to 60: offsets in the lower case would point 30 characters on
    text = "\n".join(["İ" * 30, "a", "secret: y", "b" * 5, "c" * 40])
    assert lines_holding(text, text.split("\n"), ("secret",)) == [2]


def _blocks(seed: int) -> list[list[str]]:
    """Blocks of ordinary and secret lines, some in upper or title case, some with an emoji."""
    rng = random.Random(seed)
    pool = ordinary_lines() + [c.text for c in SINGLE_LINE]
    blocks = []
    for _ in range(150):
        chunk = [rng.choice(pool) for _ in range(rng.randint(1, 32))]
        for j in range(len(chunk)):
            shape = rng.random()
            if shape < 0.1:
                chunk[j] = chunk[j].upper()
            elif shape < 0.2:
                chunk[j] = chunk[j].title()
            elif shape < 0.25:
                chunk[j] = "🤖 " + chunk[j]
        blocks.append(chunk)
    return blocks


def test_a_block_chooses_the_lines_testing_each_line_would() -> None:
    from context_keeper.redact import _compiled, _worded
    from context_keeper.redact.lines import _chosen, _chosen_by_line, _token_starts, block_found

    r = _compiled()
    tested = 0
    for chunk in _blocks(seed=7):
        block = "\n".join(chunk)
        low = block.lower()
        found = block_found(r, low)
        flags = [(t, i) for t, i in r.flag_triggers if t in block]
        words = [t for t in r.assignment_triggers if t in low]
        tokens = _token_starts(r, block)
        by_line = _chosen_by_line(chunk, r, found, flags, bool(tokens), words)
        assert _chosen(chunk, block, low, found, flags, tokens, words, r.flag_gate) == by_line
        # (whether a line holds an assignment's word, as its block found it, is its own lower case's)
        assert all(worded == _worded(chunk[j], r) for j, (_, _, worded) in by_line)
        tested += len(by_line)
    assert tested > 500  # (most blocks chose some lines)


def test_lines_without_a_trigger_are_not_read() -> None:
    import context_keeper.redact as redact_package
    from context_keeper.redact.lines import redact_lines

    plain = "the build finished in twelve seconds, all of its checks green"  # (over `_SHORT`: offsets placed)
    lines = [plain] * 40
    lines[5] = "export DB_PASSWORD=Wq8rT2vLp9x"
    lines[33] = "İstanbul: SECRET=Vb7nQ2xLp4Rt"  # (a block whose lower case is longer: tested line by line)
    applied: list[str] = []

    def apply(line: str, hits: set[int], starts: set[str], worded: bool) -> str:
        applied.append(line)
        return redact_package._apply(line, hits, starts, worded)

    out = redact_lines("\n".join(lines), redact_package._compiled(), apply)
    assert applied == [lines[5], lines[33]]
    assert "Wq8rT2vLp9x" not in out and "Vb7nQ2xLp4Rt" not in out
