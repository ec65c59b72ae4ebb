"""failures/boxes: a message framed in a box reads as its lines; an excerpt's frame stays."""

from __future__ import annotations

from context_keeper.failures.boxes import unboxed
from context_keeper.failures.ranking import rank


def test_a_titled_box_gives_its_lines_and_blank_borders() -> None:
    box = [
        "╭─ Error ────────────────╮",
        "│ Config is not valid:   │",
        "│                        │",
        "│ port must be a number  │",
        "╰────────────────────────╯",
    ]
    assert unboxed(box) == ["", "Config is not valid:", "", "port must be a number", ""]


def test_a_bare_box_is_read_as_its_message() -> None:
    found = rank([["≈ tool v1", "", "Error:", "┌", "│ Error: Cannot apply unknown class `x-1`", "└"]])
    assert found is not None
    assert found.messages == ["Error: Cannot apply unknown class `x-1`"]


def test_an_excerpts_frame_is_no_box() -> None:
    excerpt = ["  ╭─[2:45]", "1 │ let a = (1;", "  ╰────"]
    assert unboxed(excerpt) == excerpt


def test_a_box_left_open_is_kept() -> None:
    lines = ["┌", "│ text", "no bottom"]
    assert unboxed(lines) == lines
