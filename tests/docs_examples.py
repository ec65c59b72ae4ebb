"""The environment docs/cli.md's examples run in, and a runner that prints them.

A temp HOME holding one repository (`~/src/myproject`) whose five Claude Code sessions are the
fixture transcripts (tests/fixtures/, moved into the repository), the real hooks run on them
as Claude Code runs them (the compacting sessions are cut before their boundary while the
compaction hooks run, and get the rest after), and the post_compact and refill lines and
compaction files of DESIGN-13 for the two compactions. Output paths are rewritten to
/home/you, the runs dir key to the one /home/you/src/myproject has.

    .venv-dev/bin/python tests/docs_examples.py 'status' 'history' ...

prints `$ context-keeper <command>` and its output for each (`[exit N]` when not 0). The
times of archives and history lines are those of the run.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
import shutil
from pathlib import Path

import orjson

sys.path.insert(0, str(Path(__file__).parent))
from test_cli_helpers import _compaction_file, _later, claude_transcript, hook_env, run_hook  # noqa: E402

SHOWN_HOME = "/home/you"
FIXTURES = {  # fixture -> the line its compaction boundary is on (None: no compaction)
    "tools_and_tasks": None,
    "bash_failure": None,
    "todowrite_variant": None,
    "manual_compact": 37,
    "auto_compact": 32,
}


def build(base: Path) -> dict[str, str]:
    """The environment under `base`; returns the variables the CLI runs with."""
    repo = base / "src" / "myproject"
    (repo / ".git").mkdir(parents=True)
    env = hook_env(base, base / ".local" / "share" / "context-keeper")
    for fixture, boundary in FIXTURES.items():
        path = claude_transcript(base / ".claude", fixture, repo, upto=boundary - 1 if boundary else None)
        session = orjson.loads(path.read_bytes().split(b"\n", 1)[0])["sessionId"]
        where = {"session_id": session, "transcript_path": str(path), "cwd": str(repo)}
        run_hook("auto_context_manager.py", "PostToolUse:Bash", env, **where)
        if boundary:
            trigger = fixture.split("_")[0]
            run_hook("pre_compact_preserve.py", f"PreCompact:{trigger}", env, **where)
            run_hook("session_start_restore.py", "SessionStart:compact", env, **where)
            path.write_bytes(claude_transcript(base / "full", fixture, repo).read_bytes())
    runs = next((base / ".local" / "share" / "context-keeper" / "runs").iterdir())
    _survival_lines(runs)
    return {k: v for k, v in env.items() if not k.startswith("CONTEXT_KEEPER_")} | {"HOME": str(base)}


def _survival_lines(runs: Path) -> None:
    """What the PostCompact hook and the refill write (DESIGN-13) for the two compactions."""
    opened = [line for line in map(orjson.loads, (runs / "compactions.jsonl").read_bytes().splitlines())]
    checks = [
        {"task": {"carried": 0, "kept": 0, "lost": 0}, "prompt": {"carried": 2, "kept": 1, "lost": 1}},
        {"prompt": {"carried": 1, "kept": 1, "lost": 0}},
    ]
    lines = []
    for record, check in zip(opened, checks):
        cid, session = record["time"], record["session_id"]
        lost = sum(c["lost"] for c in check.values())
        lines.append({"time": _later(cid, 2), "session_id": session, "source": "post_compact", "compaction_id": cid,
                      "trigger": record["trigger"], "check": check, "refill_items": lost, "refill_chars": 170 * lost})
        refill = None
        if lost:
            text = ("[context-keeper] Facts recorded just before the compaction that its summary does not carry "
                    "(exact, as they stood then):\n\nThe user's recent requests:\n- First prompt: run a command.")
            lines.append({"time": _later(cid, 9), "session_id": session, "source": "refill", "compaction_id": cid,
                          "event": "UserPromptSubmit", "refill_items": lost, "refill_chars": len(text)})
            refill = {"text": text, "items": [], "sent": True, "event": "UserPromptSubmit"}
        block = (runs / "preserved" / f"{session}.txt").read_text()
        _compaction_file(runs, session, cid, {"session_id": session, "compaction_id": cid, "trigger": record["trigger"],
                                              "block": {"text": block, "items": []}, "check": check,
                                              **({"refill": refill} if refill else {})})
    with open(runs / "compactions.jsonl", "ab") as handle:
        handle.write(b"".join(orjson.dumps(line) + b"\n" for line in lines))


def run(command: str, env: dict[str, str], cwd: Path) -> str:
    """`$ context-keeper <command>` and what it printed, as the docs show it; leading
    VAR=value words set variables for that command only."""
    words = shlex.split(command)
    extra = {}
    while words and "=" in words[0] and not words[0].startswith("-"):
        name, value = words.pop(0).split("=", 1)
        extra[name] = value
    result = subprocess.run([sys.executable, "-m", "context_keeper", *words], env=env | extra, cwd=cwd,
                            capture_output=True, text=True, check=False)
    prefix = "".join(f"{k}={v} " for k, v in extra.items())
    out = f"$ {prefix}context-keeper {shlex.join(words)}\n{result.stdout}{result.stderr}"
    return out + (f"[exit {result.returncode}]\n" if result.returncode else "")


def shown(text: str, base: Path) -> str:
    from context_keeper.claude_sessions import project_folder
    from context_keeper.store import repo_key

    real = repo_key(base / "src" / "myproject")
    text = text.replace(real, repo_key(Path(SHOWN_HOME) / "src" / "myproject"))
    return text.replace(project_folder(base), project_folder(SHOWN_HOME)).replace(str(base), SHOWN_HOME)


def main(commands: list[str]) -> None:
    base = _base()
    try:
        env = build(base)
        for command in commands:
            command = command.replace(SHOWN_HOME, str(base))
            if command.startswith("!"):  # a shell step between examples, e.g. writing a project file
                subprocess.run(command[1:], shell=True, cwd=base / "src" / "myproject", env=env, check=True)
                continue
            print(shown(run(command, env, base / "src" / "myproject"), base))
    finally:
        shutil.rmtree(base)


def _base() -> Path:
    """A new directory whose path is as long as /home/you, so tables keep their widths."""
    for i in range(1000):
        base = Path(f"/tmp/y{i:03d}")
        try:
            base.mkdir(mode=0o700)
            return base
        except FileExistsError:
            continue
    raise RuntimeError("no free /tmp/yNNN directory")


if __name__ == "__main__":
    main(sys.argv[1:])
