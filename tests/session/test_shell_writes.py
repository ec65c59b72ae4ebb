"""session.shell_writes: the files a Bash command wrote, read from its text; and the session
model counting them as modified files, relative to the directory the call ran in."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from context_keeper.session import build_model
from context_keeper.session.shell_writes import written_paths


@pytest.mark.parametrize(
    ("command", "written"),
    [
        ("cat > src/app.py << 'EOF'\nprint(1)\nx > y\nEOF", ["src/app.py"]),  # the heredoc body is not a command
        ("cat <<EOF | tee docs/notes.md\nhello > there\nEOF", ["docs/notes.md"]),
        ("pytest -q 2>&1 | tee -a out.log", ["out.log"]),
        ('echo "a > b" >> notes.md', ["notes.md"]),
        ("cd web && sed -i 's/a/b/' src/x.ts src/y.ts", ["web/src/x.ts", "web/src/y.ts"]),
        ("sed -i -e s/a/b/ -e s/c/d/ conf.ini", ["conf.ini"]),
        ("sed -i.bak 's/a/b/' setup.cfg", ["setup.cfg"]),
        ("sed -i '' 's/a/b/' setup.cfg", ["setup.cfg"]),  # macOS
        ("sed s/a/b/ in.txt > out.txt", ["out.txt"]),  # sed without -i writes only the redirect
        ("cp config.example.toml config.toml && mv old.py new.py", ["config.toml", "new.py"]),
        ("git mv lib/a.py lib/b.py", ["lib/b.py"]),
        ("cp a.py b.py lib/", []),  # into a directory: the names are not in the text
        ("touch README.md CHANGELOG.md", ["README.md", "CHANGELOG.md"]),
        ("cd /work/proj && echo hi > a.txt", ["/work/proj/a.txt"]),
        ("FOO=1 tee log/app.log < input.txt", ["log/app.log"]),
        ("python x.py &> run.log", ["run.log"]),
        ("echo x > a.txt; echo y >> a.txt", ["a.txt"]),
        # Nothing written that the text names: reads, discards, temp files, variables, globs.
        ("grep -rn foo src/ | head", []),
        ("ls > /dev/null 2>&1", []),
        ("pytest > /tmp/out.txt 2>&1", []),
        ("echo $X > $OUT", []),
        ("for f in *.py; do echo $f > $f.bak; done", []),
        ("python -c 'print(1 > 0)'", []),
        ('echo "unbalanced > x', []),
        ("", []),
    ],
)
def test_written_paths(command: str, written: list[str]) -> None:
    assert written_paths(command) == written


def _records(cwd_before: str, cwd_after: str, command: str, is_error: bool = False) -> list[dict[str, object]]:
    """One Bash round trip as Claude Code writes it: the call's record has the directory the
    command started in, the result's the one it ended in (a `cd` is kept for later calls)."""
    use = {"type": "tool_use", "id": "toolu_1", "name": "Bash", "input": {"command": command}}
    result = {"type": "tool_result", "tool_use_id": "toolu_1", "content": "Exit code 1\nfailed" if is_error else "", "is_error": is_error}
    return [
        {"type": "user", "uuid": "u1", "cwd": cwd_before, "message": {"role": "user", "content": "Set it up."}},
        {"type": "assistant", "uuid": "a1", "cwd": cwd_before, "message": {"id": "m1", "role": "assistant", "model": "claude-sonnet-4-5", "content": [use]}},
        {"type": "user", "uuid": "u2", "cwd": cwd_after, "message": {"role": "user", "content": [result]}},
    ]


def _model(tmp_path: Path, records: list[dict[str, object]]):
    path = tmp_path / "t.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return build_model(path)


def test_a_bash_write_is_a_modified_file_relative_to_where_the_command_started(tmp_path: Path) -> None:
    model = _model(tmp_path, _records("/p", "/p/web", "cd web && sed -i 's/a/b/' settings.ini && touch ../app/x.py"))
    assert [(f.path, f.tool) for f in model.files.values()] == [("/p/web/settings.ini", "Bash"), ("/p/app/x.py", "Bash")]


def test_a_failed_bash_write_is_an_error_not_a_modified_file(tmp_path: Path) -> None:
    model = _model(tmp_path, _records("/p", "/p", "echo x > missing/out.txt", is_error=True))
    assert model.files == {} and [e.target for e in model.unresolved_errors()] == ["echo x > missing/out.txt"]
