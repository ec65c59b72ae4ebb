"""A scripted fake of the Anthropic Messages API for driving the real Claude Code CLI.

Claude Code 2.1.330 only ever calls `POST /v1/messages?beta=true` with `stream: true`
(measured; docs/how-it-works.md), so this answers every message request with
server-sent events. Each ordinary request consumes the next step of a script; the
compaction request (recognised by its "CRITICAL: Respond with TEXT ONLY" prompt) is
answered with a canned `<summary>` without consuming a step, so a test's script only
describes the conversation itself. A subagent's request (its first system block, the billing
header, says `cc_is_subagent=true`: measured) takes its steps from a separate script, one per
subagent when they are keyed by a string of the subagent's prompt: background subagents run
alongside the main agent, so one queue for both would interleave at random.

Usage:
    with FakeApi([step(text("hi"), tool("Bash", command="ls")), step(text("done"))]) as api:
        ... run claude with ANTHROPIC_BASE_URL=api.base_url ...
        assert api.compaction_requests()
"""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

COMPACTION_MARKER = "CRITICAL: Respond with TEXT ONLY"
SUBAGENT_MARKER = "cc_is_subagent=true"
DEFAULT_SUMMARY = (
    "<analysis>Fake analysis of the conversation.</analysis>\n"
    "<summary>FAKE-COMPACTION-SUMMARY: the user asked for scripted work; it was done.</summary>"
)
DEFAULT_FINAL_TEXT = "Done (fake API script exhausted)."
MAX_BODY_BYTES = 64 * 1024 * 1024  # requests carry the whole conversation; bound it anyway
SOCKET_TIMEOUT_S = 30.0  # a stuck client must not pin a handler thread forever


@dataclass(frozen=True)
class Text:
    """An assistant text block."""

    text: str


@dataclass(frozen=True)
class ToolUse:
    """An assistant tool_use block; `id` is generated when left empty."""

    name: str
    input: Mapping[str, Any]
    id: str = ""


Block = Text | ToolUse


def usage_of(
    input_tokens: int = 100,
    output_tokens: int = 20,
    cache_creation_input_tokens: int = 0,
    cache_read_input_tokens: int = 0,
) -> dict[str, int]:
    return {
        "input_tokens": input_tokens,
        "output_tokens": output_tokens,
        "cache_creation_input_tokens": cache_creation_input_tokens,
        "cache_read_input_tokens": cache_read_input_tokens,
    }


def context_usage(total: int, output_tokens: int = 20) -> dict[str, int]:
    """Usage whose context sum (input + cache_creation + cache_read + output) is `total`.

    Claude Code's auto-compaction compares exactly that sum with its threshold, so tests
    make context "climb" by giving successive steps larger totals. Most of it is put in
    cache reads, as a real long session would show.
    """
    if total < output_tokens + 1:
        raise ValueError(f"total {total} must exceed output_tokens {output_tokens}")
    rest = total - output_tokens
    return usage_of(
        input_tokens=1, output_tokens=output_tokens, cache_read_input_tokens=rest - 1
    )


@dataclass(frozen=True)
class Step:
    """One scripted assistant response."""

    blocks: tuple[Block, ...]
    usage: Mapping[str, int] = field(default_factory=usage_of)

    @property
    def stop_reason(self) -> str:
        return "tool_use" if any(isinstance(b, ToolUse) for b in self.blocks) else "end_turn"


def text(value: str) -> Text:
    return Text(value)


def tool(name: str, tool_id: str = "", /, **tool_input: Any) -> ToolUse:
    return ToolUse(name=name, input=tool_input, id=tool_id)


def step(*blocks: Block | str, usage: Mapping[str, int] | None = None) -> Step:
    """Build a Step; bare strings become text blocks."""
    built = tuple(Text(b) if isinstance(b, str) else b for b in blocks)
    if not built:
        raise ValueError("a step needs at least one block")
    return Step(blocks=built, usage=dict(usage) if usage is not None else usage_of())


# A script entry is a fixed Step or a function of the parsed request body, for answers
# that depend on what Claude Code sent (e.g. echoing an id from a tool result).
ScriptEntry = Step | Callable[[dict[str, Any]], Step]
# Subagents' steps: one queue for every subagent, or a queue per subagent keyed by a string
# its prompt contains ("" matches any prompt).
SubagentScript = Sequence[ScriptEntry] | Mapping[str, Sequence[ScriptEntry]]


@dataclass(frozen=True)
class LoggedRequest:
    """One request as the fake API received it."""

    index: int
    method: str
    path: str
    body: dict[str, Any] | None
    is_compaction: bool
    step_index: int | None  # which script step answered it; None for compaction/final/404
    subagent: str | None = None  # a subagent's request: the key of the script that answered it


def _content_blocks(message: Mapping[str, Any]) -> list[Any]:
    content = message.get("content")
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    return content if isinstance(content, list) else []


def is_compaction_request(body: Mapping[str, Any] | None) -> bool:
    """True when the last user message's last text block is the compaction prompt."""
    if not body:
        return False
    messages = body.get("messages")
    if not isinstance(messages, list):
        return False
    users = [m for m in messages if isinstance(m, dict) and m.get("role") == "user"]
    if not users:
        return False
    texts = [
        b.get("text", "")
        for b in _content_blocks(users[-1])
        if isinstance(b, dict) and b.get("type") == "text"
    ]
    return bool(texts) and isinstance(texts[-1], str) and texts[-1].startswith(COMPACTION_MARKER)


def is_subagent_request(body: Mapping[str, Any] | None) -> bool:
    """True when the first system block (the billing header) says `cc_is_subagent=true`."""
    system = body.get("system") if body else None
    first = system[0] if isinstance(system, list) and system else system
    text = first.get("text") if isinstance(first, dict) else first
    return isinstance(text, str) and SUBAGENT_MARKER in text


def first_user_text(body: Mapping[str, Any]) -> str:
    """The text of a request's first user message (a subagent's holds its prompt)."""
    messages = body.get("messages")
    users = [m for m in messages if isinstance(m, dict) and m.get("role") == "user"] if isinstance(messages, list) else []
    if not users:
        return ""
    return "\n".join(b.get("text", "") for b in _content_blocks(users[0])
                     if isinstance(b, dict) and isinstance(b.get("text"), str))


def _texts_in(value: Any) -> Iterator[str]:
    """Every string that is text a model would read: text blocks, tool results, strings."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, list):
        for item in value:
            yield from _texts_in(item)
    elif isinstance(value, dict):
        kind = value.get("type")
        if kind == "text" and isinstance(value.get("text"), str):
            yield value["text"]
        elif kind == "tool_result":
            yield from _texts_in(value.get("content"))
        elif kind == "tool_use":
            yield json.dumps(value.get("input"), sort_keys=True)
        elif "content" in value:  # a message
            yield from _texts_in(value.get("content"))


def all_text(request: LoggedRequest | Mapping[str, Any]) -> str:
    """System prompt plus every message text of a request, joined, for substring asserts."""
    body = request.body if isinstance(request, LoggedRequest) else request
    if not body:
        return ""
    parts = list(_texts_in(body.get("system")))
    parts.extend(_texts_in(body.get("messages")))
    return "\n".join(parts)


def _sse(event: str, data: Mapping[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


def sse_events(
    message_id: str, model: str, blocks: Sequence[Block], stop_reason: str,
    usage: Mapping[str, int],
) -> list[bytes]:
    """The event sequence of one streamed Messages API response."""
    start_usage = dict(usage) | {"output_tokens": 1}
    out = [
        _sse("message_start", {"type": "message_start", "message": {
            "id": message_id, "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": None, "stop_sequence": None, "usage": start_usage,
        }}),
    ]
    for index, block in enumerate(blocks):
        out.extend(_block_events(index, block))
    out.append(_sse("message_delta", {
        "type": "message_delta",
        "delta": {"stop_reason": stop_reason, "stop_sequence": None},
        "usage": dict(usage),
    }))
    out.append(_sse("message_stop", {"type": "message_stop"}))
    return out


def _block_events(index: int, block: Block) -> list[bytes]:
    if isinstance(block, Text):
        start = {"type": "text", "text": ""}
        delta = {"type": "text_delta", "text": block.text}
    else:
        start = {"type": "tool_use", "id": block.id, "name": block.name, "input": {}}
        delta = {"type": "input_json_delta", "partial_json": json.dumps(dict(block.input))}
    return [
        _sse("content_block_start",
             {"type": "content_block_start", "index": index, "content_block": start}),
        _sse("content_block_delta", {"type": "content_block_delta", "index": index, "delta": delta}),
        _sse("content_block_stop", {"type": "content_block_stop", "index": index}),
    ]


class FakeApi:
    """Threaded fake Messages API on 127.0.0.1:<ephemeral port>; a context manager."""

    def __init__(
        self,
        script: Sequence[ScriptEntry] = (),
        *,
        subagent_script: SubagentScript = (),
        summary: str | Callable[[dict[str, Any]], str] = DEFAULT_SUMMARY,
        final_text: str = DEFAULT_FINAL_TEXT,
        compaction_usage: Mapping[str, int] | None = None,
        max_requests: int = 200,
    ) -> None:
        self.summary = summary
        self.final_text = final_text
        self.compaction_usage = dict(compaction_usage or usage_of(2000, 300))
        # Past this many requests the API answers 400: a runaway client loop ends fast.
        self.max_requests = max_requests
        self._lock = threading.Lock()
        self._script: list[ScriptEntry] = list(script)
        self._next_step = 0
        self._sub_scripts: dict[str, list[ScriptEntry]] = {}
        self._sub_next: dict[str, int] = {}
        self.set_subagent_script(subagent_script)
        self._log: list[LoggedRequest] = []
        self._errors: list[str] = []
        self._ids = itertools.count(1)
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- lifecycle -----------------------------------------------------------------

    def start(self) -> FakeApi:
        if self._server is not None:
            return self
        server = ThreadingHTTPServer(("127.0.0.1", 0), _make_handler(self))
        server.daemon_threads = True  # never block interpreter exit on a stuck client
        self._server = server
        self._thread = threading.Thread(
            target=server.serve_forever, kwargs={"poll_interval": 0.05},
            name="fake-anthropic-api", daemon=True,
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        server, self._server = self._server, None
        if server is None:
            return
        server.shutdown()
        server.server_close()
        if self._thread is not None:
            self._thread.join(timeout=5)

    def __enter__(self) -> FakeApi:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def port(self) -> int:
        if self._server is None:
            raise RuntimeError("FakeApi is not running")
        return int(self._server.server_address[1])

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    # -- script --------------------------------------------------------------------

    def set_script(self, script: Sequence[ScriptEntry]) -> None:
        """Replace the remaining script (steps already answered stay answered)."""
        with self._lock:
            self._script = list(script)
            self._next_step = 0

    def set_subagent_script(self, script: SubagentScript) -> None:
        """Replace the subagents' scripts: one list for all, or lists keyed by a string of
        the subagent's prompt (the first key found in it wins; "" matches any)."""
        scripts = dict(script) if isinstance(script, Mapping) else {"": script}
        with self._lock:
            self._sub_scripts = {key: list(entries) for key, entries in scripts.items()}
            self._sub_next = {key: 0 for key in scripts}

    @property
    def subagent_steps_left(self) -> dict[str, int]:
        with self._lock:
            return {key: len(entries) - self._sub_next[key] for key, entries in self._sub_scripts.items()}

    def extend_script(self, script: Sequence[ScriptEntry]) -> None:
        with self._lock:
            self._script.extend(script)

    @property
    def steps_left(self) -> int:
        with self._lock:
            return len(self._script) - self._next_step

    # -- request log ---------------------------------------------------------------

    @property
    def requests(self) -> list[LoggedRequest]:
        """Every /v1/messages request, in arrival order."""
        with self._lock:
            return [r for r in self._log if r.body is not None]

    @property
    def errors(self) -> list[str]:
        """Handler failures (bad JSON, exceptions); tests may assert it stays empty."""
        with self._lock:
            return list(self._errors)

    @property
    def unrouted(self) -> list[LoggedRequest]:
        """Requests to paths other than /v1/messages (answered 404)."""
        with self._lock:
            return [r for r in self._log if r.body is None]

    def subagent_requests(self) -> list[LoggedRequest]:
        return [r for r in self.requests if r.subagent is not None]

    def compaction_requests(self) -> list[LoggedRequest]:
        return [r for r in self.requests if r.is_compaction]

    def requests_after_compaction(self, which: int = -1) -> list[LoggedRequest]:
        """Ordinary requests after the `which`-th compaction request (default: the last)."""
        requests = self.requests
        compactions = [r for r in requests if r.is_compaction]
        if not compactions:
            return []
        after = compactions[which].index
        return [r for r in requests if r.index > after and not r.is_compaction]

    @staticmethod
    def all_text(request: LoggedRequest | Mapping[str, Any]) -> str:
        return all_text(request)

    # -- answering (called from handler threads) -----------------------------------

    def _record(self, method: str, path: str, body: dict[str, Any] | None,
                compaction: bool, step_index: int | None, subagent: str | None = None) -> LoggedRequest:
        with self._lock:
            logged = LoggedRequest(len(self._log), method, path, body, compaction, step_index, subagent)
            self._log.append(logged)
            return logged

    def _note_error(self, message: str) -> None:
        with self._lock:
            self._errors.append(message)

    def _take_step(self) -> tuple[int | None, ScriptEntry | None]:
        with self._lock:
            if self._next_step >= len(self._script):
                return None, None
            index = self._next_step
            self._next_step += 1
            return index, self._script[index]

    def _take_subagent_step(self, prompt: str) -> tuple[str, int | None, ScriptEntry | None]:
        with self._lock:
            keys = [key for key in self._sub_scripts if key and key in prompt]
            key = keys[0] if keys else ""
            entries = self._sub_scripts.get(key, [])
            index = self._sub_next.get(key, 0)
            if index >= len(entries):
                return key, None, None
            self._sub_next[key] = index + 1
            return key, index, entries[index]

    def _too_many(self) -> bool:
        with self._lock:
            return len(self._log) >= self.max_requests

    def answer(self, body: dict[str, Any]) -> tuple[Step, bool, int | None]:
        """Choose the response for one request: (step, is_compaction, script index)."""
        chosen, compaction, index, _ = self.answer_routed(body)
        return chosen, compaction, index

    def answer_routed(self, body: dict[str, Any]) -> tuple[Step, bool, int | None, str | None]:
        """As `answer`, plus the key of the subagent script that answered (None: the main's)."""
        if is_compaction_request(body):
            # A summariser (callable) writes the summary from the compaction request itself.
            summary = self.summary(body) if callable(self.summary) else self.summary
            return step(summary, usage=self.compaction_usage), True, None, None
        subagent = None
        if is_subagent_request(body):
            subagent, index, entry = self._take_subagent_step(first_user_text(body))
        else:
            index, entry = self._take_step()
        if entry is None:
            return step(self.final_text), False, None, subagent
        chosen = entry(body) if callable(entry) else entry
        return chosen, False, index, subagent

    def new_id(self, prefix: str) -> str:
        return f"{prefix}_fake_{next(self._ids):04d}"


def _with_tool_ids(api: FakeApi, chosen: Step) -> tuple[Block, ...]:
    return tuple(
        ToolUse(b.name, b.input, b.id or api.new_id("toolu")) if isinstance(b, ToolUse) else b
        for b in chosen.blocks
    )


def _make_handler(api: FakeApi) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        # HTTP/1.0 semantics: one request per connection, body ends at close. Simple and
        # what an SSE stream needs (no chunked encoding).
        protocol_version = "HTTP/1.0"
        timeout = SOCKET_TIMEOUT_S

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
            pass  # keep pytest output clean; the request log is the record

        def do_POST(self) -> None:
            try:
                self._post()
            except (BrokenPipeError, ConnectionResetError, TimeoutError):
                pass  # the client went away (e.g. killed by a test timeout)
            except Exception as exc:  # never let a handler bug kill the server
                api._note_error(f"{type(exc).__name__}: {exc}")
                self._try_json(500, {"type": "error", "error": {
                    "type": "api_error", "message": f"fake api bug: {exc}"}})

        def do_GET(self) -> None:
            self._not_found()

        do_PUT = do_DELETE = do_PATCH = do_HEAD = do_OPTIONS = do_GET

        def _post(self) -> None:
            path = urlsplit(self.path).path
            if path.rstrip("/") != "/v1/messages":
                self._not_found()
                return
            body = self._read_json()
            if body is None:
                return
            if api._too_many():
                api._record("POST", self.path, body, False, None)
                self._send_json(400, {"type": "error", "error": {
                    "type": "invalid_request_error",
                    "message": f"fake api: more than {api.max_requests} requests"}})
                return
            chosen, compaction, index, subagent = api.answer_routed(body)
            api._record("POST", self.path, body, compaction, index, subagent)
            blocks = _with_tool_ids(api, chosen)
            model = str(body.get("model") or "claude-fake")
            if body.get("stream"):
                self._send_stream(api.new_id("msg"), model, blocks, chosen)
            else:
                self._send_json(200, _message_json(api.new_id("msg"), model, blocks, chosen))

        def _read_json(self) -> dict[str, Any] | None:
            try:
                length = int(self.headers.get("Content-Length") or 0)
            except ValueError:
                length = -1
            if length < 0 or length > MAX_BODY_BYTES:
                self._send_json(413, {"type": "error", "error": {
                    "type": "invalid_request_error", "message": "bad Content-Length"}})
                return None
            raw = self.rfile.read(length)
            try:
                body = json.loads(raw or b"{}")
            except ValueError as exc:
                api._note_error(f"bad JSON body: {exc}")
                body = None
            if not isinstance(body, dict):
                self._send_json(400, {"type": "error", "error": {
                    "type": "invalid_request_error", "message": "body is not a JSON object"}})
                return None
            return body

        def _send_stream(self, message_id: str, model: str, blocks: tuple[Block, ...],
                         chosen: Step) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.send_header("request-id", f"req_{message_id}")
            self.end_headers()
            for event in sse_events(message_id, model, blocks, chosen.stop_reason, chosen.usage):
                self.wfile.write(event)
            self.wfile.flush()

        def _send_json(self, status: int, payload: Mapping[str, Any]) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)

        def _try_json(self, status: int, payload: Mapping[str, Any]) -> None:
            try:
                self._send_json(status, payload)
            except OSError:
                pass  # headers may already be out; nothing more to do

        def _not_found(self) -> None:
            api._record(self.command, self.path, None, False, None)
            if self.command == "POST":
                # drain the body so the client does not see a reset mid-upload
                try:
                    self.rfile.read(min(int(self.headers.get("Content-Length") or 0),
                                        MAX_BODY_BYTES))
                except (OSError, ValueError):
                    pass
            self._try_json(404, {"type": "error", "error": {
                "type": "not_found_error", "message": f"fake api: no route {self.path}"}})

    return Handler


def _message_json(message_id: str, model: str, blocks: tuple[Block, ...],
                  chosen: Step) -> dict[str, Any]:
    content = [
        {"type": "text", "text": b.text} if isinstance(b, Text)
        else {"type": "tool_use", "id": b.id, "name": b.name, "input": dict(b.input)}
        for b in blocks
    ]
    return {"id": message_id, "type": "message", "role": "assistant", "model": model,
            "content": content, "stop_reason": chosen.stop_reason, "stop_sequence": None,
            "usage": dict(chosen.usage)}
