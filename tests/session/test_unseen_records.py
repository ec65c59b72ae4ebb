"""Records of a Claude Code version nobody has seen, folded: what they leave out (ids, flags)
leaves the facts it carried absent, never makes the others wrong."""

from __future__ import annotations

import json
from pathlib import Path

from context_keeper.hooks.gate import turns_since
from context_keeper.session import build_model
from wild_support import Transcript


def _without_ids(t: Transcript) -> list[dict[str, object]]:
    records = []
    for record in t.records:
        record = {k: v for k, v in record.items() if k not in ("uuid", "parentUuid")}
        message = dict(record["message"]) if isinstance(record.get("message"), dict) else None
        if message is not None:
            message.pop("id", None)
            record["message"] = message
        records.append(record)
    return records


def test_responses_with_no_message_id_and_no_uuid_are_a_turn_each(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Make the cart total include tax")
    t.call("Bash", {"command": "pytest -q"}, "Exit code 1\n1 failed", is_error=True)
    t.say("The total misses tax.")
    t.user("yes, fix it")
    t.call("Edit", {"file_path": "/home/dev/shop/cart.py", "old_string": "a", "new_string": "b"}, "ok")
    t.say("Fixed.")
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in _without_ids(t)))
    model = build_model(path)
    assert model.turns == 4
    assert [(p.turn, p.text) for p in model.prompts] == [(1, "Make the cart total include tax"), (3, "yes, fix it")]
    stat = path.stat()
    assert turns_since(path, 0, (stat.st_dev, stat.st_ino)) == 4


def test_a_background_agent_without_its_tool_use_result_is_still_running(tmp_path: Path) -> None:
    # The launch's status is in toolUseResult; a version that leaves it out (or writes a string)
    # still writes Claude Code's own launch text: the subagent runs on, it has not completed.
    t = Transcript(version="2.1.158")
    t.user("Rewrite the frontend")
    call_input = {"description": "Rewrite the views", "prompt": "Rewrite the views", "run_in_background": True}
    launched = "Async agent launched successfully.\nagentId: a2e6348134 (use it to resume)"
    for tool_use_result in (None, launched):
        t.call("Agent", call_input, launched, False, tool_use_result)
        t.say("Waiting for it.")
        sub = build_model(t.write(tmp_path / "t.jsonl")).subagents["a2e6348134"]
        assert (sub.running, sub.background, sub.status) == (True, True, "running")


def test_a_subagents_responses_with_no_ids_are_a_turn_each() -> None:
    from context_keeper.session import SessionModel
    from context_keeper.session.subagent_files import fold_record
    from context_keeper.session.subagents import Subagent
    from context_keeper.transcript.entries import Message, TextBlock

    model, sub = SessionModel(), Subagent("a2e6348134")
    for text in ("Reading the views.", "Rewriting them.", "Done."):
        fold_record(
            model, sub, Message("assistant", None, None, None, (TextBlock(text),), model="claude-sonnet-4-6"), 0
        )
    assert sub.turns == 3
