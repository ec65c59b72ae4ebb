"""Security: private modes whatever the umask, symlinks planted where we write are refused
(their targets untouched), names from session ids stay in their directory, and secrets in a
transcript never reach summaries, blocks, the restore note, state files or the log.
"""

from __future__ import annotations

import os
import shutil
import stat
from pathlib import Path

import pytest
from hardening_support import EVENTS, SUMMARY_SETTINGS, Sandbox, Script, check_output, scripted

from context_keeper.store.archive import archive_name
from context_keeper.store import RunsDir, safe_name


def run_all(sb: Sandbox, path: Path, session: str = "sess-1", **kw: object) -> list:
    results = []
    for event in EVENTS:
        proc = sb.start(event, sb.payload(event, session, path), **kw)  # type: ignore[arg-type]
        results.append(sb.finish(proc))
    for result in results:
        check_output(result)
    return results


def make(tmp_path: Path) -> tuple[Sandbox, Path, bytes]:
    sb = Sandbox(tmp_path / "sb", env_extra=dict(SUMMARY_SETTINGS))
    data = scripted("sess-1", tasks=6).data()
    path = sb.claude / "sess-1.jsonl"
    path.write_bytes(data)
    return sb, path, data


# -- modes ----------------------------------------------------------------------------------------


def test_everything_is_private_under_umask_000(tmp_path: Path) -> None:
    sb, path, _ = make(tmp_path)
    run_all(sb, path, umask=0)
    # Loosened by someone else in between: the next hook tightens them again.
    os.chmod(sb.runs.root, 0o777)
    os.chmod(sb.runs.state, 0o755)
    os.chmod(sb.runs.log_path, 0o666)
    os.chmod(sb.runs.compactions, 0o644)
    run_all(sb, path, umask=0)  # a second round: appends, replacements, a second archive
    seen = {"dir": 0, "file": 0}
    for p in [sb.runs.root, *sb.runs.root.rglob("*")]:
        st = os.lstat(p)
        assert not stat.S_ISLNK(st.st_mode)
        if stat.S_ISDIR(st.st_mode):
            seen["dir"] += 1
            assert stat.S_IMODE(st.st_mode) == 0o700, p
        else:
            seen["file"] += 1
            assert stat.S_IMODE(st.st_mode) == 0o600, p
    assert seen["dir"] >= 5 and seen["file"] >= 8  # state, lock, summaries, archives, block, history, log
    for p in (sb.home / "runs",):
        assert stat.S_IMODE(os.lstat(p).st_mode) == 0o700


# -- planted symlinks -------------------------------------------------------------------------------

PLANTS = {
    "runs dir": lambda r: r.root,
    "archives dir": lambda r: r.archives,
    "state dir": lambda r: r.state,
    "summaries dir": lambda r: r.summaries,
    "preserved dir": lambda r: r.preserved,
    "state file": lambda r: r.state_path("sess-1"),
    "lock file": lambda r: r.lock_path("sess-1"),
    "a summary's final name": lambda r: r.summary_path("sess-1", "1"),
    "preserved block": lambda r: r.preserved_path("sess-1"),
    "compactions.jsonl": lambda r: r.compactions,
    "log": lambda r: r.log_path,
}


@pytest.mark.parametrize("where", list(PLANTS))
def test_a_planted_symlink_is_refused_not_followed(tmp_path: Path, where: str) -> None:
    sb, path, data = make(tmp_path)
    target_dir = tmp_path / "victim"
    target_dir.mkdir()
    victim = target_dir / "precious"
    victim.write_bytes(b"do not touch\n")
    victim_mode = stat.S_IMODE(os.stat(victim).st_mode)
    sb.runs.ensure()
    link = PLANTS[where](sb.runs)
    if link.is_dir():
        shutil.rmtree(link)
    link.symlink_to(target_dir if where.endswith("dir") else victim)
    before = sorted((p.name, p.read_bytes()) for p in target_dir.iterdir())
    results = run_all(sb, path)
    # The block never depends on the runs dir: it is printed whatever was planted.
    assert results[1].out.startswith("[context-keeper] ") and "Step 6 of the build" in results[1].out
    assert all("/dev/null" not in r.out for r in results)
    assert sorted((p.name, p.read_bytes()) for p in target_dir.iterdir()) == before, "the symlink was followed"
    assert stat.S_IMODE(os.stat(victim).st_mode) == victim_mode, "chmod went through the symlink"
    # Either the symlink is still there (refused) or it was replaced by a file of our own
    # (rename replaces the link itself); never was its target written.
    assert victim.read_bytes() == b"do not touch\n"


def test_a_symlinked_victim_keeps_its_mode(tmp_path: Path) -> None:
    # chmod through a planted link would open a user's file to the world or lock it away.
    sb, path, _ = make(tmp_path)
    victim_dir = tmp_path / "shared"
    victim_dir.mkdir(mode=0o755)
    os.chmod(victim_dir, 0o755)
    sb.runs.root.parent.mkdir(parents=True)
    sb.runs.root.symlink_to(victim_dir)
    run_all(sb, path)
    assert stat.S_IMODE(os.stat(victim_dir).st_mode) == 0o755
    assert list(victim_dir.iterdir()) == []


# -- names derived from session ids -------------------------------------------------------------------

HOSTILE = ["../../x", "/etc/passwd", "a/b", "..", ".", "x" * 10_240, "\u00e9\u65e5\U0001f642", "a\\b", "-rf", " ", "~"]


@pytest.mark.parametrize("sid", HOSTILE, ids=range(len(HOSTILE)))
def test_names_from_session_ids_stay_in_their_directory(tmp_path: Path, sid: str) -> None:
    runs = RunsDir.at(tmp_path / "runs")
    paths = {
        runs.state: [runs.state_path(sid), runs.lock_path(sid)],
        runs.preserved: [runs.preserved_path(sid)],
        runs.summaries: [runs.summary_path(sid, sid)],
        runs.archives: [runs.archives / archive_name(sid, Path("/t/x.jsonl"), 0.0)],
    }
    for directory, inside in paths.items():
        for p in inside:
            assert p.parent == directory and os.path.realpath(p).startswith(str(directory) + os.sep), p
            assert p.name not in (".", "..") and len(os.fsencode(p.name)) <= 255
    assert "/" not in safe_name(sid) and "\0" not in safe_name(sid)


# -- secrets ----------------------------------------------------------------------------------------

SECRETS = {
    "aws access key": "AKIAQ3EGRJZB7EXAMPL2",
    "aws secret": "wJalrXUtnFEMIK7MDENGbPxRfiCYzEXAMPLEKEY9",
    "github token": "ghp_" + "R8sT2uV4wX6yZ0aB1cD3eF5gH7iJ9kL1mN3o",
    "github pat": "github_pat_11ABCDEFG0" + "q" * 40,
    "anthropic key": "sk-ant-api03-" + "Zx9" * 20,
    "openai key": "sk-proj-" + "Pq7" * 16,
    "bearer": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlMTIzNDU2",
    "url password": "hunter2-in-url",
    "db password": "S3cr3t-pa55word!",
    "api key env": "k3y-0f-th3-api-9f8e7d6c",
}


def secret_session() -> Script:
    s = Script("sess-1", "/p")
    s.prompt(f"Deploy with AWS_ACCESS_KEY_ID={SECRETS['aws access key']} and "
             f"AWS_SECRET_ACCESS_KEY={SECRETS['aws secret']} please")
    s.call("TaskCreate", {"subject": f"Rotate token {SECRETS['github token']}", "description": "rotate it"},
           "Task #1 created successfully: Rotate token", tool_use_result={"task": {"id": "1", "subject": "Rotate"}})
    s.call("TaskUpdate", {"taskId": "1", "status": "in_progress"}, "Updated task #1 status",
           tool_use_result={"success": True, "taskId": "1", "statusChange": {"from": "pending", "to": "in_progress"}})
    s.call("Bash", {"command": f"curl -H 'Authorization: Bearer {SECRETS['bearer']}' "
                               f"https://deploy:{SECRETS['url password']}@example.com/api"},
           f"Exit code 1\nerror: 401 for token {SECRETS['anthropic key']}", is_error=True)
    s.call("Bash", {"command": f"DB_PASSWORD='{SECRETS['db password']}' API_KEY={SECRETS['api key env']} pytest -q"},
           f"FAILED tests/test_db.py::test_login - AssertionError: password={SECRETS['db password']}", is_error=True)
    s.say(f"We decided to use {SECRETS['openai key']} instead of the old key because it has the right scope.")
    s.say(f"I chose GITHUB_TOKEN={SECRETS['github pat']} rather than the app token.")
    s.call("Bash", {"command": f"export OPENAI_API_KEY={SECRETS['openai key']} && pytest -q"}, "3 passed")
    s.call("TaskUpdate", {"taskId": "1", "status": "completed"}, "Updated task #1 status",
           tool_use_result={"success": True, "taskId": "1", "statusChange": {"from": "in_progress", "to": "completed"}})
    s.prompt("Now the docs, please.")
    for i in range(5):
        s.say(f"Working on the docs, part {i}.")
    s.call("Bash", {"command": "pytest -q"}, f"Exit code 1\nE   KeyError: 'token {SECRETS['github token']}'",
           is_error=True)
    return s


def test_secrets_never_leave_the_transcript(tmp_path: Path) -> None:
    sb = Sandbox(tmp_path / "sb", env_extra=dict(SUMMARY_SETTINGS))
    path = sb.claude / "sess-1.jsonl"
    path.write_bytes(secret_session().data())
    outputs = []
    for _ in range(2):
        outputs += [r.out for r in run_all(sb, path)]
    assert outputs[1].startswith("[context-keeper] ") and "Rotate token" in outputs[1]
    assert list(sb.runs.summaries.glob("*.json")), "no summary was written: the check proves nothing"
    assert "Deploy with" in outputs[1], "the prompt is not in the block: the check proves less"
    texts = {f"stdout {i}": out for i, out in enumerate(outputs)}
    for p in sb.home.rglob("*"):
        # Archives are byte-identical copies of the transcript by design (docs/data.md).
        if p.is_file() and p.parent != sb.runs.archives:
            texts[str(p.relative_to(sb.home))] = p.read_bytes().decode("utf-8", "replace")
    leaks = [(name, kind) for name, text in texts.items() for kind, secret in SECRETS.items() if secret in text]
    assert leaks == []
    assert any("[REDACTED]" in text for text in texts.values())
