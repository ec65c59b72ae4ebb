"""session.late_messages: a failed run's failure messages are composed when the fold ends, only
for the runs and errors the model still holds, and come out as the eager fold made them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from context_keeper.session import SessionModel, build_model, late_messages, read_notes, update_from_file
from context_keeper.session.error_line import run_failures
from context_keeper.session.errors import MAX_ERRORS

TRACEBACK = (
    'Exit code 1\nTraceback (most recent call last):\n  File "app.py", line 3, in <module>\nValueError: bad port {n}'
)


def _user(uuid: str, content: Any) -> dict[str, Any]:
    return {"type": "user", "uuid": uuid, "message": {"role": "user", "content": content}}


def _response(uuid: str, blocks: list[dict[str, Any]]) -> dict[str, Any]:
    message = {"id": f"msg_{uuid}", "role": "assistant", "model": "claude-sonnet-4-5", "content": blocks}
    return {"type": "assistant", "uuid": uuid, "message": message}


def _turn(n: int, calls: list[tuple[str, dict[str, Any], str]]) -> list[dict[str, Any]]:
    """One response making `calls` (name, input, failed output) and one record of their results."""
    ids = [f"toolu_{n}_{i}" for i in range(len(calls))]
    uses = [
        {"type": "tool_use", "id": i, "name": name, "input": given}
        for i, (name, given, _) in zip(ids, calls, strict=True)
    ]
    results = [
        {"type": "tool_result", "tool_use_id": i, "content": out, "is_error": True}
        for i, (_, _, out) in zip(ids, calls, strict=True)
    ]
    return [_response(f"a{n}", uses), _user(f"r{n}", results)]


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in [_user("u0", "Fix the app."), *records]))
    return path


def _runs(model: SessionModel) -> list[Any]:
    """Every run and error the model holds, wherever it holds them."""
    units = [e for unit in model.facts.values() for e in unit.errors]
    return [*model.commands, *model.tests.values(), *model.errors, *units]


def test_the_kept_runs_hold_the_messages_the_eager_fold_composed(tmp_path: Path) -> None:
    records = [r for n in range(3) for r in _turn(n, [("Bash", {"command": "pytest -q"}, TRACEBACK.format(n=n))])]
    model = build_model(_write(tmp_path / "t.jsonl", records))
    runs = _runs(model)
    assert len(model.commands) == 3 and len(model.errors) == 3 and model.tests
    assert all(type(run.messages) is tuple for run in runs)  # no placeholder leaves the fold
    assert [run.messages for run in model.commands] == [
        run_failures(TRACEBACK.format(n=n), "pytest -q")[0] for n in range(3)
    ]
    assert model.commands[0].messages == ("ValueError: bad port 0",)
    # ... and saved as such: the saved state loads to the same model.
    assert SessionModel.from_bytes(model.to_bytes()) == model


def test_only_the_errors_the_model_keeps_are_composed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    composed: list[str] = []

    def counting(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
        composed.append(output)
        return run_failures(output, command)

    monkeypatch.setattr(late_messages, "run_failures", counting)
    failed = MAX_ERRORS + 50
    records = [
        r
        for n in range(failed)
        for r in _turn(
            n,
            [("Edit", {"file_path": f"/p/f{n}.py"}, f"<tool_use_error>File f{n}.py does not exist.</tool_use_error>")],
        )
    ]
    model = build_model(_write(tmp_path / "t.jsonl", records))
    assert len(model.errors) == MAX_ERRORS
    assert len(composed) == MAX_ERRORS  # the 50 that fell out of the capped list never were
    assert model.errors[-1].messages == (f"File f{failed - 1}.py does not exist.",)


@pytest.mark.parametrize(("second", "kept"), [(TRACEBACK.format(n=2), 2), (TRACEBACK.format(n=1), 1)])
def test_runs_of_one_turn_are_equal_only_with_equal_messages(tmp_path: Path, second: str, kept: int) -> None:
    """The same command run twice in one response: two runs when their failures differ, one
    when they are the same (the capped list holds no duplicates)."""
    bash = {"command": "pytest -q"}
    model = build_model(
        _write(tmp_path / "t.jsonl", _turn(1, [("Bash", bash, TRACEBACK.format(n=1)), ("Bash", bash, second)]))
    )
    assert len(model.commands) == kept
    assert [run.messages for run in model.commands] == [
        ("ValueError: bad port 1",),
        ("ValueError: bad port 2",),
    ][:kept]


def test_messages_that_cannot_be_composed_are_absent_and_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def tripping(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
        raise KeyError("a recogniser's bug")

    monkeypatch.setattr(late_messages, "run_failures", tripping)
    path = _write(tmp_path / "t.jsonl", _turn(1, [("Bash", {"command": "pytest -q"}, TRACEBACK.format(n=1))]))
    model = build_model(path)
    assert [(run.messages, run.more) for run in _runs(model)] == [((), 0)] * len(_runs(model))
    assert model.errors and model.stats["fold_errors"] == 1  # once, though three lists hold the run
    # The record was folded: the log says what is missing, not that a record was left out.
    assert read_notes(model) == [
        "kept 1 failed run(s) without their failure messages (composing them failed)"
        ' (first: KeyError: "a recogniser\'s bug"); please report it'
    ]
    # Composed early, for runs of one turn compared: each told once all the same.
    bash = {"command": "pytest -q"}
    path = _write(
        tmp_path / "t2.jsonl", _turn(1, [("Bash", bash, TRACEBACK.format(n=1)), ("Bash", bash, TRACEBACK.format(n=2))])
    )
    model = build_model(path)
    assert len(model.errors) == 2 and model.stats["fold_errors"] == 2


def test_a_resumed_fold_composes_the_new_runs_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = _turn(1, [("Bash", {"command": "make"}, "Exit code 2\nmake: *** [all] Error 1")])
    path = _write(tmp_path / "t.jsonl", first)
    saved = build_model(path).to_bytes()
    composed: list[str] = []

    def counting(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
        composed.append(output)
        return run_failures(output, command)

    monkeypatch.setattr(late_messages, "run_failures", counting)
    with path.open("a") as out:
        for record in _turn(2, [("Bash", {"command": "pytest -q"}, TRACEBACK.format(n=2))]):
            out.write(json.dumps(record) + "\n")
    model = update_from_file(SessionModel.from_bytes(saved), path)
    assert composed == [TRACEBACK.format(n=2)]
    assert [run.messages for run in model.commands] == [("make: *** [all] Error 1",), ("ValueError: bad port 2",)]


def test_a_read_that_fails_mid_fold_still_leaves_the_messages_composed(tmp_path: Path) -> None:
    from context_keeper.session import fold_records
    from context_keeper.transcript.reader import TranscriptReader

    path = _write(tmp_path / "t.jsonl", _turn(1, [("Bash", {"command": "pytest -q"}, TRACEBACK.format(n=1))]))

    class Failing:
        """A reader whose file goes away after the records it has yielded."""

        def __init__(self) -> None:
            self.inner = TranscriptReader(path)
            self.offset = 0

        def __iter__(self) -> Any:
            yield from self.inner
            raise OSError("the disk went away")

    model = SessionModel()
    with pytest.raises(OSError):
        fold_records(model, Failing(), model.fold)  # type: ignore[arg-type]
    assert model.commands[0].messages == ("ValueError: bad port 1",)


def _placeholders(model: SessionModel) -> list[Any]:
    """The runs and errors anywhere in `model`, subagents' included, still holding a placeholder."""
    subs = [run for sub in model.subagents.values() for run in sub.commands]
    return [run for run in [*_runs(model), *subs] if type(run.messages) is not tuple]


def test_a_subagents_failed_run_is_composed_in_its_own_list_too(tmp_path: Path) -> None:
    """A subagent's run is copied from the session's commands into the subagent's list while
    its file is folded: both copies end the fold composed."""
    import shutil

    shutil.copytree(Path(__file__).parents[1] / "fixtures" / "subagents" / "foreground", tmp_path / "p")
    [main] = (tmp_path / "p").glob("*.jsonl")
    model = build_model(main)
    failed = [run for sub in model.subagents.values() for run in sub.commands if not run.ok]
    assert [run.messages for run in failed] == [("cat: notes/index.md: No such file or directory",)]
    assert _placeholders(model) == []


def test_no_placeholder_leaves_a_fold_its_deadline_cut(tmp_path: Path) -> None:
    from context_keeper.session import load_or_build

    records = [
        r for n in range(700) for r in _turn(n, [("Bash", {"command": f"pytest -q t{n}"}, TRACEBACK.format(n=n))])
    ]
    path = _write(tmp_path / "t.jsonl", records)
    model = load_or_build(path, None, deadline=0.0)  # long past: one batch of records, then it stops
    assert model.behind and model.commands
    assert _placeholders(model) == []
    assert model.commands[-1].messages[0].startswith("ValueError: bad port ")
    # What the report reads (its own loop over the records) is composed as well.
    from context_keeper.report.data import read_session

    read, _ = read_session(path)
    assert _placeholders(read) == [] and read.commands[-1].messages == ("ValueError: bad port 699",)


def test_a_fold_with_a_deadline_composes_before_each_check_of_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What a fold cut at its deadline still has to compose is no more than its last batch's
    runs: nothing is composed once the fold has seen its deadline pass."""
    from types import SimpleNamespace

    from context_keeper.session import fold_loop, load_or_build

    late: list[bool] = []
    past = [False]

    def clock() -> float:
        past[0] = True
        return 10.0

    def counting(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
        late.append(past[0])
        return run_failures(output, command)

    monkeypatch.setattr(fold_loop, "time", SimpleNamespace(monotonic=clock))
    monkeypatch.setattr(late_messages, "run_failures", counting)
    records = [
        r for n in range(700) for r in _turn(n, [("Bash", {"command": f"pytest -q t{n}"}, TRACEBACK.format(n=n))])
    ]
    model = load_or_build(_write(tmp_path / "t.jsonl", records), None, deadline=1.0)
    assert model.behind and late and not any(late)
    assert _placeholders(model) == []


def test_runs_compared_are_composed_only_with_the_runs_of_their_turn(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two calls in one response (parallel tool calls) are compared with the runs of their
    turn only (runs of other turns are unequal whatever their messages): the older runs are
    left for the fold's end, and those that have left every list by then are never composed."""
    composed: list[str] = []

    def counting(output: str, command: str | None = None) -> tuple[tuple[str, ...], int]:
        composed.append(output)
        return run_failures(output, command)

    monkeypatch.setattr(late_messages, "run_failures", counting)
    failing = [("Bash", {"command": f"make t{n}"}, TRACEBACK.format(n=n)) for n in range(302)]
    records = [r for n in range(100) for r in _turn(n, [failing[n]])]
    records += _turn(100, [failing[100], failing[101]])  # one response, two calls
    records += [r for n in range(102, 302) for r in _turn(n, [failing[n]])]
    model = build_model(_write(tmp_path / "t.jsonl", records))
    kept = {(run.turn, run.messages) for run in _runs(model)}
    assert len(model.errors) == MAX_ERRORS and min(e.turn for e in model.errors) > 100
    assert len(composed) == len(kept) + 2  # the kept runs, and the two compared in turn 100
