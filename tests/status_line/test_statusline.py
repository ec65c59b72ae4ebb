"""`context-keeper statusline`: the line for the stdin Claude Code 2.1.330 really sends (captured
from the pinned CLI, tests/fixtures/statusline/record.py), the auto-compaction point, the
compactions the hooks recorded, and never failing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_support import Compacted
from context_keeper import locations, status_line
from context_keeper.transcript import compaction_point

FIXTURES = Path(__file__).parents[1] / "fixtures"
CAPTURED = FIXTURES / "statusline" / "stdin_2.1.330.jsonl"
# The five refreshes of the recorded session: start, 45,000 tokens, 52,000, right after
# `/compact`, 8,000.
START, FIRST, SECOND, COMPACTED, AFTER = (json.loads(line) for line in CAPTURED.read_text().splitlines())


def stdin(
    captured: dict[str, Any], repo: Path, transcript: Path | None = None, session: str | None = None
) -> dict[str, Any]:
    """A captured object moved to `repo` (its paths were a throwaway HOME's)."""
    moved = json.loads(json.dumps(captured))
    moved["cwd"] = str(repo)
    moved["workspace"]["current_dir"] = moved["workspace"]["project_dir"] = str(repo)
    moved["transcript_path"] = str(transcript or repo / "no-transcript.jsonl")
    if session:
        moved["session_id"] = session
    return moved


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    """An empty HOME, and a data root where the hooks have run for the repository at
    `tmp_path` (its runs dir exists) but recorded no compaction."""
    (tmp_path / "home").mkdir()
    (tmp_path / "data" / "runs" / locations.repo_key(str(tmp_path))).mkdir(parents=True)
    return {"HOME": str(tmp_path / "home"), "CONTEXT_KEEPER_HOME": str(tmp_path / "data")}


def line(captured: dict[str, Any], repo: Path, env: dict[str, str], **kwargs: Any) -> str:
    return status_line.status_line(json.dumps(stdin(captured, repo, **kwargs)).encode(), env)


def test_the_captured_refreshes(tmp_path: Path, env: dict[str, str]) -> None:
    assert line(START, tmp_path, env) == "ctx ?/1M · auto-compact at 967k · no compaction yet"
    assert line(FIRST, tmp_path, env) == "ctx 45k/1M 4% · auto-compact at 967k: 922k left · no compaction yet"
    assert line(SECOND, tmp_path, env) == "ctx 52k/1M 5% · auto-compact at 967k: 915k left · no compaction yet"
    # Right after /compact Claude Code sends zeros: nothing measured yet, not an empty context.
    assert line(COMPACTED, tmp_path, env).startswith("ctx ?/1M · ")


def test_where_the_hooks_never_ran_no_count_is_shown(tmp_path: Path, env: dict[str, str]) -> None:
    elsewhere = tmp_path / "other-repo"
    (elsewhere / ".git").mkdir(parents=True)
    assert line(FIRST, elsewhere, env) == "ctx 45k/1M 4% · auto-compact at 967k: 922k left"


def test_the_window_to_compact_in_comes_from_the_settings_files(tmp_path: Path, env: dict[str, str]) -> None:
    # Claude Code sends the model's window (1M) whatever autoCompactWindow says (captured with
    # it set: tests/fixtures/statusline/stdin_2.1.330_autoCompactWindow_200000.jsonl).
    [with_setting] = map(json.loads, (FIXTURES / "statusline" / "stdin_2.1.330_autoCompactWindow_200000.jsonl").open())
    assert with_setting["context_window"]["context_window_size"] == 1_000_000
    user = Path(env["HOME"], ".claude", "settings.json")
    user.parent.mkdir()
    user.write_text('{"autoCompactWindow": 200000}')
    assert line(with_setting, tmp_path, env) == "ctx 45k/1M 4% · auto-compact at 167k: 122k left · no compaction yet"
    # The project's local file wins over the user's; a file with a comment is ignored whole.
    local = tmp_path / ".claude" / "settings.local.json"
    local.parent.mkdir()
    local.write_text('{"autoCompactWindow": 150000}')
    assert "auto-compact at 117k: 72k left" in line(FIRST, tmp_path, env)
    local.write_text('{"autoCompactWindow": 150000 // smaller\n}')
    assert "auto-compact at 167k" in line(FIRST, tmp_path, env)


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"CLAUDE_CODE_AUTO_COMPACT_WINDOW": "200k"}, "auto-compact at 167k: 122k left"),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "10"}, "auto-compact at 98k: 53k left"),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "4"}, "auto-compact at 39k: due"),
        ({"CLAUDE_AUTOCOMPACT_PCT_OVERRIDE": "99"}, "auto-compact at 967k: 922k left"),
        ({"DISABLE_AUTO_COMPACT": "1"}, "auto-compact off"),
    ],
)
def test_the_environment_moves_the_point(
    tmp_path: Path, env: dict[str, str], extra: dict[str, str], expected: str
) -> None:
    assert line(FIRST, tmp_path, env | extra).split(" · ")[1] == expected


def test_compactions_so_far_and_what_the_last_kept_and_refilled(survival: Compacted, env: dict[str, str]) -> None:
    env = env | {"CONTEXT_KEEPER_HOME": str(survival.home)}
    text = line(AFTER, survival.repo, env, session=survival.session)
    # The newest file: its summary kept all 10 of the block's facts, nothing to refill.
    assert text.endswith(" · 2 compactions, last kept 10/10")
    newest = sorted((survival.runs / "compactions").glob("*/*.json"))[-1]
    data = json.loads(newest.read_text())
    data["check"]["file"] = {"carried": 6, "kept": 4, "lost": 2}
    data["refill"] = {"text": "...", "items": [{"family": "file"}, {"family": "file"}], "sent": False}
    newest.write_text(json.dumps(data))
    assert line(AFTER, survival.repo, env, session=survival.session).endswith(
        " · 2 compactions, last kept 8/10, 2 to refill"
    )
    data["refill"]["sent"] = True
    newest.write_text(json.dumps(data))
    assert line(AFTER, survival.repo, env, session=survival.session).endswith(", last kept 8/10, refilled 2")


def test_a_precompute_that_no_compaction_followed_is_not_counted(survival: Compacted, env: dict[str, str]) -> None:
    env = env | {"CONTEXT_KEEPER_HOME": str(survival.home)}
    directory = sorted((survival.runs / "compactions").iterdir())[0]
    (directory / "2099-01-01T00-00-00.json").write_text(json.dumps({"block": {"text": "x", "items": []}}))
    assert line(AFTER, survival.repo, env, session=survival.session).endswith(" · 2 compactions, last kept 10/10")


def test_another_sessions_compactions_are_not_counted(survival: Compacted, env: dict[str, str]) -> None:
    env = env | {"CONTEXT_KEEPER_HOME": str(survival.home)}
    assert line(AFTER, survival.repo, env).endswith(" · no compaction yet")


def last_usage(transcript: Path) -> int:
    """The context of the transcript's last assistant response, summed by hand."""
    for raw in reversed(transcript.read_text().splitlines()):
        record = json.loads(raw)
        usage = record.get("message", {}).get("usage") if record.get("type") == "assistant" else None
        if usage:
            return sum(
                usage.get(k, 0)
                for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens", "output_tokens")
            )
    raise AssertionError("no usage")


def test_without_usage_on_stdin_the_transcripts_last_bytes_say(tmp_path: Path, env: dict[str, str]) -> None:
    transcript = FIXTURES / "tools_and_tasks.jsonl"
    used = last_usage(transcript)
    expected = f"ctx {status_line.tokens(used)}/1M"
    assert line(START, tmp_path, env, transcript=transcript).startswith(expected + " ")


def test_only_the_transcripts_last_bytes_are_read(tmp_path: Path, env: dict[str, str]) -> None:
    # The only usage is further from the end than the tail the status line reads: not found.
    records = (FIXTURES / "tools_and_tasks.jsonl").read_text().splitlines()
    padding = json.dumps({"type": "user", "message": {"role": "user", "content": "x" * 1000}})
    big = tmp_path / "big.jsonl"
    big.write_text("\n".join(records + [padding] * (status_line.TAIL_BYTES // 1000 + 10)) + "\n")
    assert line(START, tmp_path, env, transcript=big).startswith("ctx ?/1M · ")
    big.write_text("\n".join(records + [padding] * 10) + "\n")
    assert not line(START, tmp_path, env, transcript=big).startswith("ctx ?")


@pytest.mark.parametrize("raw", [b"", b"{", b"[]", b"\xff\xfe", b'{"context_window": 5}', b"null"])
def test_anything_else_on_stdin_prints_the_fallback_or_a_line(raw: bytes, env: dict[str, str]) -> None:
    text = status_line.status_line(raw, env)
    assert text == status_line.FALLBACK or text.startswith("ctx ")


def run_command(raw: bytes, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "context_keeper", "statusline", *args],
        input=raw,
        capture_output=True,
        timeout=30,
        env=env | {"PATH": os.environ.get("PATH", "")},
    )


def test_the_command_prints_one_line_and_exits_0(tmp_path: Path, env: dict[str, str]) -> None:
    done = run_command(json.dumps(stdin(FIRST, tmp_path)).encode(), env)
    assert (done.returncode, done.stderr) == (0, b"")
    assert done.stdout.decode() == "ctx 45k/1M 4% · auto-compact at 967k: 922k left · no compaction yet\n"
    broken = run_command(b"not json", env)
    assert (broken.returncode, broken.stdout.decode(), broken.stderr) == (0, status_line.FALLBACK + "\n", b"")


def test_a_failure_inside_prints_the_fallback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(*_args: object) -> str:
        raise RuntimeError("unexpected")

    monkeypatch.setattr(status_line, "status_line", boom)
    assert status_line.main() == 0
    assert capsys.readouterr().out == status_line.FALLBACK + "\n"


@pytest.mark.parametrize(
    ("captured", "absent"),
    [
        # With usage on stdin (every refresh after the first response): not even pathlib or json
        # (whose decoder imports re and enum).
        (FIRST, ("orjson", "platformdirs", "dataclasses", "typing", "argparse", "pathlib", "json", "re", "enum")),
        # Without: the transcript's tail is read through the hook path's reader.
        (START, ("orjson", "platformdirs", "dataclasses", "typing", "argparse")),
    ],
)
def test_the_refresh_path_imports_nothing_heavy(
    tmp_path: Path, env: dict[str, str], captured: dict[str, Any], absent: tuple[str, ...]
) -> None:
    code = f"import sys; from context_keeper.status_line import main; main(); print(sorted(m for m in {absent!r} if m in sys.modules))"
    (tmp_path / ".git").mkdir()
    raw = json.dumps(stdin(captured, tmp_path, transcript=FIXTURES / "tools_and_tasks.jsonl")).encode()
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=raw,
        capture_output=True,
        timeout=30,
        env=env | {"PATH": os.environ.get("PATH", "")},
    )
    assert done.returncode == 0, done.stderr
    first, last = done.stdout.decode().splitlines()
    assert first.startswith("ctx ") and last == "[]"


def test_no_point_for_a_model_whose_point_was_not_measured(tmp_path: Path, env: dict[str, str]) -> None:
    # The pinned CLI did not auto-compact a claude-sonnet-4-5 session at all (e2e): no guess.
    sonnet = json.loads(json.dumps(FIRST))
    sonnet["model"] = {"id": "claude-sonnet-4-5", "display_name": "Sonnet 4.5"}
    assert line(sonnet, tmp_path, env) == "ctx 45k/1M 4% · no compaction yet"
    assert not compaction_point.measured("claude-opus-5-5[1m]")


def test_a_config_file_that_moves_the_data_root_is_honoured(survival: Compacted, tmp_path: Path) -> None:
    # The environment alone does not settle the data root: the full settings are loaded.
    config = tmp_path / "config.toml"
    config.write_text(f'home = "{survival.home}"\n')
    env = {"HOME": str(tmp_path), "CONTEXT_KEEPER_CONFIG": str(config)}
    assert line(AFTER, survival.repo, env, session=survival.session).endswith(" · 2 compactions, last kept 10/10")


def test_the_runs_dir_is_the_hooks_one(survival: Compacted) -> None:
    env = {"HOME": str(survival.base), "CONTEXT_KEEPER_HOME": str(survival.home)}
    assert status_line.runs_root(str(survival.repo / "sub" / "dir"), env) == str(survival.runs)
