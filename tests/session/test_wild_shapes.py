"""What real sessions of every Claude Code version hold, on records written here in their
shapes: calls the user declined, IDE preambles, the 1M window, notifications queued as
attachments, failed background commands, subagent records inline, and the small ones."""

from __future__ import annotations

from pathlib import Path

from context_keeper.session import build_model
from wild_support import Transcript

REJECTED = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). STOP what you are doing and wait for the user to tell you how "
    "to proceed."
)
REJECTED_WITH_REASON = (
    "The user doesn't want to proceed with this tool use. The tool use was rejected (eg. if it was a file edit, "
    "the new_string was NOT written to the file). The user provided the following reason for the rejection:  "
    "use the campaign id instead"
)
NOT_NOW = (
    "The user doesn't want to take this action right now. STOP what you are doing and wait for the user to tell "
    "you how to proceed."
)


# -- 1. a declined call is not an error ------------------------------------------------------


def test_declined_interrupted_and_cancelled_calls_are_no_errors(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Deploy the shop")
    # 2.1.x: the text is in the block, toolUseResult repeats it with "Error: " before it
    t.call("Bash", {"command": "npm run deploy"}, REJECTED, True, "Error: " + REJECTED)
    # 1.0.x and 2.0.x: toolUseResult is a short string
    t.call(
        "Edit",
        {"file_path": "/home/dev/shop/app.ts", "old_string": "a", "new_string": "b"},
        REJECTED,
        True,
        "User rejected tool use",
    )
    t.call(
        "Write",
        {"file_path": "/home/dev/shop/slug.ts", "content": "x"},
        REJECTED_WITH_REASON,
        True,
        "Error: " + REJECTED_WITH_REASON,
    )
    t.call("Bash", {"command": "rm -rf dist"}, NOT_NOW, True, NOT_NOW)
    t.call("Bash", {"command": "npm run build"}, "[Request interrupted by user for tool use]", True)
    t.call(
        "Bash",
        {"command": "git push"},
        "<tool_use_error>Cancelled: parallel tool call Bash(git add -A) errored</tool_use_error>",
        True,
        "Cancelled: parallel tool call Bash(git add -A) errored",
    )
    # a real failure still is one
    t.call("Bash", {"command": "npm test"}, "Exit code 1\nFAIL src/app.test.ts\n  ● adds one", True)
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert [(e.tool, e.target) for e in model.unresolved_errors()] == [("Bash", "npm test")]
    assert all("doesn't want" not in m for e in model.errors for m in e.messages)
    assert model.stats["declined"] == 6
    # a declined command never ran: it is no run of the command, nor did a file change
    assert [c.command for c in model.commands] == ["npm test"]
    assert model.files == {}


def test_a_declined_call_does_not_resolve_an_earlier_failure(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Fix the build")
    t.call("Bash", {"command": "make"}, "Exit code 2\nmain.c:3:1: error: expected ';'", True)
    t.call("Bash", {"command": "make"}, REJECTED, True, "Error: " + REJECTED)
    model = build_model(t.write(tmp_path / "t.jsonl"))
    [error] = model.unresolved_errors()
    assert error.target == "make" and error.messages == ("main.c:3:1: error: expected ';'",)


def test_a_declined_agent_call_is_no_running_subagent(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Review the code")
    t.call(
        "Agent",
        {"description": "Review", "prompt": "Review the code", "subagent_type": "general-purpose"},
        REJECTED,
        True,
        "Error: " + REJECTED,
    )
    model = build_model(t.write(tmp_path / "t.jsonl"))
    [sub] = model.subagents.values()
    assert sub.status == "declined" and not sub.running


# -- 2. the user's words after an IDE preamble are the request -----------------------------------

SELECTION = (
    "<ide_selection>The user selected the lines 64 to 64 from /home/dev/shop/src/domain.ts:\n"
    "const { lookup } = await import('dns-sdk');\n\nThis may or may not be related to the current task."
    "</ide_selection>"
)
OPENED = (
    "<ide_opened_file>The user opened the file /home/dev/shop/.env in the IDE. This may or may not be related "
    "to the current task.</ide_opened_file>"
)


def test_an_ide_preamble_is_not_the_request(tmp_path: Path) -> None:
    t = Transcript()
    # its own text block before the words (VS Code and JetBrains extensions, 2.1.x)
    t.user([{"type": "text", "text": SELECTION}, {"type": "text", "text": "help me apply for the grant"}])
    t.say("Sure.")
    # in the same block, two preambles, then the words
    t.user(OPENED + "\n" + SELECTION + "\nnow deploy it to devnet")
    t.say("Deploying.")
    # a preamble alone is no request
    t.user([{"type": "text", "text": OPENED}])
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert [p.text for p in model.prompts] == ["help me apply for the grant", "now deploy it to devnet"]
    assert [e.subject for e in model.episodes] == ["help me apply for the grant", "now deploy it to devnet"]


def test_a_message_that_opens_with_markup_of_its_own_keeps_it(tmp_path: Path) -> None:
    t = Transcript()
    t.user("<div>Hello</div> is rendered twice, fix it")
    t.user("<ide_selection>never closed, so not a preamble")
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert [p.text for p in model.prompts] == [
        "<div>Hello</div> is rendered twice, fix it",
        "<ide_selection>never closed, so not a preamble",
    ]


# -- 3. the window the session proves ---------------------------------------------------------


def test_usage_beyond_200k_proves_the_1m_window(tmp_path: Path) -> None:
    t = Transcript(model="claude-sonnet-4-6")
    t.user("Audit the campaign")
    t.say("Reading.", tokens=120_000)
    t.say("Still reading.", tokens=311_000)
    path = t.write(tmp_path / "t.jsonl")
    usage = build_model(path).context_usage()
    assert (usage.tokens, usage.window) == (311_000, 1_000_000)
    assert round(usage.percent) == 31
    # a window set in the settings still wins
    assert build_model(path).context_usage(window_override=500_000).window == 500_000


def test_the_window_stays_large_after_a_compaction_of_a_1m_session(tmp_path: Path) -> None:
    t = Transcript(model="claude-opus-4-7")
    t.user("Build the dashboard")
    t.say("Done.", tokens=150_000)
    t.boundary(pre_tokens=968_000, post_tokens=21_000, summary="This session is being continued ...")
    t.say("Continuing.", tokens=40_000)
    usage = build_model(t.write(tmp_path / "t.jsonl")).context_usage()
    assert (usage.tokens, usage.window) == (40_000, 1_000_000)


def test_a_session_within_200k_keeps_the_models_default_window(tmp_path: Path) -> None:
    t = Transcript(model="claude-sonnet-4-6")
    t.user("Fix the test")
    t.say("Working.", tokens=167_000)
    t.boundary(pre_tokens=167_500, post_tokens=8_000, summary="This session is being continued ...")
    assert build_model(t.write(tmp_path / "t.jsonl")).context_usage().window == 200_000


def test_what_one_model_held_proves_nothing_of_another(tmp_path: Path) -> None:
    t = Transcript(model="claude-sonnet-4-6")
    t.user("Fix the test")
    t.say("Working.", tokens=300_000)
    t.model = "claude-haiku-4-5"
    t.say("Switched.", tokens=90_000)
    assert build_model(t.write(tmp_path / "t.jsonl")).context_usage().window == 200_000


def test_the_gate_reads_usage_beyond_200k_against_the_1m_window(tmp_path: Path) -> None:
    # 300k of a 1M window is 30 %: below the default 70 % threshold, no cold-unit work yet
    # (read as 150 % of 200k, every call would start it).
    import json
    import os
    import subprocess
    import sys

    t = Transcript(model="claude-sonnet-4-6")
    t.user("Audit the campaign")
    t.say("Reading.", tokens=300_000)
    path = t.write(tmp_path / "t.jsonl")
    home = tmp_path / "home"
    stdin = {
        "session_id": "s1",
        "transcript_path": str(path),
        "cwd": str(tmp_path),
        "hook_event_name": "PostToolUse",
        "tool_name": "Bash",
    }
    hook = Path(__file__).resolve().parents[2] / "hooks" / "auto_context_manager.py"
    env = {**os.environ, "CONTEXT_KEEPER_HOME": str(home), "CONTEXT_KEEPER_CONFIG": str(tmp_path / "none.toml")}
    done = subprocess.run(
        [sys.executable, str(hook)], input=json.dumps(stdin), capture_output=True, text=True, env=env, check=False
    )
    assert (done.returncode, done.stdout) == (0, "")
    log = next((home / "runs").glob("*/context-keeper.log")).read_text()
    assert "usage 30.0% below 70%: nothing to do" in log


# -- 4 and 5. task notifications queued as attachments; background commands -----------------------


def notification(task_id: str, call_id: str, status: str, summary: str, result: str = "") -> str:
    body = f"<task-id>{task_id}</task-id>\n<tool-use-id>{call_id}</tool-use-id>\n"
    body += f"<output-file>/tmp/claude-501/-home-dev-shop/s/tasks/{task_id}.output</output-file>\n"
    body += f"<status>{status}</status>\n<summary>{summary}</summary>\n"
    if result:
        body += f"<result>{result}</result>\n"
    return f"<task-notification>\n{body}</task-notification>"


def queued(text: str) -> dict[str, object]:
    return {"type": "queued_command", "prompt": text, "commandMode": "task-notification"}


def test_words_typed_while_the_model_works_are_a_request(tmp_path: Path) -> None:
    # 2.1.178-2.1.219: a prompt queued during a turn reaches the model as an attachment only,
    # its text as a string or as text blocks, with or without an origin.
    t = Transcript(version="2.1.219")
    t.user("Finish the needs_review endpoint")
    t.call("Bash", {"command": "pytest -q"}, "3 passed")
    t.attachment(
        {"type": "queued_command", "prompt": "commit each W* change on its own", "commandMode": "prompt", "origin": {"kind": "human"}}
    )
    t.say("Noted: one commit per W.")
    t.attachment({"type": "queued_command", "prompt": [{"type": "text", "text": "and keep the old route"}], "commandMode": "prompt"})
    # not the user's: a queued command from elsewhere, and a notification
    t.attachment({"type": "queued_command", "prompt": "run the nightly sync", "commandMode": "prompt", "origin": {"kind": "task"}})
    t.attachment({"type": "queued_command", "prompt": "/compact", "commandMode": "bash"})
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert [p.text for p in model.prompts] == [
        "Finish the needs_review endpoint",
        "commit each W* change on its own",
        "and keep the old route",
    ]
    assert model.episodes[-1].subject == "and keep the old route"


def test_a_prompt_typed_again_after_a_queued_one_is_a_request_again(tmp_path: Path) -> None:
    # No version writes a queued prompt again as a user record: the same words typed later
    # ("continue", twice) are the user asking again, never dropped as a repeat.
    t = Transcript(version="2.1.219")
    t.user("Fix the modal")
    t.attachment({"type": "queued_command", "prompt": "continue", "commandMode": "prompt"})
    t.say("Continuing.")
    t.user("continue")
    t.say("Done.")
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert [p.text for p in model.prompts] == ["Fix the modal", "continue", "continue"]


def launched(task_id: str) -> dict[str, object]:
    return {
        "stdout": "",
        "stderr": "",
        "interrupted": False,
        "isImage": False,
        "noOutputExpected": False,
        "backgroundTaskId": task_id,
    }


def background_text(task_id: str) -> str:
    return (
        f"Command running in background with ID: {task_id}. Output is being written to: "
        f"/tmp/claude-501/-home-dev-shop/s/tasks/{task_id}.output. You will be notified when it completes."
    )


def test_a_background_subagent_ends_with_a_notification_queued_as_an_attachment(tmp_path: Path) -> None:
    t = Transcript(version="2.1.158")
    t.user("Rewrite the frontend")
    call = t.call(
        "Agent",
        {
            "description": "Rewrite the views",
            "prompt": "Rewrite the views",
            "subagent_type": "coder",
            "run_in_background": True,
        },
        "Async agent launched successfully.\nagentId: a2e6348134",
        False,
        {"isAsync": True, "status": "async_launched", "agentId": "a2e6348134"},
    )
    t.say("Waiting for it.")
    path = t.write(tmp_path / "t.jsonl")
    assert build_model(path).subagents["a2e6348134"].running
    t.attachment(
        queued(
            notification(
                "a2e6348134", call, "completed", 'Agent "Rewrite the views" completed', "All four views rewritten."
            )
        )
    )
    sub = build_model(t.write(path)).subagents["a2e6348134"]
    assert (sub.status, sub.result) == ("completed", "All four views rewritten.")


def test_a_failed_background_command_is_an_error_and_a_completed_one_fixes_it(tmp_path: Path) -> None:
    t = Transcript(version="2.1.158")
    t.user("Build the desktop app")
    build = {"command": "cargo build 2>&1", "description": "Build the backend", "run_in_background": True}
    first = t.call("Bash", build, background_text("baux4lf26"), False, launched("baux4lf26"))
    path = t.write(tmp_path / "t.jsonl")
    model = build_model(path)
    assert model.unresolved_errors() == [] and model.commands == []  # still running: neither passed nor failed
    # the failure comes as an attachment (2.1.1xx) ...
    t.attachment(
        queued(
            notification(
                "baux4lf26", first, "failed", 'Background command "Build the backend" failed with exit code 101'
            )
        )
    )
    model = build_model(t.write(path))
    [error] = model.unresolved_errors()
    assert (error.tool, error.target, error.exit_code) == ("Bash", "cargo build 2>&1", 101)
    assert error.messages == ('Background command "Build the backend" failed with exit code 101',)
    assert [(c.command, c.ok) for c in model.commands] == [("cargo build 2>&1", False)]
    # ... or as a user message (other versions); the run that passes fixes it
    second = t.call("Bash", build, background_text("b6a0t6y9f"), False, launched("b6a0t6y9f"))
    t.user(
        notification("b6a0t6y9f", second, "completed", 'Background command "Build the backend" completed (exit code 0)')
    )
    model = build_model(t.write(path))
    assert model.unresolved_errors() == []
    assert model.errors[0].resolved_by is not None
    assert model.background == {}


def test_a_background_command_that_was_stopped_neither_failed_nor_passed(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Run the dev server")
    call = t.call(
        "Bash",
        {"command": "npm run dev", "run_in_background": True},
        background_text("bdev1"),
        False,
        launched("bdev1"),
    )
    t.attachment(queued(notification("bdev1", call, "killed", 'Background command "npm run dev" was stopped')))
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert (model.errors, model.commands, model.background) == ([], [], {})


def test_a_state_with_a_command_still_in_the_background_saves_and_loads(tmp_path: Path) -> None:
    from context_keeper.session import SessionModel

    t = Transcript()
    t.user("Build")
    t.call("Bash", {"command": "make", "run_in_background": True}, background_text("bmk"), False, launched("bmk"))
    model = build_model(t.write(tmp_path / "t.jsonl"))
    again = SessionModel.from_bytes(model.to_bytes())
    assert list(again.background) == ["bmk"] and again.background["bmk"].input == {"command": "make"}


# -- 6. subagent records inside the main transcript -------------------------------------------


def sidechain_run(t: Transcript, prompt: str, agent_id: str | None) -> None:
    """A subagent's records as older versions wrote them into the main file: its own chain
    (parentUuid null at its prompt), isSidechain, with `agentId` where the version had it."""
    extra: dict[str, object] = {"isSidechain": True}
    if agent_id:
        extra["agentId"] = agent_id
    t._parent = None
    t.user(prompt, **extra)
    t.call(
        "Edit",
        {"file_path": "/home/dev/shop/src/cart.ts", "old_string": "a", "new_string": "b"},
        "The file /home/dev/shop/src/cart.ts has been updated.",
        **extra,
    )
    t.call(
        "Bash",
        {"command": "npx tsc --noEmit"},
        "Exit code 2\nsrc/cart.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.",
        True,
        **extra,
    )
    t.call("Bash", {"command": "rm -rf build"}, REJECTED, True, "User rejected tool use", **extra)
    t.boundary(pre_tokens=150_000, post_tokens=9_000, summary="This session is being continued ...", **extra)
    t.say("Cart fixed; tsc still fails on src/cart.ts.", **extra)


def test_a_subagents_inline_records_are_its_work_and_its_compaction_not_the_sessions(tmp_path: Path) -> None:
    t = Transcript(version="1.0.84")
    t.user("Fix the cart")
    prompt = "Fix the cart totals in src/cart.ts"
    t._n += 1
    call_id = f"toolu_{t._n:06d}"
    t.assistant(
        [{"type": "tool_use", "id": call_id, "name": "Task", "input": {"description": "Fix cart", "prompt": prompt}}]
    )
    main_parent = t._parent
    sidechain_run(t, prompt, agent_id=None)
    t._parent = main_parent
    t.user([{"type": "tool_result", "tool_use_id": call_id, "content": [{"type": "text", "text": "Cart fixed."}]}])
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert model.compactions == []
    assert list(model.files) == ["/home/dev/shop/src/cart.ts"]
    [error] = model.unresolved_errors()
    assert error.target == "npx tsc --noEmit" and error.agent == call_id
    assert [c.command for c in model.commands] == ["npx tsc --noEmit"]  # the declined rm never ran
    [sub] = model.subagents.values()
    assert (sub.description, sub.status, sub.files) == ("Fix cart", "completed", ["/home/dev/shop/src/cart.ts"])
    assert model.turns == 1  # a subagent's responses are not the main agent's turns


def test_inline_records_with_an_agent_id_before_the_agent_calls_result(tmp_path: Path) -> None:
    t = Transcript(version="2.1.152")
    t.user("Fix the cart")
    prompt = "Fix the cart totals in src/cart.ts"
    t._n += 1
    call_id = f"toolu_{t._n:06d}"
    t.assistant(
        [
            {
                "type": "tool_use",
                "id": call_id,
                "name": "Agent",
                "input": {"description": "Fix cart", "prompt": prompt, "subagent_type": "general-purpose"},
            }
        ]
    )
    main_parent = t._parent
    sidechain_run(t, prompt, agent_id="a6bc8a4d8829368e5")
    t._parent = main_parent
    t.user(
        [{"type": "tool_result", "tool_use_id": call_id, "content": "Cart fixed.\nagentId: a6bc8a4d8829368e5"}],
        toolUseResult={
            "status": "completed",
            "agentId": "a6bc8a4d8829368e5",
            "content": [{"type": "text", "text": "Cart fixed."}],
        },
    )
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert list(model.subagents) == ["a6bc8a4d8829368e5"]
    sub = model.subagents["a6bc8a4d8829368e5"]
    assert (sub.status, sub.result, sub.files) == ("completed", "Cart fixed.", ["/home/dev/shop/src/cart.ts"])
    assert [e.agent for e in model.unresolved_errors()] == ["a6bc8a4d8829368e5"]
    assert model.compactions == []


def test_a_sidechain_no_call_here_started_is_no_running_subagent(tmp_path: Path) -> None:
    t = Transcript(version="2.1.152")
    sidechain_run(t, "Audit the API", agent_id="a840c42d3f7d13bba")  # from the session this one resumed
    t._parent = None
    t.user("Now the docs")
    model = build_model(t.write(tmp_path / "t.jsonl"))
    sub = model.subagents["a840c42d3f7d13bba"]
    assert not sub.running and sub.files == ["/home/dev/shop/src/cart.ts"]
    assert model.compactions == [] and [p.text for p in model.prompts] == ["Now the docs"]


# -- 7. the small ones --------------------------------------------------------------------------


def test_a_colour_sequence_cut_by_truncation_is_no_error_message(tmp_path: Path) -> None:
    output = (
        "Exit code 101\n\x1b[1m\x1b[92m  Downloaded\x1b[0m dtor v0.3.0\n"
        "error[E0432]: unresolved import `tauri::Manager`\n"
        "\x1b[1m\x1b[96m Downloading\x1b[0m 267 crates, remaining bytes: 4.2MiB   \r\x1b[K\x1b["
    )
    t = Transcript()
    t.user("Run the app")
    t.call("Bash", {"command": "npx tauri dev"}, output, True)
    t.call("Bash", {"command": "cargo build"}, "Exit code 1\n---\n[", True)
    model = build_model(t.write(tmp_path / "t.jsonl"))
    messages = {e.target: e.messages for e in model.errors}
    assert all(m.strip("\x1b[ ") for ms in messages.values() for m in ms)
    assert "error[E0432]: unresolved import `tauri::Manager`" in " ".join(messages["npx tauri dev"])
    assert messages["cargo build"] == ()  # said nothing of its failure: no message rather than "["


def test_a_lead_in_ending_in_a_colon_is_no_decision(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Fix the login")
    t.say("The root cause is two things:\n\n1. The cookie path\n2. The token expiry")
    t.say("**The fix is to change two files:**")
    t.say("The root cause is a stale cookie path, so the session token was never sent.")
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert [d.text for d in model.decisions] == [
        "The root cause is a stale cookie path, so the session token was never sent."
    ]


def test_inspect_says_how_many_commands_the_session_ran_beyond_those_kept(tmp_path: Path) -> None:
    from context_keeper.cli.commands.inspect import model_summary, render_model

    t = Transcript()
    t.user("Poll the deploy")
    for n in range(127):
        t.call("Bash", {"command": f"curl -s https://example.com/status?n={n}"}, "pending")
    t.call("Bash", {"command": "false"}, "Exit code 1", True)
    text = render_model(model_summary(build_model(t.write(tmp_path / "t.jsonl"))), None)
    assert "\ncommands (the last 100 of 128)\n" in text
    assert "\nerrors (1)\n" in text


def test_a_directory_moved_with_mv_moves_its_files_and_is_not_listed_itself(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Rename the components folder")
    for name in ("Cart.tsx", "Nav.tsx"):
        t.call("Write", {"file_path": f"/home/dev/shop/src/comp/{name}", "content": "x"}, "File created")
    t.call("Write", {"file_path": "/home/dev/shop/README.md", "content": "x"}, "File created")
    t.call("Bash", {"command": "cd src && mv comp components"}, "")
    t.call("Bash", {"command": "mv README.md docs.md"}, "")
    t.call("Bash", {"command": "mv notes.txt old-notes.txt"}, "")  # not a file of the session: written as before
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert list(model.files) == [
        "/home/dev/shop/src/components/Cart.tsx",
        "/home/dev/shop/src/components/Nav.tsx",
        "/home/dev/shop/docs.md",
        "/home/dev/shop/old-notes.txt",
    ]
    cart = model.files["/home/dev/shop/src/components/Cart.tsx"]
    assert (cart.tool, cart.count) == ("Write", 2)
    assert model.facts["prompt-1"].files == list(model.files)


# -- record types this reader does not know ---------------------------------------------------------


def test_unknown_record_types_are_counted_per_type_and_shown(tmp_path: Path) -> None:
    from context_keeper.cli.commands.inspect import model_summary, render_model
    from context_keeper.doctor.checks import check_record_types
    from context_keeper.store import RunsDir

    t = Transcript()
    t.user("Ship it")
    t.add({"type": "file-history-snapshot", "snapshot": {}})  # known: skipped, not counted
    t.add({"type": "queue-operation", "operation": "enqueue"})
    t.add({"type": "agent-memo", "memo": "x"})  # unknown, "type" after other keys
    t.say("Shipping.")
    path = t.write(tmp_path / "t.jsonl")
    with open(path, "a") as handle:  # unknown, "type" first (skipped on its bytes)
        handle.write('{"type":"agent-memo","memo":"y"}\n{"type":"turn-ledger","n":1}\n{"type":7}\n{"type":["x"]}\n')
    model = build_model(path)
    assert {k: v for k, v in model.stats.items() if k.startswith("unknown")} == {
        "unknown type agent-memo": 2,
        "unknown type turn-ledger": 1,
        "unknown type <int>": 1,
        "unknown type <list>": 1,
    }
    data = model_summary(model)
    assert data["unknown_types"] == {"agent-memo": 2, "turn-ledger": 1, "<int>": 1, "<list>": 1}
    assert "does not know (skipped): <int> (1), <list> (1), agent-memo (2), turn-ledger (1)" in (
        render_model(data, None)
    )
    # doctor reads them from the saved sessions
    runs = RunsDir.at(tmp_path / "runs")
    runs.state.mkdir(parents=True)
    assert check_record_types(runs) is None
    (runs.state / "s1.json").write_bytes(model.to_bytes())
    check = check_record_types(runs)
    assert check is not None and check.ok
    assert check.detail.endswith("skipped: <int> (1), <list> (1), agent-memo (2), turn-ledger (1)")


def test_a_transcript_of_known_types_only_shows_no_unknown_line(tmp_path: Path) -> None:
    from context_keeper.cli.commands.inspect import model_summary, render_model

    t = Transcript()
    t.user("Ship it")
    t.add({"type": "ai-title", "aiTitle": "Ship"})
    t.attachment({"type": "todo_reminder", "content": []})
    model = build_model(t.write(tmp_path / "t.jsonl"))
    assert not [k for k in model.stats if k.startswith("unknown")]
    assert "does not know" not in render_model(model_summary(model), None)


def test_a_tool_that_waited_on_or_stopped_a_background_command_tells_how_it_ended(tmp_path: Path) -> None:
    t = Transcript()
    t.user("Serve the site and build")
    t.call("Bash", {"command": "python3 -m http.server 8000"}, background_text("0dd2e3"), False, launched("0dd2e3"))
    t.call("Bash", {"command": "cargo build"}, background_text("beo9xpu6s"), False, launched("beo9xpu6s"))
    t.call("Bash", {"command": "npm run dev"}, background_text("bdev"), False, launched("bdev"))
    # 1.0.x-2.0.x: KillShell on a shell that had already failed
    t.call(
        "KillShell",
        {"shell_id": "0dd2e3"},
        "Error: Shell 0dd2e3 is not running, so cannot be killed (status: failed)",
        True,
        "Error: Shell 0dd2e3 is not running, so cannot be killed (status: failed)",
    )
    # 2.1.x: TaskOutput waits for it and holds its output
    output = "   Compiling app v0.1.0\nerror[E0425]: cannot find value `win` in this scope\n --> src/lib.rs:9:5"
    task = {"task_id": "beo9xpu6s", "task_type": "local_bash", "status": "failed", "exitCode": 101, "output": output}
    t.call(
        "TaskOutput",
        {"task_id": "beo9xpu6s", "block": True},
        output,
        False,
        {"retrieval_status": "success", "task": task},
    )
    # TaskStop of one still running: stopped, neither failed nor passed
    t.call(
        "TaskStop",
        {"task_id": "bdev"},
        "Successfully stopped task: bdev (npm run dev)",
        False,
        {"message": "Successfully stopped task: bdev (npm run dev)", "task_id": "bdev", "task_type": "local_bash"},
    )
    model = build_model(t.write(tmp_path / "t.jsonl"))
    errors = {e.target: e for e in model.unresolved_errors()}
    assert set(errors) == {"python3 -m http.server 8000", "cargo build"}
    assert errors["cargo build"].exit_code == 101
    assert any("cannot find value `win`" in m for m in errors["cargo build"].messages)
    assert model.background == {}  # stopped: no longer running
    assert "npm run dev" not in [c.command for c in model.commands]
