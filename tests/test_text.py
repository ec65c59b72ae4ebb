"""text: the one set of helpers for clipped, one-line and de-duplicated text."""

from __future__ import annotations

from context_keeper.text import SCAN_CHARS, clip, first_line, folded, one_line, unique


def test_clip_keeps_short_text_and_ends_cut_text_with_an_ellipsis() -> None:
    assert clip("abcdef", 6) == "abcdef"
    assert clip("abcdefg", 6) == "abcde…" and len(clip("abcdefg", 6)) == 6
    assert clip("a\n  b", 10) == "a\n  b"  # clip alone changes nothing else


def test_folded_and_one_line() -> None:
    assert folded("  a \n\t b  ", 10) == "a b"
    assert folded("x" * 5 + "  " + "y" * 5, 8) == "xxxxx y…"
    # one_line keeps a single line as it is (inner runs of spaces too), folds only multi-line text
    assert one_line("  a   b  ", 20) == "a   b"
    assert one_line("a   b\n  c", 20) == "a b c"
    assert one_line("a\r\nb", 2) == "a…"


def test_first_line_skips_blank_lines_and_looks_only_at_the_start() -> None:
    assert first_line("\n   \n  first line  \nsecond", 100) == "first line"
    assert first_line("abcdef", 4) == "abc…"
    assert first_line("   \n\n", 10) == ""
    assert first_line(" " * SCAN_CHARS + "\nlate", 10) == ""


def test_unique_keeps_order_and_stops_at_the_cap() -> None:
    assert unique(["b", "a", "b", "c", "d"], 3) == ["b", "a", "c"]
    assert unique(["", "a", "", "b"], 5) == ["", "a", "b"]
    assert unique(["", "a", "", "b"], 5, skip_empty=True) == ["a", "b"]
    assert unique([{"e": 1}, {"e": 1}, {"e": 2}], 5) == [{"e": 1}, {"e": 2}]


def test_one_relative_path_rule_for_blocks_reports_and_tables() -> None:
    from context_keeper.text import relative_path

    repo = "/home/you/src/proj"
    assert relative_path("/home/you/src/proj/lib/x.py", repo) == "lib/x.py"
    assert relative_path("/home/you/src/proj", repo) == "."
    assert relative_path("/home/you/src/proj/", repo) == "."
    assert relative_path("/home/you/src/proj/a/../b.py", repo) == "b.py"
    assert relative_path("/home/you/src/proj-old/x.py", repo) == "/home/you/src/proj-old/x.py"
    assert relative_path("relative/x.py", repo) == "relative/x.py"
    assert relative_path("/home/you/src/proj/x.py", None) == "/home/you/src/proj/x.py"
    assert relative_path("/x.py", "/") == "x.py"


def test_clipping_keeps_the_start_or_the_end_and_fits_any_cap() -> None:
    from context_keeper.text import clip, clip_start

    assert clip("abcdef", 4) == "abc…" and clip_start("abcdef", 4) == "…def"
    assert clip("abc", 3) == "abc" and clip_start("abc", 3) == "abc"
    for cap in (1, 0, -2):
        assert len(clip("abcdef", cap)) <= max(cap, 0) and len(clip_start("abcdef", cap)) <= max(cap, 0)


def test_numbers_have_thousands_separators_and_unknown_is_a_dash() -> None:
    from context_keeper.text import number

    assert (number(1234567), number(0), number(None)) == ("1,234,567", "0", "-")
