"""Subagents in the session model, the block, the note and the cold summaries, over real
subagent transcripts recorded with the real CLI (tests/fixtures/subagents, README there)."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from context_keeper.cold.summaries import ColdSummary, build_summary, cold_units, summarize_cold
from context_keeper.preserve import render_block, render_restore
from context_keeper.session import SessionModel, build_model, load_or_build
from context_keeper.session.subagent_files import subagents_dir
from context_keeper.session.subagents import MAX_DEPTH, MAX_GONE, MAX_SUBAGENTS, Subagent
from context_keeper.store import RunsDir

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from subagents import clone_subagents  # noqa: E402 - the benchmark's clones: one way to make many

FIXTURES = Path(__file__).parents[1] / "fixtures"
SUBAGENTS = FIXTURES / "subagents"
ROOT = Path("/home/dev/project")


def copy_fixture(name: str, to: Path) -> Path:
    """The recorded project folder copied to `to`; the main transcript's path."""
    shutil.copytree(SUBAGENTS / name, to)
    [main] = to.glob("*.jsonl")
    return main


def by_description(model: SessionModel) -> dict[str, Subagent]:
    return {sub.description: sub for sub in model.subagents.values()}


def test_a_foreground_subagents_work_joins_the_session_attributed(tmp_path: Path) -> None:
    model = build_model(copy_fixture("foreground", tmp_path / "p"))
    subs = by_description(model)
    assert sorted(subs) == ["Find the title", "Write the notes files"]
    notes, title = subs["Write the notes files"], subs["Find the title"]
    assert (notes.agent_type, notes.status, notes.background, notes.start_turn, notes.end_turn) == (
        "general-purpose", "completed", False, 2, 2)
    assert notes.task == "NOTES: Write notes/a.md and notes/b.md, then print notes/index.md."
    assert notes.files == ["/home/dev/project/notes/a.md", "/home/dev/project/notes/b.md"]
    assert notes.result == "Wrote notes/a.md and notes/b.md. notes/index.md does not exist, so I could not print it."
    assert [(c.command, c.ok, c.exit_code) for c in notes.commands] == [("cat notes/index.md", False, 1)]
    assert (title.agent_type, title.files, title.result) == ("Explore", [], "The title is in README.md, line 1: `# e2e test repo`.")
    # The session's lists: the subagents' files and the main agent's edit, in the order they
    # happened (the main agent edited notes/a.md after the subagent wrote both).
    assert list(model.files) == ["/home/dev/project/notes/b.md", "/home/dev/project/notes/a.md"]
    assert model.files["/home/dev/project/notes/a.md"].count == 2
    [error] = model.unresolved_errors()
    assert (error.target, error.line, error.exit_code, error.agent) == (
        "cat notes/index.md", "cat: notes/index.md: No such file or directory", 1, notes.agent_id)
    assert [c.agent for c in model.commands] == [title.agent_id, notes.agent_id]
    # A subagent's prompt is not the user's request; its facts are its own unit's.
    assert [p.text for p in model.prompts] == ["Write the notes with a subagent, then say where the title is."]
    assert model.facts[notes.unit].files == notes.files and model.facts[notes.unit].errors == [error]


def test_a_background_subagent_with_a_nested_one(tmp_path: Path) -> None:
    model = build_model(copy_fixture("background", tmp_path / "p"))
    subs = by_description(model)
    outer, inner = subs["Build the parser module"], subs["Write the parser tests"]
    assert (outer.background, outer.status, outer.start_turn, outer.end_turn) == (True, "completed", 1, 3)
    assert outer.result == "calc_parser.py and tests/test_parser.py are written; the module imports."
    assert (inner.parent, inner.depth, inner.background, inner.status) == (outer.agent_id, 2, False, "completed")
    assert inner.files == ["/home/dev/project/tests/test_parser.py"]
    assert outer.files == ["/home/dev/project/calc_parser.py"]
    # Its failing command was fixed by its own rerun.
    [error] = model.errors
    assert (error.agent, error.line) == (outer.agent_id, "ModuleNotFoundError: No module named 'calc_parser'")
    assert error.resolved_turn is not None and "succeeded" in (error.resolved_by or "")
    assert model.unresolved_errors() == []
    # The completion notification is no prompt: one episode, the user's.
    assert (model.prompt_count, [p.text for p in model.prompts]) == (1, ["Build the parser module with a background agent."])


def test_a_subagent_still_running(tmp_path: Path) -> None:
    model = build_model(copy_fixture("background_running", tmp_path / "p"))
    subs = by_description(model)
    outer, inner = subs["Build the parser module"], subs["Write the parser tests"]
    assert outer.running and outer.end_turn is None and outer.background
    assert outer.task == "PARSER: Write calc_parser.py with its tests and check that it imports."
    assert inner.status == "completed"
    [error] = model.unresolved_errors()
    assert error.agent == outer.agent_id


def test_its_meta_file_tells_a_subagent_finished_before_the_main_agent_is_told(tmp_path: Path) -> None:
    main = copy_fixture("background_running", tmp_path / "p")
    outer = by_description(build_model(main))["Build the parser module"]
    meta = Path(subagents_dir(main)) / f"agent-{outer.agent_id}.meta.json"
    meta.write_text(json.dumps({**json.loads(meta.read_text()), "finished": True}))
    assert by_description(build_model(main))["Build the parser module"].status == "completed"


def test_folded_incrementally_from_saved_states_as_the_files_grow(tmp_path: Path) -> None:
    """The running copy's files are byte prefixes of the finished session's: grow them in
    place and fold from the saved state each time, as the hooks do."""
    main = copy_fixture("background_running", tmp_path / "p")
    finished = SUBAGENTS / "background"
    saved = load_or_build(main, None).to_bytes()
    assert by_description(SessionModel.from_bytes(saved))["Build the parser module"].running
    for path in sorted(finished.rglob("*")):
        if path.is_file():
            target = main.parent / path.relative_to(finished)
            data = path.read_bytes()
            if path.suffix == ".jsonl":  # appended, like Claude Code does
                with open(target, "ab") as handle:
                    handle.write(data[target.stat().st_size:])
            else:
                target.write_bytes(data)
    model = load_or_build(main, saved)
    whole = build_model(SUBAGENTS / "background" / main.name)
    outer = by_description(model)["Build the parser module"]
    assert outer.status == "completed" and outer.result == by_description(whole)["Build the parser module"].result
    # Nothing folded twice: the same commands, files and errors as one pass over the end state.
    assert [(c.command, c.ok, c.agent) for c in model.commands] == [(c.command, c.ok, c.agent) for c in whole.commands]
    assert list(model.files) == list(whole.files)
    assert [(e.line, e.resolved_turn is not None) for e in model.errors] == [
        ("ModuleNotFoundError: No module named 'calc_parser'", True)]
    for sub in model.subagents.values():
        assert sub.offset == (Path(subagents_dir(main)) / f"agent-{sub.agent_id}.jsonl").stat().st_size
    # And an unchanged session folds to the same state again.
    assert load_or_build(main, model.to_bytes()).to_bytes() == model.to_bytes()


def test_a_subagents_failure_is_folded_before_the_main_agents_later_fix(tmp_path: Path) -> None:
    """The main agent reruns the subagent's failing command after the Agent result, and it
    passes: folded in one pass, the subagent's failure comes first and is resolved."""
    main = copy_fixture("foreground", tmp_path / "p")
    records = [json.loads(line) for line in main.read_text().splitlines()]
    use = next(r for r in records if r.get("type") == "assistant" and r["message"]["content"][0].get("name") == "Edit")
    result = next(r for r in records if r.get("type") == "user" and "toolUseResult" in r
                  and r["message"]["content"][0]["tool_use_id"] == use["message"]["content"][0]["id"])
    use = json.loads(json.dumps(use))
    use["message"]["id"] = "msg_rerun"
    use["message"]["content"][0].update(id="toolu_rerun", name="Bash", input={"command": "cat notes/index.md"})
    result = json.loads(json.dumps(result))
    result["message"]["content"][0].update(tool_use_id="toolu_rerun", content="# Index", is_error=False)
    result["toolUseResult"] = {"stdout": "# Index", "stderr": "", "interrupted": False}
    with open(main, "a") as handle:
        handle.write(json.dumps(use) + "\n" + json.dumps(result) + "\n")
    model = build_model(main)
    [error] = model.errors
    assert error.agent == by_description(model)["Write the notes files"].agent_id
    assert error.resolved_turn == model.turns and error.resolved_by and "succeeded" in error.resolved_by
    assert model.unresolved_errors() == []


def test_without_its_subagent_files_the_main_transcript_still_tells_the_agent_calls(tmp_path: Path) -> None:
    target = tmp_path / "alone.jsonl"
    shutil.copy(next((SUBAGENTS / "foreground").glob("*.jsonl")), target)
    model = build_model(target)
    subs = by_description(model)
    assert subs["Write the notes files"].status == "completed"
    assert subs["Write the notes files"].result.startswith("Wrote notes/a.md and notes/b.md.")
    assert list(model.files) == ["/home/dev/project/notes/a.md"] and model.errors == []


def test_a_state_without_subagents_saves_as_before(tmp_path: Path) -> None:
    model = build_model(FIXTURES / "tools_and_tasks.jsonl")
    assert model.errors or model.commands
    data = model.to_bytes()
    assert b'"subagents' not in data and b'"agent"' not in data
    with_subagents = build_model(copy_fixture("foreground", tmp_path / "p")).to_bytes()
    assert b'"subagents"' in with_subagents and b'"agent"' in with_subagents
    assert SessionModel.from_bytes(with_subagents).to_bytes() == with_subagents


# -- what the block and the note show -------------------------------------------------------------


def test_the_block_and_the_note_show_the_subagents_work(tmp_path: Path) -> None:
    model = build_model(copy_fixture("foreground", tmp_path / "p"))
    block = render_block(model, trigger="manual", max_chars=10_000, repo_root=ROOT)
    label = "(by subagent general-purpose: Write the notes files)"
    assert (
        f"- `cat notes/index.md` → exit 1: cat: notes/index.md: No such file or directory {label}" in block.text
    )
    lines = block.text.splitlines()
    start = lines.index("SUBAGENTS (0 running; running first, then finished ones by what they left):")
    assert lines[start + 1] == (
        '- general-purpose "Write the notes files" — completed at turn 2; files: notes/a.md, notes/b.md; '
        "ran: `cat notes/index.md` → exit 1; unresolved: cat: notes/index.md: No such file or directory; "
        "result: Wrote notes/a.md and notes/b.md. notes/index.md does not exist, so I could not print it."
    )
    assert lines[start + 2].startswith('- Explore "Find the title" — completed at turn 1; ran: `grep')
    assert "- notes/a.md" in lines and "- notes/b.md" in lines
    subagent_items = [i for i in block.items if i.family == "subagent"]
    assert [i.key for i in subagent_items] == ["Write the notes files", "Find the title"]
    [error] = [i for i in block.items if i.family == "error"]
    assert error.key == "cat: notes/index.md: No such file or directory"  # the attribution is no part of the key
    note = render_restore(model, max_chars=9_500, repo_root=ROOT, block_items=block.items).text
    assert "Subagents (0 still running; running first):" in note
    assert label in note and "notes/a.md" in note and "notes/b.md" in note


def test_a_running_subagent_comes_first_with_its_task_and_a_rule(tmp_path: Path) -> None:
    model = build_model(copy_fixture("background_running", tmp_path / "p"))
    block = render_block(model, trigger="auto", max_chars=10_000, repo_root=ROOT).text
    assert "SUBAGENTS (1 running;" in block
    running = block.split("SUBAGENTS (1 running;", 1)[1].splitlines()[1]
    assert running.startswith('- general-purpose "Build the parser module" — RUNNING in the background since turn 1, last activity 20')
    assert "task: PARSER: Write calc_parser.py with its tests and check that it imports." in running
    assert "unresolved: ModuleNotFoundError: No module named 'calc_parser'" in running
    assert '(started by subagent "Build the parser module")' in block
    assert "5. List the subagents still running with their task, as running" in block
    note = render_restore(model, max_chars=9_500, repo_root=ROOT).text
    assert "Subagents (1 still running; running first):" in note and "RUNNING in the background" in note
    finished = render_block(build_model(copy_fixture("background", tmp_path / "q")), trigger="auto", max_chars=10_000).text
    assert "List the subagents still running" not in finished


def test_test_commands_a_subagent_ran_are_attributed(tmp_path: Path) -> None:
    model = build_model(copy_fixture("foreground", tmp_path / "p"))
    notes = by_description(model)["Write the notes files"]
    [run] = [c for c in model.commands if c.agent == notes.agent_id]
    model.tests["cat notes/index.md"] = run  # as if it were a test command
    block = render_block(model, trigger="auto", max_chars=10_000).text
    assert "`cat notes/index.md` → FAILED (exit 1): cat: notes/index.md: No such file or directory (by subagent general-purpose: Write the notes files)" in block


# -- a finished subagent as cold work -------------------------------------------------------------


def test_a_finished_subagent_becomes_a_cold_unit_summary(tmp_path: Path) -> None:
    model = build_model(copy_fixture("foreground", tmp_path / "p"))
    notes = by_description(model)["Write the notes files"]
    assert model.turns == 4 and [u.key for u in cold_units(model, turns_until_cold=3)] == []  # finished 2-3 turns ago: warm
    model.turns += 2
    units = cold_units(model, turns_until_cold=3)
    assert [(u.kind, u.subject) for u in units] == [("subagent", "Explore: Find the title"), ("subagent", "general-purpose: Write the notes files")]
    [unit] = [u for u in units if u.key == notes.unit]
    summary = build_summary(unit, model.facts[notes.unit], "s1", None)
    assert (summary["task_id"], summary["kind"], summary["status"], summary["description"]) == (
        notes.unit, "subagent", "completed", notes.task)
    assert summary["files_modified"] == notes.files and summary["commands_run"] == ["cat notes/index.md"]
    assert summary["errors_unresolved"] == [{"error": "cat: notes/index.md: No such file or directory", "target": "cat notes/index.md"}]
    assert notes.result in summary["key_outcomes"]

    runs = RunsDir.at(tmp_path / "runs")
    written = summarize_cold(runs, model, "s1", None, turns_until_cold=3)
    assert sorted(written) == sorted(s.unit for s in model.subagents.values())
    summaries = [ColdSummary.from_dict(json.loads(p.read_text()), p) for p in runs.summaries.glob("*.json")]
    block = render_block(model, trigger="auto", max_chars=10_000, summaries=summaries).text
    assert 'subagent "general-purpose: Write the notes files" [completed] (turns 2-2); files: /home/dev/project/notes/a.md' in block
    # Summarised: its line gives way to the summary; its open error stays, still attributed.
    assert "SUBAGENTS" not in block
    assert "(by subagent general-purpose: Write the notes files)" in block


# -- bounds ---------------------------------------------------------------------------------------


def test_many_subagents_stay_within_the_models_bounds(tmp_path: Path) -> None:
    main = copy_fixture("foreground", tmp_path / "p")
    clone_subagents(main, 150)
    model = load_or_build(main, None)
    assert len(model.subagents) == MAX_SUBAGENTS
    assert len(model.subagents_gone) == 152 - MAX_SUBAGENTS
    assert len(model.errors) <= 200 and len(model.files) <= 1000
    saved = model.to_bytes()
    again = load_or_build(main, saved)
    # The dropped ones are not folded again; nothing changes on a second pass.
    assert again.to_bytes() == saved
    block = render_block(again, trigger="auto", max_chars=10_000, repo_root=ROOT)
    note = render_restore(again, max_chars=9_500, repo_root=ROOT, block_items=block.items)
    assert len(block.text) <= 10_000 and len(note.text) <= 9_500
    assert block.shown["subagents"] >= 1 and block.left_out.get("subagents", 0) >= 1
    assert "Left out for space:" in block.text and "subagents" in block.text.split("Left out for space:")[1]


def test_nesting_deeper_than_followed_at_once_is_folded_after(tmp_path: Path) -> None:
    """A chain of subagents each started by the one before, past MAX_DEPTH: every file is
    folded (the deeper ones after the main file), nothing twice."""
    main = copy_fixture("background", tmp_path / "p")
    directory = Path(subagents_dir(main))

    def agent(description: str) -> tuple[str, Path, dict[str, object]]:
        meta = next(p for p in directory.glob("*.meta.json") if description in p.read_text())
        return meta.name[len("agent-"):-len(".meta.json")], meta.with_suffix("").with_suffix(".jsonl"), json.loads(meta.read_text())

    outer_id, outer, _ = agent("Build the parser module")
    inner_id, inner, inner_meta = agent("Write the parser tests")
    template, leaf = outer.read_text(), inner.read_text()
    # chain[0] is the recorded inner subagent, now itself starting chain[1], and so on; each
    # link is the recorded outer subagent renamed (it starts the next and runs a command).
    chain = [inner_id] + [f"d{i:016x}" for i in range(MAX_DEPTH + 3)]
    for i, agent_id in enumerate(chain):
        depth, caller = i + 2, "toolu_fake_0005" if i == 0 else f"toolu_d{i - 1:03d}_05"
        if i + 1 < len(chain):
            text = template.replace(inner_id, chain[i + 1]).replace(outer_id, agent_id).replace("toolu_fake_00", f"toolu_d{i:03d}_")
        else:
            text = leaf.replace(inner_id, agent_id).replace("toolu_fake_00", f"toolu_d{i:03d}_")
        (directory / f"agent-{agent_id}.jsonl").write_text(text)
        parent = outer_id if i == 0 else chain[i - 1]
        (directory / f"agent-{agent_id}.meta.json").write_text(json.dumps(
            {**inner_meta, "spawnDepth": depth, "toolUseId": caller, "parentAgentId": parent}))
    model = load_or_build(main, None)
    assert sorted(model.subagents) == sorted([outer_id, *chain])
    for agent_id in chain:
        sub = model.subagents[agent_id]
        assert sub.offset == (directory / f"agent-{agent_id}.jsonl").stat().st_size
        assert sub.status == "completed" and sub.parent == (outer_id if agent_id == inner_id else chain[chain.index(agent_id) - 1])
    assert max(s.depth for s in model.subagents.values()) == len(chain) + 1 > MAX_DEPTH
    # Every link ran its command once, attributed to it.
    assert sorted(c.agent for c in model.commands if c.agent and c.agent != outer_id) == sorted(chain[:-1] * 2)
    assert load_or_build(main, model.to_bytes()).to_bytes() == model.to_bytes()


def test_the_forgotten_ids_are_capped() -> None:
    model = SessionModel()
    model.subagents_gone = [f"x{i}" for i in range(MAX_GONE)]
    from context_keeper.session.subagents import add

    for i in range(MAX_SUBAGENTS + 5):
        add(model, f"a{i}", Subagent(f"a{i}", status="completed"))
    assert len(model.subagents) == MAX_SUBAGENTS and len(model.subagents_gone) == MAX_GONE
    assert model.subagents_gone[-1] == "a4"


@pytest.mark.parametrize("junk", [b"", b"{not json", b"[1, 2]", b'{"spawnDepth": true, "finished": "yes"}'])
def test_a_broken_meta_file_is_no_meta_file(tmp_path: Path, junk: bytes) -> None:
    main = copy_fixture("background_running", tmp_path / "p")
    for meta in Path(subagents_dir(main)).glob("*.meta.json"):
        meta.write_bytes(junk)
    model = build_model(main)
    outer = by_description(model)["Build the parser module"]
    assert outer.running and len(model.subagents) == 2


def test_fifos_directories_and_junk_names_in_the_subagents_folder_are_passed_over(tmp_path: Path) -> None:
    import os

    main = copy_fixture("foreground", tmp_path / "p")
    directory = Path(subagents_dir(main))
    os.mkfifo(directory / "agent-fifo0000000000.jsonl")  # would block a plain open() forever
    os.mkfifo(directory / "agent-fifo0000000000.meta.json")
    (directory / "agent-dir00000000000.jsonl").mkdir()
    (directory / "agent-../../x.jsonl".replace("/", "_")).write_text("{}\n")
    (directory / "notes.txt").write_text("not a subagent")
    model = load_or_build(main, None)
    assert sorted(s.description for s in model.subagents.values()) == ["Find the title", "Write the notes files"]
    assert [e.agent for e in model.unresolved_errors()] == [by_description(model)["Write the notes files"].agent_id]


def test_a_deadline_stops_between_batches_and_the_next_fold_goes_on(tmp_path: Path) -> None:
    main = copy_fixture("foreground", tmp_path / "p")
    clone_subagents(main, 5)
    model = load_or_build(main, None, deadline=0.0)  # long past: the main file is folded (one batch), then it stops
    assert model.behind
    while model.behind:
        model = load_or_build(main, model.to_bytes(), deadline=0.0)
    assert model.to_bytes() == load_or_build(main, model.to_bytes()).to_bytes()
    assert len(model.subagents) == 7 and len(model.unresolved_errors()) == 6
