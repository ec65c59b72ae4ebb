"""session.shell_writes: the cheap test that a command writes nothing agrees with reading it
whole (shlex): whenever it says nothing can be written, the whole reading finds nothing."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from context_keeper.session.shell_writes import _may_write, _written, written_paths

PIECES = st.sampled_from(
    [
        " ",
        "\n",
        ">",
        ">>",
        "&",
        ">&",
        "&>",
        "|",
        ";",
        "2",
        "1",
        "'",
        '"',
        "\\",
        "/dev/null",
        "/dev/",
        "out.txt",
        "a",
        "echo",
        "cat",
        "<<",
        "EOF",
        "cd",
        "src",
        "x",
        "(",
        ")",
        "<",
        "-",
        "/home/u/f",
    ]
)


@settings(max_examples=2000)
@given(st.lists(PIECES, max_size=12).map("".join))
@example("pytest -q 2>&1 | tail -5")
@example("make >/dev/null 2>&1 && echo ok")
@example("cd src && echo \\> /dev/null")
@example("echo '>' /dev/null")
@example(";*EOF..\t\\>>/dev/null|")  # an escaped `>` is a token of its own
def test_a_command_said_to_write_nothing_writes_nothing(command: str) -> None:
    if not _may_write(command):
        assert _written(command) == ([], [])


def test_the_usual_redirections_to_nowhere_are_told_without_reading() -> None:
    for command in ("npm test 2>&1 | tail -20", "go build ./... >/dev/null 2>&1", "ls &> /dev/null; echo $?"):
        assert not _may_write(command) and written_paths(command) == []
    # ...and a real write is still found.
    assert written_paths("pytest 2>&1 > log.txt") == ["log.txt"]
    assert written_paths("echo x >/dev/null >out") == ["out"]
