"""json_scan.loads: the status line's JSON decoder without `json`'s import, equal to json.loads."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from context_keeper.transcript import json_scan

FIXTURES = Path(__file__).parents[1] / "fixtures"

values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children) | st.dictionaries(st.text(), children),
    max_leaves=30,
)


@given(values, st.sampled_from([None, 2]))
def test_every_json_text_reads_as_json_loads_reads_it(value: object, indent: int | None) -> None:
    text = json.dumps(value, indent=indent, ensure_ascii=indent is None)
    assert json_scan.loads(f" {text}\n") == json.loads(text)


def test_the_captured_status_line_objects_and_the_hook_samples() -> None:
    for line in (FIXTURES / "statusline" / "stdin_2.1.330.jsonl").read_text().splitlines():
        assert json_scan.loads(line) == json.loads(line)
    samples = (FIXTURES / "hook_stdin_samples.json").read_text()
    assert json_scan.loads(samples) == json.loads(samples)


def test_constants() -> None:
    assert math.isnan(json_scan.loads('{"a": NaN}')["a"])  # type: ignore[index]
    assert json_scan.loads("[Infinity, -Infinity]") == [math.inf, -math.inf]


@pytest.mark.parametrize("text", ["", "   ", "{", '{"a": }', "[1,]", "1 2", "nul", '{"a": 1} x', "'a'", '"\x00"'])
def test_what_json_loads_refuses_it_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        json.loads(text)
    with pytest.raises(ValueError):
        json_scan.loads(text)
