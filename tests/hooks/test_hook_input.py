import json
from pathlib import Path

import orjson
import pytest

from context_keeper.hooks.hook_input import BadHookInput, HookInput, parse_hook_input

SAMPLES = json.loads((Path(__file__).parents[1] / "fixtures" / "hook_stdin_samples.json").read_text())["samples"]

BASE = {
    "session_id": "b3445fea-82de-4faa-bf75-29dba206bde4",
    "transcript_path": "/home/dev/.claude/projects/-home-dev-project/b3445fea.jsonl",
    "cwd": "/home/dev/project",
    "hook_event_name": "PostToolUse",
}


def parse(**changes: object) -> HookInput:
    payload = {**BASE, **changes}
    payload = {k: v for k, v in payload.items() if v is not ...}
    return parse_hook_input(orjson.dumps(payload))


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_every_real_sample_parses(name: str) -> None:
    stdin = SAMPLES[name]["stdin"]
    hook = parse_hook_input(json.dumps(stdin).encode())
    assert hook.event == stdin["hook_event_name"]
    assert hook.session_id == stdin["session_id"]
    assert hook.cwd == Path(stdin["cwd"])
    assert hook.transcript_path == Path(stdin["transcript_path"])
    assert hook.tool_name == stdin.get("tool_name")
    assert hook.tool_use_id == stdin.get("tool_use_id")
    assert hook.trigger == stdin.get("trigger")
    assert hook.source == stdin.get("source")


def test_post_tool_use_fields() -> None:
    hook = parse_hook_input(json.dumps(SAMPLES["PostToolUse:Bash"]["stdin"]).encode())
    assert hook.tool_name == "Bash" and hook.tool_use_id
    assert hook.trigger is None and hook.source is None and hook.custom_instructions is None


def test_precompact_fields() -> None:
    hook = parse(hook_event_name="PreCompact", trigger="manual", custom_instructions="keep the tests")
    assert (hook.event, hook.trigger, hook.custom_instructions) == ("PreCompact", "manual", "keep the tests")


@pytest.mark.parametrize("value", [None, "", "   \n"])
def test_empty_custom_instructions_mean_none(value: object) -> None:
    assert parse(hook_event_name="PreCompact", custom_instructions=value).custom_instructions is None


def test_session_start_source() -> None:
    assert parse(hook_event_name="SessionStart", source="compact").source == "compact"


@pytest.mark.parametrize("value", [..., None, "", 5, ["/x"]])
def test_transcript_path_is_optional(value: object) -> None:
    assert parse(transcript_path=value).transcript_path is None


def test_hook_input_is_frozen() -> None:
    with pytest.raises(AttributeError):
        parse().session_id = "x"  # type: ignore[misc]


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        (b"", "empty"),
        (b"  \n\t", "empty"),
        (b"not json", "not JSON"),
        (b'{"session_id": "a",', "not JSON"),
        (b"\xff\xfe{}", "not JSON"),
        (b"[1, 2]", "JSON array"),
        (b'"just a string"', "JSON string"),
        (b"null", "JSON null"),
        (b"42", "JSON number"),
    ],
)
def test_junk_is_rejected(data: bytes, reason: str) -> None:
    with pytest.raises(BadHookInput) as info:
        parse_hook_input(data)
    message = str(info.value)
    assert reason in message and "\n" not in message


REQUIRED_BAD = [
    (key, value)
    for key in ("session_id", "cwd", "hook_event_name")
    for value in (..., None, 7, "", ["x"], {"a": 1})
    if (key, value) != ("hook_event_name", ...)  # absent: left to the guard, below
]


@pytest.mark.parametrize(("key", "value"), REQUIRED_BAD)
def test_required_fields(key: str, value: object) -> None:
    with pytest.raises(BadHookInput) as info:
        parse(**{key: value})
    assert key in str(info.value) and "\n" not in str(info.value)


def test_missing_event_name_is_left_to_the_guard() -> None:
    # The guard reads it as the script's one event (tests/hooks/test_guard.py).
    assert parse(hook_event_name=...).event == ""


def test_relative_cwd_is_rejected() -> None:
    with pytest.raises(BadHookInput, match="cwd"):
        parse(cwd="relative/dir")


def test_nul_in_cwd_is_rejected() -> None:
    with pytest.raises(BadHookInput, match="NUL"):
        parse(cwd="/a\0b")


def test_bom_is_tolerated() -> None:
    assert parse_hook_input(b"\xef\xbb\xbf" + orjson.dumps(BASE)).session_id == BASE["session_id"]


def test_unusual_session_ids_are_passed_through_verbatim() -> None:
    # Making them safe for file names is store.safe_name's job, not the parser's.
    assert parse(session_id="../../etc/passwd").session_id == "../../etc/passwd"


def test_bad_hook_input_is_a_value_error() -> None:
    assert issubclass(BadHookInput, ValueError)
