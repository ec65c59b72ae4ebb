"""jsonio.size: len(jsonio.dumps(x)), through orjson where orjson writes the same bytes."""

from __future__ import annotations

import subprocess
import sys

import orjson
from hypothesis import given, settings
from hypothesis import strategies as st

from context_keeper.records import jsonio

TEXT = st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from(["\x00", "\x1f", "\x7f", "\u2028", '"', "\\", "/", "\n", "\t", "é", "😀"]))
PLAIN = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**64 - 1) | TEXT,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children, max_size=4),
    max_leaves=20,
)
ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**80), 2**80) | st.floats() | TEXT | st.sampled_from(["lone \ud800", "\udfff"]),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(TEXT, children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=400)
@given(value=PLAIN)
def test_orjson_writes_the_same_bytes_as_dumps_for_plain_values(value: object) -> None:
    # The reason size() may use orjson: without floats, both write the same compact JSON.
    assert orjson.dumps(value) == jsonio.dumps(value)


@settings(max_examples=400)
@given(value=ANY)
def test_size_is_the_length_of_dumps_for_any_value(value: object) -> None:
    assert "orjson" in sys.modules  # the fast path is the one tested here
    assert jsonio.size(value) == len(jsonio.dumps(value))


def test_size_never_imports_orjson() -> None:
    code = "import sys, context_keeper.records.jsonio as j; n = j.size({'a': [1, 'x']}); print(n, 'orjson' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["13", "False"]


def test_values_read_back_are_taken_only_with_the_type_a_field_needs() -> None:
    from context_keeper.records.jsonio import as_int, as_str, as_text

    assert [as_str(v) for v in ("a", "", 1, None)] == ["a", "", None, None]
    assert [as_text(v) for v in ("a", "", 1, None)] == ["a", None, None, None]
    assert [as_int(v) for v in (3, 0, True, 2.0, "3")] == [3, 0, None, None, None]
