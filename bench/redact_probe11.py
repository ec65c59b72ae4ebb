"""A probe of redaction outside the held-out sets' templates, written in the eleventh round
before any change it measures: ordinary lines in syntaxes no set holds (each must come back
unchanged) and secrets in real shapes (code wrapped over lines, continuation lines, REPL
sessions, tool dumps; each value must be gone).

Run: `python bench/redact_probe11.py` (prints the changed look-alikes and the leaked secrets,
then the two counts). `{v}` is a password a person chose, `{k}` a random key with no prefix.
"""

from __future__ import annotations

import random
import string
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "lib"))

from context_keeper.redact import redact  # noqa: E402

LOOKALIKES = (
    # type names, signatures and annotations
    "def set_password(self, raw_password: str) -> None:",
    "fn verify_token(token: &str, secret: &[u8]) -> Result<Claims, Error> {",
    "func NewClient(apiKey string, opts ...Option) *Client {",
    "public record Credentials(string Username, SecureString Password);",
    'type Config struct {\n\tAPIKey    string `env:"API_KEY,required"`\n\tDBPassword string `env:"DB_PASSWORD"`\n}',
    "password: Option<SecretString>,",
    "  private readonly clientSecret: string;",
    "interface AuthOptions { token?: string; password?: string }",
    "case class DbConfig(user: String, password: Secret[String])",
    "@property\ndef api_key(self) -> str:\n    return self._api_key",
    # references, lookups and secret managers
    'password = os.environ["PGPASSWORD"]',
    'token := os.Getenv("GITHUB_TOKEN")',
    'let secret = std::env::var("JWT_SECRET").expect("JWT_SECRET not set");',
    "val apiKey = BuildConfig.MAPS_API_KEY",
    "api_key = Rails.application.credentials.dig(:stripe, :secret_key)",
    "$password = $Env:SQL_PASSWORD",
    'password = keyring.get_password("smtp", "bob")',
    "export GITHUB_TOKEN=$(gh auth token)",
    "export VAULT_TOKEN=$(vault print token)",
    'DB_PASSWORD="$(op read op://Private/postgres/password)"',
    "aws secretsmanager get-secret-value --secret-id prod/app/db --query SecretString --output text",
    "gcloud secrets versions access latest --secret=db-password",
    "az keyvault secret show --vault-name kv-prod --name sql-admin-password --query value -o tsv",
    "doppler secrets get STRIPE_KEY --plain",
    "password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256",
    'db_password: "{{ vault_db_password }}"',
    "password: ${{ secrets.DB_PASSWORD }}",
    "token: ${{ steps.app-token.outputs.token }}",
    "withCredentials([string(credentialsId: 'slack-token', variable: 'SLACK_TOKEN')]) {",
    "  password = var.db_password",
    "  secret_string = random_password.db.result",
    "  valueFrom:\n    secretKeyRef:\n      name: app-secrets\n      key: api-key",
    "spring.datasource.password=${DB_PASSWORD:}",
    '"ConnectionStrings": { "Default": "Server=db;Database=app;User Id=app;Password=${SQL_PASSWORD}" }',
    "SECRET_KEY_BASE=<generate with `mix phx.gen.secret`>",
    "API_KEY=your-api-key-here",
    'password = "********"',
    "token: <redacted>",
    'client_secret = "REPLACE_ME"',
    "DB_PASSWORD=changeit  # placeholder, set in the vault",
    # policies, settings and counts named for a secret
    "password_min_length = 14\npassword_require_symbols = true",
    'PASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2PasswordHasher"]',
    'token_ttl = "768h"\ntoken_max_ttl = "8760h"',
    "  token_type: Bearer\n  expires_in: 3600",
    "max_password_age: 90d",
    "secret_rotation_interval = 2592000",
    "api_key_header: X-API-Key",
    "auth_method = scram-sha-256",
    "BCRYPT_ROUNDS=12",
    "session_cookie_secure = true",
    # digests, ids and hashes read as values
    "image: ghcr.io/acme/api@sha256:9b2c1f3d4e5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c",
    "commit 3f1b6c2e9a7d4e3b8c5f0d1e2f3a4b5c6d7e8f9a\nAuthor: Bob <bob@example.com>",
    "Secret fingerprint: SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8",
    "key id: 4AEE18F83AFDEB23\nuid: GitHub (web-flow commit signing) <noreply@github.com>",
    'resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#679591c564c3bffaae8454cf0b3df370c3d6911c"',
    "request_id=7f9c2ba4-e88f-4d3a-9a5c-1f2e3d4c5b6a token_id=tok_lease_42",
    "x-amz-request-id: 4442587FB7D0A2F9",
    'etag: "33a64df551425fcc55e4d42a148795d9f25f89d4"',
    "SecretArn: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf",
    "vault_lease_id: database/creds/readonly/2f6a614c-4aa2-7b19-24b9-ad944a8d4de6",
    "| NAME        | TYPE   | DIGEST           |\n| db-password | Opaque | 9f86d081884c7d65 |",
    "kubectl get secret app-secrets -o jsonpath='{.data}' | jq 'keys'",
    # prose, docs and log sentences
    "The token is read from the TOKEN variable; never commit it.",
    "Rotate the password every 90 days and store it in the vault.",
    'error: authentication failed: password for user "app" is wrong',
    'WARN  secret "db-password" not found in namespace "prod"',
    "INFO  token refreshed, expires at 2026-11-27T21:00:00Z",
    "Set the `api_key` option to the key from your dashboard.",
    "# TODO: move the password to a secret manager",
    "Password reset link sent to bob@example.com",
    "--password-stdin  Take the password from stdin",
    "  -k, --api-key string   API key (env: ACME_API_KEY)",
    # function calls and commands
    "hashed = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
    "if (!crypto.timingSafeEqual(Buffer.from(token), Buffer.from(expected))) {",
    'user.check_password(form.cleaned_data["password"])',
    "passwd --expire bob",
    "chage -M 90 bob",
    "ssh-keygen -t ed25519 -C bob@laptop -f ~/.ssh/id_ed25519",
    "openssl rand -base64 32 > secret.key",
    "kubectl create secret generic app --from-env-file=.env.prod",
    "security find-generic-password -s github -w",
    "secret-tool lookup service smtp user bob",
)

# A second batch, written after the first changes and before checking them: ordinary output
# in the shapes the new readings read (tab-separated tables, barred records, continued commands,
# cookie and encrypt settings, user:colon values under auth names).
LOOKALIKES_2 = (
    "NAME\tTYPE\tDATA\tAGE\ndb-creds\tOpaque\t2\t5d",
    "ID\t\t\tDescription\tStatus\n0a1b2c3d4e5f6a7b\t\tci token\tactive",
    "KEY ID\tCREATED\tEXPIRES\nAKIAIOSFODNN7EXAMPLE\t2026-01-02\tnever",
    "CREDENTIALS\tAKIAIOSFODNN7EXAMPLE\t2026-11-28T11:00:00+00:00",
    "Key\t\tVersion\t\tLastModified\t\tUser\ndb_password\t3\t\t11-27 10:02:11\t\tbob",
    "Name\tDigest\tCreated\nAPI_TOKEN\t9f86d081884c7d65\t2026-11-27",
    "TOKEN NAME\tSCOPES\tLAST USED\nci-deploy\tread_repository,write_registry\t2d ago",
    "||  Name            |  /prod/db/password       ||\n||  Type            |  SecureString            ||\n||  Version         |  7                       ||",
    "||  Name            |  /prod/app/feature_flags ||\n||  Value           |  beta-dashboard,new-nav  ||",
    "|  ARN   |  arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf  |",
    '{"username": "bob", "theme": "dark", "key": "F5"}',
    '{"user": "bob", "token": "<paste your token>"}',
    '{"login": "octocat", "id": 583231, "node_id": "MDQ6VXNlcjU4MzIzMQ=="}',
    "docker run --rm \\\n  -e POSTGRES_PASSWORD_FILE=/run/secrets/pg \\\n  postgres:16",
    'export DB_PASSWORD=\\\n  "$(vault kv get -field=password secret/db)"',
    'curl -sS \\\n  -H "Authorization: Bearer $TOKEN" \\\n  https://api.example.com/v1/me',
    "helm upgrade app ./chart \\\n  --set db.password=$DB_PASSWORD \\\n  --set image.tag=1.4.2",
    "gcloud sql users set-password app \\\n  --instance=prod --prompt-for-password",
    "terraform apply \\\n  -var-file=prod.tfvars \\\n  -var 'db_password_secret_id=projects/p/secrets/db'",
    'cookie_secure = true\ncookie_samesite = "lax"',
    "SESSION_COOKIE_NAME=__Host-session",
    "erlang_cookie_path: /var/lib/rabbitmq/.erlang.cookie",
    "encrypt_at_rest = true",
    "encrypt: false",
    "cookieParser(process.env.COOKIE_SECRET)",
    'cloud.auth: "${ELASTIC_USER}:${ELASTIC_PASSWORD}"',
    "auth: user:pass@localhost  # placeholder",
    "auth_backend: ldap:primary",
    "credentials: github:read-only",
    'basic_auth: {"username": "admin", "password_file": "/etc/grafana/pw"}',
)

# A third batch in syntaxes of configuration and schema languages (Nix, Dhall, Jsonnet, CUE,
# Gradle, Swift, Zig, Elixir, Erlang, OCaml, Haskell, Lua, SQL, GraphQL, protobuf, OpenAPI,
# Rego) and key listings, written before it was first run (34 of 35 kept: `Secret Key ID:`).
LOOKALIKES_3 = (
    '{ config, ... }: { services.postgresql.authentication = "local all all trust"; }',
    'services.grafana.settings.security.admin_password = "$__file{/run/secrets/grafana}";',
    "let Config = { password : Optional Text, token : Text }",
    "local secret = std.extVar('DB_PASSWORD');",
    'password: string & =~"^.{12,}$"',
    'path "secret/data/app/*" {\n  capabilities = ["read"]\n}',
    "val signingPassword: String by project",
    "signing { useInMemoryPgpKeys(signingKey, signingPassword) }",
    "let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account]",
    'const token = std.process.getEnvVarOwned(allocator, "GITHUB_TOKEN") catch null;',
    'config :app, App.Repo, password: System.get_env("DB_PASSWORD")',
    '{app, [{env, [{password, {env, "DB_PASSWORD"}}]}]}.',
    'let password = Sys.getenv "DB_PASSWORD" in',
    'token <- lookupEnv "GITHUB_TOKEN"',
    "require('lspconfig').lua_ls.setup({ settings = { Lua = { telemetry = { enable = false } } } })",
    "PSDscAllowPlainTextPassword = $true",
    "CREATE TABLE users (id serial PRIMARY KEY, password_hash text NOT NULL, api_key_id uuid);",
    "type Mutation { resetPassword(token: String!, newPassword: String!): Boolean }",
    "message LoginRequest {\n  string username = 1;\n  string password = 2;\n}",
    "securitySchemes:\n  ApiKeyAuth:\n    type: apiKey\n    in: header\n    name: X-API-Key",
    'deny[msg] { input.kind == "Secret"; msg := "secrets must be sealed" }',
    "ALTER USER app PASSWORD EXPIRE INTERVAL 90 DAY;",
    "ssh-add -l\n256 SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 bob@laptop (ED25519)",
    "gpg --list-secret-keys --keyid-format=long\nsec   ed25519/4AEE18F83AFDEB23 2024-01-02 [SC]",
    "  Key fingerprint = 3AA5 C343 7151 1D1E 3E6B  9D1D 4AEE 18F8 3AFD EB23",
    "Secret Key ID: 4AEE18F83AFDEB23",
    "TOKEN_EXPIRES_AT=2026-12-01T00:00:00Z",
    '  "tokenType": "Bearer",\n  "expiresIn": 3600,\n  "scope": "read write"',
    "x-api-key: ${API_KEY}",
    "Authorization: Basic <base64 of user:password>",
    "NAME\tREVISION\tUPDATED\nDB_PASSWORD\t4\t2026-11-27",
    "secret/data/app  version=3  created_time=2026-11-27T10:00:00Z",
    "Password must contain at least 12 characters, including a digit.",
    "The API key was rotated at 10:42; the old key is revoked.",
    "keyring set smtp bob  # prompts for the password",
)

# Secrets in real shapes: multi-line code, wrapped calls, continuation lines, REPL sessions.
SHAPES = (
    "export DB_PASSWORD=\\\n  {v}",
    "mysql> CREATE USER 'app'@'%'\n    -> IDENTIFIED BY '{v}';",
    "postgres=# ALTER ROLE app\npostgres-# WITH PASSWORD '{v}';",
    '>>> conn = psycopg2.connect(host="db", user="app",\n...     password="{v}")',
    'irb(main):001> Stripe.api_key = "{k}"',
    'In [3]: client = OpenAI(\n   ...:     api_key="{k}",\n   ...: )',
    'scala> val ds = new HikariDataSource()\nscala> ds.setPassword("{v}")',
    "redis-cli -h cache\ncache:6379> AUTH default {v}",
    'mongosh> db.createUser({{ user: "app", pwd: "{v}", roles: ["readWrite"] }})',
    "1> CREATE LOGIN app WITH PASSWORD = '{v}'\n2> GO",
    'cloud.auth: "elastic:{v}"',
    '{{ok,<<"{k}">>}}',
    "curl -u admin:{v} \\\n  https://api.example.com/v1/users",
    "docker run -e POSTGRES_PASSWORD=\\\n    {v} postgres:16",
    "const client = new Client({{\n  host: 'db',\n  user: 'app',\n  password:\n    '{v}',\n}});",
    'conn = pymssql.connect(\n    server="db",\n    user="sa",\n    password=os.environ.get("X", "{v}"),\n)',
    "$ vault operator init -key-shares=1 -key-threshold=1\nUnseal Key 1: {k}\n\nInitial Root Token: hvs.{k}",
    '$ az ad sp create-for-rbac --name app\n{{\n  "appId": "0f8fad5b-d9cb-469f-a165-70867728950e",\n'
    '  "password": "{k}",\n  "tenant": "72f988bf-86f1-41af-91ab-2d7cd011db47"\n}}',
    "$ kubectl get secret app -o yaml\ndata:\n  password: {b}",
    "NAME      USER    PASSWORD\nprod-db   app     {v}",
    'erlang_cookie = "{k}"',
    "RABBITMQ_ERLANG_COOKIE={k}",
    'encrypt = "{k}"',
    'login("{v}")',
)

# A second probe of 22 shapes (connection strings continued over lines, REPL sessions of seven
# databases, builders and initialisers over lines, Dockerfile and CI lines, secret stores' CLIs),
# written after the first changes: 21 removed at first run (SQLCipher's `ATTACH … KEY '…'`).
SHAPES_2 = (
    'psql "host=db user=app \\\n  password={v} dbname=shop"',
    "$ mongo --host db \\\n    -u admin \\\n    -p {v} \\\n    --authenticationDatabase admin",
    ">>> import redis\n>>> r = redis.Redis(host='cache', port=6379,\n...                 password='{v}')",
    "irb(main):002> ActiveRecord::Base.establish_connection(adapter: 'postgresql', username: 'app',\nirb(main):003*   password: '{v}')",
    "sqlite> ATTACH DATABASE 'enc.db' AS enc KEY '{v}';",
    "MariaDB [(none)]> SET PASSWORD FOR 'app'@'%' = PASSWORD('{v}');",
    "cqlsh> CREATE ROLE app WITH PASSWORD = '{v}' AND LOGIN = true;",
    "neo4j@neo4j> ALTER CURRENT USER SET PASSWORD FROM 'neo4j' TO '{v}';",
    '> db.auth("admin", "{v}")',
    "Ruby: ENV.fetch('DB_PASSWORD') {{ '{v}' }}",
    'let client = Client::builder()\n    .username("app")\n    .password("{v}")\n    .build()?;',
    'val ds = HikariDataSource().apply {{\n    username = "app"\n    password = "{v}"\n}}',
    'cfg := &mysql.Config{{\n\tUser:   "app",\n\tPasswd: "{v}",\n\tNet:    "tcp",\n}}',
    'new SqlConnectionStringBuilder {{\n    UserID = "app",\n    Password = "{v}"\n}};',
    "ENV PGPASSWORD {v}",
    "ARG NPM_TOKEN={k}",
    '  - name: Login\n    run: echo "{k}" | docker login ghcr.io -u bot --password-stdin',
    "heroku config:set STRIPE_SECRET_KEY={k} -a shop",
    "kubectl create secret generic db \\\n  --from-literal=username=app \\\n  --from-literal=password={v}",
    "op item create --category login --title db username=app 'password={v}'",
    "$ vault kv get -field=password secret/db\n{v}",
    "$ security find-generic-password -s github -w\n{k}",
)


def _value(rng: random.Random, kind: str) -> str:
    if kind == "k":
        return "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(32))
    if kind == "b":
        import base64

        return base64.b64encode(f"app:{_value(rng, 'v')}".encode()).decode()
    words = ("Maple", "river", "Sunset", "tiger", "Orbit", "winter", "Copper", "garden")
    return f"{rng.choice(words)}{rng.choice('.!_-')}{rng.randint(1000, 9999)}{rng.choice(words)}"


def main() -> int:
    changed = [line for line in (*LOOKALIKES, *LOOKALIKES_2, *LOOKALIKES_3) if redact(line) != line]
    for line in changed:
        print(f"changed: {line!r}\n      -> {redact(line)!r}")
    rng = random.Random(11)
    leaks = 0
    for shape in (*SHAPES, *SHAPES_2):
        values = {k: _value(rng, k) for k in "vkb"}
        text = shape.format(**values)
        out = redact(text)
        used = [values[k] for k in "vkb" if "{" + k + "}" in shape]
        kept = [v for v in used if v in out or (len(v) > 12 and v[4:12] in out)]
        if kept:
            leaks += 1
            print(f"leaked: {text!r}\n     -> {out!r}")
    total = len(LOOKALIKES) + len(LOOKALIKES_2) + len(LOOKALIKES_3)
    print(f"look-alikes unchanged: {total - len(changed)} / {total}")
    print(f"shapes removed: {len(SHAPES) + len(SHAPES_2) - leaks} / {len(SHAPES) + len(SHAPES_2)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
