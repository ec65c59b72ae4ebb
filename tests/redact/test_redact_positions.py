"""A value in a password or secret position is a secret whatever it looks like (words and
digits, `Name.1234Word`), unless it is a reference, a placeholder, a template or empty; and
what only looks like such a position (prose, YAML flags, cache keys) is kept verbatim."""

from __future__ import annotations

import random
import string

import pytest

from context_keeper.redact import MARK, redact

_WORDS = ("amber", "basil", "cedar", "delta", "ember", "fjord", "grove", "heron", "indigo", "juniper")


def _human(rng: random.Random) -> str:
    """A password a person would choose: words, digits, a symbol; a fresh one per test run seed."""
    w1, w2 = rng.choice(_WORDS), rng.choice(_WORDS)
    n = rng.randint(10, 9999)
    return rng.choice(
        (f"{w1.title()}.{n}{w2.title()}", f"{w1.title()}{n}!", f"{w1}{n}", f"{w1.title()}@{n}", f"{w1}-{w2}-{n}")
    )


POSITIONS = (
    "PGPASSWORD={v} psql -h db -U app app",
    "spring.datasource.password={v}",
    "  password: {v}",
    "define('DB_PASSWORD', '{v}');",
    "docker run -e POSTGRES_PASSWORD={v} -d postgres:16",
    "curl -u admin:{v} https://ci.example.com/api/json",
    "set -gx DB_PASSWORD {v}",
    "setenv DB_PASSWORD {v}",
    '$env:DB_PASSWORD = "{v}"',
    "Server=db;Database=app;User Id=sa;Password={v};",
    '{{"stdout": "booting\\nDB_PASSWORD={v}\\nready\\n"}}',
    "INSERT INTO users (name, password) VALUES ('admin', '{v}');",
    "bcrypt.hashpw(b'{v}', bcrypt.gensalt())",
    "mssql-cli -S db -U sa -P {v}",
    "network={{ ssid=HomeNet psk={v} }}",
)


@pytest.mark.parametrize("template", POSITIONS)
@pytest.mark.parametrize("seed", range(6))
def test_a_chosen_password_in_a_password_position_goes(template: str, seed: int) -> None:
    value = _human(random.Random(f"{template}{seed}"))
    out = redact(template.format(v=value))
    assert value not in out and MARK in out, out


@pytest.mark.parametrize(
    "text",
    [
        "set -gx ZENDESK_API_KEY {v}",
        'curl -H "X-Adobe-Key: {v}" https://api.example.com',
        "X-Api-Key: {v}",
        "export CLICKUP_TOKEN=pk_{v}",
        "export FINAGE_TOKEN=API_KEY{v}",
    ],
)
def test_a_key_in_a_new_position_goes(text: str) -> None:
    rng = random.Random(text)
    value = "".join(rng.choice(string.ascii_lowercase + string.digits) for _ in range(32))
    out = redact(text.format(v=value))
    assert value not in out, out


@pytest.mark.parametrize(
    "text",
    [
        "KEY=<your key>",
        "API_KEY=<your api key>",
        "export OPENAI_API_KEY=<your key here>",
        "password: <your password>",
        "TOKEN=[your token]",
        'api_key = "<your key>"',
        "send it in the Authorization: Bearer header.",
        "Pass the token in the Authorization: Bearer header",
        "permissions:\n  id-token: write\n  contents: read",
        "set -x PATH /usr/local/bin $PATH",
        "Idempotency-Key: 8e03978e-40d5-43e8-bc93-6894a57f9324",
        'curl -H "X-Cache-Key: f481149917421bc5f03335f8cd6fe270" https://cdn.example.com',
        "DB_PASSWORD=${DB_PASSWORD}",
        "set -gx DB_PASSWORD $DB_PASSWORD",
        "LAMBDA_TASK_ROOT=AWS_LAMBDA_TASK_ROOT",
        "pattern: auth.login.title",
        'let accountKey = Buffer.from("accountKey", "base64");',
        'sb.append("MasterUserPassword: " + getMasterUserPassword() + ",");',
        'usernameLabel:"Username or email:",passwordLabel:"Password:",rememberMeLabel:"Remember me:"',
        "echo 'export DATABASE_PASSWORD=\"'$PRECOMPILE_PASSWORD'\"' >> .env",
        '"password": "&lt;YOUR_PASSWORD&gt;"',
        'this.addPassword = "#add-password";',
        '<add key="ConnectionString_B2B" value="Server=db;Trusted_Connection=True" />',
        'const password = process.env.DB_PASSWORD || "not-set"',
        "Token usage:",
        "INSERT INTO users (name, email) VALUES ('admin', 'admin@example.com');",
        "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
        # a sigiled hash's entry names the variable (Raku, Perl)
        "my $token = %*ENV<API_TOKEN>;",
        "my $key = %ENV{SECRET_KEY};",
        # a variable's name given to a flag: the value comes from the environment
        "earthly --secret DB_PASSWORD +integration",
        "docker run --env API_TOKEN Abc123-img:2024",
    ],
)
def test_placeholders_references_and_prose_are_kept_whole(text: str) -> None:
    assert redact(text) == text


def test_a_placeholder_is_not_half_redacted() -> None:
    # The old failure: the value cut at its first space, so `<your` went and ` key>` stayed.
    assert "] key>" not in redact("API_KEY=<your key>")


@pytest.mark.parametrize(
    "text",
    [
        "'password' => Hash::make('Purple@2028'),",  # a hasher's
        "password: await bcrypt.hash('Purple@2028', 10),",  # a scheme's
        "INSERT INTO users (email, pw) VALUES ('a@example.com', crypt('Purple@2028', gen_salt('bf')));",
        'hashed, _ := bcrypt.GenerateFromPassword([]byte("Purple@2028"), bcrypt.DefaultCost)',
        'encoded = passwordEncoder.encode("Purple@2028");',  # named for a password and a hashing verb
        'BCrypt::Password.create("Purple@2028")',
        'ph.hash("Purple@2028")',
    ],
)
def test_the_literal_a_password_hashing_call_is_given_goes(text: str) -> None:
    out = redact(text)
    assert "Purple@2028" not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "const h = crypto.createHash('sha256').update('hello-world1').digest('hex')",  # a digest of data
        'x = hash("user:1234")',
        'url = base64.urlsafe_b64encode(b"some-data_123")',
        'json.encode("abc-123_x")',
    ],
)
def test_digests_and_encodings_of_data_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        'CMD ["redis-cli", "-a", "Purple@2028", "ping"]',  # a Dockerfile's exec form
        'test: ["CMD", "redis-cli", "-a", "Purple@2028", "ping"]',  # a compose healthcheck
        '"command": ["sshpass", "-p", "Purple@2028", "ssh", "bob@host"]',
        'exec.Command("mysql", "-u", "root", "-pPurple@2028", "app")',  # a flag with its value attached
        "spawn('redis-cli', ['-a', 'Purple@2028', 'ping'])",  # the command outside the nested array
    ],
)
def test_a_password_flag_in_an_array_of_arguments_goes(text: str) -> None:
    out = redact(text)
    assert "Purple@2028" not in out
    assert MARK in out
    assert out.count('"') == text.count('"') and out.count("'") == text.count("'")  # the array's quotes stay


@pytest.mark.parametrize(
    "text",
    [
        'args: ["--port", "6379", "--loglevel", "warning"]',
        'ENTRYPOINT ["python", "-m", "app", "--config", "/etc/app.yaml"]',
        'subprocess.run(["git", "commit", "-m", "fix-password-reset"])',
        'ignore = ["-p", "-a", "--password"]',  # flags named, none given a value
    ],
)
def test_arrays_of_arguments_without_a_secret_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        # a directory entry's name where a `passwd` command takes its user
        "ldappasswd -x -H ldap://ldap -D cn=admin,dc=example,dc=org -W -S uid=bob,ou=people,dc=example,dc=org",
        # the next flag after a name a reference gives (`env:KS_PASS`), no value of that name
        "dotnet publish -c Release -p:SigningStorePass=env:KS_PASS -p:SigningKeyPass=env:KS_PASS",
        # a pipeline's macro inside the value, after a boolean
        "##vso[task.setvariable variable=dbPassword;issecret=true]$(DbPassword)",
        # a substitution's pattern, an empty replacement, a reference
        "sed -i 's/^password=.*/password=/' /etc/app/app.ini",
        'sed -i "s/^password=.*/password=${DB_PASSWORD}/" /etc/app/app.ini',
    ],
)
def test_names_patterns_and_references_in_a_password_position_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_password_a_substitution_writes_goes_its_pattern_stays() -> None:
    out = redact("sed -i 's/^password=.*/password=Falcon.277Castle/' /etc/app/app.ini")
    assert out == f"sed -i 's/^password=.*/password={MARK}/' /etc/app/app.ini"


def test_a_random_key_that_starts_with_a_dash_is_no_flag() -> None:
    out = redact("export ACCESS_TOKEN=-jjzSALlxyNnIo4_=UeLO0QJCWLd4wOlQLSE")
    assert "UeLO0QJCWLd4wOlQLSE" not in out


@pytest.mark.parametrize(
    "text",
    [
        "app.use(basicAuth({ users: { admin: 'Purple@2028' } }))",  # a map of users to passwords
        "app.use(basicAuth({ users: { 'admin': 'Purple@2028' }, challenge: true }))",
        'gin.BasicAuth(gin.Accounts{"admin": "Purple@2028"})',
        'conn.simple_bind_s("cn=admin,dc=example,dc=org", "Purple@2028")',  # a directory entry's name, then its password
        'l.Bind("cn=admin,dc=example,dc=org", "Purple@2028")',
        # a map written as formatters write it, an entry a line: the file as a Read shows it
        "app.use(basicAuth({\n  users: {\n    admin: 'Purple@2028',\n  },\n}))",
        'r.Use(gin.BasicAuth(gin.Accounts{\n\t"bob": "x",\n\t"admin": "Purple@2028",\n}))',
    ],
)
def test_a_password_beside_its_login_in_a_map_or_a_bind_goes(text: str) -> None:
    out = redact(text)
    assert "Purple@2028" not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'users = {"admin": "Administrator", "bob": "viewer"}',  # users' roles, words
        "users: { admin: 'admin' }",
        "const users = { alice: { role: 'admin' } }",
        "const users = {\n  admin: 'Administrator',\n  bob: 'viewer',\n}",  # over lines, roles still
        'search("ou=people,dc=example,dc=org", "(uid=bob)")',  # a search base and its filter
        'search("ou=people,dc=example,dc=org", "subtree")',
    ],
)
def test_maps_of_users_and_searches_without_a_password_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # an `@` inside the password is no login's end: the port and the parameters stay
            "jdbc:sqlserver://db:1433;databaseName=app;user=sa;password=Tiger@2019;encrypt=true",
            f"jdbc:sqlserver://db:1433;databaseName=app;user=sa;password={MARK};encrypt=true",
        ),
        (  # the value ends at the list's next `;`
            "Server=db;Database=app;User Id=sa;Password=Tiger.2019x;Encrypt=True",
            f"Server=db;Database=app;User Id=sa;Password={MARK};Encrypt=True",
        ),
    ],
)
def test_a_password_in_a_drivers_parameter_list_goes_alone(text: str, expected: str) -> None:
    assert redact(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "User.objects.create_superuser('admin', 'a@example.com', 'Sunny.4821Harbor')",  # a call that makes an account
        'createUser("bob", "bob@example.com", "Sunny.4821Harbor")',
        "new Sequelize('app', 'app', 'Sunny.4821Harbor', { dialect: 'postgres' })",  # a chosen password after its user
    ],
)
def test_the_password_a_call_gives_an_account_goes(text: str) -> None:
    out = redact(text)
    assert "Sunny.4821Harbor" not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        'user = create_user("bob", role="admin")',
        'create_user("bob", "bob@example.com", "builder-image")',
        '("runtime", "Python312")',  # a name with a version
        '("build", "Release_2024")',
        "('acos', 'any2Date', 'Win32Api', 'kernel32')",  # names in a list
    ],
)
def test_accounts_without_a_password_and_names_in_lists_are_kept(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "echo Sunny.4821Harbor > /run/secrets/pg",  # a file in the folder of secrets
        "echo -n 'Sunny.4821Harbor' > secrets/postgres.txt",
        "echo 'Sunny.4821Harbor' | docker secret create pg -",  # a store that reads the secret on stdin
        "printf '%s' 'Sunny.4821Harbor' | docker secret create pg_pass -",  # printf's format, then the value
        'printf "%s\\n" "Sunny.4821Harbor" > /run/secrets/pg',
    ],
)
def test_a_password_written_to_a_secrets_folder_or_store_goes(text: str) -> None:
    out = redact(text)
    assert "Sunny.4821Harbor" not in out
    assert MARK in out


@pytest.mark.parametrize(
    "text",
    [
        "echo hello > /run/secrets/README",
        "echo 'docs/index.md' > secrets/.gitignore",
        "echo $PG_PASS | docker secret create pg -",  # a reference
        "echo v1.2.3 > secrets/VERSION",
    ],
)
def test_what_a_secrets_folder_or_store_is_given_that_is_no_secret_stays(text: str) -> None:
    assert redact(text) == text


@pytest.mark.parametrize(
    "text",
    [
        "accounts: { main: 'acct-main-01', audit: 'acct-audit-02' }",  # a map of accounts to ids
        'add_user(db, "bob", role="Reader2024Role")',  # an argument named for something else
        "password_encryption = scram-sha-256",  # a name for a method, its value an algorithm
        "sed -i 's/^password_encryption = .*/password_encryption = scram-sha-256/' postgresql.conf",
    ],
)
def test_ids_roles_and_methods_beside_a_login_or_a_password_name_are_kept(text: str) -> None:
    assert redact(text) == text


def test_a_users_map_takes_a_password_of_one_case() -> None:
    out = redact("app.use(basicAuth({ users: { admin: 'falcon9679' }, challenge: true }));")
    assert "falcon9679" not in out


@pytest.mark.parametrize(
    "text",
    [
        '$ mongosh "mongodb://admin@mongo:27017" --password --authenticationDatabase admin',
        "mysql --password --defaultsFile x.cnf",
    ],
)
def test_a_password_flag_followed_by_the_next_flag_asks_for_it(text: str) -> None:
    """`--password` then `--authenticationDatabase`: a prompt will ask; the next flag is no value."""
    assert redact(text) == text
