import subprocess
import sys

import pytest

from context_keeper.redact import MARK, redact

# (text, secret that must disappear, text that must survive)
POSITIVE = [
    ("key AKIA2OGYBAH6RZ4QXJ7P in config", "2OGYBAH6RZ4QXJ7P", "key AKIA"),
    ("ASIAY34FZKBOKMUTVV7A is temporary", "Y34FZKBOKMUTVV7A", "is temporary"),
    ("aws_secret_access_key = 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", "wJalrXUtnFEMI", "aws_secret_access_key = "),
    ("token ghp_abcdefghijklmnopqrstuvwxyz0123456789 ok", "abcdefghijklmnopqrstuvwxyz0123456789", "ghp_"),
    ("gho_16C7e42F292c6912E7710c838347Ae178B4a", "16C7e42F292c6912E7710c838347Ae178B4a", "gho_"),
    ("ghs_abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz0123456789", "ghs_"),
    ("ghu_abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz0123456789", "ghu_"),
    ("ghr_abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz0123456789", "ghr_"),
    ("github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOP", "11ABCDEFG0123456789", "github_pat_"),
    ("use sk-ant-api03-abcdefghijklmnopqrstuvwxyz-ABCDEFG_123 now", "abcdefghijklmnopqrstuvwxyz", "sk-ant-"),
    ("sk-proj-abc123DEF456ghi789JKL012mno_pqr", "abc123DEF456ghi789", "sk-proj-"),
    ("OPENAI sk-abcdefghijklmnopqrstuvT3BlbkFJabcdefghijklmnopqrst", "T3BlbkFJ", "OPENAI sk-"),
    ("xoxb-123456789012-1234567890123-abcdefghijklmnopqrstuvwx", "1234567890123", "xoxb-"),
    ("xoxp-1234567890-abcdefghij", "abcdefghij", "xoxp-"),
    ("maps AIzaSyA1234567890abcdefghijklmnopqrstuv", "SyA1234567890abcdefghijklmnopqrstuv", "maps AIza"),
    (
        "jwt eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "dozjgNryP4J3jVmNHl0w5N",
        "jwt ",
    ),
    ("Authorization: Bearer abc.def.ghi", "abc.def.ghi", "Authorization: Bearer "),
    ("password: !!str Heron.4412Cedar", "Heron.4412Cedar", "password: !!str "),  # a YAML core tag
    ('<Password value="Heron.4412Cedar"/>', "Heron.4412Cedar", '<Password value="'),  # an element's value attribute
    ("curl -H 'Authorization: token 123abc' url", "123abc", "curl -H 'Authorization: token "),
    ('{"Authorization": "Basic dXNlcjpwYXNz"}', "dXNlcjpwYXNz", '{"Authorization": "Basic '),
    ("got Bearer 0123456789abcdefXYZ back", "0123456789abcdefXYZ", "got Bearer "),
    ("postgres://admin:hunter2@db.example.com:5432/app", "hunter2", "postgres://admin:"),
    ("redis://:s3cr3t@localhost:6379", "s3cr3t", "@localhost:6379"),
    ("https://user:pa55word@example.com/x", "pa55word", "https://user:"),
    ("export OPENAI_API_KEY=sk-test", "sk-test", "export OPENAI_API_KEY="),
    ("DB_PASSWORD=hunter2 ./run", "hunter2", " ./run"),
    ('{"password": "hunter2", "user": "bob"}', "hunter2", '"user": "bob"'),
    ("mysql --password hunter2 --user bob", "hunter2", "--user bob"),
    ("cli --token=abcdef", "abcdef", "cli --token="),
    ("MYSQL_PWD='s3cret value'", "s3cret", "MYSQL_PWD='"),
    ("client_secret: abcdef123", "abcdef123", "client_secret: "),
    ("apiKey = 'zzz9'", "zzz9", "apiKey = '"),
    ('authToken="q1w2e3"', "q1w2e3", "authToken="),
    ("GITHUB_CREDENTIALS=deadbeefcafe", "deadbeefcafe", "GITHUB_CREDENTIALS="),
    ("private_key: abc-secret-value", "abc-secret-value", "private_key: "),
    ("https://example.com/api?api_key=abc123&x=1", "abc123", "&x=1"),
    ('echo "password: hunter2"', "hunter2", "echo"),
    (
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA\nabc\n-----END RSA PRIVATE KEY-----\nafter",
        "MIIEpAIBAAKCAQEA",
        "\nafter",
    ),
    ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA", "b3BlbnNzaC1rZXkt", "BEGIN OPENSSH"),
    ("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END PRIVATE KEY-----", "MIIEvQIBADANBg", "BEGIN PRIVATE KEY"),
    (  # a symmetric key's block, named in its own words; hex lines, no base64
        "-----BEGIN OpenVPN Static key V1-----\n7b61b99dcc2833018ed3aedb902c46d3\n-----END OpenVPN Static key V1-----",
        "7b61b99dcc2833018ed3aedb902c46d3",
        "END OpenVPN Static key V1-----",
    ),
    ("stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc", "4eC39HqLyjWDarjtT1zdp7dc", "stripe sk_live_"),
]

NEGATIVE = [
    "cargo test -p engine auth::",  # a Rust path, not `auth: <secret>`
    "cargo test auth::tests::login_rejects_expired",
    "PWD=/home/dev/project",
    "OLDPWD=/tmp",
    "sort_key=name primary_key=True",
    "commit 3f786850e387550fdab836ed7e6dc881de23001b on main",
    "session b3445fea-82de-4faa-bf75-29dba206bde4 resumed",
    "/home/dev/.claude/projects/-home-dev-project/b3445fea-82de-4faa-bf75-29dba206bde4.jsonl",
    "the token was expired; fix the password reset flow",
    "author=Jane authority=none",
    "max_tokens=4096 token_count=1200 input_tokens: 15",
    "SSH_KEY=~/.ssh/id_rsa",
    "key=value",
    "https://github.com/user/repo and git@github.com:user/repo.git",
    "Bearer of bad news",
    "password = os.environ['X']",
    "token = get_token()",
    "task-abcdefghijklmnopqrstuvwxyz branch",
    "PASSWORD=$DB_PASSWORD",
    'password: "${PASSWORD}"',
    "auth_enabled = true",
    "Primary key: id",
    "  api_password: !env_var HA_API_PASSWORD",  # a YAML local tag: its argument names the secret
    "  db_password: !secret db_password",
    '<PasswordLength value="12"/>',
    '<Password value="${db.password}"/>',
    "Edit lib/context_keeper/redact.py: 3 lines changed",
    "",
]


@pytest.mark.parametrize(("text", "secret", "kept"), POSITIVE)
def test_secret_is_removed(text: str, secret: str, kept: str) -> None:
    out = redact(text)
    assert secret not in out
    assert MARK in out
    assert kept in out


@pytest.mark.parametrize("text", NEGATIVE)
def test_ordinary_text_is_unchanged(text: str) -> None:
    assert redact(text) == text


def test_counts() -> None:
    assert len(POSITIVE) >= 25 and len(NEGATIVE) >= 10


def test_several_secrets_in_one_text() -> None:
    text = (
        "ran: curl -H 'Authorization: Bearer abc123def' https://u:pw1@h/x\n"
        "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789\n"
        "commit 3f786850e387550fdab836ed7e6dc881de23001b\n"
    )
    out = redact(text)
    for secret in ("abc123def", "pw1", "abcdefghijklmnopqrstuvwxyz0123456789"):
        assert secret not in out
    assert "3f786850e387550fdab836ed7e6dc881de23001b" in out
    assert out.count("\n") == 3


def test_a_run_of_xs_is_a_placeholder_unless_a_random_key_is_left_without_it() -> None:
    # Docs write `sk-xxxx…`; a real key can end in x's and stays a secret.
    for placeholder in (
        "export OPENAI_API_KEY=sk-xxxxxxxxxxxxxxxxxxxxxxxx",
        "token: ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        "key = ghp_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX1234",
    ):
        assert redact(placeholder) == placeholder
    key = "SG.AWIRh_JUqBlIFXZ53Ncqe2.FJoC6vWCBiJmpflvJfupxqZKm4bV3AyAxxxxxxxxxxx"
    for text in (f"SENDGRID_API_KEY={key}", f"mail with {key} now"):
        out = redact(text)
        assert "FJoC6vWCBiJmpflvJfupxqZKm4bV3AyA" not in out and MARK in out, out


def test_idempotent() -> None:
    for text, _, _ in POSITIVE:
        once = redact(text)
        assert redact(once) == once


def test_secret_inside_innocent_value_is_still_found() -> None:
    out = redact("url=https://admin:hunter2@db/x")
    assert "hunter2" not in out and "admin" in out


def test_import_does_not_compile_patterns() -> None:
    # Patterns are compiled on first use so that importing stays cheap on the hot path.
    code = (
        "import context_keeper.redact as r\n"
        "assert r._compiled.cache_info().currsize == 0\n"
        "r.redact('x'); assert r._compiled.cache_info().currsize == 1\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_large_ordinary_text_comes_back_whole() -> None:
    # Its speed is measured in bench/redact.py, not here (a test must not depend on load).
    text = ("ordinary line with a path /usr/lib/x.py and key words token password\n") * 20_000
    assert redact(text) == text


def test_an_oracle_connect_string_is_redacted_not_raised_on() -> None:
    # Its pattern shares the URL check, which looked up a `user` group it does not have.
    for text in ("jdbc:oracle:thin:scott/Tiger9Pass@db:1521/ORCL", "  DSNs (`jdbc:oracle:thin:u/pw@…`),"):
        out = redact(text)
        assert "Tiger9Pass" not in out
    assert redact("jdbc:oracle:thin:scott/${ORACLE_PASSWORD}@db") == "jdbc:oracle:thin:scott/${ORACLE_PASSWORD}@db"


def test_a_rule_that_fails_redacts_the_whole_text_and_never_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    import context_keeper.redact as package

    def broken(text: str) -> str:
        raise IndexError("no such group")

    monkeypatch.setattr(package, "_redact", broken)
    assert redact("password=hunter2hunter2 and more") == MARK


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("using bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29tLzEyMzQ1 now", "YmVkcm9jay5hbWF6b25hd3MuY29tLzEyMzQ1"),
        (
            "HARNESS pat.ILED8tvSsI7KtgILLDmQtk.NZ7srV6FvvACacSVtcyPBiHs.PAERzhFgW38YReKACt87",
            "NZ7srV6FvvACacSVtcyPBiHs",
        ),
        (
            "TF 9rbris3js2k1tr.atlasv1.kphzb5jytpxjk902xi84sr0921vjxb6shupyaotivly4lh2m4hefx4u9abcdefg",
            "kphzb5jytpxjk902xi84",
        ),
        ("ClickHouse 4b1dM0r9KaFWHbc1Vg7GA5qDJax6mtNME3q5Kd4gBU", "M0r9KaFWHbc1Vg7GA5qDJax6mtNME3q5Kd4gBU"),
        ("octopus API-1GN2N49TVXWQAURJ5SOFTX7VMZ set", "1GN2N49TVXWQAURJ5SOFTX7VMZ"),
        ("lob test_a5f5d3027acac30fe5198fdb361acbaf392 key", "a5f5d3027acac30fe5198fdb361acbaf392"),
        ("Cookie: _gitlab_session=zb1oizu03pi5pb82zfa1bql9g1zk50jd; path=/", "zb1oizu03pi5pb82zfa1bql9g1zk50jd"),
        ("FLWPUBK_TEST-d620c15f1fe673a24b3a27a738c1b2c3-X", "d620c15f1fe673a24b3a27a738c1b2c3"),
    ],
)
def test_prefixed_formats_found_missing_by_gitleaks_samples(text: str, secret: str) -> None:
    assert secret not in redact(text) and MARK in redact(text)


@pytest.mark.parametrize(
    "text",
    ["API-REFERENCE.md", "see the pat.something file", "live_reload_enabled = true", "test_parse_config_defaults"],
)
def test_their_prefixes_alone_are_not_secrets(text: str) -> None:
    assert redact(text) == text


def test_every_trigger_in_a_line_selects_its_rule() -> None:
    # The triggers are looked for only under characters the line holds: each must still be
    # found wherever it stands, alone, among others, and not where it is absent.
    from context_keeper.redact import _compiled, _triggered

    rules = _compiled()
    words = sorted({t for t, _ in rules.triggers})
    for n, trigger in enumerate(words):
        padded = f"plain words {words[n - 1]} and {trigger} then {words[(n + 7) % len(words)]}."
        assert _triggered(padded, rules) == {i for t, i in rules.triggers if t in padded}
        assert _triggered(trigger, rules) >= {i for t, i in rules.triggers if t == trigger}
    assert _triggered("nothing here", rules) == {i for t, i in rules.triggers if t in "nothing here"}


def test_a_seed_block_goes_like_a_private_key_and_its_lines_stay() -> None:
    seed = "SUAuFv9fPJsdhgt9nUcDtTqAPcZ4nFzRxmlyQ3bN"
    text = f"-----BEGIN USER NKEY SEED-----\n{seed}\n------END USER NKEY SEED------\nnext line"
    out = redact(text)
    assert seed not in out
    assert out.startswith("-----BEGIN USER NKEY SEED-----") and out.endswith(
        "------END USER NKEY SEED------\nnext line"
    )
    kept = "-----BEGIN USER NKEY SEED-----\nseed omitted\n------END USER NKEY SEED------"
    assert redact(kept) == kept
