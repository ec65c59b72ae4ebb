"""failures never puts a word in front of the model that the tool did not print.

Outputs built from the shapes recognisers and the general method read (locations, levels,
test headers, tracebacks, carets, summaries, cut markers), cut and glued at random: every
word of every message is a word of the output, the messages are single lines of at most
LINE_CAP characters, and nothing raises.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from context_keeper.failures import failure_messages
from context_keeper.failures.lines import LINE_CAP, pieces

_WORD_RE = re.compile(r"[^\W_]{2,}")
_NAMES = st.sampled_from(["src/app.py", "lib/x.rs", "a.go", "Main.java", "tests/test_a.py", "x.c", "pkg/b.ts"])
_TEXT = st.text(alphabet=st.sampled_from(list("abcxyz ABC019_.:/-()[]'\"=^~|")), max_size=40)
_LINE = st.one_of(
    st.builds(lambda f, n, t: f"{f}:{n}: error: {t}", _NAMES, st.integers(0, 999), _TEXT),
    st.builds(lambda f, n, t: f"{f}:{n}:{n}: warning: {t}", _NAMES, st.integers(0, 99), _TEXT),
    st.builds(lambda k, t: f"{k}: test_{t} (pkg.tests.Case.test_{t})", st.sampled_from(["FAIL", "ERROR"]), _TEXT),
    st.builds(lambda t: f"FAILED tests/test_a.py::test_{t} - AssertionError: {t}", _TEXT),
    st.builds(lambda t: f"ValueError: {t}", _TEXT),
    st.builds(lambda t: f"--- FAIL: Test{t}", _TEXT),
    st.builds(lambda t: f"● suite › {t}", _TEXT),
    st.sampled_from(
        [
            "-" * 70,
            "=" * 70,
            "Traceback (most recent call last):",
            '  File "a.py", line 3, in <module>',
            "    ^^^^^",
            "FAILED (failures=1, errors=1)",
            "===== 1 failed, 2 passed in 0.1s =====",
            "make: *** [Makefile:3: all] Error 1",
            "npm error code 1",
            "... [1200 characters truncated] ...",
            "Exit code 1",
            "",
            "\x1b[31m",
        ]
    ),
    _TEXT,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.lists(_LINE, max_size=25),
    st.sampled_from([None, "pytest", "python -m unittest", "make", "go test", "cargo build"]),
)
def test_every_word_of_a_message_was_printed(lines: list[str], command: str | None) -> None:
    output = "\n".join(lines)
    found = failure_messages(output, command, cap=10)
    printed = "\n".join(line for chunk in pieces(output) for line in chunk).lower()
    for message in found.messages:
        assert "\n" not in message and len(message) <= LINE_CAP
        assert [w for w in _WORD_RE.findall(message) if w.lower() not in printed] == [], message
