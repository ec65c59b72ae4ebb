"""The fake API on its own (no Claude Code binary needed): SSE shape, script, log, limits."""

from __future__ import annotations

import json
import socket
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from fake_api import (
    COMPACTION_MARKER,
    FakeApi,
    context_usage,
    is_compaction_request,
    step,
    tool,
)


@pytest.fixture
def api() -> Iterator[FakeApi]:
    with FakeApi() as running:
        yield running


def post(api: FakeApi, body: Any, path: str = "/v1/messages?beta=true") -> tuple[int, bytes]:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    request = urllib.request.Request(api.base_url + path, data=data, method="POST",
                                     headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read()


def sse(raw: bytes) -> list[tuple[str, dict[str, Any]]]:
    events = []
    for chunk in raw.decode().split("\n\n"):
        if not chunk.strip():
            continue
        lines = dict(line.split(": ", 1) for line in chunk.splitlines())
        events.append((lines["event"], json.loads(lines["data"])))
    return events


def user_body(*texts: str) -> dict[str, Any]:
    content = [{"type": "text", "text": t} for t in texts]
    return {"model": "m", "stream": True, "messages": [{"role": "user", "content": content}]}


def test_streams_text_and_tool_use_steps(api: FakeApi) -> None:
    api.set_script([step("hello", tool("Bash", command="ls"), usage=context_usage(5000))])
    status, raw = post(api, user_body("hi"))
    events = sse(raw)
    assert status == 200
    assert [name for name, _ in events] == [
        "message_start",
        "content_block_start", "content_block_delta", "content_block_stop",
        "content_block_start", "content_block_delta", "content_block_stop",
        "message_delta", "message_stop",
    ]
    tool_start = events[4][1]["content_block"]
    assert tool_start["name"] == "Bash" and tool_start["id"].startswith("toolu_")
    assert json.loads(events[5][1]["delta"]["partial_json"]) == {"command": "ls"}
    delta = events[7][1]
    assert delta["delta"]["stop_reason"] == "tool_use"
    usage = delta["usage"]
    assert sum(usage[k] for k in ("input_tokens", "output_tokens", "cache_read_input_tokens",
                                  "cache_creation_input_tokens")) == 5000


def test_compaction_does_not_consume_a_step_and_exhaustion_ends_the_turn(api: FakeApi) -> None:
    api.set_script([step("scripted")])
    _, compaction = post(api, user_body("earlier", COMPACTION_MARKER + ". Do NOT call tools."))
    _, scripted = post(api, user_body("next"))
    _, final = post(api, user_body("again"))

    assert "<summary>" in sse(compaction)[2][1]["delta"]["text"]
    assert sse(scripted)[2][1]["delta"]["text"] == "scripted"
    assert sse(final)[-2][1]["delta"]["stop_reason"] == "end_turn"
    assert [r.is_compaction for r in api.requests] == [True, False, False]
    assert [r.step_index for r in api.requests] == [None, 0, None]
    assert [r.index for r in api.requests_after_compaction()] == [1, 2]
    assert "earlier" in api.all_text(api.compaction_requests()[0])


def test_compaction_detection_needs_the_last_text_of_the_last_user_message() -> None:
    assert is_compaction_request({"messages": [{"role": "user", "content": COMPACTION_MARKER}]})
    assert not is_compaction_request(user_body(COMPACTION_MARKER, "then something else"))
    assert not is_compaction_request({"messages": [
        {"role": "user", "content": COMPACTION_MARKER}, {"role": "user", "content": "later"}]})
    assert not is_compaction_request({"messages": "nonsense"})
    assert not is_compaction_request(None)


def test_all_text_covers_system_tool_results_and_string_content() -> None:
    body = {
        "system": [{"type": "text", "text": "SYS"}],
        "messages": [
            {"role": "user", "content": "PLAIN"},
            {"role": "system", "content": "MIDDLE"},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t",
                                          "content": [{"type": "text", "text": "RESULT"}]}]},
        ],
    }
    text = FakeApi.all_text(body)
    assert all(part in text for part in ("SYS", "PLAIN", "MIDDLE", "RESULT"))


def test_other_paths_and_bad_bodies_get_errors_without_killing_the_server(api: FakeApi) -> None:
    assert post(api, user_body("x"), path="/v1/models")[0] == 404
    with pytest.raises(urllib.error.HTTPError) as caught:
        urllib.request.urlopen(api.base_url + "/v1/messages", timeout=5)
    assert caught.value.code == 404
    assert post(api, b"{not json")[0] == 400
    assert post(api, b"[1, 2]")[0] == 400
    with socket.create_connection(("127.0.0.1", api.port), timeout=5) as raw:
        raw.sendall(b"garbage\r\n\r\n")
        raw.recv(1024)
    assert post(api, user_body("still alive"))[0] == 200
    assert len(api.unrouted) == 2


def test_request_cap_answers_400(api: FakeApi) -> None:
    api.max_requests = 2
    assert [post(api, user_body("x"))[0] for _ in range(3)] == [200, 200, 400]


def test_non_streaming_requests_get_a_json_message(api: FakeApi) -> None:
    api.set_script([step("plain")])
    status, raw = post(api, {"model": "m", "messages": [{"role": "user", "content": "hi"}]})
    message = json.loads(raw)
    assert status == 200 and message["content"] == [{"type": "text", "text": "plain"}]


def test_script_entries_may_depend_on_the_request(api: FakeApi) -> None:
    api.set_script([lambda body: step(f"saw {len(body['messages'])} messages")])
    _, raw = post(api, user_body("x"))
    assert sse(raw)[2][1]["delta"]["text"] == "saw 1 messages"


def subagent_body(prompt: str) -> dict[str, Any]:
    """A subagent's request as Claude Code 2.1.330 sends it: the billing header first (measured)."""
    header = "x-anthropic-billing-header: cc_version=2.1.330.c51; cc_entrypoint=sdk-cli; cc_is_subagent=true;"
    return {**user_body("<system-reminder>context</system-reminder>", prompt),
            "system": [{"type": "text", "text": header}, {"type": "text", "text": "You are an agent."}]}


def test_subagent_requests_take_their_steps_from_their_own_scripts(api: FakeApi) -> None:
    api.set_script([step("main 1"), step("main 2")])
    api.set_subagent_script({"ALPHA": [step("alpha 1"), step("alpha 2")], "BETA": [step("beta 1")]})
    texts = []
    for body in (user_body("go"), subagent_body("BETA: look"), subagent_body("ALPHA: write"),
                 subagent_body("ALPHA: write"), user_body("go on"), subagent_body("BETA: look")):
        texts.append(sse(post(api, body)[1])[2][1]["delta"]["text"])
    assert texts == ["main 1", "beta 1", "alpha 1", "alpha 2", "main 2", "Done (fake API script exhausted)."]
    assert [r.subagent for r in api.requests] == [None, "BETA", "ALPHA", "ALPHA", None, "BETA"]
    assert [r.index for r in api.subagent_requests()] == [1, 2, 3, 5]
    assert api.steps_left == 0 and api.subagent_steps_left == {"ALPHA": 0, "BETA": 0}


def test_one_queue_serves_every_subagent_and_the_main_header_is_no_subagents() -> None:
    with FakeApi([step("main")], subagent_script=[step("any subagent")]) as api:
        main_header = {**user_body("hi"), "system": [{"type": "text", "text": "x-anthropic-billing-header: cc_version=2.1.330.3c2; cc_entrypoint=sdk-cli;"}]}
        assert sse(post(api, subagent_body("whatever"))[1])[2][1]["delta"]["text"] == "any subagent"
        assert sse(post(api, main_header)[1])[2][1]["delta"]["text"] == "main"
        assert [r.subagent for r in api.requests] == ["", None]
