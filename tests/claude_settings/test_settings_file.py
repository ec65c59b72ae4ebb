"""claude_settings: strict load, idempotent merge/unmerge, diff, safe writes, CLI."""

from __future__ import annotations

import copy
import json
import shlex
import stat
import subprocess
import sys
import tomllib
from datetime import datetime, timezone
from pathlib import Path

import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from context_keeper import claude_settings as sf

REPO = Path(__file__).resolve().parents[2]
EXE = Path("/opt/venv/bin/context-keeper")

FOREIGN: dict = {
    "permissions": {"allow": ["Bash(ls:*)"], "deny": []},
    "env": {"FOO": "bar"},
    "hooks": {
        "PostToolUse": [
            {"matcher": "Read", "hooks": [{"type": "command", "command": "echo read"}]},
        ],
        "PreCompact": [{"hooks": [{"type": "command", "command": "/usr/bin/notify compact"}]}],
        "Stop": [{"hooks": [{"type": "command", "command": "say done", "timeout": 5}]}],
    },
    "model": "claude-sonnet-4-5",
}


def entries(exe: Path = EXE) -> tuple[sf.HookEntry, ...]:
    return sf.our_entries(sf.launcher_for(command=exe))


def entry(name: str, event: str | None = None, exe: Path = EXE) -> sf.HookEntry:
    [found] = [e for e in entries(exe) if e.script == name and event in (None, e.event)]
    return found


N = len(sf.REGISTRATION)  # our entries: six registrations of five hooks


def ours(settings: dict) -> list[tuple[str, str | None, dict]]:
    """(event, group matcher, handler) for every handler of ours."""
    found = []
    for event, groups in settings.get("hooks", {}).items():
        for group in groups:
            for handler in group["hooks"]:
                if sf.script_of(handler):
                    found.append((event, group.get("matcher"), handler))
    return found


# ------------------------------------------------------------------------- entries

def test_our_entries_are_the_registered_hooks_with_absolute_paths_and_timeouts():
    assert [(e.event, e.matcher, e.script, e.timeout, e.is_async) for e in entries()] == [
        ("PostToolUse", None, "context_refill", 10, False),
        ("PostToolUse", "Bash|Write|Edit|MultiEdit|NotebookEdit", "auto_context_manager", 60, True),
        ("UserPromptSubmit", None, "context_refill", 10, False),
        ("PreCompact", None, "pre_compact_preserve", 60, False),
        ("SessionStart", "compact", "session_start_restore", 30, False),
        ("PostCompact", None, "post_compact_check", 30, False),
    ]
    post, pre, start = entry("auto_context_manager"), entry("pre_compact_preserve"), entry("session_start_restore")
    assert post.command == "/opt/venv/bin/context-keeper hook auto_context_manager"
    assert pre.command == "/opt/venv/bin/context-keeper hook pre_compact_preserve"
    assert start.command == "/opt/venv/bin/context-keeper hook session_start_restore"
    assert "matcher" not in pre.group()
    assert post.handler() == {"type": "command", "command": post.command, "timeout": 60, "async": True}
    assert pre.handler()["statusMessage"].startswith("context-keeper: ")


def test_the_tool_loop_hook_starts_python_directly_when_the_interpreter_is_known():
    both = sf.our_entries(sf.launcher_for(command=EXE, python=Path("/opt/venv/bin/python")), "/opt/venv/bin/python")
    refill = [e for e in both if e.script == "context_refill"]
    assert [shlex.split(e.command) for e in refill] == [
        ["/opt/venv/bin/python", "-c", "from context_keeper.hooks.context_refill import main; main()"]] * 2
    assert all(sf.script_of(e.handler()) == e.script for e in both)
    # Without the interpreter, the launcher runs it like the others.
    assert entry("context_refill", "PostToolUse").command == "/opt/venv/bin/context-keeper hook context_refill"


def test_commands_are_shell_quoted():
    post = entry("auto_context_manager", exe=Path("/it's my venv/bin/context-keeper"))
    assert shlex.split(post.command) == ["/it's my venv/bin/context-keeper", "hook", "auto_context_manager"]
    python = [e for e in sf.our_entries(sf.launcher_for(python=Path("/my py/bin/python3"))) if e.script == "pre_compact_preserve"][0]
    assert shlex.split(python.command) == ["/my py/bin/python3", "-m", "context_keeper", "hook", "pre_compact_preserve"]


def test_relative_paths_refused():
    with pytest.raises(sf.SettingsError):
        sf.launcher_for(command=Path("venv/bin/context-keeper"))
    with pytest.raises(sf.SettingsError):
        sf.launcher_for(python=Path("venv/bin/python"))


@pytest.mark.parametrize("command, script", [
    ("/v/bin/context-keeper hook auto_context_manager", "auto_context_manager"),
    ("'/with space/bin/context-keeper' hook pre_compact_preserve", "pre_compact_preserve"),
    ("/usr/bin/python3 -m context_keeper hook session_start_restore", "session_start_restore"),
    ("context-keeper hook auto_context_manager", "auto_context_manager"),  # on PATH, by hand
    ("/v/bin/context-keeper hook nonsense", None),
    ("/usr/bin/other-tool hook auto_context_manager", None),
    ("/a/venv/bin/python /old/place/hooks/auto_context_manager.py", "auto_context_manager"),
    ("python3 \"${CLAUDE_PLUGIN_ROOT}/hooks/pre_compact_preserve.py\"", "pre_compact_preserve"),
    ("cd /x && python hooks/session_start_restore.py", "session_start_restore"),
    ("'/with space/bin/python' '/c k/hooks/auto_context_manager.py'", "auto_context_manager"),
    ("python3 /x/auto_context_manager.py", None),  # not in a hooks/ folder: not ours
    ("python3 /x/hooks/other.py", None),
    ("echo 'unbalanced", None),
])
def test_script_of(command, script):
    assert sf.script_of({"type": "command", "command": command}) == script


def test_script_of_ignores_non_command_handlers():
    assert sf.script_of({"type": "prompt", "command": "/x/hooks/auto_context_manager.py"}) is None
    assert sf.script_of("nonsense") is None


# --------------------------------------------------------------------------- parse

@pytest.mark.parametrize("text, fragment", [
    ('{\n  // a comment\n  "model": "x"\n}', "comments"),
    ('{ /* block */ "model": "x" }', "comments"),
    ('{"model": "x",}', "invalid JSON at line 1"),
    ("{", "invalid JSON"),
    ("[]", "top level is an array"),
    ('"text"', "top level is a string"),
    ("null", "top level is null"),
    ('{"a": 1, "a": 2}', "duplicate key 'a'"),
    ('{"a": NaN}', "NaN is not JSON"),
])
def test_parse_refuses(text, fragment):
    with pytest.raises(sf.SettingsError) as info:
        sf.parse(text.encode(), "settings.json")
    message = str(info.value)
    assert fragment in message and "settings.json" in message and "\n" not in message


def test_parse_accepts_slashes_inside_strings_bom_and_empty_files():
    assert sf.parse(b'{"url": "https://x//y /* no */"}', "s") == {"url": "https://x//y /* no */"}
    assert sf.parse('\ufeff{"a": 1}'.encode(), "s") == {"a": 1}
    assert sf.parse(b"  \n", "s") == {}


def test_load_missing_file(tmp_path):
    loaded = sf.read_file(tmp_path / "settings.json")
    assert loaded.data is None and loaded.settings == {}


# --------------------------------------------------------------------------- merge

def test_merge_into_empty_settings():
    merged = sf.merge({}, entries())
    assert list(merged["hooks"]) == ["PostToolUse", "UserPromptSubmit", "PreCompact", "SessionStart", "PostCompact"]
    assert len(ours(merged)) == N


def test_merge_keeps_foreign_content_and_order_and_does_not_mutate_input():
    original = copy.deepcopy(FOREIGN)
    merged = sf.merge(FOREIGN, entries())
    assert FOREIGN == original
    assert list(merged) == list(FOREIGN)  # no key moved; "hooks" existed
    for key in ("permissions", "env", "model"):
        assert merged[key] == FOREIGN[key]
    assert list(merged["hooks"]) == ["PostToolUse", "PreCompact", "Stop", "UserPromptSubmit", "SessionStart", "PostCompact"]
    assert merged["hooks"]["PostToolUse"][0] == FOREIGN["hooks"]["PostToolUse"][0]
    assert merged["hooks"]["PreCompact"][0] == FOREIGN["hooks"]["PreCompact"][0]
    assert merged["hooks"]["Stop"] == FOREIGN["hooks"]["Stop"]
    assert [(e, m) for e, m, _ in ours(merged)] == [
        ("PostToolUse", None),
        ("PostToolUse", "Bash|Write|Edit|MultiEdit|NotebookEdit"),
        ("PreCompact", None),
        ("UserPromptSubmit", None),
        ("SessionStart", "compact"),
        ("PostCompact", None),
    ]


def test_merge_adds_hooks_key_last_when_missing():
    merged = sf.merge({"model": "x", "env": {}}, entries())
    assert list(merged) == ["model", "env", "hooks"]


def test_merge_is_idempotent():
    once = sf.merge(FOREIGN, entries())
    twice, changes = sf.merge_with_changes(once, entries())
    assert twice == once and changes == sf.Changes()
    assert json.dumps(twice) == json.dumps(once)  # same order too


def test_moved_checkout_and_new_venv_fix_paths_in_place():
    old = sf.merge(FOREIGN, entries())
    moved_entries = entries(Path("/new/venv/bin/context-keeper"))
    moved, changes = sf.merge_with_changes(old, moved_entries)
    assert changes == sf.Changes(updated=N)
    assert len(ours(moved)) == N
    assert sorted(h["command"] for _, _, h in ours(moved)) == sorted(e.command for e in moved_entries)
    # same positions: only the commands changed
    assert sf.unmerge(moved) == sf.unmerge(old) == FOREIGN
    assert list(moved["hooks"]) == list(old["hooks"])


def test_duplicates_collapse_to_one():
    post = entry("auto_context_manager")
    settings = {"hooks": {"PostToolUse": [post.group(), post.group(),
                                          {"matcher": "Read", "hooks": [post.handler()]}]}}
    merged, changes = sf.merge_with_changes(settings, entries())
    assert changes.removed == 2
    assert merged["hooks"]["PostToolUse"] == [post.group(), entry("context_refill", "PostToolUse").group()]


def test_wrong_matcher_is_fixed_in_place_when_the_group_is_ours_alone():
    start = entry("session_start_restore")
    settings = {"hooks": {"SessionStart": [
        {"matcher": "startup", "hooks": [{"type": "command", "command": "foreign"}]},
        {"hooks": [start.handler()]},
    ]}}
    merged = sf.merge(settings, entries())
    assert merged["hooks"]["SessionStart"] == [settings["hooks"]["SessionStart"][0],
                                               start.group()]


def test_ours_in_a_shared_group_with_another_matcher_moves_out():
    post = entry("auto_context_manager")
    foreign = {"type": "command", "command": "echo grep"}
    settings = {"hooks": {"PostToolUse": [{"matcher": "Grep", "hooks": [foreign, post.handler()]}]}}
    merged = sf.merge(settings, entries())
    assert merged["hooks"]["PostToolUse"] == [{"matcher": "Grep", "hooks": [foreign]},
                                              entry("context_refill", "PostToolUse").group(), post.group()]


def test_match_all_matchers_count_as_no_matcher_for_precompact():
    pre = entry("pre_compact_preserve")
    for matcher in ("", "*"):
        settings = {"hooks": {"PreCompact": [{"matcher": matcher, "hooks": [pre.handler()]}]}}
        assert sf.merge(settings, entries())["hooks"]["PreCompact"] == \
            settings["hooks"]["PreCompact"]


def test_misplaced_script_is_removed_from_the_wrong_event():
    pre = entry("pre_compact_preserve")
    settings = {"hooks": {"Stop": [{"hooks": [pre.handler()]}]}}
    merged, changes = sf.merge_with_changes(settings, entries())
    assert "Stop" not in merged["hooks"]
    assert changes == sf.Changes(added=N, removed=1)


def test_user_additions_to_our_handler_are_kept():
    post = entry("auto_context_manager")
    settings = {"hooks": {"PostToolUse": [{"matcher": post.matcher, "hooks": [
        {"type": "command", "command": "/old/bin/python /old/hooks/auto_context_manager.py",
         "env_note": "mine", "timeout": 99}]}]}}
    handler = sf.merge(settings, entries())["hooks"]["PostToolUse"][0]["hooks"][0]
    assert handler == {"env_note": "mine", "type": "command", "command": post.command, "timeout": 60, "async": True}
    # A key we own but no longer register goes: "async" on a hook that is not async.
    pre = entry("pre_compact_preserve")
    stale = {"hooks": {"PreCompact": [{"hooks": [dict(pre.handler(), **{"async": True})]}]}}
    assert sf.merge(stale, entries())["hooks"]["PreCompact"][0]["hooks"][0] == pre.handler()


def test_plugin_root_entry_in_settings_is_recognised():
    settings = {"hooks": {"PreCompact": [{"hooks": [{
        "type": "command", "command": 'python3 "${CLAUDE_PLUGIN_ROOT}/hooks/pre_compact_preserve.py"'}]}]}}
    merged = sf.merge(settings, entries())
    assert len(merged["hooks"]["PreCompact"]) == 1


def test_malformed_hooks_refused_by_merge():
    with pytest.raises(sf.SettingsError, match='"hooks" is an array'):
        sf.merge({"hooks": []}, entries())
    with pytest.raises(sf.SettingsError, match='"hooks.PreCompact" is an object'):
        sf.merge({"hooks": {"PreCompact": {}}}, entries())


def test_foreign_oddities_are_left_alone():
    settings = {"hooks": {"PostToolUse": ["junk", {"matcher": "X"}, {"hooks": "nope"}],
                          "Custom": "whatever"}}
    merged = sf.merge(settings, entries())
    assert merged["hooks"]["PostToolUse"][:3] == settings["hooks"]["PostToolUse"]
    assert merged["hooks"]["Custom"] == "whatever"
    assert sf.unmerge(merged) == settings


# ------------------------------------------------------------------------- unmerge

def test_unmerge_restores_the_original():
    assert sf.unmerge(sf.merge(FOREIGN, entries())) == FOREIGN
    assert sf.unmerge(sf.merge({}, entries())) == {}
    assert sf.unmerge(sf.merge({"model": "x"}, entries())) == {"model": "x"}


def test_unmerge_keeps_groups_that_were_already_empty():
    settings = {"hooks": {"Stop": [{"hooks": []}], "PreCompact": [{"hooks": []}]}}
    assert sf.unmerge(sf.merge(settings, entries())) == settings


def test_unmerge_without_ours_changes_nothing():
    new, changes = sf.unmerge_with_changes(FOREIGN)
    assert new == FOREIGN and changes == sf.Changes()
    assert sf.unmerge({"hooks": "odd"}) == {"hooks": "odd"}


_text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8)
_handler = st.fixed_dictionaries(
    {"type": st.just("command"), "command": _text.map(lambda t: "echo " + t)},
    optional={"timeout": st.integers(1, 600)})
_group = st.fixed_dictionaries({"hooks": st.lists(_handler, min_size=1, max_size=3)},
                               optional={"matcher": _text})
_events = st.sampled_from(["PostToolUse", "PreCompact", "SessionStart", "Stop", "PreToolUse"])
_foreign_settings = st.fixed_dictionaries(
    {}, optional={
        "hooks": st.dictionaries(_events, st.lists(_group, min_size=1, max_size=3),
                                 min_size=1),
        "model": _text,
        "env": st.dictionaries(_text, _text, max_size=3),
    })


@hyp_settings(max_examples=150, deadline=None)
@given(_foreign_settings)
def test_property_merge_unmerge_round_trip(foreign):
    merged = sf.merge(foreign, entries())
    assert len(ours(merged)) == N
    assert sf.merge(merged, entries()) == merged
    assert sf.merge(merged, entries(Path("/v2/bin/context-keeper"))) != merged
    assert sf.unmerge(merged) == foreign
    assert sf.unmerge(sf.merge(merged, entries(Path("/v2/bin/context-keeper")))) == foreign


# ---------------------------------------------------------------------------- diff

def test_render_diff():
    merged = sf.merge(FOREIGN, entries())
    diff = sf.render_diff(FOREIGN, merged, Path("settings.json"))
    assert diff.startswith("--- settings.json (current)\n+++ settings.json (after)\n")
    added = [line for line in diff.splitlines() if line.startswith("+") and "\"command\":" in line]
    assert len(added) == N
    assert sf.render_diff(merged, merged, Path("s")) == ""
    assert all(line.startswith(("+", "@@", "---", "+++"))
               for line in sf.render_diff(None, merged, Path("s")).splitlines())


# ---------------------------------------------------------------------------- save

def write_settings(path: Path, value: dict, mode: int = 0o640) -> bytes:
    data = json.dumps(value, indent=4).encode()
    path.write_bytes(data)
    path.chmod(mode)
    return data


def test_backups_go_to_the_state_dir_privately_and_never_overwrite(tmp_path):
    path = tmp_path / "project" / ".claude" / "settings.local.json"
    path.parent.mkdir(parents=True)
    original = write_settings(path, FOREIGN, 0o640)
    state = sf.InstallState(tmp_path / "state")
    now = datetime(2026, 1, 2, 3, 4, 5, tzinfo=timezone.utc)
    first, second = state.backup(path, original, now), state.backup(path, b"{}", now)
    assert first.parent == second.parent == tmp_path / "state" / "backups"
    assert first.name.startswith("20260102T030405Z-") and first.name.endswith("-settings-local-json-"
                                                                           f"{first.name[-17:-5]}.json")
    assert second.name.startswith("20260102T030405Z.001-")
    assert first.read_bytes() == original and second.read_bytes() == b"{}"
    assert stat.S_IMODE(first.stat().st_mode) == 0o600
    assert stat.S_IMODE(first.parent.stat().st_mode) == 0o700
    assert sorted(p.name for p in path.parent.iterdir()) == ["settings.local.json"]  # none in the project


def test_write_settings_replaces_keeping_the_mode(tmp_path):
    path = tmp_path / "settings.json"
    write_settings(path, FOREIGN, 0o640)
    loaded = sf.read_file(path)
    assert sf.write_settings(loaded, b'{"a": 1}\n') is None
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert path.read_bytes() == b'{"a": 1}\n'
    assert sorted(p.name for p in tmp_path.iterdir()) == ["settings.json"]  # no temp file left


def test_write_settings_new_file_is_private_and_says_which_dir_it_made(tmp_path):
    path = tmp_path / "dir" / "sub" / "settings.json"
    assert sf.write_settings(sf.read_file(path), b"{}\n") == str(tmp_path / "dir")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sf.write_settings(sf.read_file(path), None) is None  # None deletes
    assert not path.exists()


def test_write_settings_writes_through_a_symlink(tmp_path):
    real = tmp_path / "dotfiles" / "settings.json"
    real.parent.mkdir()
    write_settings(real, FOREIGN)
    link = tmp_path / "settings.json"
    link.symlink_to(real)
    sf.write_settings(sf.read_file(link), b'{"a": 1}')
    assert link.is_symlink() and json.loads(real.read_text()) == {"a": 1}


def test_write_settings_refuses_when_the_file_changed_meanwhile(tmp_path):
    path = tmp_path / "settings.json"
    write_settings(path, FOREIGN)
    loaded = sf.read_file(path)
    path.write_text('{"changed": true}')
    with pytest.raises(sf.SettingsError, match="changed while"):
        sf.write_settings(loaded, b'{"a": 1}')
    assert path.read_text() == '{"changed": true}'
    assert len(list(tmp_path.iterdir())) == 1


# ----------------------------------------------------------------------------- CLI

def cli(path: Path, *extra: str) -> list[str]:
    return ["install", "--settings", str(path), "--command", str(EXE),
            "--state-dir", str(path.parent / "state"), *extra]


def uninstall_cli(path: Path, *extra: str) -> list[str]:
    return ["uninstall", "--settings", str(path), "--state-dir", str(path.parent / "state"), *extra]


def test_main_install_then_noop_then_uninstall(tmp_path, capsys):
    path = tmp_path / "settings.json"
    original = write_settings(path, FOREIGN)
    assert sf.main(cli(path)) == 0
    assert f"{N} added; backup" in capsys.readouterr().out
    installed = path.read_bytes()
    assert sf.main(cli(path)) == 0
    assert "already up to date" in capsys.readouterr().out
    assert path.read_bytes() == installed
    assert len(list(tmp_path.glob("state/backups/*"))) == 1
    assert sf.main(uninstall_cli(path)) == 0
    out = capsys.readouterr().out
    assert f"{N} removed" in out and "restored the exact bytes" in out
    assert json.loads(path.read_bytes()) == json.loads(original)
    assert path.read_bytes() == original
    assert sf.main(uninstall_cli(path)) == 0
    assert "no context-keeper hooks found" in capsys.readouterr().out


def test_main_dry_run_prints_diff_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "settings.json"
    original = write_settings(path, FOREIGN)
    assert sf.main(cli(path, "--dry-run")) == 0
    out = capsys.readouterr().out
    assert "+++ " in out and "hook auto_context_manager" in out and "dry run" in out
    assert path.read_bytes() == original
    assert list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("content", [b'{"model": "x", // no\n}', b"{oops", b"[1, 2]"])
def test_main_refuses_bad_files_with_one_line_and_exit_2(tmp_path, capsys, content):
    path = tmp_path / "settings.json"
    path.write_bytes(content)
    assert sf.main(cli(path)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("context-keeper: error: ")
    assert path.read_bytes() == content and list(tmp_path.iterdir()) == [path]


@pytest.mark.parametrize("argv", [
    [], ["install"], ["frobnicate", "--settings", "x"], ["install", "--settings", "x"],
    ["install", "--settings", "x", "--python", "rel/python", "--nope"],
])
def test_main_bad_arguments_exit_2_with_one_line(argv, capsys):
    assert sf.main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_main_write_failure_is_one_line_exit_1(tmp_path, capsys, monkeypatch):
    path = tmp_path / "settings.json"
    original = write_settings(path, FOREIGN)

    def refuse(src: object, dst: object) -> None:
        if Path(str(dst)).name == "settings.json":
            raise PermissionError(13, "Permission denied", str(path))
        os_replace(src, dst)

    os_replace = sf.installs.os.replace
    monkeypatch.setattr(sf.installs.os, "replace", refuse)
    assert sf.main(cli(path)) == 1
    errors = [line for line in capsys.readouterr().err.splitlines() if "warning" not in line]
    assert len(errors) == 1 and "Permission denied" in errors[0]
    assert path.read_bytes() == original
    assert not list(tmp_path.glob(".settings.json.*.tmp"))


def test_main_uninstall_missing_file(tmp_path, capsys):
    assert sf.main(uninstall_cli(tmp_path / "none.json")) == 0
    assert not (tmp_path / "none.json").exists()


def test_main_warns_when_the_plugin_is_enabled_too(tmp_path, capsys):
    path = tmp_path / "settings.json"
    write_settings(path, {"enabledPlugins": {"context-keeper@context-keeper": True}})
    assert sf.main(cli(path)) == 0
    assert "run twice" in capsys.readouterr().err


def test_backups_are_pruned_but_those_a_record_needs_stay(tmp_path):
    path = tmp_path / "settings.json"
    write_settings(path, FOREIGN)
    state = sf.InstallState(tmp_path / "state")
    assert sf.main(cli(path)) == 0
    [first] = list(state.backups.iterdir())
    for n in range(8):  # the user edits, we re-install: a backup each time
        path.write_text(path.read_text().replace('"model": "claude-sonnet-4-5"', f'"model": "m{n}"'))
        assert sf.main(cli(path, "--python", f"/py{n}/bin/python")) == 0
    names = sorted(p.name for p in state.backups.iterdir())
    assert len(names) == 1 + sf.installs.KEEP_UNREFERENCED  # the record's, and the newest others
    record = state.get(path)
    assert record is not None and record.backup in names
    # The first held the bytes from before the install; once the user edited the file, no
    # exact restore can use them, so it went with the oldest.
    assert not first.exists()


def test_uninstall_falls_back_to_taking_ours_out_when_the_backup_is_gone(tmp_path, capsys):
    path = tmp_path / "settings.json"
    original = write_settings(path, FOREIGN)
    assert sf.main(cli(path)) == 0
    for backup in (tmp_path / "state" / "backups").iterdir():
        backup.write_bytes(b"{}")  # damaged: its hash no longer matches the record
    assert sf.main(uninstall_cli(path)) == 0
    assert "backup" in capsys.readouterr().out
    assert path.read_bytes() == original  # the same bytes all the same: the text edit is exact


def test_a_bom_and_the_files_own_formatting_are_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_bytes(b'\xef\xbb\xbf{"model":"x"}')
    assert sf.main(cli(path)) == 0
    data = path.read_bytes()
    assert data.startswith(b'\xef\xbb\xbf{"model":"x","hooks":{"PostToolUse":[{"hooks":[{"type":"command"')
    assert sf.main(uninstall_cli(path)) == 0
    assert path.read_bytes() == b'\xef\xbb\xbf{"model":"x"}'


def test_ours_describes_each_handler_as_written():
    settings = sf.merge(FOREIGN, entries())
    found = {(h.event, h.name): h for h in sf.ours(settings)}
    assert len(found) == N
    post = found["PostToolUse", "auto_context_manager"]
    assert post.matcher == sf.POST_TOOL_USE_MATCHER and post.is_async and post.timeout == 60
    assert post.interpreter == str(EXE) and post.script_path is None
    legacy = sf.ours({"hooks": {"PreCompact": [{"matcher": "", "hooks": [
        {"type": "command", "command": "/py /old/hooks/pre_compact_preserve.py", "timeout": True}]}]}})
    assert [(h.interpreter, h.script_path, h.timeout, h.matcher) for h in legacy] == [
        ("/py", "/old/hooks/pre_compact_preserve.py", None, "")]


def test_overlaps_count_distinct_commands():
    [same] = sf.overlaps([("a", "PreCompact", "pre_compact_preserve", "x"), ("b", "PreCompact", "pre_compact_preserve", "x")])
    assert same.runs == 1 and same.places == ("a", "b")
    [other] = sf.overlaps([("a", "PreCompact", "pre_compact_preserve", "x"), ("b", "PreCompact", "pre_compact_preserve", "y")])
    assert other.runs == 2
    assert sf.overlaps([("a", "PreCompact", "pre_compact_preserve", "x"), ("a", "Stop", "pre_compact_preserve", "x")]) == []


def test_purge_list_names_the_config_file_and_the_data_roots_set_elsewhere(tmp_path):
    from context_keeper.claude_settings.main import purge_list

    config = tmp_path / "ck.toml"
    env = {"HOME": str(tmp_path), "CONTEXT_KEEPER_CONFIG": str(config)}
    assert purge_list(env) == []
    elsewhere = tmp_path / "elsewhere"
    config.write_text(f'home = "{elsewhere}"\ncheck_frequency = 3\n')
    assert purge_list(env) == [f"config\t{config}"]  # no such dir: nothing to delete
    (elsewhere / "runs").mkdir(parents=True)
    (elsewhere / "context-keeper.log").write_text("x")
    assert purge_list(env) == [f"config\t{config}", f"data\t{elsewhere}"]
    # A `home` that is someone's folder: only what context-keeper made in it goes.
    (elsewhere / "thesis.tex").write_text("mine")
    assert purge_list(env) == [f"config\t{config}", f"data\t{elsewhere / 'context-keeper.log'}",
                               f"data\t{elsewhere / 'runs'}", f"keep\t{elsewhere}"]
    config.write_text('home = "relative"\n')
    assert purge_list(env | {"CONTEXT_KEEPER_HOME": str(elsewhere / "runs")}) == [
        f"config\t{config}", f"data\t{elsewhere / 'runs'}"]


# ------------------------------------------------ shipped files agree with the code

def test_settings_example_matches_our_entries():
    example = json.loads((REPO / "settings.example.json").read_text())
    venv = Path("/home/you/.local/share/context-keeper/venv/bin")
    launcher = sf.launcher_for(command=venv / "context-keeper", python=venv / "python")
    assert example == sf.merge({}, sf.our_entries(launcher, str(venv / "python")))


def test_plugin_hooks_match_our_entries():
    plugin_hooks = json.loads((REPO / "hooks" / "hooks.json").read_text())["hooks"]
    root = Path("/PLUGIN")
    expected = sf.merge({}, sf.our_entries(sf.launcher_for(command=root / "context-keeper")))["hooks"]
    for groups in expected.values():
        for group in groups:
            for handler in group["hooks"]:
                name = handler["command"].split(" hook ")[1]
                handler["command"] = f'python3 "${{CLAUDE_PLUGIN_ROOT}}/hooks/{name}.py"'
    assert plugin_hooks == expected


def test_plugin_manifests_agree_with_pyproject():
    version = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    plugin = json.loads((REPO / ".claude-plugin" / "plugin.json").read_text())
    market = json.loads((REPO / ".claude-plugin" / "marketplace.json").read_text())
    assert plugin["name"] == "context-keeper" and plugin["version"] == version
    assert market["name"] == "context-keeper" and market["owner"]["name"]
    [entry] = market["plugins"]
    assert entry["name"] == plugin["name"] and entry["source"] == "./"
    assert entry["version"] == version


def test_module_runs_with_the_standard_library_only():
    # install.sh runs it with a bare interpreter before the venv exists: with site-packages
    # off (-S -I), only the checkout's lib/ on the path, it imports and runs.
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import context_keeper.claude_settings; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('orjson', 'platformdirs', 'git', 'hypothesis', 'pytest')))")
    done = subprocess.run([sys.executable, "-S", "-I", "-c", code, str(REPO / "lib")],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
    done = subprocess.run([sys.executable, "-S", "-m", "context_keeper.claude_settings", "purge-list"],
                          capture_output=True, text=True,
                          env={"HOME": "/nonexistent", "PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO / "lib")})
    assert done.returncode == 0 and done.stderr == ""

