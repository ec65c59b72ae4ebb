"""transcript.tail.awaits_tool_result: whether a transcript's first bytes end in a tool call
whose result Claude Code has yet to write (the archive waits for it)."""

from __future__ import annotations

from pathlib import Path

from wild_support import Transcript


def awaits(path: Path, end: int | None = None) -> bool:
    from context_keeper.transcript.tail import awaits_tool_result

    return awaits_tool_result(path, path.stat().st_size if end is None else end)


def test_a_call_without_its_result_awaits_it_and_with_it_does_not(tmp_path: Path) -> None:
    t = Transcript()
    t.user("List the files.")
    t.call("Bash", {"command": "ls"}, result="a.py")
    path = t.write(tmp_path / "t.jsonl")
    assert not awaits(path)
    # The same bytes up to the end of the call: its result was not written yet.
    data = path.read_bytes()
    call_end = data.rindex(b"\n", 0, len(data) - 1) + 1
    assert awaits(path, call_end)


def test_an_answer_a_prompt_or_an_empty_file_awaits_nothing(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Hello.")
    path = t.write(tmp_path / "prompt.jsonl")
    assert not awaits(path)
    t.say("Hi.")
    assert not awaits(t.write(tmp_path / "answer.jsonl"))
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert not awaits(empty)


def test_a_subagents_call_inline_is_not_the_main_conversations(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Go.")
    t.call("Bash", {"command": "ls"}, result="a.py")
    t.assistant([{"type": "tool_use", "id": "toolu_side", "name": "Bash", "input": {"command": "pwd"}}],
                isSidechain=True)
    assert not awaits(t.write(tmp_path / "t.jsonl"))
