"""The folded session model, on the real transcripts and on scripted ones."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from context_keeper.records import replace
from context_keeper.session import (
    MODEL_VERSION,
    SessionModel,
    build_model,
    decision_sentences,
    is_test_command,
    load_or_build,
    update_from_file,
    useful_error_line,
)
from context_keeper.transcript.reader import iter_lines

FIXTURES = Path(__file__).parents[1] / "fixtures"


def tasks_of(model: SessionModel) -> list[tuple[str, str, str]]:
    return [(t.id, t.subject, t.status) for t in model.tasks.tasks.values()]


# -- the real transcripts -------------------------------------------------------------------


def test_tools_and_tasks() -> None:
    model = build_model(FIXTURES / "tools_and_tasks.jsonl")
    assert model.session_id == "21924ad1-6682-4fb7-9081-ad5504e1f420"
    assert model.turns == 13
    assert tasks_of(model) == [("1", "Write tests", "completed"), ("2", "Run linter", "deleted")]
    write_tests = model.tasks.tasks["1"]
    assert write_tests.description == "Write the unit tests for notes"
    assert [c.status for c in write_tests.history] == ["pending", "in_progress", "completed"]
    assert write_tests.created_turn < write_tests.started_turn < write_tests.completed_turn
    assert list(model.files) == ["/home/dev/project/notes.txt"]
    assert model.files["/home/dev/project/notes.txt"].count == 2  # Write, then Edit
    assert [(c.command, c.ok) for c in model.commands] == [("echo hello-from-bash && ls", True)]
    assert model.errors == []  # "Task not found" is not an is_error result and changes nothing
    assert "99" not in model.tasks.tasks
    usage = model.context_usage()
    assert (usage.tokens, usage.window, usage.source) == (12 + 3000 + 15000 + 120, 1_000_000, "usage")
    assert model.last_text is not None and model.last_text.text == "All done. FINAL-TEXT"


def test_bash_failure() -> None:
    model = build_model(FIXTURES / "bash_failure.jsonl")
    assert [(c.command, c.ok, c.exit_code) for c in model.commands] == [("echo out; echo err >&2; exit 3", False, 3)]
    unresolved = model.unresolved_errors()
    assert [(e.tool, e.target, e.line) for e in unresolved] == [
        ("file", "/home/dev/project/README.md", "String to replace not found in file."),
        ("Bash", "echo out; echo err >&2; exit 3", "err"),
    ]
    assert model.files == {}  # the failed Edit modified nothing
    assert model.context_usage().tokens == 1040


def toolchain_case(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / "toolchains" / f"{name}.json").read_text())


def test_a_failed_run_keeps_every_failure_message_up_to_the_cap(tmp_path: Path) -> None:
    # Real recordings (tests/fixtures/toolchains): three failing vitest tests, a truncated
    # pytest run with 398 failures, a tsc run with three errors run through `npm run build`.
    s = Script()
    s.prompt("Make the suite green")
    cases = [toolchain_case(n) for n in ("vitest-three-failing", "pytest-many-truncated", "tsc-via-npm-run-build")]
    for case in cases:
        s.call("Bash", {"command": case["command"]}, case["tool_result"], is_error=True)
    model = build_model(s.write(tmp_path / "t.jsonl"))
    got = [(e.target, e.messages, e.more, e.exit_code) for e in model.errors]
    assert got == [(c["command"], tuple(c["expected"]), c["expected_more"], c["exit_code"]) for c in cases]
    assert [(c.messages, c.more) for c in model.commands] == [(e.messages, e.more) for e in model.errors]
    pytest_run = model.tests["python -m pytest -q tests/test_bulk.py"]
    assert len(pytest_run.messages) == 5 and pytest_run.more == 393
    assert pytest_run.error_line == " | ".join(cases[1]["expected"]) + " (+393 more)"


def test_failure_messages_are_redacted_after_they_are_composed(tmp_path: Path) -> None:
    secret = "ghp_" + "a1B2c3D4e5" * 4
    s = Script()
    s.prompt("deploy")
    output = (
        "Exit code 1\nTraceback (most recent call last):\n  File \"deploy.py\", line 3, in <module>\n"
        f"RuntimeError: push rejected for token {secret}"
    )
    s.call("Bash", {"command": "python deploy.py"}, output, is_error=True)
    s.call("Edit", {"file_path": "/r/a.py", "old_string": "a", "new_string": "b"},
           f"<tool_use_error>String to replace not found in file.\nString: API_TOKEN={secret}</tool_use_error>", is_error=True)
    model = build_model(s.write(tmp_path / "t.jsonl"))
    assert model.errors[0].messages == ("RuntimeError: push rejected for token ghp_[REDACTED]",)
    assert model.errors[1].messages == ("String to replace not found in file.",)
    assert secret not in model.to_bytes().decode()


def test_a_test_named_like_a_secret_keeps_its_message_and_secrets_still_go() -> None:
    from context_keeper.session.error_line import redacted

    # `<test id>: <message>` reads like `auth: <secret>` to redact: the message would lose its
    # first word. A test id or location and a message that starts like no secret: apart.
    for message in (
        "TestAuthBuild: types_test.go:40: expected cursor 434, got 579",
        "tests/test_auth.py::test_auth_get_etag: AssertionError: assert 6082 == 4477",
        "auth › rejects an expired token: Error: expected 401, got 200",
        "src/session.test.ts > session > token: AssertionError: expected 1 to be 2",
    ):
        assert redacted(message) == message
    secret = "hunter2" + "x9Y8z7W6"
    for message, shown in (
        (f"db.password: {secret}", "db.password: [REDACTED]"),
        (f"TestPassword: {secret}", "TestPassword: [REDACTED]"),  # no message shape: redacted whole
        (f"tests/test_x.py::test_token: AssertionError: token={secret} rejected",
         "tests/test_x.py::test_token: AssertionError: token=[REDACTED] rejected"),
        (f"config.py:3: password = '{secret}'", "config.py:3: password = '[REDACTED]'"),
    ):
        assert redacted(message) == shown


def test_todowrite_variant() -> None:
    model = build_model(FIXTURES / "todowrite_variant.jsonl")
    assert tasks_of(model) == [("todo-1", "Write tests", "completed"), ("todo-2", "Run linter", "completed")]
    assert [c.status for c in model.tasks.tasks["todo-1"].history] == ["pending", "in_progress", "completed"]


def test_manual_compaction() -> None:
    model = build_model(FIXTURES / "manual_compact.jsonl")
    assert [(c.trigger, c.pre_tokens, c.post_tokens) for c in model.compactions] == [("manual", 22108, 2640)]
    assert len(model.compact_summaries) == 1 and "FAKE-COMPACT-SUMMARY" in model.compact_summaries[0].text
    # The /compact command and its output are not prompts; the prompts on both sides are.
    assert [e.subject for e in model.episodes] == ["First prompt: run a command.", "Third prompt after compaction."]
    # The preserved segment before the boundary stays in the model.
    assert [c.command for c in model.commands] == ["echo first-run"]
    assert model.context_usage().tokens == 8 + 2000 + 20000 + 100


def test_auto_compaction_uses_post_tokens_until_new_usage(tmp_path: Path) -> None:
    source = FIXTURES / "auto_compact.jsonl"
    lines = source.read_bytes().splitlines(keepends=True)
    cut = next(i for i, line in enumerate(lines) if b'"compact_boundary"' in line)
    partial = tmp_path / "t.jsonl"
    partial.write_bytes(b"".join(lines[: cut + 1]))
    model = build_model(partial)
    assert model.context_usage().tokens == 2650 and model.context_usage().source == "boundary"
    full = build_model(source)
    assert [(c.trigger, c.pre_tokens, c.post_tokens) for c in full.compactions] == [("auto", 990312, 2650)]
    assert full.context_usage().source == "usage"
    assert [c.command for c in full.commands] == ["echo step-one", "echo step-two", "echo step-three"]


# -- scripted transcripts ---------------------------------------------------------------------


class Script:
    """Writes transcript records in Claude Code's shape."""

    def __init__(self) -> None:
        self.lines: list[dict[str, Any]] = []
        self.n = 0

    def _id(self, prefix: str) -> str:
        self.n += 1
        return f"{prefix}{self.n}"

    def prompt(self, text: str) -> None:
        self.lines.append({"type": "user", "uuid": self._id("u"), "message": {"role": "user", "content": text}})

    def say(self, text: str, usage: int = 0) -> None:
        self._assistant([{"type": "text", "text": text}], usage)

    def call(self, name: str, tool_input: dict[str, Any], result: str = "ok", is_error: bool = False, extra: Any = None) -> str:
        tool_id = self._id("toolu_")
        self._assistant([{"type": "tool_use", "id": tool_id, "name": name, "input": tool_input}], 0)
        self.lines.append(
            {
                "type": "user",
                "uuid": self._id("u"),
                "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": tool_id, "content": result, "is_error": is_error}]},
                "toolUseResult": extra if extra is not None else result,
            }
        )
        return tool_id

    def _assistant(self, content: list[dict[str, Any]], usage: int) -> None:
        self.lines.append(
            {
                "type": "assistant",
                "uuid": self._id("a"),
                "message": {
                    "id": self._id("msg_"),
                    "role": "assistant",
                    "model": "claude-sonnet-4-5",
                    "content": content,
                    "usage": {"input_tokens": usage, "output_tokens": 0},
                },
            }
        )

    def create_task(self, task_id: str, subject: str) -> None:
        self.call("TaskCreate", {"subject": subject, "description": subject + "!"}, f"Task #{task_id} created successfully: {subject}", extra={"task": {"id": task_id, "subject": subject}})

    def update_task(self, task_id: str, status: str) -> None:
        self.call("TaskUpdate", {"taskId": task_id, "status": status}, f"Updated task #{task_id} status", extra={"success": True, "taskId": task_id, "statusChange": {"to": status}})

    def write(self, path: Path) -> Path:
        path.write_text("".join(json.dumps(line) + "\n" for line in self.lines))
        return path

    def play(self, steps: list[tuple]) -> Script:
        """Steps drawn by the strategies below: ("prompt", text), ("say", text), ("bash",
        command, failed), ("edit", path, failed), ("task", id, "new" or a status),
        ("boundary",), ("list",) (a TaskList naming tasks 1-4 completed)."""
        for step in steps:
            kind = step[0]
            if kind == "prompt":
                self.prompt(step[1])
            elif kind == "say":
                self.say(step[1], usage=100)
            elif kind == "bash":
                self.call("Bash", {"command": step[1]}, "Exit code 1\nE   boom" if step[2] else "fine", is_error=step[2])
            elif kind == "edit":
                self.call("Edit", {"file_path": step[1]}, "nope" if step[2] else "ok", is_error=step[2])
            elif kind == "task" and step[2] == "new":
                self.create_task(step[1], f"Task {step[1]}")
            elif kind == "task":
                self.update_task(step[1], step[2])
            elif kind == "boundary":
                self.lines.append({"type": "system", "subtype": "compact_boundary", "compactMetadata": {"trigger": "auto", "preTokens": 10, "postTokens": 5}})
            else:
                listing = "\n".join(f"#{i} [completed] Task {i}" for i in ("1", "2", "3", "4"))
                self.call("TaskList", {}, listing, extra={})
        return self


def parser_then_docs(s: Script, prompt: str = "Build the parser and the docs") -> Script:
    """Two tasks; the parser's test fails, is fixed by an edit and passes; then the docs."""
    s.prompt(prompt)
    s.create_task("1", "Parser")
    s.create_task("2", "Docs")
    s.update_task("1", "in_progress")
    s.call("Write", {"file_path": "/r/parser.py", "content": "x"})
    s.call("Bash", {"command": "pytest tests/test_parser.py"}, "Exit code 1\n....F\nE   assert 1 == 2\nFAILED tests/test_parser.py::test_a - assert 1 == 2", is_error=True)
    s.say("I decided to use a recursive descent parser because the grammar is small.")
    s.call("Edit", {"file_path": "/r/parser.py", "old_string": "a", "new_string": "b"})
    s.call("Bash", {"command": "pytest tests/test_parser.py"}, "1 passed")
    s.update_task("1", "completed")
    s.update_task("2", "in_progress")
    s.call("Write", {"file_path": "/r/docs.md", "content": "x"})
    return s


def test_task_facts_are_attributed_to_the_task_in_progress(tmp_path: Path) -> None:
    s = parser_then_docs(Script())
    model = build_model(s.write(tmp_path / "t.jsonl"))
    parser, docs = model.facts["task-1"], model.facts["task-2"]
    assert parser.files == ["/r/parser.py"] and docs.files == ["/r/docs.md"]
    assert parser.commands == ["pytest tests/test_parser.py"]
    assert parser.decisions == ["I decided to use a recursive descent parser because the grammar is small."]
    [error] = parser.errors
    # the failure as failures/ writes it (test id: message), not pytest's summary line.
    assert error.messages == ("tests/test_parser.py::test_a: assert 1 == 2",)
    assert error.resolved_by is not None and "pytest tests/test_parser.py" in error.resolved_by
    assert "parser.py" in error.resolved_by  # the edit between failure and success
    assert model.unresolved_errors() == []
    assert model.tests["pytest tests/test_parser.py"].ok is True
    assert model.facts["prompt-1"].files == ["/r/parser.py", "/r/docs.md"]
    assert model.episodes[0].has_tasks


def test_episodes_and_mentions(tmp_path: Path) -> None:
    s = Script()
    s.prompt("Rename the config loader module")
    s.call("Edit", {"file_path": "/r/loader.py", "old_string": "a", "new_string": "b"})
    s.say("Renamed.")
    s.prompt("Now something unrelated")
    s.say("Sure, working on it.")
    s.say("Still going.")
    s.prompt("Look at loader.py again")
    model = build_model(s.write(tmp_path / "t.jsonl"))
    first, second, third = model.episodes
    assert (first.subject, first.start_turn, first.end_turn, first.ended) == ("Rename the config loader module", 1, 2, True)
    assert (second.start_turn, second.end_turn) == (3, 4)
    assert not third.ended
    # The third prompt names a file the first episode modified: it touched it again.
    assert first.last_touched_turn == 5
    assert second.last_touched_turn == 3


def test_mentions_touch_tasks_by_subject(tmp_path: Path) -> None:
    s = Script()
    s.prompt("go")
    s.create_task("1", "Migrate the database")
    s.update_task("1", "completed")
    for _ in range(5):
        s.say("filler")
    s.say("Remember to migrate the database indexes too.")
    model = build_model(s.write(tmp_path / "t.jsonl"))
    task = model.tasks.tasks["1"]
    assert task.completed_turn == 2
    assert task.last_touched_turn == model.turns == 8


def test_file_replaced_or_truncated_starts_over(tmp_path: Path) -> None:
    path = tmp_path / "t.jsonl"
    shutil.copy(FIXTURES / "tools_and_tasks.jsonl", path)
    model = build_model(path)
    assert model.turns == 13
    # Replaced by a shorter, different transcript: the cursor is past its end.
    shutil.copy(FIXTURES / "bash_failure.jsonl", path)
    model = load_or_build(path, model.to_bytes())
    assert model.turns == 3 and model.tasks.tasks == {}
    # Same size or longer but different content (rewritten in place): detected by the head.
    data = (FIXTURES / "tools_and_tasks.jsonl").read_bytes()
    path.write_bytes(data)
    model = load_or_build(path, model.to_bytes())
    assert model.turns == 13 and len(model.tasks.tasks) == 2


def test_a_corrupt_saved_model_is_rebuilt() -> None:
    model = load_or_build(FIXTURES / "tools_and_tasks.jsonl", b"{not json")
    assert model.turns == 13


def test_sidechain_and_meta_are_not_turns(tmp_path: Path) -> None:
    s = Script()
    s.prompt("go")
    s.say("main")
    s.say("sub")
    s.lines[-1]["isSidechain"] = True
    s.say("meta")
    s.lines[-1]["isMeta"] = True
    s.say("synthetic")
    s.lines[-1]["message"]["model"] = "<synthetic>"
    model = build_model(s.write(tmp_path / "t.jsonl"))
    assert model.turns == 1


def test_one_response_split_into_records_is_one_turn(tmp_path: Path) -> None:
    s = Script()
    s.prompt("go")
    s.say("a")
    s.say("b")
    s.lines[-1]["message"]["id"] = s.lines[-2]["message"]["id"]
    model = build_model(s.write(tmp_path / "t.jsonl"))
    assert model.turns == 1


def test_useful_error_lines() -> None:
    # the first of failures/'s messages (`<test id>: <message>`, the E line without
    # its marker), no longer a line of the output as printed.
    assert useful_error_line("Exit code 1\n....F..\nE   AssertionError: boom\nFAILED t.py::x - AssertionError: boom") == "t.py::x: AssertionError: boom"
    assert useful_error_line("Exit code 1\n....F..\nE       assert 3 == 4\n1 failed") == "assert 3 == 4"
    # A summary line pytest cut at 80 columns loses to the full assertion line.
    cut = "Exit code 1\nE   ValueError: the tokenizer rejects empty input\nFAILED tests/test_tok.py::test_empty - ValueErro..."
    assert useful_error_line(cut) == "tests/test_tok.py::test_empty: ValueError: the tokenizer rejects empty input"
    assert useful_error_line("Exit code 1\nE       assert 1 == 2\nFAILED t.py::x - ValueError: boom\n1 failed") == "t.py::x: ValueError: boom"
    assert useful_error_line("Exit code 1\nTraceback (most recent call last):\n  File x\nKeyError: 'a'") == "KeyError: 'a'"
    assert useful_error_line("Exit code 2\nsrc/a.c:3:1: error: expected ';'") == "src/a.c:3:1: error: expected ';'"
    assert useful_error_line("Exit code 7\nplain\nlast words") == "last words"


def test_test_command_detection() -> None:
    for command in ["pytest -x", "python -m pytest tests", "npm test", "npm run test:unit", "go test ./...", "cargo test", "make test", "cd web && yarn test", "tox -e py311", "npx vitest run"]:
        assert is_test_command(command), command
    for command in ["ls", "pip install pytest-cov", "cat pytest.ini", "git commit -m 'make test pass'x", "echo latest"]:
        assert not is_test_command(command), command


def test_decision_sentences() -> None:
    text = "Looked around. I decided to keep the cache in SQLite because it survives restarts. Done!"
    assert decision_sentences(text) == ["I decided to keep the cache in SQLite because it survives restarts."]
    # A plan's opening decides when its verb chooses, not when a later noun reads like looking.
    chosen = "We'll move the search parsing into the engine crate instead of trying to duplicate it in the CLI."
    assert decision_sentences(chosen) == [chosen]
    assert decision_sentences("I'll now look at using keyset pagination instead of offsets.") == []
    assert decision_sentences("I\u2019ll first check whether we should use Redis instead of Postgres.") == []  # typographic ’
    fact = "We could not reproduce it because the root cause is the test clock."  # a fact, not a hedge
    assert decision_sentences(fact) == [fact]


# Assistant texts as Claude Code sessions have them: plans, hedges, asides and questions around
# the few sentences that decide something, markdown, code, and a recap that restates.
WORKING_TEXTS = (
    "I'll first check how the cursor is built before changing anything.",
    "Let me double-check the approach by reading `cursor.py`.",
    "I'd like to confirm the approach before I touch the migration, because it rewrites the table.",
    "Side note: the `legacy/` folder also uses offsets, because it predates the API.",
    "I think we might want to switch to keyset pagination, but let me look at the query first.",
    "Should we keep OFFSET for the admin pages, or switch everything to keyset pagination instead of offsets?",
    "Found it. **Root cause:** the cursor is compared as a string, so `10` sorts before `9`.",
    "We chose keyset pagination on `(created_at, id)` because offsets skip rows when new orders arrive.\n\n"
    "The fix was to compare the cursor as a tuple of ints.",
    "Now I'll update the repository so that the cursor is parsed once.",
    "```python\n# chosen because it is faster\ncursor = (row.created_at, row.id)\n```\nThat compiles now.",
    "Going with integer cents instead of floats: floats drift by a cent on refunds.",
    "To recap:\n\n- We chose keyset pagination on `(created_at, id)`, because offsets skip rows when new orders arrive.\n"
    "- **Going with integer cents instead of floats:** floats drift by a cent on refunds.\n\nWant me to also migrate the admin pages?",
)


def test_decisions_are_choices_and_causes_once_not_plans_hedges_asides_or_questions(tmp_path: Path) -> None:
    s = Script()
    s.prompt("Fix the pagination bug")
    for text in WORKING_TEXTS:
        s.say(text)
    model = build_model(s.write(tmp_path / "t.jsonl"))
    assert [n.text for n in model.decisions] == [
        "Root cause: the cursor is compared as a string, so `10` sorts before `9`.",
        "The fix was to compare the cursor as a tuple of ints.",
        # Restated in the recap: once, in its newest place and words.
        "We chose keyset pagination on `(created_at, id)`, because offsets skip rows when new orders arrive.",
        "Going with integer cents instead of floats: floats drift by a cent on refunds.",
    ]
    facts = model.facts["prompt-1"]
    assert facts.decisions == [n.text for n in model.decisions]
    # Outcomes: what a text reports, not the plans, hedges, asides and questions it opens with.
    assert facts.texts == [
        "Found it. **Root cause:** the cursor is compared as a string, so `10` sorts before `9`.",
        "We chose keyset pagination on `(created_at, id)` because offsets skip rows when new orders arrive.",
        "That compiles now.",
        "Going with integer cents instead of floats: floats drift by a cent on refunds.",
        "To recap:",
    ]


def test_a_changed_name_is_another_decision_and_small_rewording_the_same() -> None:
    from context_keeper.session.heuristics import decision_words, same_decision

    tokens = "We'll store tokens amounts as integer cents instead of trying to keep floats, because floats drift on tokens refunds."
    orders = tokens.replace("tokens", "orders")
    assert not same_decision(decision_words(tokens), decision_words(orders))
    for restated in (
        "**We'll store tokens amounts as integer cents instead of trying to keep floats** since floats drift on tokens refunds",
        "Decided: store tokens amounts as integer cents instead of trying to keep floats, because floats drift on tokens refunds.",
    ):
        assert same_decision(decision_words(tokens), decision_words(restated)), restated


# -- the saved form -------------------------------------------------------------------------------


def _v1_transcript(path: Path) -> Path:
    """A transcript with something of every kind the model saves: tasks (Task tools and
    TodoWrite), episodes, files, a failing then passing test, errors resolved and not, a file
    error, decisions, a compaction with its summary, and a call still waiting for its result."""
    compact = [line for line in (FIXTURES / "auto_compact.jsonl").read_bytes().splitlines(keepends=True)
               if b'"compact_boundary"' in line or b'"isCompactSummary":true' in line]
    s = parser_then_docs(Script(), "Build the parser and the docs for the release")
    s.call("Edit", {"file_path": "/r/missing.md", "old_string": "a", "new_string": "b"}, "<tool_use_error>File does not exist.</tool_use_error>", is_error=True)
    s.call("Bash", {"command": "make lint"}, "Exit code 2\nlint.py:3: E501 line too long", is_error=True)
    s.prompt("Now the changelog, and keep parser.py as it is")
    todos = [{"content": "Changelog entry", "status": "in_progress", "activeForm": "x"}]
    s.call("TodoWrite", {"todos": todos}, "ok", extra={"newTodos": todos})
    s.say("Going with a keep-a-changelog layout rather than a flat list.")
    s.call("Read", {"file_path": "/r/CHANGELOG.md"}, "x")
    s._assistant([{"type": "tool_use", "id": "toolu_pending", "name": "Bash", "input": {"command": "git status"}}], 0)
    head = (FIXTURES / "tools_and_tasks.jsonl").read_bytes() + b"".join(compact)
    path.write_bytes(head + "".join(json.dumps(line) + "\n" for line in s.lines).encode())
    return path


def test_a_state_saved_by_model_version_1_loads_as_it_was_saved(tmp_path: Path) -> None:
    # fixtures/state_v1.json was written by the first SessionModel (session.py at e5b39d8)
    # from _v1_transcript, after marking task 1 summarised as cold_units does.
    saved = (FIXTURES / "state_v1.json").read_bytes()
    model = SessionModel.from_bytes(saved)
    # The saved form changed once (version 2): a failed run keeps its messages, and
    # version 1's one line (an error's `line`, a command's `error_line`) is its one message.
    # Everything else reads back as it was written.
    assert model.version == MODEL_VERSION == 2
    assert json.loads(model.to_bytes()) == v1_as_v2(json.loads(saved))
    assert SessionModel.from_bytes(model.to_bytes()) == model
    assert [(e.target, e.messages) for e in model.errors] == [
        ("pytest tests/test_parser.py", ("FAILED tests/test_parser.py::test_a - assert 1 == 2",)),
        ("/r/missing.md", ("File does not exist.",)),
        ("make lint", ("lint.py:3: E501 line too long",)),
    ]
    assert [c.messages for c in model.commands] == [(), ("FAILED tests/test_parser.py::test_a - assert 1 == 2",), (), ("lint.py:3: E501 line too long",)]
    assert model.facts["task-2"].errors == model.errors[1:]
    fresh = build_model(_v1_transcript(tmp_path / "t.jsonl"))
    fresh.summarized["task-1"] = fresh.turns
    fresh.facts.pop("task-1")
    fresh.last_checked_turn = fresh.turns
    fresh.file_dev, fresh.file_ino = model.file_dev, model.file_ino  # another file, same bytes
    # A fold today writes the pytest failure as failures/ words it, and takes no plan for an
    # outcome ("I'll start by looking around."); the rest is the same.
    assert fresh.errors[0].messages == ("tests/test_parser.py::test_a: assert 1 == 2",)
    assert model.facts["prompt-1"].texts == ["I'll start by looking around.", "All done. FINAL-TEXT"]
    assert fresh.facts["prompt-1"].texts == ["All done. FINAL-TEXT"]
    fresh.facts["prompt-1"].texts = model.facts["prompt-1"].texts
    # A pending Bash call now keeps the directory it was made in (shell_writes); version 1's
    # has none, and loads without one.
    assert fresh.pending["toolu_pending"].cwd == fresh.cwd and model.pending["toolu_pending"].cwd is None
    fresh.pending["toolu_pending"] = replace(fresh.pending["toolu_pending"], cwd=None)
    # A model that held more than 200k tokens is now remembered (the window it proves);
    # version 1 had no such list, and loads with none.
    assert fresh.wide_models == ["claude-opus-5-5"] and model.wide_models == []
    fresh.wide_models = []
    # The totals of the capped lists are new too; version 1 loads with none.
    assert fresh.totals == {"commands": 4, "errors": 3, "files": 3} and model.totals == {}
    fresh.totals = {}
    assert without_messages(fresh.to_dict()) == without_messages(model.to_dict())
    assert (len(model.pending), len(model.compactions), len(model.tests), model.tasks.todo_ids) == (1, 1, 1, {"Changelog entry": "todo-1"})


def v1_as_v2(saved: Any) -> Any:
    """Version 1's saved form as version 2 writes it (written out by hand, not by the code)."""
    saved["version"] = 2
    units = [saved["errors"], *(unit["errors"] for unit in saved["facts"].values())]
    for error in (e for errors in units for e in errors):
        line = error.pop("line")
        error.update(messages=[line] if line else [], more=0)
    for run in [*saved["commands"], *saved["tests"].values()]:
        line = run.pop("error_line")
        run.update(messages=[line] if line else [], more=0)
    return saved


def without_messages(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: without_messages(v) for k, v in value.items() if k != "messages"}
    if isinstance(value, (list, tuple)):
        return [without_messages(v) for v in value]
    return value


def test_a_version_1_state_with_errors_everywhere_upgrades_and_junk_is_refused() -> None:
    saved = json.loads((FIXTURES / "state_v1.json").read_bytes())
    saved["errors"][0]["line"] = ""  # an error without output: no message
    model = SessionModel.from_bytes(json.dumps(saved).encode())
    assert model.errors[0].messages == () and model.errors[0].line == ""
    assert model.tests["pytest tests/test_parser.py"].error_line is None  # passed last
    for version in (0, 3, "1", True, None):
        with pytest.raises(ValueError):
            SessionModel.from_bytes(json.dumps({**saved, "version": version}).encode())
    saved["errors"][1]["line"] = 7  # not a line: refused by the loader, as any wrong type
    with pytest.raises(ValueError):
        SessionModel.from_bytes(json.dumps(saved).encode())


def test_a_saved_model_with_a_value_of_the_wrong_type_is_refused() -> None:
    saved = json.loads((FIXTURES / "state_v1.json").read_bytes())
    for path, value in [
        (("turns",), "many"),
        (("context_tokens",), True),
        (("files", "/r/parser.py", "count"), "2"),
        (("tasks", "tasks", "1", "history"), "pending"),
        (("facts", "prompt-3", "files"), [1]),
        (("pending", "toolu_pending", "units"), None),
        (("episodes",), {}),
    ]:
        broken = json.loads(json.dumps(saved))
        *parents, key = path
        target = broken
        for name in parents:
            target = target[name]
        target[key] = value
        with pytest.raises(TypeError):
            SessionModel.from_bytes(json.dumps(broken).encode())
        with pytest.raises(ValueError):  # either kind, for either kind of caller
            SessionModel.from_bytes(json.dumps(broken).encode())
    del saved["files"]["/r/parser.py"]["path"]
    with pytest.raises(TypeError):
        SessionModel.from_bytes(json.dumps(saved).encode())


# -- resuming -----------------------------------------------------------------------------------


def _resume_in_pieces(path: Path, cuts: list[int]) -> SessionModel:
    """Fold up to each cut, save and reload the model, go on; then finish the file."""
    offsets = [end for _, end in iter_lines(path)]
    model = SessionModel()
    for cut in sorted(set(cuts)):
        if not offsets:
            break
        model = update_from_file(model, path, stop=offsets[cut % len(offsets)])
        model = SessionModel.from_bytes(model.to_bytes())
    finished = update_from_file(model, path)
    assert finished is model  # resumed, not started over
    return finished


def test_resume_equals_one_pass_on_real_transcripts() -> None:
    for path in sorted(FIXTURES.glob("*.jsonl")):
        full = build_model(path)
        count = sum(1 for _ in iter_lines(path))
        for cut in range(count):
            resumed = _resume_in_pieces(path, [cut])
            assert resumed.to_bytes() == full.to_bytes(), (path.name, cut)


RECORD = st.one_of(
    st.builds(lambda t: ("prompt", t), st.sampled_from(["fix parser", "add docs please", "<command-name>/x", "look at a.py"])),
    st.builds(lambda t: ("say", t), st.sampled_from(["ok", "I decided to use X because Y is slow.", "fix parser done"])),
    st.builds(lambda c, e: ("bash", c, e), st.sampled_from(["pytest", "ls", "make test"]), st.booleans()),
    st.builds(lambda p, e: ("edit", p, e), st.sampled_from(["/r/a.py", "/r/b.py"]), st.booleans()),
    st.builds(lambda i, s: ("task", i, s), st.sampled_from(["1", "2", "3"]), st.sampled_from(["new", "pending", "in_progress", "completed", "deleted"])),
    st.just(("boundary",)),
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(RECORD, max_size=25), cuts=st.lists(st.integers(0, 200), max_size=4))
def test_resume_from_any_offset_equals_one_pass(tmp_path: Path, steps: list[tuple], cuts: list[int]) -> None:
    path = Script().play(steps).write(tmp_path / "t.jsonl")
    full = build_model(path)
    resumed = _resume_in_pieces(path, cuts)
    assert resumed.to_bytes() == full.to_bytes()
    # Invariants of any model.
    assert all(t.status in ("pending", "in_progress", "completed", "deleted") for t in full.tasks.tasks.values())
    turns = [e.start_turn for e in full.episodes]
    assert turns == sorted(turns)
    assert all(e.start_turn <= e.end_turn <= full.turns + 1 for e in full.episodes)


def test_a_fold_past_its_deadline_saves_progress_and_resumes(tmp_path: Path, monkeypatch) -> None:
    # A first fold of a huge transcript must make progress call after call, not start over.
    import context_keeper.session.fold_loop as session_module

    monkeypatch.setattr(session_module, "FOLD_BATCH", 7)
    path = tmp_path / "t.jsonl"
    path.write_bytes(b"".join((FIXTURES / name).read_bytes() for name in ("tools_and_tasks.jsonl", "bash_failure.jsonl")))
    full = build_model(path)
    model, calls = SessionModel(), 0
    while True:
        model = SessionModel.from_bytes(update_from_file(model, path, deadline=0.0).to_bytes())
        calls += 1
        if model.offset == path.stat().st_size:
            break
        assert calls < 100
    assert calls > 3  # it really stopped part way, several times
    assert model.to_bytes() == full.to_bytes()
    assert not build_model(path).behind and update_from_file(SessionModel(), path, deadline=0.0).behind


def test_a_decision_word_marked_up_inside_a_word_is_still_found() -> None:
    # Texts without a decision word are skipped whole; a word that only becomes one once its
    # emphasis marks are gone must not be.
    assert decision_sentences("We __chose__ SQLite for the cache store.") == ["We chose SQLite for the cache store."]
    assert decision_sentences("The fix: we deci**ded** to drop the cache layer.") == ["The fix: we decided to drop the cache layer."]
    assert decision_sentences("Nothing to see in this text at all, moving on.") == []


MENTIONING = st.one_of(
    st.builds(lambda t: ("prompt", t), st.sampled_from(["look at a.py", "now fix b.py please", "check the parser module", "fix parser", "write docs for c d.md"])),
    st.builds(lambda t: ("say", t), st.sampled_from(["task 1 is done", "I edited a.py and b.py", "the parser module works", "see c d.md", "ok"])),
    st.builds(lambda p, e: ("edit", p, e), st.sampled_from(["/r/a.py", "/r/b.py", "/s/a.py", "/r/c d.md", "/r/parser"]), st.booleans()),
    st.builds(lambda c, e: ("bash", c, e), st.sampled_from(["pytest", "make test"]), st.booleans()),
    st.builds(lambda i, s: ("task", i, s), st.sampled_from(["1", "2", "3", "4"]), st.sampled_from(["new", "in_progress", "completed", "pending"])),
    st.builds(lambda: ("list",)),
)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(MENTIONING, max_size=40), units=st.integers(1, 3))
def test_resume_equals_one_pass_with_facts_evicted(tmp_path: Path, monkeypatch, steps: list[tuple], units: int) -> None:
    # With few fact units kept, episodes lose their facts (and index terms) all the time; the
    # one-pass fold keeps its indexes up to date, a fold resumed after every line rebuilds
    # them each time: same model.
    import context_keeper.session.tools as tools_module
    import context_keeper.session.units as units_module

    monkeypatch.setattr(units_module, "MAX_FACT_UNITS", units)
    monkeypatch.setattr(tools_module, "UNIT_FILES", 2)
    s = Script().play(steps)
    path = s.write(tmp_path / "t.jsonl")
    full = build_model(path)
    assert _resume_in_pieces(path, list(range(len(s.lines)))).to_bytes() == full.to_bytes()


def test_mentions_with_episodes_numbered_out_of_order() -> None:
    # A saved state whose episodes are not numbered 1, 2, 3... (never written by this code):
    # mentions are still found by a scan, as before.
    from context_keeper.session import Episode, mentions

    def model() -> SessionModel:
        m = SessionModel()
        m.episodes = [Episode(n, f"Episode number {n} subject", 1, 2, 2, ended=True) for n in (5, 3, 9)]
        return m

    for lowered in ("about episode number 3 subject", "episode number 9 subject and episode number 5 subject", "none"):
        m = model()
        mentions.mention(m, lowered, 7)
        expected = {n for n in (5, 3, 9) if f"episode number {n} subject" in lowered}
        assert {e.n for e in m.episodes if e.last_touched_turn == 7} == expected


def test_an_episode_that_lost_its_facts_is_no_longer_named_by_its_files(tmp_path: Path, monkeypatch) -> None:
    import context_keeper.session.units as units_module

    monkeypatch.setattr(units_module, "MAX_FACT_UNITS", 1)
    s = Script()
    s.prompt("look at a.py")
    s.call("Edit", {"file_path": "/r/a.py"})
    s.prompt("now fix b.py please")
    s.call("Edit", {"file_path": "/r/b.py"})  # prompt-1's facts (a.py) make room for prompt-2's
    s.say("I edited a.py and b.py")
    path = s.write(tmp_path / "t.jsonl")
    full = build_model(path)
    assert list(full.facts) == ["prompt-2"]
    assert [e.last_touched_turn for e in full.episodes] == [1, 2]  # a.py no longer names prompt-1
    assert _resume_in_pieces(path, list(range(len(s.lines)))).to_bytes() == full.to_bytes()
