"""A value after a secret-naming word is removed in any syntax, when its shape fits the name;
references, placeholders, code, prose and descriptive names are kept; a value before its name
(`'…' AS password`, `key: "dbPassword"`) is read the same way."""

from __future__ import annotations

import pytest

from context_keeper.redact import MARK, redact
from context_keeper.redact.names import PASSWORD, STRONG, WEAK
from context_keeper.redact.nouns import judged, redact_after_nouns
from context_keeper.redact.values import strongly_mixed

SECRET = "Heron.4412Cedar"
MIXED = "tQ7#vR2!pZ"
KEY = "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f"smtp_authtok -> {SECRET}", SECRET),  # a compound name and an arrow
        (f"(mailPass {SECRET})", SECRET),  # an s-expression: the closing paren is not the value's
        (f"the vault passphrase for prod: {SECRET}", SECRET),  # a few words, then a colon
        (f"Shared key {MIXED} for the lab network", MIXED),  # a bare key, strongly mixed
        (f"<SecretAccess>{KEY}</SecretAccess>", KEY),
        (f"api-token => '{KEY}'", KEY),
        (f"REPL> AUTH {MIXED}", MIXED),  # an echoed prompt
        (f"the signing secret I made: {KEY}", KEY),
        (f"SELECT '{SECRET}' AS db_password;", SECRET),  # the value before its name
        (f'vault.put("{MIXED}", forKey: "smtpPassword")', MIXED),
        (f"  - {MIXED}   # the relay password", MIXED),  # a bare value, then a comment naming it
        (f"the relay password was reset to {SECRET} this morning", SECRET),
        (f'{{"key": "smtp/relay_password", "val": "{SECRET}"}}', SECRET),  # a field that names the value
        (f"Name=ApiToken,Value={KEY}", KEY),
        (f"staging api key \u2014 {KEY}", KEY),  # a dash between the label and its value
        (f'{{"out": "{{\\"user\\": \\"ops\\", \\"secret\\": \\"{KEY}\\"}}"}}', KEY),  # JSON in a string
        (f'{{"stdout": "export RELAY_PASSWORD=\\"{MIXED}\\"\\n"}}', MIXED),
        (f"REPLICA_AUTH={SECRET} ./sync.sh", SECRET),  # a tool's `*_AUTH` variable
        (f"$cache->auth('{SECRET}');", SECRET),  # an auth call's one argument
        (f'Http(["auth" => ["ops", "{SECRET}"]])', SECRET),  # a user and its password after the name
        (f"regtool set /v RelayPassword /t REG_SZ /d {SECRET} /f", SECRET),  # a flag names, a later flag gives
        (f"kvctl put --key relay_token --value {KEY}", KEY),
        (f"vaultctl encrypt '{SECRET}' --name 'relay_password'", SECRET),  # the value, then a flag naming it
        (f'var signingKey = []byte("{KEY}")', KEY),  # a literal's conversion between name and value
        (f'token = Buffer.from("{KEY}", "base64")', KEY),
        (f"The relay password for ops@lab is {SECRET}.", SECRET),  # a few words, then `is`
        (f"relay secret 5 {MIXED}", MIXED),  # a type digit between the noun and the value
        (f'relayToken: Secret.unsafePlainText("{KEY}"),', KEY),  # a wrapper marking the literal
        (f'smtp_password = SecretStr("{SECRET}")', SECRET),
        (f'app.Settings["Relay:Key"] = "{KEY}";', KEY),  # a name in an indexer's string
        (f"disable secret {MIXED}", MIXED),  # a command's verb before the noun
        (f'(defvar *relay-token* "{KEY}")', KEY),  # Lisp's earmuffs around the name
        (f'static NSString *relayPassword = @"{SECRET}";', SECRET),  # Objective-C's string literal
        (f'const relay_key: []const u8 = "{KEY}";', KEY),  # a type annotation between name and value
        (f'cfg.Item("RelayPassword") = "{SECRET}"', SECRET),  # a quoted name indexed, then set
        (f"relay.pass_phrase={SECRET}", SECRET),  # one noun written in two words
        (f'buildConfigField "String", "RELAY_KEY", "\\"{KEY}\\""', KEY),  # a literal quoted for code
        (f'(put-env "RELAY_TOKEN" "{KEY}")', KEY),  # a quoted name, then its quoted value after a space
        (f'cfgtool write \'["smtp"]["relay_password"] "{SECRET}"\'', SECRET),  # a path, then a value
        (f'req.header("x-relay-token", Header::from_bytes("{KEY}"))', KEY),  # any type's constructor
        (f'relayKey: ApiKey.of("{KEY}"),', KEY),
        (f'c := relay.New(nil).WithAuthToken("{KEY}")', KEY),  # a builder's setter takes the secret
        (f'relay.use_password("{SECRET}")', SECRET),
        (f'cfg.RELAY_TOKEN ??= "{KEY}";', KEY),  # an assignment only when unset
        (f'@relay_secret ||= "{KEY}"', KEY),
        (f'set ::relay(password) "{SECRET}"', SECRET),  # an array's element named, then its value
        (f'opts = [bearer: "{KEY}", retry: 2]', KEY),  # the token a bearer header carries, under its name
        # a SASL mechanism between `AUTH` and the encoded credentials
        ("C: AUTH PLAIN AHJlbGF5AEhlcm9uLjQ0MTJDZWRhcg==\nS: 235 ok", "AHJlbGF5AEhlcm9uLjQ0MTJDZWRhcg=="),
    ],
)
def test_a_value_after_or_before_a_secret_name_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "passwordLabel: 'Password or passphrase'",
        "token => getToken(req)",
        '(getenv "RELAY_TOKEN" "fallback")',  # a word after the name, no secret
        'echo "password" "required"',
        "bearer_format: JWT",
        "opts.WithTokenTTL(3600)",  # a setter of what describes the token
        "cfg.UseToken(true)",
        "the bearer of the signed note was its author",
        "the key is Strong enough for now",
        "Key Features:** fast, small",
        "sort key a16z_crypto_2024",  # a plain key qualifier
        "db_password -> ${DB_PASSWORD}",
        "page.fill('#password', process.env.E2E_PASSWORD)",
        "x-api-key: process.env.API_KEY!",
        "    password: process.env.DB_PASSWORD,",  # an item of an object: the comma is no part of it
        "  password: process.env.E2E_PASSWORD! }",  # a member of an environment, whatever its name
        "'password' => static::$password ??= Hash::make('password'),",  # a static property
        "$env:PGPASSWORD = Read-Host 'Postgres password'",  # a command given an argument
        "$env:API_TOKEN = Get-Content -Raw token.txt",
        "cache key Linux-pip-3f2a9c1d7e8b4f6a0c5d2e1b9a8f7c6d",
        "gpg: key 4AEE18F83AFDEB23: public key imported",
        '<add key="ConnectionString_B2B" value="Server=db" />',
        "password -> <your password>",
        "token_ttl: 3600s",
        "ROOT_PW_MIN = 12  # password length",
        "api key - see the team vault",
        "The key insight: Caching2x improves throughput.",
        '[Environment]::GetEnvironmentVariable("API_TOKEN", "User")',
        'credentials: ["bob", "${RELAY_PASSWORD}"]',
        "USE_AUTH=true2",
        "TestAuthBuild: types_test.go:40: expected 2",  # a test's name, a place in a file
        "`winter.2024rain` is a password (`2024rain` names nothing)",  # an aside in prose
        "key = bytes(range(32))",
        "the password for the relay is required",
        "enable secret scanning for the repo",
        "token 1 of 3",
        "IFACES = {'ASAuthorizationAppleIDCredential', 'ASAuthorizationAppleIDProvider'}",  # list items
        'proxy_url="socks5h://<username>:<password>@proxy-host"',  # a placeholder in angle brackets
        "# WindowsCCompiler!  --GPW",  # a word before a comment
        '"key1": ["value1.1", "value1.2"],',
        "reg add HKCU\\Software\\App /v Theme /t REG_SZ /d Dark2x /f",
        "Password for 'https://bob@github.com': ",
        "Enter passphrase (empty for no passphrase): ",
        '{"name": "DB_PASSWORD", "value": "${DB_PASSWORD}"}',
        '{"name": "LOG_LEVEL", "value": "debug2x"}',
        "the relay password was reset to the default",
        "git checkout -b fix-auth2 # token refresh",
        '`str(row["id"])` AS api_key',
        # a build server's parameter between percent signs is a reference
        '<param name="env.DB_PASSWORD" value="%vault:secret/db!/password%" />',
        "DB_PASSWORD=%env.DB_PASSWORD%",
        'const relay_key: []const u8 = std.os.getenv("RELAY_KEY");',
        '(defvar *relay-token* (uiop:getenv "RELAY_TOKEN"))',
        'if (cfg.Item("RelayPassword") == "changeme") { warn(); }',
    ],
)
def test_code_references_placeholders_and_prose_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        f"wg set wg0 private-key <(echo {KEY})",  # a process substitution
        f"vault login -method=userpass password=\"$(echo '{SECRET}')\"",
        f"DB_PASSWORD=$(echo -n {SECRET} | base64)",
    ],
)
def test_a_literal_a_shell_echoes_after_a_secret_name_is_removed(text: str) -> None:
    out = redact_after_nouns(text)
    assert SECRET not in out and KEY not in out and MARK in out


def test_what_a_substitution_runs_is_kept() -> None:
    for text in ("wg set wg0 private-key <(cat /etc/wg/key)", "password=$(echo $DB_PASSWORD)", "token <(echo hello)"):
        assert redact_after_nouns(text) == text


def test_a_default_beside_the_name_that_names_a_secret_is_removed() -> None:
    assert SECRET not in redact(f'<arg name="mqtt_pass" default="{SECRET}"/>')  # a launch file's argument
    assert redact('<arg name="port" default="1883"/>') == '<arg name="port" default="1883"/>'


def test_a_value_after_dot_leaders_is_removed() -> None:
    assert redact(f"Password ......... {SECRET}") == f"Password ......... {MARK}"  # a report's aligned fields
    assert redact("Password ......... OK") == "Password ......... OK"
    assert redact("the password... wait") == "the password... wait"


def test_a_url_query_value_ends_at_the_next_parameter() -> None:
    assert redact_after_nouns(f"/cb?api_token={MIXED}&page=2") == f"/cb?api_token={MARK}&page=2"


def test_a_value_shape_is_judged_by_the_name_tier() -> None:
    word_and_digits = "castle7755"
    assert judged(PASSWORD, word_and_digits)  # a person's password under a password name
    assert not judged(STRONG, word_and_digits)  # a token must be random or strongly mixed
    assert judged(STRONG, KEY) and judged(WEAK, KEY)
    assert not judged(WEAK, "9f86d081884c7d659a2feaa0c55ad015")  # a bare key's hex is a digest
    assert strongly_mixed(MIXED) and not strongly_mixed("Base64Encode") and not strongly_mixed("Features**")
    # letters alone: a random run of both cases is a secret, a name made of words is not
    assert judged(STRONG, "ksDCueizYs") and not judged(STRONG, "mySecretName") and not judged(STRONG, "getAccessToken")
    assert redact_after_nouns("ros2 run x y --ros-args -p secret:=ksDCueizYs").endswith(f"secret:={MARK}")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (f'ftp = FTPClient("files.example.com", "deploy", "{MIXED}")', MIXED),
        (f'login: ["ops@example.com", "{MIXED}"]', MIXED),
        (f'http.basic("bob", Some("{MIXED}"))', MIXED),
        (f'Pool(cfg, "svc", "{KEY}")', KEY),
        (f'Sequelize("app", "app", "{MIXED}", {{ host: "db" }})', MIXED),  # the pair after a failed one
        (f'new mysqli("db", "app", "{MIXED}", "app")', MIXED),  # a symbol: a login, though strings around
        (f'const basic = btoa("ops:{SECRET}");', SECRET),  # a user and its password joined to be encoded
        (f'base64.b64encode(b"ops:{SECRET}")', SECRET),
        (f"zkcli addauth digest ops:{SECRET}", SECRET),  # the scheme, then the pair
        (f'ks.load(in, "{SECRET}".toCharArray());', SECRET),  # a literal made a char array: Java's password
        # a user after a connection's address, whatever the call's name: a plain password is enough
        ('pool = Hikari.make("jdbc:mariadb://db/app", "app", "harbor2291")', "harbor2291"),
        ('Store.open("jdbc:derby:memory:app", "sa", "harbor2291")', "harbor2291"),
        ('Repo(ctx, "redis://cache:6379/0", "ops", "harbor2291")', "harbor2291"),
    ],
)
def test_the_second_of_a_user_secret_pair_is_removed(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out and MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'CMD ["python3", "ubuntu_blockchain_os.py"]',
        'spawn("node", ["index2.js"])',
        'return []string{"lsv2_pt_", "lsv2_sk_"}',
        "FUNCS = ('abs','acos','any2Date','any2Enum')",  # names in a list, not a login
        "('pkg.lexers.ul4', 'HTML+UL4', ('html+ul4',))",  # a dotted module is no user
        'setLocale("en", "en-US")',
        'Flyway.configure("jdbc:postgresql://db/app", "app", "public")',  # an address, a user, a schema's word
        'run("npm", "build:prod2")',
        "btoa(`${user}:${pass}`)",
        'btoa("user:password")',
        'base64.b64encode(b"host:8080")',
        "pulled the digest sha256:9f86d081884c7d659a2feaa0c55ad015 again",
        'char[] HEX = "0123456789abcdef".toCharArray();',
        'char[] VOWELS = "aeiouAEIOU".toCharArray();',
    ],
)
def test_pairs_of_names_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_user_then_a_slash_then_its_password_after_a_secret_name() -> None:
    out = redact("VPN creds for the lab: ops / harbor-copper-7788")
    assert "harbor-copper-7788" not in out and out.startswith("VPN creds for the lab: ops / ")
    assert redact("token scope: read / write") == "token scope: read / write"


@pytest.mark.parametrize(
    "text",
    [
        f"<property>\n  <name>fs.s3a.secret.key</name>\n  <value>{KEY}</value>\n</property>",  # Hadoop's XML
        f"<key>RELAY_TOKEN</key>\n<string>{KEY}</string>",  # a property list, the value's element below
        f"<key>RELAY_TOKEN</key><string>{KEY}</string>",  # the same on one line
    ],
)
def test_a_value_element_under_a_secret_name_element_is_removed(text: str) -> None:
    out = redact(text)
    assert KEY not in out and MARK in out, out


@pytest.mark.parametrize(
    "text",
    [
        f"<property>\n  <name>fs.s3a.secret.key.provider</name>\n  <value>{KEY}</value>\n</property>",
        "<key>CFBundleIdentifier</key>\n<string>com.example.relay2024</string>",
        "<name>hadoop.security.token.service.use_ip</name>\n<value>false</value>",
    ],
)
def test_value_elements_under_other_names_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        'api_key: "aB3dE5fG7hJ9kL1mN3pQ\\"5rS7tU9vW1xY3z"',  # an escaped quote inside the value
        "password: 'Xy7#ab\\'cd9!Q'",
    ],
)
def test_a_quoted_value_ends_at_its_closing_quote_not_at_an_escaped_one(text: str) -> None:
    out = redact(text)
    assert out.endswith(MARK + text[-1]), out
    assert "5rS7tU9vW1" not in out and "cd9!Q" not in out


def test_a_quote_the_shell_does_not_escape_still_closes_the_value() -> None:
    # In a shell's single quotes a backslash escapes nothing: `'secret\'` is a whole value.
    assert redact("export PASSWORD='s3cret-Pass\\'") == f"export PASSWORD='{MARK}'"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (" key 0 heron4412", "heron4412"),  # a network device's type digit: the key in clear
        ("payments.client.xapikey = 'kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA'", "kX8vQ2mN7pL4rT9wY3zB6cD1fG5hJ0sA"),
        ('neighbor 192.0.2.1 authentication-key "Cedar.4412Heron!"', "Cedar.4412Heron!"),
    ],
)
def test_a_type_digit_an_api_key_header_s_name_and_an_authentication_key(text: str, value: str) -> None:
    assert value not in redact(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("crypto keyring peer key heron4412 address 192.0.2.7", "heron4412"),
        ("  key-string heron4412", "heron4412"),
        ("  key castle9664", "castle9664"),
    ],
)
def test_a_device_config_line_s_key_goes_whatever_its_shape(text: str, value: str) -> None:
    assert value not in redact(text)


@pytest.mark.parametrize(
    "text",
    [
        "kubectl get secret app-creds2 -o yaml",  # a command naming a stored secret
        "kubectl delete secret app-creds2",
        "the key heron4412 is in the vault",  # prose
        "cache key user42x = lookup(user)",  # code
    ],
)
def test_a_secret_named_by_a_command_prose_or_code_stays(text: str) -> None:
    assert redact(text) == text


def test_a_user_after_a_host_and_its_port_is_a_login() -> None:
    out = redact('d := relay.NewDialer("smtp.example.com", 587, "bot", "heron4412")')
    assert "heron4412" not in out
    assert '"bot"' in out


def test_enable_secret_on_a_device_s_config_line_goes() -> None:
    assert "Willow.1242Winter" not in redact("enable secret Willow.1242Winter")
    assert redact("enable_secret: true") == "enable_secret: true"


def test_a_dotted_property_ending_in_key_is_no_file() -> None:
    out = redact("spark-submit --conf spark.hadoop.fs.s3a.secret.key=mJdEaIDwoTpNXwf8CO69bNFBpKDNvf etl.py")
    assert "mJdEaIDwoTpNXwf8CO69bNFBpKDNvf" not in out
    assert redact("cp secret.key /tmp/backup") == "cp secret.key /tmp/backup"


@pytest.mark.parametrize(
    "text",
    [
        '{"name":"app","password_hash":"jnEo5h3qgnw/xtww+0HoYiD7TdWFFHBWQj8IQPqsojYZ04HQ"}',  # RabbitMQ's definitions
        "admin_password_hash: 5f4dcc3b5aa765d61d8327deb882cf99e3b0c44298fc1c149afbf4c8996fb924",  # a hex digest
        # the hash's algorithm and encoding after the noun (ClickHouse's users.xml)
        "<password_sha256_hex>5f4dcc3b5aa765d61d8327deb882cf99e3b0c44298fc1c149afbf4c8996fb924</password_sha256_hex>",
    ],
)
def test_a_passwords_hash_under_its_name_goes(text: str) -> None:
    out = redact(text)
    assert MARK in out
    assert "Qj8IQPqsojYZ04HQ" not in out and "c149afbf4c8996fb924" not in out


@pytest.mark.parametrize(
    "text",
    [
        "password_hash = db.Column(db.String(128))",  # a column's declaration
        "password_hash TEXT NOT NULL,",
        "user.password_hash = generate_password_hash(form.password.data)",
        "token_hash: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",  # a random token's hash
        "token_sha256_hex: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
    ],
)
def test_declarations_and_a_tokens_hash_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_plural_noun_then_are_gives_its_value() -> None:
    """`credentials are "user:…"`: a plural noun's verb stands between it and its value as `is` does."""
    out = redact('basicAuth credentials are "admin:3z6wJ1toGnBbuBMK", it is recommended you change this')
    assert "3z6wJ1toGnBbuBMK" not in out
    assert '"admin:' in out


@pytest.mark.parametrize("text", ["the credentials are stored in vault", "API keys are rotated weekly"])
def test_a_plural_noun_then_are_then_prose_is_kept(text: str) -> None:
    assert redact(text) == text


def test_the_prompt_rule_s_gate_passes_every_text_its_pattern_matches() -> None:
    """The prompt's pattern is searched only in a text that ends as its matches do (`PROMPT_END`)."""
    import random
    import re

    from context_keeper.redact.prompts import PROMPT, PROMPT_END

    pattern, gate = re.compile(PROMPT, re.ASCII), re.compile(PROMPT_END, re.ASCII)
    pieces = ["Password", "token", "for", "bob", ":", " ", "\t", "\n", ". ", "] ", "'x'", "Harbor.7731Lake", "api key"]
    rng = random.Random(3)
    matched = 0
    for _ in range(20000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(1, 10)))
        if pattern.search(text) is not None:
            matched += 1
            assert gate.search(text) is not None, text
    assert matched > 30
