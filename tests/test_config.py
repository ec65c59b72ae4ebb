import subprocess
import sys
from pathlib import Path

import platformdirs
import pytest

from context_keeper.config import SETTINGS_DOC, Settings, default_config_path, default_home, load_settings
from context_keeper.records import fields


@pytest.fixture
def cfg(tmp_path: Path) -> Path:
    return tmp_path / "config.toml"


def env_for(cfg: Path, **extra: str) -> dict[str, str]:
    return {"CONTEXT_KEEPER_CONFIG": str(cfg), **extra}


def test_field_names_and_defaults_match_the_contract(tmp_path: Path) -> None:
    names = list(fields(Settings))
    assert names == [
        "home", "check_frequency", "context_threshold", "turns_until_cold", "context_window",
        "block_max_chars", "restore_max_chars", "git_timeout", "lock_timeout", "hook_budget",
        "log_max_bytes", "enabled",
    ]
    s = Settings(home=tmp_path)
    assert (s.check_frequency, s.context_threshold, s.turns_until_cold, s.context_window) == (10, 70.0, 20, None)
    assert (s.block_max_chars, s.restore_max_chars, s.log_max_bytes) == (10_000, 9_500, 1_000_000)
    assert (s.git_timeout, s.lock_timeout, s.hook_budget) == (3.0, 5.0, 45.0)
    with pytest.raises(AttributeError):
        s.check_frequency = 3  # type: ignore[misc]


def test_defaults_with_no_file_and_no_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # platformdirs reads the real environment: point it at an empty config dir.
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    settings, warnings = load_settings({"CONTEXT_KEEPER_HOME": "/data/ck"})
    assert settings == Settings(home=Path("/data/ck"))
    # No file at the default location is not worth a warning; only an explicit path is.
    assert warnings == []


def test_default_config_location_is_platformdirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    path = platformdirs.user_config_path("context-keeper") / "config.toml"
    path.parent.mkdir(parents=True)
    path.write_text("turns_until_cold = 33\n")
    settings, warnings = load_settings({"CONTEXT_KEEPER_HOME": "/data/ck", "XDG_CONFIG_HOME": str(tmp_path)})
    assert settings.turns_until_cold == 33 and warnings == []


@pytest.mark.parametrize("xdg", [None, "", "   ", "/xdg/base"])
def test_linux_paths_equal_platformdirs(xdg: str | None, monkeypatch: pytest.MonkeyPatch) -> None:
    # config.py computes these itself on Linux to keep platformdirs off the hook path.
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        if xdg is None:
            monkeypatch.delenv(variable, raising=False)
        else:
            monkeypatch.setenv(variable, xdg)
    assert default_home() == platformdirs.user_data_path("context-keeper")
    assert default_config_path() == platformdirs.user_config_path("context-keeper") / "config.toml"


def test_default_home_is_platformdirs(cfg: Path) -> None:
    cfg.write_text("")
    settings, warnings = load_settings(env_for(cfg))
    assert settings.home == platformdirs.user_data_path("context-keeper")
    assert warnings == []


def test_missing_explicit_config_file_warns(cfg: Path) -> None:
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/x"))
    assert settings == Settings(home=Path("/x"))
    assert len(warnings) == 1 and str(cfg) in warnings[0]


def test_toml_overrides_defaults_and_env_overrides_toml(cfg: Path, tmp_path: Path) -> None:
    cfg.write_text(
        f'home = "{tmp_path / "fromfile"}"\n'
        "check_frequency = 5\nturns_until_cold = 7\ncontext_threshold = 55\ngit_timeout = 1.5\n"
    )
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_CHECK_FREQUENCY="3"))
    assert warnings == []
    assert settings.home == tmp_path / "fromfile"
    assert settings.check_frequency == 3  # env wins
    assert settings.turns_until_cold == 7  # file wins over the default
    assert settings.context_threshold == 55.0 and isinstance(settings.context_threshold, float)
    assert settings.git_timeout == 1.5
    assert settings.hook_budget == 45.0  # untouched default

    settings, _ = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME=str(tmp_path / "fromenv")))
    assert settings.home == tmp_path / "fromenv"


@pytest.mark.parametrize("raw", ["70", "70%", " 70 % ", "70.0"])
def test_threshold_accepts_percent_sign(cfg: Path, raw: str) -> None:
    cfg.write_text("")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_CONTEXT_THRESHOLD=raw, CONTEXT_KEEPER_HOME="/h"))
    assert settings.context_threshold == 70.0
    assert warnings == []


def test_every_field_has_an_env_var(cfg: Path) -> None:
    env = env_for(
        cfg,
        CONTEXT_KEEPER_HOME="/somewhere",
        CONTEXT_KEEPER_CHECK_FREQUENCY="2",
        CONTEXT_KEEPER_CONTEXT_THRESHOLD="80%",
        CONTEXT_KEEPER_TURNS_UNTIL_COLD="4",
        CONTEXT_KEEPER_CONTEXT_WINDOW="200000",
        CONTEXT_KEEPER_BLOCK_MAX_CHARS="9000",
        CONTEXT_KEEPER_RESTORE_MAX_CHARS="3000",
        CONTEXT_KEEPER_GIT_TIMEOUT="0.5",
        CONTEXT_KEEPER_LOCK_TIMEOUT="0",
        CONTEXT_KEEPER_HOOK_BUDGET="2.5",
        CONTEXT_KEEPER_LOG_MAX_BYTES="4096",
    )
    settings, warnings = load_settings(env)
    assert warnings[1:] == []  # only the missing explicit config file
    assert settings == Settings(
        home=Path("/somewhere"), check_frequency=2, context_threshold=80.0, turns_until_cold=4,
        context_window=200_000, block_max_chars=9000, restore_max_chars=3000, git_timeout=0.5,
        lock_timeout=0.0, hook_budget=2.5, log_max_bytes=4096,
    )


@pytest.mark.parametrize(
    ("var", "raw", "field", "fallback"),
    [
        ("CHECK_FREQUENCY", "ten", "check_frequency", 10),
        ("CHECK_FREQUENCY", "-3", "check_frequency", 10),
        ("CHECK_FREQUENCY", "0", "check_frequency", 10),
        ("CHECK_FREQUENCY", "2.5", "check_frequency", 10),
        ("CONTEXT_THRESHOLD", "150%", "context_threshold", 70.0),
        ("CONTEXT_THRESHOLD", "-1", "context_threshold", 70.0),
        ("CONTEXT_THRESHOLD", "nan", "context_threshold", 70.0),
        ("TURNS_UNTIL_COLD", "many", "turns_until_cold", 20),
        ("CONTEXT_WINDOW", "big", "context_window", None),
        ("BLOCK_MAX_CHARS", "20000", "block_max_chars", 10_000),
        ("HOOK_BUDGET", "-5", "hook_budget", 45.0),
        ("HOOK_BUDGET", "inf", "hook_budget", 45.0),
        ("LOG_MAX_BYTES", "1e3", "log_max_bytes", 1_000_000),
        ("HOME", "relative/dir", "home", Path("/fromfile")),
    ],
)
def test_bad_env_value_warns_and_keeps_lower_layer(
    cfg: Path, var: str, raw: str, field: str, fallback: object
) -> None:
    cfg.write_text('home = "/fromfile"\n')
    settings, warnings = load_settings(env_for(cfg, **{f"CONTEXT_KEEPER_{var}": raw}))
    assert getattr(settings, field) == fallback
    assert len(warnings) == 1
    warning = warnings[0]
    assert field in warning and repr(raw) in warning and f"CONTEXT_KEEPER_{var}" in warning
    shown = "per-model window" if fallback is None else str(fallback)
    assert f"using {shown}" in warning


def test_bad_env_value_falls_back_to_the_file_value_not_the_default(cfg: Path) -> None:
    cfg.write_text("check_frequency = 4\n")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_CHECK_FREQUENCY="x", CONTEXT_KEEPER_HOME="/h"))
    assert settings.check_frequency == 4
    assert "using 4" in warnings[0]


def test_empty_env_value_means_unset(cfg: Path) -> None:
    cfg.write_text("check_frequency = 4\n")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_CHECK_FREQUENCY="", CONTEXT_KEEPER_HOME="/h"))
    assert settings.check_frequency == 4 and warnings == []


def test_context_window_none_and_auto(cfg: Path) -> None:
    cfg.write_text("context_window = 100000\n")
    for raw in ("none", "auto"):
        settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_CONTEXT_WINDOW=raw, CONTEXT_KEEPER_HOME="/h"))
        assert settings.context_window is None and warnings == []


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('check_frequency = "five"', "check_frequency"),
        ("check_frequency = true", "check_frequency"),
        ("check_frequency = -1", "check_frequency"),
        ("turns_until_cold = 2.5", "turns_until_cold"),
        ("context_threshold = 101", "context_threshold"),
        ("git_timeout = [1]", "git_timeout"),
        ("home = 5", "home"),
    ],
)
def test_bad_toml_value_warns(cfg: Path, line: str, field: str) -> None:
    cfg.write_text(line + "\nlock_timeout = 9\n")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert len(warnings) == 1 and field in warnings[0] and str(cfg) in warnings[0]
    assert settings.lock_timeout == 9.0  # the good key in the same file still applies
    if field != "home":
        assert getattr(settings, field) == getattr(Settings(home=Path("/h")), field)


def test_broken_toml_warns_and_uses_defaults(cfg: Path) -> None:
    cfg.write_text("check_frequency = = 5\n[[[")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert settings == Settings(home=Path("/h"))
    assert len(warnings) == 1 and "not valid TOML" in warnings[0] and str(cfg) in warnings[0]


def test_non_utf8_toml_warns(cfg: Path) -> None:
    cfg.write_bytes(b"check_frequency = 5 # \xff\xfe\n")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert settings.check_frequency == 10 and len(warnings) == 1


def test_unreadable_config_is_a_warning(cfg: Path) -> None:
    cfg.mkdir()  # reading a directory fails with an OSError other than "not found"
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert settings == Settings(home=Path("/h")) and len(warnings) == 1


def test_unknown_toml_key_warns(cfg: Path) -> None:
    cfg.write_text("check_frequncy = 5\n")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert settings.check_frequency == 10
    assert "check_frequncy" in warnings[0]


def test_home_expands_tilde(cfg: Path) -> None:
    settings, _ = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="~/ck", HOME="/home/someone"))
    assert settings.home == Path("~/ck").expanduser()


def test_reads_os_environ_by_default(cfg: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CONTEXT_KEEPER_CONFIG", str(cfg))
    monkeypatch.setenv("CONTEXT_KEEPER_HOME", "/env/home")
    monkeypatch.setenv("CONTEXT_KEEPER_TURNS_UNTIL_COLD", "3")
    settings, _ = load_settings()
    assert settings.home == Path("/env/home") and settings.turns_until_cold == 3


def test_settings_doc_covers_every_field() -> None:
    documented = {row.name for row in SETTINGS_DOC}
    assert set(fields(Settings)) <= documented
    for row in SETTINGS_DOC:
        assert row.env.startswith("CONTEXT_KEEPER_") and row.meaning and row.default
    by_name = {row.name: row for row in SETTINGS_DOC}
    assert by_name["check_frequency"].default == "10"
    assert by_name["context_threshold"].env == "CONTEXT_KEEPER_CONTEXT_THRESHOLD"


def test_tomllib_is_imported_only_when_a_file_exists(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from context_keeper.config import load_settings\n"
        f"load_settings({{'CONTEXT_KEEPER_CONFIG': {str(tmp_path / 'none.toml')!r}, 'CONTEXT_KEEPER_HOME': '/h'}})\n"
        "assert 'tomllib' not in sys.modules\n"
        "assert 'platformdirs' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- the project file and where each value came from ---------------------------------------------


def _repo_with(tmp_path: Path, text: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True, exist_ok=True)
    (repo / ".context-keeper.toml").write_text(text)
    return repo


def test_project_file_sits_between_the_user_file_and_the_environment(cfg: Path, tmp_path: Path) -> None:
    from context_keeper.config import Origin, load_config

    cfg.write_text("turns_until_cold = 30\ncheck_frequency = 4\ngit_timeout = 9\n")
    repo = _repo_with(tmp_path, "turns_until_cold = 5\ncheck_frequency = 6\nenabled = false\n")
    loaded = load_config(env_for(cfg, CONTEXT_KEEPER_HOME="/h", CONTEXT_KEEPER_CHECK_FREQUENCY="7"), repo)
    s = loaded.settings
    assert (s.turns_until_cold, s.check_frequency, s.git_timeout, s.enabled) == (5, 7, 9.0, False)
    assert loaded.warnings == []
    project = str(repo / ".context-keeper.toml")
    assert loaded.origins["turns_until_cold"] == Origin("project", project)
    assert loaded.origins["enabled"] == Origin("project", project)
    assert loaded.origins["check_frequency"] == Origin("environment", "CONTEXT_KEEPER_CHECK_FREQUENCY")
    assert loaded.origins["git_timeout"] == Origin("file", str(cfg))
    assert loaded.origins["lock_timeout"] == Origin("default", "")
    assert loaded.origins["home"] == Origin("environment", "CONTEXT_KEEPER_HOME")
    assert loaded.project_path == repo / ".context-keeper.toml" and loaded.config_path == cfg
    # Without a repository the project file is not read.
    assert load_config(env_for(cfg, CONTEXT_KEEPER_HOME="/h")).settings.enabled is True


def test_a_project_file_cannot_move_the_data_root(cfg: Path, tmp_path: Path) -> None:
    cfg.write_text("")
    repo = _repo_with(tmp_path, f"home = {str(tmp_path / 'inside-the-repo')!r}\n")
    settings, warnings = load_settings(env_for(cfg, XDG_DATA_HOME=str(tmp_path / "xdg")), repo)
    assert settings.home == tmp_path / "xdg" / "context-keeper"
    assert len(warnings) == 1 and "home cannot be set in a project file" in warnings[0]


@pytest.mark.parametrize(("raw", "value"), [("false", False), ("0", False), ("off", False), ("no", False), ("TRUE", True), ("1", True), ("on", True)])
def test_enabled_from_the_environment(cfg: Path, raw: str, value: bool) -> None:
    cfg.write_text("")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h", CONTEXT_KEEPER_ENABLED=raw))
    assert settings.enabled is value and warnings == []


def test_enabled_must_be_a_boolean(cfg: Path, tmp_path: Path) -> None:
    cfg.write_text("")
    repo = _repo_with(tmp_path, 'enabled = "maybe"\n')
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"), repo)
    assert settings.enabled is True
    assert warnings == [f"project file {repo / '.context-keeper.toml'}: enabled = 'maybe' is not true or false; using true"]
    cfg.write_text("enabled = 1\n")  # TOML's 1 is a number, not a boolean
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert settings.enabled is True and "is not true or false" in warnings[0]


def test_unknown_keys_are_named_with_a_suggestion(cfg: Path, tmp_path: Path) -> None:
    cfg.write_text("turns_until_colt = 5\nzzz = 1\n")
    repo = _repo_with(tmp_path, "enable = false\n")
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"), repo)
    assert settings.turns_until_cold == 20 and settings.enabled is True
    assert warnings == [
        f"config file {cfg}: unknown setting 'turns_until_colt' ignored (did you mean 'turns_until_cold'?)",
        f"config file {cfg}: unknown setting 'zzz' ignored",
        f"project file {repo / '.context-keeper.toml'}: unknown setting 'enable' ignored (did you mean 'enabled'?)",
    ]


def test_oversized_config_file_is_not_read(cfg: Path) -> None:
    cfg.write_text("turns_until_cold = 3\n" + "#" * (1 << 20))
    settings, warnings = load_settings(env_for(cfg, CONTEXT_KEEPER_HOME="/h"))
    assert settings.turns_until_cold == 20 and "larger than 1,048,576 bytes" in warnings[0]


def test_no_project_file_costs_no_toml_import(tmp_path: Path) -> None:
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from context_keeper.config import load_config\n"
        f"load_config({{'CONTEXT_KEEPER_CONFIG': {str(tmp_path / 'none.toml')!r}, 'CONTEXT_KEEPER_HOME': '/h'}}, Path({str(tmp_path / 'repo')!r}))\n"
        "assert not {'tomllib', 'difflib', 'platformdirs'} & set(sys.modules)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
