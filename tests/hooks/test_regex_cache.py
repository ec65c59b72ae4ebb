"""The compiled regexes kept beside the code: the same patterns, constants only."""

from __future__ import annotations

import importlib
import marshal
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from context_keeper.hooks import regex_cache

PATTERNS = [
    r"^Failed\s+([\w$]+(?:(?:\.|::|/|#)[\w$\[\](),<>-]+)+)",
    r"^(?:[=\-─⎯*_~]{3,}.*|.*[=\-─⎯]{5,})$",
    r"(?P<name>[A-Z_]+)=(?P<value>\S+)|(?P=name)",
    r"(?i)token[ \t]*[:=][ \t]*(?P<s>[0-9a-f]{32})",
    r"[ÈÉÖÜèéöüĂăŁłŞşΚκАЕЛОаелоסكपรẨẩ•シトパ令口密暗私秘개비시암토패]",
]


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    path = tmp_path / "regex.marshal"
    re.purge()  # patterns `re` compiled before are its own cache's, not this one's
    yield path
    regex_cache.uninstall()
    re.purge()


def _module(tmp_path: Path, name: str, body: str):
    (tmp_path / f"{name}.py").write_text(body, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(name, None)


@pytest.mark.parametrize("flags", [0, re.ASCII, re.IGNORECASE | re.MULTILINE])
@pytest.mark.parametrize("pattern", PATTERNS)
def test_an_entry_builds_the_pattern_re_compiles(pattern: str, flags: int) -> None:
    _compiler: Any = importlib.import_module("re._compiler")
    entry = regex_cache._entry(_compiler, pattern, int(flags))
    assert regex_cache._build(pattern, entry) == _compiler.compile(pattern, flags)
    built = regex_cache._build(pattern, marshal.loads(marshal.dumps(entry)))
    assert built.groupindex == re.compile(pattern, flags).groupindex


def test_a_modules_patterns_are_kept_and_built_from_the_file(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    body = f"import re\nA = re.compile({PATTERNS[0]!r})\nB = re.compile({PATTERNS[2]!r}, re.I)\n"
    regex_cache.install(str(cache))
    first = _module(tmp_path, "ck_rx_first", body)
    regex_cache.save()
    regex_cache.uninstall()
    re.purge()
    kept = marshal.loads(cache.read_bytes())[1]
    assert {key[1] for key in kept} >= {PATTERNS[0], PATTERNS[2]}

    regex_cache.install(str(cache))
    built: list[str] = []
    real_build = regex_cache._build

    def build(pattern: str, entry: tuple[object, ...]) -> object:
        built.append(pattern)
        return real_build(pattern, entry)

    monkeypatch.setattr(regex_cache, "_build", build)
    second = _module(tmp_path, "ck_rx_second", body)
    assert built == [PATTERNS[0], PATTERNS[2]]
    assert (second.A, second.B) == (first.A, first.B)
    assert not regex_cache._state["new"]


def test_where_the_file_cannot_be_written_nothing_new_is_checked(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A read-only install: checking each new pattern's code would cost every process, for a
    # file that is never written. With no file, `re` is left alone; with one, it is only read.
    body = f"import re\nA = re.compile({PATTERNS[0]!r})\n"
    compiler: Any = importlib.import_module("re._compiler")
    original = compiler.compile
    monkeypatch.setattr(regex_cache, "_writable", lambda path: False)
    regex_cache.install(str(cache))
    assert compiler.compile is original
    regex_cache.uninstall()

    monkeypatch.setattr(regex_cache, "_writable", lambda path: True)
    regex_cache.install(str(cache))
    _module(tmp_path, "ck_rx_ro_first", body)
    regex_cache.save()
    regex_cache.uninstall()
    re.purge()
    written = cache.read_bytes()

    monkeypatch.setattr(regex_cache, "_writable", lambda path: False)
    checked: list[str] = []
    real_entry = regex_cache._entry
    monkeypatch.setattr(regex_cache, "_entry", lambda c, p, f: checked.append(p) or real_entry(c, p, f))
    regex_cache.install(str(cache))
    module = _module(tmp_path, "ck_rx_ro_second", body + f"B = re.compile({PATTERNS[1]!r})\n")
    assert module.A.pattern == PATTERNS[0] and module.B.pattern == PATTERNS[1]
    assert checked == []
    regex_cache.save()
    assert cache.read_bytes() == written


def test_a_pattern_made_at_run_time_is_never_written(tmp_path: Path, cache: Path) -> None:
    secret = "hunter2-" + "x7Qp9"
    module = _module(tmp_path, "ck_rx_dynamic", "import re\ndef find(word):\n    return re.compile(re.escape(word))\n")
    regex_cache.install(str(cache))
    assert module.find(secret).pattern == re.escape(secret)
    regex_cache.save()
    assert not cache.exists()
    assert secret.encode() not in (cache.read_bytes() if cache.exists() else b"")


def test_the_rule_tables_lazy_patterns_are_kept(cache: Path) -> None:
    from context_keeper.redact.patterns import LazyPattern, LazyRule

    regex_cache.install(str(cache))
    LazyPattern(r"ck-lazy-(?P<s>\d{7})").search("x")
    LazyRule(r"ck-rule-\d{9}", str)("x")
    regex_cache.save()
    kept = {key[1] for key in marshal.loads(cache.read_bytes())[1]}
    assert {r"ck-lazy-(?P<s>\d{7})", r"ck-rule-\d{9}"} <= kept


@pytest.mark.parametrize("content", [b"", b"not marshal", marshal.dumps(("another", {})), marshal.dumps(((0,), {}))])
def test_a_file_of_another_interpreter_or_broken_is_ignored(tmp_path: Path, cache: Path, content: bytes) -> None:
    cache.write_bytes(content)
    regex_cache.install(str(cache))
    module = _module(tmp_path, "ck_rx_broken", "import re\nA = re.compile(r'ck-broken-\\d{5}')\n")
    assert module.A.match("ck-broken-12345")
    regex_cache.save()
    assert r"ck-broken-\d{5}" in {key[1] for key in marshal.loads(cache.read_bytes())[1]}


def test_code_the_interpreter_refuses_is_compiled_instead(tmp_path: Path, cache: Path) -> None:
    header = regex_cache._header()
    pattern = r"ck-refused-\d{3}"
    cache.write_bytes(marshal.dumps((header, {(False, pattern, 0): (32, [1, 2, 3], 0, {}, (None,))})))
    regex_cache.install(str(cache))
    module = _module(tmp_path, "ck_rx_refused", f"import re\nA = re.compile(r'{pattern}')\n")
    assert module.A == regex_cache._state["original"](pattern, 0)


def test_nothing_is_written_without_bytecode(tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    regex_cache.install(str(cache))
    _module(tmp_path, "ck_rx_nobytecode", "import re\nA = re.compile(r'ck-nobytecode-\\d')\n")
    regex_cache.save()
    assert not cache.exists()


def test_a_full_file_starts_over_from_what_one_process_used(
    tmp_path: Path, cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiler: Any = importlib.import_module("re._compiler")
    used, stale = r"ck-used-\d{4}", [rf"ck-stale-{i}-\d" for i in range(5)]
    entries = {(False, p, 0): regex_cache._entry(compiler, p, 0) for p in [used, *stale]}
    cache.write_bytes(marshal.dumps((regex_cache._header(), entries)))
    monkeypatch.setattr(regex_cache, "MAX_ENTRIES", 4)
    regex_cache.install(str(cache))
    _module(tmp_path, "ck_rx_full", f"import re\nA = re.compile(r'{used}')\nB = re.compile(r'ck-new-\\d{{6}}')\n")
    regex_cache.save()
    kept = {key[1] for key in marshal.loads(cache.read_bytes())[1]}
    assert kept == {used, r"ck-new-\d{6}"}


def test_the_file_goes_where_the_bytecode_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = Path(regex_cache.__file__).resolve().parent.parent
    monkeypatch.setattr(sys, "pycache_prefix", None)
    assert Path(regex_cache.cache_path()).parent == package / "__pycache__"
    monkeypatch.setattr(sys, "pycache_prefix", str(tmp_path))
    assert Path(regex_cache.cache_path()).parent == tmp_path / str(package).lstrip("/")


def test_without_the_engine_re_is_left_as_it_is(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    compiler: Any = importlib.import_module("re._compiler")
    original = compiler.compile
    monkeypatch.setattr(regex_cache, "_sre", None)
    regex_cache.install(str(cache))
    assert compiler.compile is original
    assert re.compile(r"ck-no-engine-\d").match("ck-no-engine-1")
    regex_cache.save()
    assert not cache.exists()


@pytest.mark.parametrize("hook", ["auto_context_manager", "pre_compact_preserve"])
def test_the_hooks_that_fold_keep_their_regexes(hook: str, tmp_path: Path) -> None:
    # A fold past PostToolUse's gate, and PreCompact's, leave the library's constant regexes
    # where the bytecode goes: the next process of either builds them from there.
    import json
    import os
    import subprocess

    root = Path(regex_cache.__file__).resolve().parents[3]
    project = tmp_path / "project"
    project.mkdir()
    transcript = project / "t.jsonl"
    transcript.write_bytes((root / "tests" / "fixtures" / "auto_compact.jsonl").read_bytes())
    event = {"auto_context_manager": "PostToolUse", "pre_compact_preserve": "PreCompact"}[hook]
    stdin = {
        "session_id": "s1",
        "transcript_path": str(transcript),
        "cwd": str(project),
        "hook_event_name": event,
        "tool_name": "Bash",
        "tool_input": {"command": "ls"},
        "tool_response": {"stdout": "x"},
        "trigger": "manual",
        "custom_instructions": "",
    }
    prefix = tmp_path / "pycache"
    env = {
        **os.environ,
        "CONTEXT_KEEPER_HOME": str(tmp_path / "home"),
        "CONTEXT_KEEPER_CONTEXT_THRESHOLD": "1",  # past the gate: the fold runs
        "PYTHONPYCACHEPREFIX": str(prefix),
    }
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(
        [sys.executable, str(root / "hooks" / f"{hook}.py")],
        input=json.dumps(stdin).encode(),
        env=env,
        capture_output=True,
        check=True,
        timeout=120,
    )
    kept = list(prefix.rglob("regex.*.marshal"))
    assert len(kept) == 1
    header, entries = marshal.loads(kept[0].read_bytes())
    assert header == regex_cache._header()
    assert len(entries) > 50  # the session's and the redaction rules' patterns, not a handful
